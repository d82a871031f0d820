/**
 * Ports whose HTTP code loads on first use. A hydrated page needs no request until the shopper
 * acts, so ky, the wire schemas and the adapters stay out of the page's initial JS and arrive
 * with the first cart or catalogue call.
 *
 * Fetching that code is a request like any other and fails like one when the shopper is offline.
 * A failed load becomes a `network` failure of the call that needed it (so the cart keeps and
 * retries the change as it does for any unreachable shop), and it is not remembered: the next call
 * tries to load the code again.
 */
import type { BlogPort, CatalogPort, PortFailure } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import type { Adapters, AdaptersOptions, createAdapters } from './index.js';
import type { CartAdapter } from './cart.js';

/** Lazily loaded ports plus a way to seed the nonce the server rendered into the page. */
export interface LazyAdapters {
  readonly catalog: CatalogPort;
  readonly cart: CartAdapter;
  readonly blog: BlogPort;
  /** Seeds the Store API nonce once the adapters load. */
  setNonce(value: string): void;
  /** Starts loading now (e.g. when the shopper is about to act); never rejects. */
  preload(): Promise<Result<Adapters, PortFailure>>;
}

/** Options of {@link createLazyAdapters} besides the adapters' own. */
export interface LazyAdaptersHooks {
  /** Imports the adapters module. @default `import('./index.js')` */
  readonly importer?: () => Promise<{ readonly createAdapters: typeof createAdapters }>;
  /**
   * Calls the listener whenever the connection may be back. @default the window's `online` event
   * where there is a window, else never
   */
  readonly onReconnect?: (listener: () => void) => () => void;
}

/** What a call gets when the adapters' code could not be fetched. */
export const UNREACHABLE: PortFailure = { kind: 'network', message: 'The shop cannot be reached right now.' };

/**
 * Wraps a loader so it runs once and is shared while it runs or after it succeeds, and so a failure
 * is a `network` failure that is not kept: the next call loads again. Never rejects.
 */
export const retryingLoader = <T>(load: () => Promise<T>): (() => Promise<Result<T, PortFailure>>) => {
  let current: Promise<Result<T, PortFailure>> | undefined;
  return () => {
    current ??= Promise.resolve()
      .then(load)
      .then(
        (value) => ok(value),
        () => {
          // Forget the failure (a rejected dynamic import must not stay the answer for good).
          current = undefined;
          return err(UNREACHABLE);
        },
      );
    return current;
  };
};

/** The browser's `online` event; nothing where there is no window (server rendering, tests). */
const windowOnline = (listener: () => void): (() => void) => {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
};

/** Builds ports that import `./index.js` on first call and delegate to the real adapters. */
export const createLazyAdapters = (options: AdaptersOptions, hooks: LazyAdaptersHooks = {}): LazyAdapters => {
  let nonce: string | undefined;
  let loaded: Adapters | undefined;
  const importer = hooks.importer ?? (() => import('./index.js'));
  const load = retryingLoader(async () => {
    const adapters = (await importer()).createAdapters(options);
    if (nonce) adapters.http.setNonce(nonce);
    loaded = adapters;
    return adapters;
  });
  /** Runs `use` on the loaded adapters, or answers the load's failure. */
  const via =
    <A extends unknown[], R>(use: (adapters: Adapters, ...args: A) => Promise<Result<R, PortFailure>>) =>
    async (...args: A): Promise<Result<R, PortFailure>> => {
      const adapters = await load();
      return adapters.ok ? use(adapters.value, ...args) : adapters;
    };
  const catalog: CatalogPort = {
    listProducts: via((a, query: Parameters<CatalogPort['listProducts']>[0]) => a.catalog.listProducts(query)),
    getProduct: via((a, idOrSlug: number | string) => a.catalog.getProduct(idOrSlug)),
    listCategories: via((a) => a.catalog.listCategories()),
    listVariations: via((a, parentId: number) => a.catalog.listVariations(parentId)),
    facets: via((a, query: Parameters<CatalogPort['facets']>[0], request: Parameters<CatalogPort['facets']>[1]) => a.catalog.facets(query, request)),
    listAttributes: via((a) => a.catalog.listAttributes()),
    listBrands: via((a) => a.catalog.listBrands()),
  };
  const blog: BlogPort = {
    listPosts: via((a, query: Parameters<BlogPort['listPosts']>[0]) => a.blog.listPosts(query)),
    getPost: via((a, slug: string) => a.blog.getPost(slug)),
    listComments: via((a, postId: number, page: number) => a.blog.listComments(postId, page)),
    createComment: via((a, input: Parameters<BlogPort['createComment']>[0]) => a.blog.createComment(input)),
  };
  const cart: CartAdapter = {
    load: via((a) => a.cart.load()),
    add: via((a, request: Parameters<CartAdapter['add']>[0]) => a.cart.add(request)),
    remove: via((a, request: Parameters<CartAdapter['remove']>[0]) => a.cart.remove(request)),
    setQuantity: via((a, request: Parameters<CartAdapter['setQuantity']>[0]) => a.cart.setQuantity(request)),
    productCategory: via((a, id: number) => a.cart.productCategory(id)),
    cartHash: via((a) => a.cart.cartHash()),
    onReconnect: hooks.onReconnect ?? windowOnline,
  };
  return {
    catalog,
    blog,
    cart,
    setNonce(value) {
      nonce = value;
      loaded?.http.setNonce(value);
    },
    preload: load,
  };
};
