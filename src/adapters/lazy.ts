/**
 * The browser's ports, imported on first use. The production build puts the cart's path (the HTTP
 * client, the cart adapter and its schemas: `cart-path.ts`) in the page's first script
 * (`vite.config.ts`), so importing it costs nothing; where it is a module of its own (the dev
 * server), a change made before it arrives is still painted at once by the cart module and sent
 * when it lands. The catalogue and blog adapters, which only filters, search, variations and
 * comments need, are a chunk of their own, loaded on first use (or on `preload`, called by the
 * entry on the shopper's first sign of life or once the page has settled).
 *
 * Fetching that code is a request like any other and fails like one when the shopper is offline.
 * A failed load becomes a `network` failure of the call that needed it, and it is not remembered:
 * the next call tries to load the code again.
 */
import type { BlogPort, CatalogPort, ContactFormPort, NewsletterPort, PortFailure, QuestionsPort, ReviewsPort, WishlistPort } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import type { CartAdapter } from './cart.js';
import type { HttpClient, HttpClientOptions } from './http.js';
import type { createBlogAdapter, createCatalogAdapter } from './index.js';
import type { createCartAdapter, createHttpClient } from './cart-path.js';

/** The catalogue and blog adapters, loaded on first use. */
export interface ReadAdapters {
  readonly catalog: CatalogPort;
  readonly blog: BlogPort;
}

/** The cart's path as `cart-path.ts` exports it. */
export interface CartPathModule {
  readonly createHttpClient: typeof createHttpClient;
  readonly createCartAdapter: typeof createCartAdapter;
}

/** The HTTP client and the cart adapter over it, once their code is in. */
interface CartPath {
  readonly http: HttpClient;
  readonly cart: CartAdapter;
}

/** The browser's ports, each loading its code when first needed. */
export interface LazyAdapters {
  readonly catalog: CatalogPort;
  readonly cart: CartAdapter;
  readonly blog: BlogPort;
  /** The newsletter provider's calls; their code loads on the first call (only the newsletter plugin makes one). */
  readonly newsletter: NewsletterPort;
  /** The wishlist's route; its code loads on the first call (only the wishlist plugin makes one). */
  readonly wishlist: WishlistPort;
  /** The reviews' route; its code loads on the first call (only the reviews plugin makes one). */
  readonly reviews: ReviewsPort;
  /** Questions and answers; their code loads on the first call (only the questions plugin makes one). */
  readonly questions: QuestionsPort;
  /** Contact Form 7's routes; their code loads on the first call (only the contact-form plugin makes one). */
  readonly contactForm: ContactFormPort;
  /** The one HTTP client every port shares (so nonces and cookies stay consistent), once its code is in. */
  http(): Promise<Result<HttpClient, PortFailure>>;
  /** Seeds the Store API nonce the server rendered into the page (kept until the client's code is in). */
  setNonce(value: string): void;
  /** Starts loading the cart's path now (the page settled, or the shopper reaches for a control); never rejects. */
  preloadCart(): Promise<Result<HttpClient, PortFailure>>;
  /** Starts loading the catalogue and blog code now (e.g. when the shopper is about to act); never rejects. */
  preload(): Promise<Result<ReadAdapters, PortFailure>>;
}

/** Options of {@link createLazyAdapters} besides the HTTP client's own. */
export interface LazyAdaptersHooks {
  /** Imports the cart's path. @default `import('./cart-path.js')` */
  readonly cartImporter?: () => Promise<CartPathModule>;
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

/** A port whose every method loads the port first and answers the load's failure when it cannot. */
const lazyPort = <P extends object>(load: () => Promise<Result<P, PortFailure>>): P =>
  new Proxy({} as P, {
    // Every property is a method (a port is never awaited or spread; its methods are called).
    get:
      (_target, name) =>
      async (...args: unknown[]) => {
        const port = await load();
        return port.ok ? (port.value[name as keyof P] as (...a: unknown[]) => unknown)(...args) : port;
      },
  });

/** The browser's `online` event; nothing where there is no window (server rendering, tests). */
const windowOnline = (listener: () => void): (() => void) => {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
};

/** Builds ports whose code is imported on first use (or on `preloadCart` / `preload`). */
export const createLazyAdapters = (options: HttpClientOptions, hooks: LazyAdaptersHooks = {}): LazyAdapters => {
  const importer = hooks.importer ?? (() => import('./index.js'));
  const cartImporter = hooks.cartImporter ?? (() => import('./cart-path.js'));
  let nonce: string | undefined;
  let path: CartPath | undefined;
  const loadPath = retryingLoader(async (): Promise<CartPath> => {
    const module = await cartImporter();
    const http = module.createHttpClient(options);
    if (nonce !== undefined) http.setNonce(nonce);
    path = { http, cart: module.createCartAdapter(http) };
    return path;
  });
  const load = retryingLoader(async (): Promise<ReadAdapters> => {
    const [base, module] = await Promise.all([loadPath(), importer()]);
    if (!base.ok) throw new Error(base.error.message);
    return { catalog: module.createCatalogAdapter(base.value.http), blog: module.createBlogAdapter(base.value.http) };
  });
  /** Runs `use` on the loaded adapters, or answers the load's failure. */
  const via =
    <A extends unknown[], R>(use: (adapters: ReadAdapters, ...args: A) => Promise<Result<R, PortFailure>>) =>
    async (...args: A): Promise<Result<R, PortFailure>> => {
      const adapters = await load();
      return adapters.ok ? use(adapters.value, ...args) : adapters;
    };
  /** Runs `use` on the cart adapter, or answers its load's failure. */
  const viaCart =
    <A extends unknown[], R>(use: (cart: CartAdapter, ...args: A) => Promise<Result<R, PortFailure>>) =>
    async (...args: A): Promise<Result<R, PortFailure>> => {
      if (path) return use(path.cart, ...args);
      const loaded = await loadPath();
      return loaded.ok ? use(loaded.value.cart, ...args) : loaded;
    };
  const catalog: CatalogPort = {
    listProducts: via((a, query: Parameters<CatalogPort['listProducts']>[0]) => a.catalog.listProducts(query)),
    listTiles: via((a, query: Parameters<CatalogPort['listTiles']>[0]) => a.catalog.listTiles(query)),
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
    load: viaCart((c) => c.load()),
    add: viaCart((c, request: Parameters<CartAdapter['add']>[0]) => c.add(request)),
    remove: viaCart((c, request: Parameters<CartAdapter['remove']>[0]) => c.remove(request)),
    setQuantity: viaCart((c, request: Parameters<CartAdapter['setQuantity']>[0]) => c.setQuantity(request)),
    productCategory: viaCart((c, id: number) => c.productCategory(id)),
    cartHash: viaCart((c) => c.cartHash()),
    onReconnect: hooks.onReconnect ?? windowOnline,
  };
  /** A port over the shared HTTP client whose adapter's code is imported on its first call. */
  const portOver = <P extends object>(importer: () => Promise<(client: HttpClient) => P>): P =>
    lazyPort(
      retryingLoader(async () => {
        const [base, create] = await Promise.all([loadPath(), importer()]);
        if (!base.ok) throw new Error(base.error.message);
        return create(base.value.http);
      }),
    );
  const newsletter = portOver<NewsletterPort>(() => import('./newsletter.js').then((m) => m.createNewsletterAdapter));
  const wishlist = portOver<WishlistPort>(() => import('./wishlist.js').then((m) => m.createWishlistAdapter));
  const reviews = portOver<ReviewsPort>(() => import('./reviews.js').then((m) => (http: HttpClient) => m.createReviewsAdapter(http)));
  const questions = portOver<QuestionsPort>(() => import('./questions.js').then((m) => m.createQuestionsAdapter));
  const contactForm = portOver<ContactFormPort>(() => import('./contact-form.js').then((m) => (client: HttpClient) => m.createContactFormAdapter(client)));
  const http = async (): Promise<Result<HttpClient, PortFailure>> => {
    const loaded = await loadPath();
    return loaded.ok ? ok(loaded.value.http) : loaded;
  };
  return {
    catalog,
    blog,
    cart,
    newsletter,
    wishlist,
    reviews,
    questions,
    contactForm,
    http,
    setNonce: (value) => {
      nonce = value;
      path?.http.setNonce(value);
    },
    preloadCart: http,
    preload: load,
  };
};
