/**
 * Test support: recorded stock answers (body + headers) replayed through a fake `fetch` that also
 * records every request the adapters send. Used by the adapter tests only; never bundled.
 */
import { readFileSync } from 'node:fs';

const FIXTURES = new URL('../../../tests/fixtures/stock-woocommerce-9.1/', import.meta.url);

/** A recorded answer: status line and headers from `<name>.headers`, body from `<name>.json`. */
export interface Recording {
  readonly status: number;
  readonly statusText: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string;
}

/** Parses a `.headers` file: an HTTP status line, then `Name: value` lines. */
export function parseHeaderFile(text: string): Pick<Recording, 'status' | 'statusText' | 'headers'> {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const statusLine = /^HTTP\/[\d.]+\s+(\d{3})\s*(.*)$/.exec(lines[0] ?? '');
  if (!statusLine) throw new Error(`Not a status line: ${lines[0] ?? ''}`);
  const headers = lines.slice(1).map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  });
  return { status: Number(statusLine[1]), statusText: statusLine[2] ?? '', headers };
}

/** Loads `<name>.json` and `<name>.headers` from the stock 9.1 fixtures. */
export function recording(name: string): Recording {
  const head = parseHeaderFile(readFileSync(new URL(`${name}.headers`, FIXTURES), 'utf8'));
  const body = readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8');
  return { ...head, body };
}

// Hop-by-hop framing of the recorded connection; a constructed Response has its body already.
const FRAMING = new Set(['transfer-encoding', 'connection', 'content-length']);

/** A fresh `Response` for a recording, optionally with another body or extra headers. */
export function replay(recorded: Recording, override: { body?: string; headers?: Record<string, string> } = {}): Response {
  const headers = new Headers();
  for (const [name, value] of recorded.headers) {
    if (!FRAMING.has(name.toLowerCase())) headers.append(name, value);
  }
  for (const [name, value] of Object.entries(override.headers ?? {})) headers.set(name, value);
  const body = override.body ?? recorded.body;
  const nullBody = recorded.status === 204 || recorded.status === 304;
  return new Response(nullBody ? null : body, { status: recorded.status, statusText: recorded.statusText, headers });
}

/** A request as the fake shop saw it. */
export interface SeenRequest {
  readonly url: string;
  readonly method: string;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly credentials: RequestCredentials;
  /** Whether the request may outlive the page (`fetch`'s `keepalive`). */
  readonly keepalive: boolean;
  /** Form fields when the body is form-encoded, in order. */
  readonly form: ReadonlyArray<readonly [string, string]>;
}

/** What the fake shop answers: a Response, or a thrown error (a network failure). */
export type Answer = (request: SeenRequest, index: number) => Response | Promise<Response>;

/** A fake `fetch` that records requests and answers through `answer`. */
export function fakeShop(answer: Answer): { readonly fetch: typeof globalThis.fetch; readonly requests: SeenRequest[] } {
  const requests: SeenRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body ? await request.clone().text() : '';
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const form = (headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
      ? [...new URLSearchParams(body).entries()]
      : [];
    const seen: SeenRequest = { url: request.url, method: request.method, headers, body, form, credentials: request.credentials, keepalive: request.keepalive };
    requests.push(seen);
    return answer(seen, requests.length - 1);
  };
  return { fetch: fetchImpl as typeof globalThis.fetch, requests };
}

/** Answers requests in order from a list; a missing answer fails the test loudly. */
export function inOrder(...answers: ReadonlyArray<() => Response | Promise<Response>>): Answer {
  return (_request, index) => {
    const next = answers[index];
    if (!next) throw new Error(`Unexpected request #${index + 1}`);
    return next();
  };
}

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', ...headers },
  });
}

/** The shop host the recordings were made on. */
export const SHOP = 'http://127.0.0.1:8931';

/** Reads a peer recording (`<dir>/<name>.http`): the request, then the response's status line, headers and body. */
export function httpRecording(path: string): Recording {
  const text = readFileSync(new URL(path, FIXTURES), 'utf8');
  const response = text.slice(text.indexOf('\n', text.indexOf('--- response')) + 1);
  const blank = response.search(/\r?\n\r?\n/);
  const head = parseHeaderFile(response.slice(0, blank));
  return { ...head, body: response.slice(blank).replace(/^\r?\n\r?\n/, '') };
}

/** A product of the recorded stock catalogue, as far as the stand-in reads it. */
interface StockProduct {
  readonly id: number;
  readonly slug: string;
  readonly prices: { readonly price: string } & Readonly<Record<string, unknown>>;
  readonly categories: ReadonlyArray<{ readonly id: number; readonly name: string; readonly slug: string; readonly link: string }>;
  readonly attributes: ReadonlyArray<{
    readonly id: number;
    readonly name: string;
    readonly taxonomy: string | null;
    readonly terms: ReadonlyArray<{ readonly id: number; readonly name: string; readonly slug: string }>;
  }>;
}

/**
 * WordPress's `wp_parse_id_list`, which the Store API 9.1 applies to `category=`: split on commas
 * and spaces, each part read as a whole number (`absint`), so a slug becomes 0.
 */
export const wpIdList = (value: string): number[] => [
  ...new Set(
    value
      .split(/[\s,]+/)
      .filter((part) => part !== '')
      .map((part) => Math.abs(Number.parseInt(part, 10)) || 0),
  ),
];

const NO_ROUTE = { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } };

/**
 * A stand-in for a stock WooCommerce 9.1 Store API catalogue, built from the recorded product
 * answer of `peer-2/storeapi-products.http` (no categories answer was recorded, so categories,
 * attributes and their terms are derived from the products' own `categories` and `attributes`).
 * It answers what the storefront reads as stock does:
 * - `products`: `category` is an id list (`wpIdList`: a slug is 0 and matches nothing, `[]`),
 *   `slug`, `include`, `exclude`, `min_price`/`max_price` in minor units, `page`/`per_page` with
 *   `X-WP-Total`/`X-WP-TotalPages`; other parameters are ignored (order stays the recorded one);
 * - `products/collection-data`: the same filters, `calculate_price_range` and
 *   `calculate_attribute_counts`, no taxonomy counts;
 * - `products/categories`, `products/attributes`, `products/attributes/:id/terms`, `products/:id`;
 * - no brands route (9.1 has none): 404 `rest_no_route`, like any other unknown route.
 */
export function stockCatalogShop(): Answer {
  const recorded = httpRecording('peer-2/storeapi-products.http');
  const products = JSON.parse(recorded.body) as StockProduct[];
  // The recorded headers, without the listing's totals (set per answer where they belong).
  const base = { ...recorded, headers: recorded.headers.filter(([name]) => !/^x-wp-total/i.test(name)) };
  const answer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    replay({ ...base, status, statusText: status === 200 ? 'OK' : 'Not Found' }, { body: JSON.stringify(body), headers });

  const filtered = (params: URLSearchParams): StockProduct[] => {
    const category = params.get('category');
    const ids = category ? wpIdList(category) : [];
    const slugs = params.get('slug')?.split(',').filter((s) => s !== '') ?? [];
    const include = wpIdList(params.get('include') ?? '');
    const exclude = wpIdList(params.get('exclude') ?? '');
    const min = params.has('min_price') ? Number(params.get('min_price')) : null;
    const max = params.has('max_price') ? Number(params.get('max_price')) : null;
    return products.filter(
      (p) =>
        (ids.length === 0 || p.categories.some((c) => ids.includes(c.id))) &&
        (slugs.length === 0 || slugs.includes(p.slug)) &&
        (include.length === 0 || include.includes(p.id)) &&
        !exclude.includes(p.id) &&
        (min === null || Number(p.prices.price) >= min) &&
        (max === null || Number(p.prices.price) <= max),
    );
  };

  const categories = () => {
    const byId = new Map<number, { id: number; name: string; slug: string; link: string; count: number }>();
    for (const product of products) {
      for (const c of product.categories) byId.set(c.id, { ...c, count: (byId.get(c.id)?.count ?? 0) + 1 });
    }
    return [...byId.values()].map(({ link, ...c }) => ({ ...c, description: '', parent: 0, image: null, review_count: 0, permalink: link }));
  };

  const attributes = () => {
    const byId = new Map<number, { id: number; name: string; taxonomy: string; terms: Map<number, { id: number; name: string; slug: string; count: number }> }>();
    for (const product of products) {
      for (const a of product.attributes) {
        if (a.taxonomy === null) continue;
        const entry = byId.get(a.id) ?? { id: a.id, name: a.name, taxonomy: a.taxonomy, terms: new Map() };
        for (const t of a.terms) entry.terms.set(t.id, { id: t.id, name: t.name, slug: t.slug, count: (entry.terms.get(t.id)?.count ?? 0) + 1 });
        byId.set(a.id, entry);
      }
    }
    return [...byId.values()];
  };

  // WordPress's `_fields` on any REST answer: each product keeps only the named fields (top-level
  // names here, all the adapters send).
  const cut = (items: readonly StockProduct[], params: URLSearchParams): unknown[] => {
    const names = (params.get('_fields') ?? '').split(/[\s,]+/).filter((name) => name !== '');
    if (names.length === 0) return [...items];
    return items.map((item) => Object.fromEntries(Object.entries(item).filter(([name]) => names.includes(name))));
  };

  return (request) => {
    const url = new URL(request.url);
    const route = url.pathname.replace(/^\/wp-json\/wc\/store\/v1\//, '');
    const params = url.searchParams;
    if (request.method !== 'GET') return answer(NO_ROUTE, 404);
    if (route === 'products') {
      const all = filtered(params);
      const perPage = Math.min(Number(params.get('per_page') ?? 10) || 10, 100);
      const page = Math.max(Number(params.get('page') ?? 1) || 1, 1);
      const headers = { 'X-WP-Total': String(all.length), 'X-WP-TotalPages': String(Math.ceil(all.length / perPage)) };
      return answer(cut(all.slice((page - 1) * perPage, page * perPage), params), 200, headers);
    }
    if (route === 'products/collection-data') {
      const all = filtered(params);
      const prices = all.map((p) => Number(p.prices.price));
      const { price: _price, regular_price: _regular, sale_price: _sale, price_range: _range, ...currency } = products[0]?.prices ?? { price: '0' };
      const taxonomies = [...params.entries()].filter(([key]) => /^calculate_attribute_counts\[\d+\]\[taxonomy\]$/.test(key)).map(([, value]) => value);
      const attributeCounts = taxonomies.flatMap((taxonomy) => {
        const counts = new Map<number, number>();
        for (const p of all) for (const t of p.attributes.find((a) => a.taxonomy === taxonomy)?.terms ?? []) counts.set(t.id, (counts.get(t.id) ?? 0) + 1);
        return [...counts].map(([term, count]) => ({ term, count }));
      });
      return answer({
        price_range:
          params.get('calculate_price_range') === 'true' && prices.length > 0
            ? { ...currency, min_price: String(Math.min(...prices)), max_price: String(Math.max(...prices)) }
            : null,
        attribute_counts: taxonomies.length > 0 ? attributeCounts : null,
        rating_counts: null,
        stock_status_counts: null,
      });
    }
    if (route === 'products/categories') return answer(categories());
    if (route === 'products/attributes') {
      return answer(attributes().map((a) => ({ id: a.id, name: a.name, taxonomy: a.taxonomy, type: 'select', order: 'menu_order', has_archives: false, count: a.terms.size })));
    }
    const terms = /^products\/attributes\/(\d+)\/terms$/.exec(route);
    if (terms) {
      const attribute = attributes().find((a) => a.id === Number(terms[1]));
      if (!attribute) return answer({ code: 'woocommerce_rest_taxonomy_invalid', message: 'Attribute does not exist.', data: { status: 404 } }, 404);
      return answer([...attribute.terms.values()].map((t) => ({ ...t, description: '', parent: 0 })));
    }
    const single = /^products\/(\d+)$/.exec(route);
    if (single) {
      const product = products.find((p) => p.id === Number(single[1]));
      return product ? answer(product) : answer({ code: 'woocommerce_rest_product_invalid_id', message: 'Invalid product ID.', data: { status: 404 } }, 404);
    }
    return answer(NO_ROUTE, 404);
  };
}

/** A recorded request of a peer recording (`<dir>/<name>.http`): method, path, headers and body. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query as sent. */
  readonly path: string;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Reads the request part of a peer recording. */
export function httpRequestOf(path: string): RecordedRequest {
  const text = readFileSync(new URL(path, FIXTURES), 'utf8');
  const request = text.slice(0, text.indexOf('--- response'));
  const blank = request.search(/\r?\n\r?\n/);
  const [line = '', ...headerLines] = request.slice(0, blank).split(/\r?\n/);
  const [method = '', target = ''] = line.split(' ');
  const headers: Record<string, string> = {};
  for (const header of headerLines) {
    const colon = header.indexOf(':');
    if (colon > 0) headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
  }
  return { method, path: target, headers, body: request.slice(blank).trim() };
}

/** The recorded cart answers of a stock 9.1 shop (`peer-3/`), by call. */
export const STOCK_CART = {
  guest: 'peer-3/storeapi-cart-guest.http',
  addItem: 'peer-3/storeapi-cart-add-item.http',
  addPoster: 'peer-3/storeapi-cart-add-item-poster.http',
  removeItem: 'peer-3/storeapi-cart-remove-item.http',
  removeMissing: 'peer-3/storeapi-cart-remove-item-missing.http',
  updateItem: 'peer-3/storeapi-cart-update-item.http',
} as const;

/** The nonce the recorded stock shop handed out (and checked) in `peer-3/`. */
export const STOCK_CART_NONCE = '8aabc92e46';

/**
 * A stand-in for a stock WooCommerce 9.1 Store API cart, answering with the recordings of
 * `peer-3/` (and the root `storeapi-cart-add-item-nononce` for a write without a nonce):
 * - `GET cart`: the guest's empty cart, with its `Nonce` header;
 * - `POST cart/add-item`: 201 with the recorded cart for the tee (14) or the poster (26); any other
 *   product id is refused as stock refuses an unknown id (400 `woocommerce_rest_product_invalid_id`);
 * - `POST cart/update-item`: 200 with the recorded cart; `POST cart/remove-item`: 200 the first
 *   time a key is removed, then 409 `woocommerce_rest_cart_invalid_key` with `data.cart`;
 * - a write without `Nonce` answers the recorded 401; a wrong one WooCommerce's 403
 *   `woocommerce_rest_invalid_nonce` (not recorded; its code, message and status are the source's).
 */
export function stockCartShop(options: { readonly nonce?: string } = {}): Answer {
  const nonce = options.nonce ?? STOCK_CART_NONCE;
  const removed = new Set<string>();
  const recorded = (path: string) => replay(httpRecording(path));
  return (request) => {
    const url = new URL(request.url);
    const route = url.pathname.replace(/^\/wp-json\/wc\/store\/v1\//, '');
    if (request.method === 'GET' && route === 'cart') return recorded(STOCK_CART.guest);
    if (request.method !== 'POST' || !route.startsWith('cart/')) return json(NO_ROUTE, 404);
    const sent = request.headers['nonce'];
    if (sent === undefined || sent === '') return replay(recording('storeapi-cart-add-item-nononce'));
    if (sent !== nonce) return json({ code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', data: { status: 403 } }, 403, { Nonce: nonce });
    const body = JSON.parse(request.body || '{}') as { id?: number; key?: string; quantity?: number };
    if (route === 'cart/add-item') {
      if (body.id === 14) return recorded(STOCK_CART.addItem);
      if (body.id === 26) return recorded(STOCK_CART.addPoster);
      return json({ code: 'woocommerce_rest_product_invalid_id', message: 'Invalid product ID.', data: { status: 400 } }, 400, { Nonce: nonce });
    }
    if (route === 'cart/update-item') return recorded(STOCK_CART.updateItem);
    if (route === 'cart/remove-item') {
      const key = String(body.key ?? '');
      if (removed.has(key)) return recorded(STOCK_CART.removeMissing);
      removed.add(key);
      return recorded(STOCK_CART.removeItem);
    }
    return json(NO_ROUTE, 404);
  };
}
