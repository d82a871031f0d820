// Starts a second production server in upstream mode, in front of the end-to-end embedded shop
// (SUKI_UPSTREAM). It runs from an empty working directory that the tests check stays empty: upstream
// mode opens no database and writes nothing to disk.
import { mkdirSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { checkNode, SERVER_ENTRY } from './toolchain.mjs';

checkNode();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = path.resolve(root, process.env.E2E_FRONT_DIR || path.join('.tmp', 'e2e-front-cwd'));
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
if (!existsSync(path.join(root, 'dist/client/.vite/manifest.json')) || !existsSync(path.join(root, SERVER_ENTRY))) {
  console.error('e2e-upstream: the client or server build is missing; the embedded e2e server builds them first.');
  process.exit(1);
}
const child = spawn(process.execPath, [path.join(root, SERVER_ENTRY)], {
  cwd: workDir,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', SUKI_DATA_DIR: '' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
