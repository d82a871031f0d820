// `npm run bench`: every benchmark; figures print and land in bench-results/.
import { checkNode, run } from './toolchain.mjs';

checkNode();
const steps = [
  ['client build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['Chromium', 'bash', ['scripts/ensure-chromium.sh']],
  ['JS and HTML per page, cold cache, against the budgets', 'npx', ['tsx', 'bench/bundle.ts']],
  ['event dispatch', 'npx', ['tsx', 'bench/dispatch.ts']],
  ['add_to_cart latency', 'npx', ['tsx', 'bench/server-add-to-cart.ts']],
  ['POST checkout p50/p99 at 1 and 16 connections, 50 shoppers for 10 units, PGlite (goal: p50 ≤ 20 ms, race ≤ 2 s)', 'npx', ['tsx', 'bench/server-checkout.ts']],
  ['POST checkout p50/p99 at 1 and 16 connections, 50 shoppers for 10 units, PostgreSQL (goal: p50 ≤ 20 ms, race ≤ 2 s)', 'bash', ['scripts/with-postgres.sh', 'npx', 'tsx', 'bench/server-checkout.ts']],
  ['shopper login p50 at 1 and 8 connections (Argon2id parameters printed) and the 50-line guest-cart merge (goal: merge ≤ 20 ms)', 'npx', ['tsx', 'bench/server-login.ts']],
  ['wishlist: add p50 at 1 and 16 connections (JSON route), GET /wishlist/ with 200 items (no targets: figures only)', 'npx', ['tsx', 'bench/server-wishlist.ts']],
  ['reviews: a product with 100,000 reviews, first page, rating filter, most helpful, search; PGlite and PostgreSQL (goal: p95 ≤ 15 ms on PostgreSQL)', 'bash', ['scripts/with-postgres.sh', 'npx', 'tsx', 'bench/server-reviews.ts']],
  ['review media: upload of a 5 MB photo through the JSON route, storage on a folder and on a local S3-compatible server: time to answer, server CPU time, memory peak (no target: figures only)', 'npx', ['tsx', 'bench/server-media.ts']],
  ['review form: a 5 MB photo uploaded in Chromium, its progress bar from the change to Uploaded, on three upload links (no target: figures only)', 'npx', ['tsx', 'bench/review-upload.ts']],
  ['contact forms: a message sent, one refused by the rules, a wholesale enquiry with a 500 KB file; p50/p95 in process, PGlite (no target: figures only)', 'npx', ['tsx', 'bench/server-contact.ts']],
  ['shop filter latency on 10,000 products', 'npx', ['tsx', 'bench/server-filters.ts']],
  ['/shop/ server render, render cache on and off (goal: p50 ≤ 8 ms, ≥ 200 req/s)', 'npx', ['tsx', 'bench/server-render.ts']],
  ['overload: 400 clients, 503 past the queue, recovery (goal: ≤ 5 s)', 'npx', ['tsx', 'bench/server-overload.ts']],
  ['against stock WooCommerce, recorded reference, PGlite (goal: ≥ 20x)', 'npx', ['tsx', 'bench/server-stock-compare.ts']],
  ['against stock WooCommerce, recorded reference, PostgreSQL (goal: ≥ 20x)', 'bash', ['scripts/with-postgres.sh', 'npx', 'tsx', 'bench/server-stock-compare.ts']],
  ['memory soak, SOAK_SECONDS (default 600; goal: ≤ 300 MiB RSS, flat)', 'npx', ['tsx', 'bench/server-soak.ts']],
  ['filter click to list painted (4x CPU throttle)', 'npx', ['tsx', 'bench/filter-paint.ts']],
  ['add to cart: click to painted and to confirmed (4x CPU, slow 4G)', 'npx', ['tsx', 'bench/cart-click.ts']],
  ['wishlist: add click to painted (4x CPU, goal ≤ 50 ms), the plugin’s JS (brotli) by when it loads, none of it with the plugin off', 'npx', ['tsx', 'bench/wishlist.ts']],
  ['reviews: histogram click to filtered list painted (4x CPU, goal ≤ 100 ms), the plugin’s JS (brotli) by when it loads', 'npx', ['tsx', 'bench/reviews-click.ts']],
  ['page lab: legacy-style listing vs Suki side by side (4x CPU, no limit and slow 4G)', 'npx', ['tsx', 'bench/page-lab.ts']],
  ['checkout page: JS (brotli, requests) and LCP at 4x CPU, next to /shop/ and home', 'npx', ['tsx', 'bench/checkout-page.ts']],
];
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  if (!run(command, args)) {
    console.error(`${name} failed`);
    process.exit(1);
  }
}
