// `npm test`: the whole suite, in the order that fails fastest. Each step prints its own results;
// the last line sums up the steps. Steps in one group run side by side: the type-check and lint are
// one thread each and the unit tests leave a core part idle, so on CI's two cores the three together
// take as long as the unit tests alone. Their output is printed a step at a time once each has finished.
import { spawn } from 'node:child_process';
import { checkNode, run } from './toolchain.mjs';

checkNode();
const groups = [
  [
    ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
    ['unit and property tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  ],
  [['server tests on PGlite', 'npx', ['vitest', 'run', '--project', 'server']]],
  [['server tests on PostgreSQL', 'bash', ['scripts/with-postgres.sh', 'npx', 'vitest', 'run', '--project', 'server']]],
  [['client build', 'npx', ['vite', 'build', '--logLevel', 'warn']]],
  [['Chromium for browser tests', 'bash', ['scripts/ensure-chromium.sh']]],
  [['browser tests', 'npx', ['playwright', 'test']]],
];

/** Runs a command with its output kept; resolves with whether it exited 0, and the output. */
const runKept = (command, args) =>
  new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => resolve({ ok: false, output: `${command}: ${error.message}\n` }));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);
const total = groups.reduce((n, group) => n + group.length, 0);
let passed = 0;
let failed = 0;
const record = (name, ok, took) => {
  console.log(ok ? `=== ${name}: ok (${took} s) ===` : `=== ${name}: FAILED ===`);
  if (ok) passed += 1;
  else failed += 1;
};
for (const group of groups) {
  const started = Date.now();
  if (group.length === 1) {
    // One step: its output as it comes.
    const [name, command, args] = group[0];
    console.log(`\n=== ${name} ===`);
    record(name, run(command, args), seconds(started));
  } else {
    const results = await Promise.all(group.map(async ([name, command, args]) => ({ name, ...(await runKept(command, args)), took: seconds(started) })));
    for (const { name, ok, output, took } of results) {
      console.log(`\n=== ${name} (side by side with ${group.length - 1} other step${group.length > 2 ? 's' : ''}) ===`);
      process.stdout.write(output);
      record(name, ok, took);
    }
  }
  if (failed > 0) break;
}
const skipped = total - passed - failed;
console.log(`\nsteps: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
