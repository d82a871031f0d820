import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const outDir = 'dist/client';

/** Writes `.br` and `.gz` siblings of the built scripts and styles; the server sends them as is. */
const precompress = (): Plugin => ({
  name: 'suki-precompress',
  apply: 'build',
  async closeBundle() {
    const dir = path.join(outDir, 'assets');
    for (const name of await readdir(dir)) {
      if (!/\.(js|css|svg)$/.test(name)) continue;
      const file = path.join(dir, name);
      const body = await readFile(file);
      await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  },
});

// The browser bundle. The server renders pages itself (server/pages.ts) and links the entry from
// the manifest, so there is no index.html: the client entry is src/entry-client.tsx.
export default defineConfig({
  plugins: [react(), precompress()],
  appType: 'custom',
  build: {
    outDir,
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { main: 'src/entry-client.tsx' },
    },
  },
  server: { host: '127.0.0.1' },
});
