// `npm start`: build the browser bundle and the server, then run the production server on the embedded defaults.
import { spawn } from 'node:child_process';
import { buildServer, checkNode, run, SERVER_ENTRY, SERVER_ENV, SERVER_NODE_FLAGS } from './toolchain.mjs';

checkNode();
if (!run('npx', ['vite', 'build', '--logLevel', 'warn']) || !buildServer()) process.exit(1);
// V8 settings for a small server (see "Memory" in ARCHITECTURE.md; bench/server-soak.ts measures them).
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
