/**
 * Ports whose HTTP code loads on first use. A hydrated page needs no request until the shopper
 * acts, so ky, the wire schemas and the adapters stay out of the page's initial JS and arrive
 * with the first cart or catalogue call.
 */
import type { BlogPort, CatalogPort } from '../core/ports.js';
import type { Adapters, AdaptersOptions } from './index.js';
import type { CartAdapter } from './cart.js';

/** Lazily loaded ports plus a way to seed the nonce the server rendered into the page. */
export interface LazyAdapters {
  readonly catalog: CatalogPort;
  readonly cart: CartAdapter;
  readonly blog: BlogPort;
  /** Seeds the Store API nonce once the adapters load. */
  setNonce(value: string): void;
  /** Starts loading now (e.g. when the shopper is about to act). */
  preload(): Promise<Adapters>;
}

/** Builds ports that import `./index.js` on first call and delegate to the real adapters. */
export const createLazyAdapters = (options: AdaptersOptions): LazyAdapters => {
  let loading: Promise<Adapters> | undefined;
  let nonce: string | undefined;
  const load = (): Promise<Adapters> => {
    loading ??= import('./index.js').then((mod) => {
      const adapters = mod.createAdapters(options);
      if (nonce) adapters.http.setNonce(nonce);
      return adapters;
    });
    return loading;
  };
  const catalog: CatalogPort = {
    listProducts: async (query) => (await load()).catalog.listProducts(query),
    getProduct: async (idOrSlug) => (await load()).catalog.getProduct(idOrSlug),
    listCategories: async () => (await load()).catalog.listCategories(),
    listVariations: async (parentId) => (await load()).catalog.listVariations(parentId),
    facets: async (query, request) => (await load()).catalog.facets(query, request),
    listAttributes: async () => (await load()).catalog.listAttributes(),
    listBrands: async () => (await load()).catalog.listBrands(),
  };
  const blog: BlogPort = {
    listPosts: async (query) => (await load()).blog.listPosts(query),
    getPost: async (slug) => (await load()).blog.getPost(slug),
    listComments: async (postId, page) => (await load()).blog.listComments(postId, page),
    createComment: async (input) => (await load()).blog.createComment(input),
  };
  const cart: CartAdapter = {
    load: async () => (await load()).cart.load(),
    add: async (request) => (await load()).cart.add(request),
    remove: async (request) => (await load()).cart.remove(request),
    setQuantity: async (request) => (await load()).cart.setQuantity(request),
    cartHash: async () => (await load()).cart.cartHash(),
  };
  return {
    catalog,
    blog,
    cart,
    setNonce(value) {
      nonce = value;
      if (loading) void loading.then((a) => a.http.setNonce(value));
    },
    preload: load,
  };
};
