// Starts a production server for the end-to-end tests on a fresh, throwaway database.
import { rmSync, existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { buildServer, checkNode, run, SERVER_ENTRY } from './toolchain.mjs';

checkNode();
const dataDir = process.env.SUKI_DATA_DIR ?? '.tmp/e2e-data';
rmSync(dataDir, { recursive: true, force: true });
if (!existsSync('dist/client/.vite/manifest.json') && !run('npx', ['vite', 'build', '--logLevel', 'warn'])) process.exit(1);
// Orders the tests read back (order tracking), placed through the shop's services before it opens.
if (!run(process.execPath, ['--import', 'tsx', 'scripts/e2e-seed-orders.ts'], { env: { SUKI_DATA_DIR: dataDir } })) process.exit(1);
// The server from its production build, made fresh each time (the upstream front runs it too). A
// second pair's shop (E2E_BUILT=1) runs the build the first made, which is already running.
if (process.env.E2E_BUILT !== '1' && !buildServer()) process.exit(1);
const child = spawn(process.execPath, [SERVER_ENTRY], {
  stdio: 'inherit',
  // Every browser test comes from 127.0.0.1: the account limits (per client) are raised for them.
  env: { SUKI_ACCOUNT_LIMIT_SCALE: '50', ...process.env, NODE_ENV: 'production', SUKI_DATA_DIR: dataDir, HOST: '127.0.0.1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
