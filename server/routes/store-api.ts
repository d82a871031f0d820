/**
 * The WooCommerce Store API subset the storefront uses, under `/wp-json/wc/store/v1`: products,
 * categories and the cart. Answers match WooCommerce 9 field for field; errors are WordPress's
 * `{code, message, data: {status}}`.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { cartToken, createNonce, STORE_API_ACTION, verifyNonce } from '../lib/crypto.js';
import { ApiError, fromZodError, invalidParams } from '../lib/errors.js';
import { addToCart, clearCart, loadCart, removeLine, setLineQuantity, type CartLine, type CartRefusal, type DbContext } from '../services/cart.js';
import type { PurchaseRow } from '../db/statements.js';
import { findProductIds, listCategories, loadProductById, loadProducts, ORDER_BY, type ProductListQuery } from '../services/catalog.js';
import { jsonAnswer, runCartWrite, type Answer } from '../services/idempotency.js';
import { readSessionId } from '../session.js';
import { storeCart } from '../views/store-cart.js';
import { storeCategory, storeProduct, storeVariation } from '../views/store-product.js';
import { cartCookies, parseJsonBody, rawBody, readerSession, sendAnswer, sendJson, shopUrls, writeScope, writerSession, type ShopDeps } from './shared.js';

const MAX_ID = 2_147_483_647;

// ---------------------------------------------------------------- products query

const between = (name: string, min: number, max: number) => `${name} must be between ${min} (inclusive) and ${max} (inclusive)`;

/** A whole number in a query string, with WordPress's messages. */
const queryInt = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${name} is not of type integer.`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, between(name, min, max));

// Prices are in centavos; anything above the column's range simply matches nothing (or everything).
const queryPrice = (name: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `${name} must be a whole number of centavos.`)
    .transform((s) => Math.min(Number(s), MAX_ID));

const SLUG = /^[\p{Ll}\p{Lo}\p{N}_-]{1,200}$/u;

/** A list of ids as WordPress takes it: repeated `name[]` parameters or one comma-separated value. */
const idList = (name: string) =>
  z
    .array(z.string())
    .max(100, `${name} takes at most 100 ids.`)
    .transform((values) => values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== ''))
    .refine((ids) => ids.length <= 100 && ids.every((id) => /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= MAX_ID), `${name}[] is not of type integer.`)
    .transform((ids) => ids.map(Number));

const productQuerySchema = z.object({
  page: queryInt('page', 1, 100_000).optional(),
  per_page: queryInt('per_page', 1, 100).optional(),
  orderby: z.enum(ORDER_BY, { error: `orderby is not one of ${ORDER_BY.join(', ')}.` }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'order is not one of asc and desc.' }).optional(),
  category: z
    .string()
    .max(2000)
    .transform((s) => s.split(',').map((part) => part.trim().toLowerCase()).filter((part) => part !== ''))
    .refine((parts) => parts.every((p) => SLUG.test(p) && (!/^\d+$/.test(p) || Number(p) <= MAX_ID)), 'category must be a category id or slug, or a comma-separated list of them.')
    .optional(),
  min_price: queryPrice('min_price').optional(),
  max_price: queryPrice('max_price').optional(),
  search: z.string().max(200, 'search must be at most 200 characters long.').optional(),
  include: idList('include').optional(),
  exclude: idList('exclude').optional(),
  parent: idList('parent').optional(),
  type: z.enum(['simple', 'variable', 'variation', 'grouped', 'external'], { error: 'type is not one of simple, variable, variation, grouped and external.' }).optional(),
  slug: z
    .string()
    .max(2000)
    .transform((s) => s.split(',').map((part) => part.trim().toLowerCase()).filter((part) => part !== ''))
    .refine((parts) => parts.every((p) => SLUG.test(p)), 'slug must be a product slug or a comma-separated list of them.')
    .optional(),
  on_sale: z.enum(['true', 'false', '1', '0'], { error: 'on_sale is not of type boolean.' }).optional(),
});

/** Validates the products route's query; unknown parameters are ignored, as WordPress does. */
export function parseProductQuery(params: URLSearchParams): ProductListQuery {
  const pick = (name: string) => params.get(name) ?? undefined;
  const list = (name: string) => {
    const values = [...params.getAll(name), ...params.getAll(`${name}[]`)];
    return values.length > 0 ? values : undefined;
  };
  const parsed = productQuerySchema.safeParse({
    page: pick('page'),
    per_page: pick('per_page'),
    orderby: pick('orderby'),
    order: pick('order'),
    category: pick('category'),
    min_price: pick('min_price'),
    max_price: pick('max_price'),
    search: pick('search'),
    include: list('include'),
    exclude: list('exclude'),
    parent: list('parent'),
    type: pick('type'),
    slug: pick('slug'),
    on_sale: pick('on_sale'),
  });
  if (!parsed.success) throw fromZodError(parsed.error);
  const q = parsed.data;
  const categories = q.category ?? [];
  return {
    page: q.page ?? 1,
    perPage: q.per_page ?? 10,
    orderby: q.orderby ?? 'date',
    order: q.order ?? 'desc',
    ...(categories.length > 0
      ? { categoryIds: categories.filter((p) => /^\d+$/.test(p)).map(Number), categorySlugs: categories.filter((p) => !/^\d+$/.test(p)) }
      : {}),
    ...(q.min_price === undefined ? {} : { minPrice: q.min_price }),
    ...(q.max_price === undefined ? {} : { maxPrice: q.max_price }),
    ...(q.search === undefined ? {} : { search: q.search }),
    ...(q.include === undefined ? {} : { include: q.include }),
    ...(q.exclude === undefined ? {} : { exclude: q.exclude }),
    ...(q.parent === undefined ? {} : { parents: q.parent }),
    ...(q.type === undefined ? {} : { type: q.type }),
    ...(q.slug === undefined ? {} : { slugs: q.slug }),
    ...(q.on_sale === undefined ? {} : { onSale: q.on_sale === 'true' || q.on_sale === '1' }),
  };
}

// ---------------------------------------------------------------- cart bodies

const bodyInt = (name: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\s*\d{1,10}\s*$/).transform(Number)], { error: `${name} is not of type integer.` })
    .pipe(
      z
        .number({ error: `${name} is not of type integer.` })
        .int(`${name} is not of type integer.`)
        .min(min, between(name, min, max))
        .max(max, between(name, min, max)),
    );

const cartKey = z.string({ error: 'key is not of type string.' }).trim().min(1, 'key must not be empty.').max(64, 'key must be at most 64 characters long.');

const addItemSchema = z.object({
  id: bodyInt('id', 1, MAX_ID),
  quantity: bodyInt('quantity', 1, 9999).optional(),
  variation: z
    .array(z.object({ attribute: z.string().max(200), value: z.string().max(200) }), { error: 'variation is not of type array.' })
    .max(20, 'variation must contain at most 20 items.')
    .optional(),
});

const updateItemSchema = z.object({ key: cartKey, quantity: bodyInt('quantity', 1, 9999) });
const removeItemSchema = z.object({ key: cartKey });

function parseBody<T>(schema: z.ZodType<T>, value: unknown, extra: Readonly<Record<string, string>> = {}): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidParams({ body: 'The request body must be a JSON object.' });
  }
  const parsed = schema.safeParse({ ...value, ...extra });
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

// ---------------------------------------------------------------- cart answers

/** Store API wording of a refused cart write. */
export function storeRefusal(refusal: CartRefusal): ApiError {
  const quoted = (name: string) => `&quot;${name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}&quot;`;
  switch (refusal.reason) {
    case 'invalid_id':
      return new ApiError(400, 'woocommerce_rest_product_invalid_id', 'Invalid product ID.');
    case 'missing_variation':
      return new ApiError(400, 'woocommerce_rest_missing_variation_data', 'Missing variation data for variable product.');
    case 'no_matching_variation':
      return new ApiError(400, 'woocommerce_rest_variation_id_from_variation_data', 'No matching variation found.');
    case 'out_of_stock':
      return new ApiError(400, 'woocommerce_rest_product_out_of_stock', `You cannot add ${quoted(refusal.name)} to the cart because the product is out of stock.`);
    case 'not_enough_stock':
      return new ApiError(
        400,
        'woocommerce_rest_product_partially_out_of_stock',
        `You cannot add that amount of ${quoted(refusal.name)} to the cart because there is not enough stock (${refusal.stock} remaining${refusal.inCart > 0 ? `, ${refusal.inCart} already in your cart` : ''}).`,
      );
    case 'limit':
      return new ApiError(
        400,
        'woocommerce_store_api_invalid_quantity',
        `The maximum quantity of ${quoted(refusal.name)} allowed in the cart is ${refusal.limit}${refusal.inCart > 0 ? ` (${refusal.inCart} already in your cart)` : ''}.`,
      );
    case 'sold_individually':
      return new ApiError(400, 'woocommerce_rest_product_sold_individually', `You cannot add another ${quoted(refusal.name)} to your cart.`);
  }
}

function errorAnswer(error: ApiError): Answer {
  return jsonAnswer(error.status, error.toJSON());
}

/** Runs one cart write and answers with the cart (or the refusal), idempotently. */
async function cartWrite(
  c: Context,
  deps: ShopDeps,
  route: string,
  status: number,
  apply: (tx: DbContext, sessionId: string, body: unknown, product: PurchaseRow | undefined) => Promise<ApiError | CartLine[] | null>,
  productId?: (body: unknown) => number | undefined,
): Promise<Response> {
  const session = await writerSession(c);
  const nonce = c.req.header('nonce') ?? c.req.header('x-wc-store-api-nonce');
  if (nonce === undefined || nonce.trim() === '') {
    throw new ApiError(401, 'woocommerce_rest_missing_nonce', 'Missing the Nonce header. This endpoint requires a valid nonce.');
  }
  if (!verifyNonce(await deps.keys(), session.id, nonce.trim())) {
    throw new ApiError(403, 'woocommerce_rest_invalid_nonce', 'Nonce is invalid.');
  }
  const raw = await rawBody(c);
  const body = parseJsonBody(c, raw);
  const urls = shopUrls(c);
  const id = productId?.(body);
  const scope = { ...writeScope(c, session, route, raw), ...(id === undefined ? {} : { productId: id }) };
  const { answer, replayed } = await runCartWrite(deps, scope, async (tx, product) => {
    const outcome = await apply(tx, session.id, body, product);
    if (outcome instanceof ApiError) return errorAnswer(outcome);
    const lines = outcome ?? (await loadCart(tx, session.id));
    return jsonAnswer(status, storeCart(urls, lines), cartCookies(c, lines));
  });
  return sendAnswer(c, answer, replayed);
}

// ---------------------------------------------------------------- routes

/** The Store API router, to mount at `/wp-json/wc/store/v1` (and the unversioned `/wc/store`). */
export function storeApiRoutes(deps: ShopDeps): Hono {
  const api = new Hono();

  // WordPress's REST headers, and the Store API's nonce headers whenever there is a session.
  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    c.header('Link', `<${shopUrls(c).origin}/wp-json/>; rel="https://api.w.org/"`, { append: true });
    const sessionId = readSessionId(c);
    if (sessionId !== null) {
      const keys = await deps.keys();
      const nonce = createNonce(keys, sessionId, STORE_API_ACTION);
      c.header('Nonce', nonce);
      c.header('X-WC-Store-API-Nonce', nonce);
      c.header('Nonce-Timestamp', String(Math.floor(Date.now() / 1000)));
      c.header('Cart-Token', cartToken(keys, sessionId));
      c.header('User-ID', '0');
    }
  });

  api.get('/products', async (c) => {
    const url = new URL(c.req.url);
    const query = parseProductQuery(url.searchParams);
    const urls = shopUrls(c);
    const pageLinks = (total: number) => {
      const totalPages = Math.ceil(total / query.perPage);
      if (query.page > totalPages && total > 0) {
        throw new ApiError(400, 'rest_post_invalid_page_number', 'The page number requested is larger than the number of pages available.');
      }
      c.header('X-WP-Total', String(total));
      c.header('X-WP-TotalPages', String(totalPages));
      const pageLink = (page: number) => {
        const params = new URLSearchParams(url.search);
        params.set('page', String(page));
        return `${urls.origin}${url.pathname}?${params.toString()}`;
      };
      if (query.page > 1) c.header('Link', `<${pageLink(Math.min(query.page - 1, Math.max(totalPages, 1)))}>; rel="prev"`, { append: true });
      if (query.page < totalPages) c.header('Link', `<${pageLink(query.page + 1)}>; rel="next"`, { append: true });
    };
    if (query.type === 'variation' || query.parents) {
      // Variations are listed through their parents, in the parents' menu order.
      if (!query.parents) throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): parent', { params: { parent: 'parent is required to list variations.' } });
      const records = await loadProducts(deps.db, query.parents);
      const all = records
        .flatMap((record) => record.variations.map((variation) => ({ record, variation })))
        .filter(({ variation }) => (!query.include || query.include.includes(variation.row.id)) && !query.exclude?.includes(variation.row.id));
      pageLinks(all.length);
      const start = (query.page - 1) * query.perPage;
      return sendJson(c, all.slice(start, start + query.perPage).map(({ record, variation }) => storeVariation(urls, record, variation)));
    }
    if (query.type === 'grouped' || query.type === 'external') {
      pageLinks(0);
      return sendJson(c, []);
    }
    const { ids, total } = await findProductIds(deps.db, query);
    pageLinks(total);
    const records = await loadProducts(deps.db, ids);
    return sendJson(c, records.map((record) => storeProduct(urls, record)));
  });

  api.get('/products/categories', async (c) => {
    const urls = shopUrls(c);
    const list = await listCategories(deps.db);
    return sendJson(c, list.map((category) => storeCategory(urls, category)));
  });

  api.get('/products/categories/:id{[0-9]+}', async (c) => {
    const id = Number(c.req.param('id'));
    const category = (await listCategories(deps.db)).find((cat) => cat.id === id);
    if (!category) throw new ApiError(404, 'woocommerce_rest_term_invalid', 'Term does not exist.');
    return sendJson(c, storeCategory(shopUrls(c), category));
  });

  api.get('/products/:id{[0-9]+}', async (c) => {
    const raw = c.req.param('id');
    const id = raw.length <= 10 ? Number(raw) : Number.NaN;
    const found = Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID ? await loadProductById(deps.db, id) : null;
    if (!found) throw new ApiError(404, 'woocommerce_rest_product_invalid_id', 'Invalid product ID.');
    const urls = shopUrls(c);
    return sendJson(c, found.variation ? storeVariation(urls, found.record, found.variation) : storeProduct(urls, found.record));
  });

  const getCart = async (c: Context) => {
    const session = await readerSession(c, deps);
    const lines = session.isNew ? [] : await loadCart(deps, session.id);
    for (const [name, value] of cartCookies(c, lines)) c.header(name, value, { append: true });
    return sendJson(c, storeCart(shopUrls(c), lines));
  };
  api.get('/cart', getCart);
  api.get('/cart/items', async (c) => {
    const session = await readerSession(c, deps);
    const lines = session.isNew ? [] : await loadCart(deps, session.id);
    return sendJson(c, storeCart(shopUrls(c), lines).items);
  });
  api.get('/cart/items/:key', async (c) => {
    const session = await readerSession(c, deps);
    const lines = session.isNew ? [] : await loadCart(deps, session.id);
    const item = storeCart(shopUrls(c), lines).items.find((i) => i.key === c.req.param('key'));
    if (!item) throw new ApiError(409, 'woocommerce_rest_cart_invalid_key', 'Cart item no longer exists or is invalid.');
    return sendJson(c, item);
  });

  const add = (route: string) => (c: Context) =>
    cartWrite(
      c,
      deps,
      route,
      201,
      async (tx, sessionId, body, product) => {
        const input = parseBody(addItemSchema, body);
        const attributes = Object.fromEntries((input.variation ?? []).map((v) => [v.attribute, v.value]));
        const result = await addToCart(tx, sessionId, { id: input.id, quantity: input.quantity ?? 1, attributes }, { prefetched: product });
        return result.ok ? result.lines : storeRefusal(result.refusal);
      },
      // Validated before the write starts, so the first statement can read the product too.
      (body) => parseBody(addItemSchema, body).id,
    );
  api.post('/cart/add-item', add('cart/add-item'));
  api.post('/cart/items', add('cart/items'));

  const update = (route: string, keyFromPath: boolean) => (c: Context) =>
    cartWrite(c, deps, route, 200, async (tx, sessionId, body) => {
      const input = parseBody(updateItemSchema, body, keyFromPath ? { key: c.req.param('key') ?? '' } : {});
      const result = await setLineQuantity(tx, sessionId, input.key, input.quantity);
      if (result.ok) return null;
      return result.refusal.reason === 'invalid_id'
        ? new ApiError(409, 'woocommerce_rest_cart_invalid_key', 'Cart item no longer exists or is invalid.')
        : storeRefusal(result.refusal);
    });
  api.post('/cart/update-item', update('cart/update-item', false));
  api.put('/cart/items/:key', update('cart/items/:key', true));
  api.patch('/cart/items/:key', update('cart/items/:key', true));

  const remove = (route: string, keyFromPath: boolean) => (c: Context) =>
    cartWrite(c, deps, route, 200, async (tx, sessionId, body) => {
      const input = parseBody(removeItemSchema, body, keyFromPath ? { key: c.req.param('key') ?? '' } : {});
      const removed = await removeLine(tx, sessionId, input.key);
      return removed ? null : new ApiError(409, 'woocommerce_rest_cart_invalid_key', 'Cart item no longer exists or is invalid.');
    });
  api.post('/cart/remove-item', remove('cart/remove-item', false));
  api.delete('/cart/items/:key', remove('cart/items/:key', true));
  api.delete('/cart/items', (c) =>
    cartWrite(c, deps, 'cart/items', 200, async (tx, sessionId) => {
      await clearCart(tx, sessionId);
      return null;
    }),
  );

  return api;
}
