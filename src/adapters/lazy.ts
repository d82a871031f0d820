/**
 * The browser's ports. The cart's (the HTTP client, the cart adapter and its schemas) are in the
 * initial JS: a shopper's first add sends its one request at once, with nothing to fetch first,
 * and costs no extra script request to network idle. The catalogue and blog adapters, which only
 * filters, search, variations and comments need, load on first use (or on `preload`).
 *
 * Fetching that code is a request like any other and fails like one when the shopper is offline.
 * A failed load becomes a `network` failure of the call that needed it, and it is not remembered:
 * the next call tries to load the code again.
 */
import type { BlogPort, CatalogPort, NewsletterPort, PortFailure } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import { createCartAdapter, type CartAdapter } from './cart.js';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './http.js';
import type { createBlogAdapter, createCatalogAdapter } from './index.js';

/** The catalogue and blog adapters, loaded on first use. */
export interface ReadAdapters {
  readonly catalog: CatalogPort;
  readonly blog: BlogPort;
}

/** The browser's ports: the cart at once, the catalogue and blog on first use. */
export interface LazyAdapters {
  readonly catalog: CatalogPort;
  readonly cart: CartAdapter;
  readonly blog: BlogPort;
  /** The newsletter provider's calls; their code loads on the first call (only the newsletter plugin makes one). */
  readonly newsletter: NewsletterPort;
  /** The one HTTP client every port shares (so nonces and cookies stay consistent). */
  readonly http: HttpClient;
  /** Seeds the Store API nonce the server rendered into the page. */
  setNonce(value: string): void;
  /** Starts loading the catalogue and blog code now (e.g. when the shopper is about to act); never rejects. */
  preload(): Promise<Result<ReadAdapters, PortFailure>>;
}

/** Options of {@link createLazyAdapters} besides the HTTP client's own. */
export interface LazyAdaptersHooks {
  /** Imports the catalogue and blog adapters. @default `import('./index.js')` */
  readonly importer?: () => Promise<{ readonly createCatalogAdapter: typeof createCatalogAdapter; readonly createBlogAdapter: typeof createBlogAdapter }>;
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

/** Builds the cart's ports now, and catalogue and blog ports that import their code on first call. */
export const createLazyAdapters = (options: HttpClientOptions, hooks: LazyAdaptersHooks = {}): LazyAdapters => {
  const http = createHttpClient(options);
  const importer = hooks.importer ?? (() => import('./index.js'));
  const load = retryingLoader(async (): Promise<ReadAdapters> => {
    const module = await importer();
    return { catalog: module.createCatalogAdapter(http), blog: module.createBlogAdapter(http) };
  });
  /** Runs `use` on the loaded adapters, or answers the load's failure. */
  const via =
    <A extends unknown[], R>(use: (adapters: ReadAdapters, ...args: A) => Promise<Result<R, PortFailure>>) =>
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
  const cart: CartAdapter = { ...createCartAdapter(http), onReconnect: hooks.onReconnect ?? windowOnline };
  const loadNewsletter = retryingLoader(async () => (await import('./newsletter.js')).createNewsletterAdapter(http));
  const newsletter: NewsletterPort = {
    lookUpByHash: async (hash) => {
      const port = await loadNewsletter();
      return port.ok ? port.value.lookUpByHash(hash) : port;
    },
    setUser: async (user) => {
      const port = await loadNewsletter();
      return port.ok ? port.value.setUser(user) : port;
    },
  };
  return {
    catalog,
    blog,
    cart,
    newsletter,
    http,
    setNonce: (value) => http.setNonce(value),
    preload: load,
  };
};
