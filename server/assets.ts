import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentAssets } from '../src/entry-server.js';
import { pluginLoadsOn, waitsForConsent, type LoadedPlugin } from '../src/plugins/loader.js';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * Reads the Vite manifest once and lists, for every page, the entry script, its CSS, its static
 * imports and the chunks of the enabled plugins as modulepreloads (so they load in parallel with
 * the entry instead of after it). Disabled plugins are never linked.
 */
export const manifestAssets = async (clientDir: string, enabledPlugins: ReadonlyArray<Pick<LoadedPlugin, 'path'>>, extraSources: readonly string[] = []): Promise<DocumentAssets> => {
  const manifest = JSON.parse(await readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['src/entry-client.tsx'];
  if (!entry) throw new Error('The client build has no src/entry-client.tsx entry; run `npm run build`.');
  const preloads = new Set<string>();
  const styles = new Set<string>(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk === entry || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const next of entry.imports ?? []) visit(next);
  // Each plugin's `index.ts`, by its path from the project root (the manifest's key).
  for (const plugin of enabledPlugins) visit(plugin.path);
  for (const source of extraSources) visit(source);
  const firstPaint = manifest[FIRST_PAINT_SOURCE];
  return {
    scripts: [`/${entry.file}`],
    styles: [...styles].map((f) => `/${f}`),
    modulePreloads: [...preloads].map((f) => `/${f}`),
    ...(firstPaint ? { firstPaint: { href: `/${firstPaint.file}`, css: await readFile(path.join(clientDir, firstPaint.file), 'utf8') } } : {}),
  };
};

/** Source of the first-paint stylesheet (an entry of its own; see `src/ui/document.ts`). */
export const FIRST_PAINT_SOURCE = 'src/ui/first-paint.css';

/** Every source the client build has a chunk for (the manifest's keys). */
const manifestKeys = async (clientDir: string): Promise<string[]> => Object.keys(JSON.parse(await readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, unknown>);

/** Source of the product page's own chunk. */
export const PRODUCT_PAGE_SOURCE = 'src/ui/pages/ProductPage.tsx';

/** Source of the blog pages' own chunk (the list and a post). */
export const BLOG_PAGES_SOURCE = 'src/ui/pages/BlogPages.tsx';

/** Source of the order-tracking page's own chunk. */
export const ORDER_TRACKING_SOURCE = 'src/ui/pages/OrderTrackingPage.tsx';
/** Source of the My Account pages' own chunk. */
export const ACCOUNT_PAGES_SOURCE = 'src/ui/pages/AccountPages.tsx';
/** Source of the cart page's own chunk (the page and the cart's lines). */
export const CART_PAGE_SOURCE = 'src/ui/pages/CartPage.tsx';
/** Source of the checkout pages' own chunk (the pages and their Store API adapter). */
export const CHECKOUT_SOURCES = ['src/checkout-client.ts'];

/**
 * Assets per page: product pages link the product page chunk and the plugins that load only there
 * (swatches); blog pages link the blog chunk and only the plugins not scoped to other pages;
 * listing pages link neither page chunk.
 */
export const pageAssets = async (clientDir: string, enabledPlugins: readonly LoadedPlugin[]): Promise<(url: URL) => DocumentAssets> => {
  // Plugins that wait for consent are fetched by the browser once it is given, never preloaded.
  const on = (pageType: 'product' | 'blog' | 'shop' | 'home' | 'checkout' | 'order-tracking' | 'account' | 'wishlist' | 'reviews' | 'contact') =>
    enabledPlugins.filter((loaded) => pluginLoadsOn(loaded.plugin, pageType) && !waitsForConsent(loaded));
  // A page a plugin draws (its view fills the `page.<type>` slot): the chunks of that plugin's
  // `views/` folder, which it loads before hydrating there (the wishlist's buttons and list page).
  const drawnBy = (pageType: 'wishlist' | 'reviews' | 'contact', keys: readonly string[]) =>
    on(pageType)
      .filter((loaded) => loaded.views?.[`page.${pageType}`] !== undefined)
      .flatMap((loaded) => keys.filter((key) => key.startsWith(`${path.posix.dirname(loaded.path)}/views/`)));
  const product = await manifestAssets(clientDir, on('product'), [PRODUCT_PAGE_SOURCE]);
  const blog = await manifestAssets(clientDir, on('blog'), [BLOG_PAGES_SOURCE]);
  // Listing, cart and error pages share one set: plugins scoped to product or blog pages are left out.
  const other = await manifestAssets(clientDir, on('shop'));
  // The cart page: the listing pages' set plus its own chunk.
  const cart = await manifestAssets(clientDir, on('shop'), [CART_PAGE_SOURCE]);
  const checkout = await manifestAssets(clientDir, on('checkout'), CHECKOUT_SOURCES);
  // The order-tracking page: its chunk, and the plugins of every page (none is scoped to it).
  const tracking = await manifestAssets(clientDir, on('order-tracking'), [ORDER_TRACKING_SOURCE]);
  // The My Account pages: their chunk, and the plugins of those pages (the newsletter capture).
  const account = await manifestAssets(clientDir, on('account'), [ACCOUNT_PAGES_SOURCE]);
  // The wishlist pages (when the wishlist plugin is on): the chunks it renders them with.
  const keys = await manifestKeys(clientDir);
  const wishlist = await manifestAssets(clientDir, on('wishlist'), drawnBy('wishlist', keys));
  // The home page: the listing set, plus plugins scoped to home (the reviews plugin's index; its
  // sections' chunk waits for the shopper). `/reviews/` (the reviews plugin on): the chunks it draws.
  const home = await manifestAssets(clientDir, on('home'));
  const reviews = await manifestAssets(clientDir, on('reviews'), drawnBy('reviews', keys));
  // The contact pages (the contact-form plugin on): the chunks its page view is drawn with.
  const contact = await manifestAssets(clientDir, on('contact'), drawnBy('contact', keys));
  return (url) =>
    url.pathname.startsWith('/product/')
      ? product
      : url.pathname.startsWith('/blog/')
        ? blog
        : url.pathname.startsWith('/checkout/')
          ? checkout
          : url.pathname === '/order-tracking/'
            ? tracking
            : url.pathname === '/my-account/' || url.pathname.startsWith('/my-account/')
              ? account
              : url.pathname.startsWith('/wishlist/')
                ? wishlist
                : url.pathname === '/cart/'
                  ? cart
                  : url.pathname === '/'
                    ? home
                    : url.pathname === '/reviews/'
                      ? reviews
                      : url.pathname.startsWith('/contact/')
                        ? contact
                        : other;
};
