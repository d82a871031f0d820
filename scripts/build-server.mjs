// The server's production build: `server/main.ts` and every plugin folder's `index.ts`, compiled
// with esbuild into `dist/server/` (ES modules, shared code in common chunks, packages left to
// node_modules). `npm start`, the browser tests and the benchmarks run it with plain Node: no
// TypeScript loader in the process (its worker and its compiled sources cost about 30 MiB of memory
// and a slower start). Tests, `npm run dev` and the CLI run the sources under tsx.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const outdir = path.join('dist', 'server');
const pluginEntries = ['src/plugins', 'examples'].flatMap((folder) =>
  existsSync(folder)
    ? readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(path.join(folder, entry.name, 'index.ts')))
        .map((entry) => `${folder}/${entry.name}/index.ts`)
    : [],
);

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts', ...pluginEntries],
  outdir,
  outbase: '.',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
