// `npm run bench`: every benchmark; figures print and land in bench-results/.
import { checkNode, run } from './toolchain.mjs';

checkNode();
const steps = [
  ['client build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['Chromium', 'bash', ['scripts/ensure-chromium.sh']],
  ['initial JS of the listing page', 'npx', ['tsx', 'bench/bundle.ts']],
  ['event dispatch', 'npx', ['tsx', 'bench/dispatch.ts']],
  ['add_to_cart latency', 'npx', ['tsx', 'bench/server-add-to-cart.ts']],
];
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  if (!run(command, args)) {
    console.error(`${name} failed`);
    process.exit(1);
  }
}
