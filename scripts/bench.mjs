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
  ['/shop/ server render, render cache on and off (goal: p50 ≤ 8 ms, ≥ 200 req/s)', 'npx', ['tsx', 'bench/server-render.ts']],
  ['overload: 400 clients, 503 past the queue, recovery (goal: ≤ 5 s)', 'npx', ['tsx', 'bench/server-overload.ts']],
  ['against stock WooCommerce, recorded reference, PGlite (goal: ≥ 20x)', 'npx', ['tsx', 'bench/server-stock-compare.ts']],
  ['against stock WooCommerce, recorded reference, PostgreSQL (goal: ≥ 20x)', 'bash', ['scripts/with-postgres.sh', 'npx', 'tsx', 'bench/server-stock-compare.ts']],
  ['memory soak, SOAK_SECONDS (default 600; goal: ≤ 300 MiB RSS, flat)', 'npx', ['tsx', 'bench/server-soak.ts']],
  ['filter click to list painted (4x CPU throttle)', 'npx', ['tsx', 'bench/filter-paint.ts']],
  ['add to cart: click to painted and to confirmed (4x CPU, slow 4G)', 'npx', ['tsx', 'bench/cart-click.ts']],
  ['page lab: legacy-style listing vs Suki side by side (4x CPU, no limit and slow 4G)', 'npx', ['tsx', 'bench/page-lab.ts']],
];
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  if (!run(command, args)) {
    console.error(`${name} failed`);
    process.exit(1);
  }
}
