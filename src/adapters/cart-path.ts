/**
 * The cart's code path in the browser, one chunk: the HTTP client, the Store API cart adapter and
 * the schemas its answers are checked with. `lazy.ts` fetches it once the page has settled, or as
 * soon as the shopper reaches for any control, so it never counts against the page's own loading;
 * a change made before it arrives is painted at once and sent when it lands.
 */
export { createHttpClient } from './http.js';
export { createCartAdapter } from './cart.js';
