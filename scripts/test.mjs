// `npm test`: the whole suite, in the order that fails fastest. Each step prints its own results;
// the last line sums up the steps.
import { checkNode, run } from './toolchain.mjs';

checkNode();
const steps = [
  ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['unit and property tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['server tests on PGlite', 'npx', ['vitest', 'run', '--project', 'server']],
  ['server tests on PostgreSQL', 'bash', ['scripts/with-postgres.sh', 'npx', 'vitest', 'run', '--project', 'server']],
  ['client build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['Chromium for browser tests', 'bash', ['scripts/ensure-chromium.sh']],
  ['browser tests', 'npx', ['playwright', 'test']],
];
let passed = 0;
let failed = 0;
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  if (run(command, args)) {
    passed += 1;
    console.log(`=== ${name}: ok (${((Date.now() - started) / 1000).toFixed(1)} s) ===`);
  } else {
    failed += 1;
    console.log(`=== ${name}: FAILED ===`);
    break;
  }
}
const skipped = steps.length - passed - failed;
console.log(`\nsteps: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
