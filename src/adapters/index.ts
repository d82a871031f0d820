/**
 * Entry point of the HTTP adapters: one client, shared by every port so nonces and cookies stay
 * consistent across them.
 */
import type { BlogPort, CatalogPort } from '../core/ports.js';
import { createBlogAdapter } from './blog.js';
import { createCartAdapter, type CartAdapter } from './cart.js';
import { createCatalogAdapter } from './catalog.js';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './http.js';

/** Options of {@link createAdapters}; the same as the HTTP client's. */
export type AdaptersOptions = HttpClientOptions;

/** The adapters the app hands to the runtime as ports, and the client they share. */
export interface Adapters {
  readonly catalog: CatalogPort;
  readonly cart: CartAdapter;
  readonly blog: BlogPort;
  readonly http: HttpClient;
}

/** Builds the HTTP client once and the adapters over it. */
export function createAdapters(options: AdaptersOptions): Adapters {
  const http = createHttpClient(options);
  return { catalog: createCatalogAdapter(http), cart: createCartAdapter(http), blog: createBlogAdapter(http), http };
}

export { createHttpClient, NONCE_ERROR_CODES, MAX_PAGES } from './http.js';
export type { HttpClient, HttpClientOptions, HttpReply, RestRequest, FormRequest, RestMethod, Query, Schema, NonceKind } from './http.js';
export { createCatalogAdapter } from './catalog.js';
export { createCartAdapter } from './cart.js';
export { createBlogAdapter } from './blog.js';
export type { CartAdapter } from './cart.js';
export { htmlToText, decodeEntities } from './text.js';
