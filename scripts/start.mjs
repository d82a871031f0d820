// `npm start`: build the browser bundle, then run the production server on the embedded defaults.
import { spawn } from 'node:child_process';
import { checkNode, run } from './toolchain.mjs';

checkNode();
if (!run('npx', ['vite', 'build', '--logLevel', 'warn'])) process.exit(1);
// --expose-gc: the database code collects once after setting up a new PGlite folder (server/db/client.ts).
const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
