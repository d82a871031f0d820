// `npm run bench`: every benchmark; figures print and land in bench-results/.
import { checkNode, run } from './toolchain.mjs';

checkNode();
const steps = [
  ['client build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['Chromium', 'bash', ['scripts/ensure-chromium.sh']],
  ['JS and HTML per page, cold cache, against the budgets', 'npx', ['tsx', 'bench/bundle.ts']],
  ['event dispatch', 'npx', ['tsx', 'bench/dispatch.ts']],
  ['add_to_cart latency', 'npx', ['tsx', 'bench/server-add-to-cart.ts']],
  ['shop filter latency on 10,000 products', 'npx', ['tsx', 'bench/server-filters.ts']],
  ['filter click to list painted (4x CPU throttle)', 'npx', ['tsx', 'bench/filter-paint.ts']],
  ['page lab: legacy-style listing vs Suki side by side (4x CPU, no limit and slow 4G)', 'npx', ['tsx', 'bench/page-lab.ts']],
];
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  if (!run(command, args)) {
    console.error(`${name} failed`);
    process.exit(1);
  }
}
