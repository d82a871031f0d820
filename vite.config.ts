import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const outDir = 'dist/client';

// Modules that load only with a page, a plugin or a shopper's action, and stay in their own chunks.
const LAZY = [
  /[\\/]src[\\/](plugins|adapters)[\\/]/,
  /[\\/]examples[\\/]/,
  /[\\/]src[\\/]ui[\\/]pages[\\/](ProductPage|BlogPages|CheckoutPages|OrderTrackingPage|AccountPages|CartPage)\.tsx$/,
  // What the checkout and the My Account pages share (the order's details, the address fields), the
  // account views, and the checkout summary's press hold.
  /[\\/]src[\\/]ui[\\/]components[\\/](OrderDetails\.tsx|address-fields\.ts$|steady\.ts$|account[\\/])/,
  /[\\/]src[\\/]checkout-client\.ts$/,
  /[\\/]src[\\/]ui[\\/]components[\\/](GalleryEnhancer|CarouselEnhancer|FeatureImagesEnhancer|SearchDialog|Lightbox|Tabs|VariationForm|ProductGallery|CartLines|QuantityStepper|CaptchaStep)\.tsx$/,
  /[\\/]src[\\/]ui[\\/]components[\\/]captcha\.ts$/,
  // The texts of lazy views (issue 16): each set loads with the views that show it.
  /[\\/]src[\\/]ui[\\/]messages[\\/](cart-lines|quantity|search-dialog|product|gallery|carousel|blog)\.ts$/,
  /[\\/]src[\\/]core[\\/]rules[\\/](variation-selection|variation-data|gallery|forms|shop-filters|account|account-forms|quantity|quantity-messages)\.ts$/,
  /[\\/]src[\\/]core[\\/](catalog|streams|checkout)[\\/]/,
  // Checkout's rules and the province list load with the checkout page only.
  /[\\/]src[\\/]core[\\/]rules[\\/](checkout-[a-z-]+|ph-contact|coupons|shipping)\.ts$/,
  /[\\/]src[\\/]core[\\/]domain[\\/](ph-provinces|checkout)\.ts$/,
  // The contact forms' rules and status load with the contact pages only.
  /[\\/]src[\\/]core[\\/](rules|domain)[\\/]contact-form(-status)?\.ts$/,
  // The texts of the checkout, order-tracking and My Account pages and of their rules (issue 16): with those pages only.
  /[\\/]src[\\/]ui[\\/]messages[\\/](checkout|account|order-tracking)\.ts$/,
  /[\\/]src[\\/]core[\\/]rules[\\/](messages|account-messages)\.ts$/,
  /[\\/]node_modules[\\/](swiper|zod)[\\/]/,
  // The event inspector: its recorder and its panel load only when debugging is on.
  /[\\/]src[\\/](core[\\/]debug|ui[\\/]inspector)[\\/]/,
  // RxJS operators and creation functions: only lazy code (the search dialog) uses them; the shell has Observable.
  /[\\/]node_modules[\\/]rxjs[\\/]dist[\\/][^\\/]+[\\/]internal[\\/](operators[\\/]|observable[\\/]|scheduler[\\/]|scheduled[\\/]|util[\\/](is|args|executeSchedule|throwUnobservable|lift|ObjectUnsubscribed)|symbol[\\/]iterator|Subject|Scheduler)/,
];
// The shell: the entry, the view library (Preact, under React's name: `packages/react*`) and the
// app's own modules every page runs before hydrating, in the entry's own chunk. Kept apart, the
// entry and the bundler's runtime helpers (which it can only fold into a chunk that does not
// depend on the one that needs them) were two more requests on every page.
const SHELL = [/[\\/]src[\\/]entry-client\.tsx$/, /[\\/]node_modules[\\/](preact|rxjs|tslib|nanostores|@nanostores[\\/]i18n)[\\/]/, /[\\/]packages[\\/](react|react-dom)[\\/]/, /rolldown[:/\\-]runtime/, /vite[\\/](preload-helper|modulepreload-polyfill)/, /[\\/]src[\\/](core|ui)[\\/]/];
// The cart's path (`src/adapters/cart-path.ts`): the HTTP client, the cart adapter and valibot. In
// the shell (7 KiB brotli), so a page's first add to cart has its code from the start and sends its
// request at once; as a chunk of its own it came only once the page had settled, and a first tap
// before that waited for it. The shell's module still imports it dynamically, which costs nothing.
const CART_PATH = [/[\\/]src[\\/]adapters[\\/](cart-path|cart|http|store-api|text)\.ts$/, /[\\/]node_modules[\\/]valibot[\\/]/];
// Stylesheets stay out of the groups: each keeps its own file (the entry's `styles.css`, and
// `first-paint.css`, an entry of its own that the server inlines).
const inShell = (id: string): boolean => !/\.css$/.test(id) && (CART_PATH.some((re) => re.test(id)) || (SHELL.some((re) => re.test(id)) && !LAZY.some((re) => re.test(id))));

/** Writes `.br` and `.gz` siblings of the built scripts and styles; the server sends them as is. */
const precompress = (): Plugin => ({
  name: 'suki-precompress',
  apply: 'build',
  async closeBundle() {
    const dir = path.join(outDir, 'assets');
    for (const name of await readdir(dir)) {
      if (!/\.(js|css|svg)$/.test(name)) continue;
      const file = path.join(dir, name);
      const body = await readFile(file);
      await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  },
});

/**
 * Marks the entry, the shell and the chunks a page fetches once it has settled for a first click
 * (the catalogue adapters, the shop sections and their controls) for eager compilation (V8's
 * explicit compile hint): their functions are compiled while the script streams in, off the main
 * thread, instead of on their first call, so the shopper's first add to cart or filter click does
 * not pay for compiling that code. Other engines read it as a comment.
 */
const EAGER_CHUNKS = new Set(['shell', 'adapters', 'section', 'controls']);
const compileHints = (): Plugin => ({
  name: 'suki-compile-hints',
  apply: 'build',
  // After Vite's own last rewrites of the chunks; before `precompress` reads them.
  async writeBundle(options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !(chunk.isEntry || EAGER_CHUNKS.has(chunk.name))) continue;
      const file = path.join(options.dir ?? outDir, chunk.fileName);
      await writeFile(file, `//# allFunctionsCalledOnLoad\n${await readFile(file, 'utf8')}`);
    }
  },
});

// The browser bundle. The server renders pages itself (server/pages.ts) and links the entry from
// the manifest, so there is no index.html: the client entry is src/entry-client.tsx.
export default defineConfig({
  // JSX through React's automatic runtime, which is Preact's compatibility layer here
  // (`packages/react`). React's Fast Refresh cannot reach Preact's components, so no module takes
  // its wrappers: an edit in development reloads the page.
  plugins: [react({ refreshExclude: /./ }), compileHints(), precompress()],
  appType: 'custom',
  // RxJS's ES2015 build: classes instead of ES5 helpers, smaller in every chunk.
  resolve: { conditions: ['es2015', ...defaultClientConditions] },
  build: {
    outDir,
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The listing pages' first-paint styles: their own file, which the server inlines (server/assets.ts).
      input: { main: 'src/entry-client.tsx', 'first-paint': 'src/ui/first-paint.css' },
      output: {
        // What every page needs before it hydrates (the entry, React, the runtime, the shell) in one chunk.
        // Left alone, the bundler splits small shared pieces out of the entry into extra requests,
        // because lazy chunks that the entry loads import them too.
        codeSplitting: {
          groups: [
            { name: 'shell', test: inShell },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1' },
});
