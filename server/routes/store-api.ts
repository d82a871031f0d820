/**
 * The WooCommerce Store API subset the storefront uses, under `/wp-json/wc/store/v1`: products,
 * categories and the cart. Answers match WooCommerce 9 field for field; errors are WordPress's
 * `{code, message, data: {status}}`.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { between, MAX_ID, queryInt } from '../lib/params.js';
import { cartToken, createNonce, STORE_API_ACTION } from '../lib/crypto.js';
import { ApiError, fromZodError, invalidParams } from '../lib/errors.js';
import { shopperLanguage } from '../lib/language.js';
import { addToCart, clearCart, loadCart, removeLine, setLineQuantity, type CartLine, type CartRefusal, type DbContext } from '../services/cart.js';
import type { PurchaseRow } from '../db/statements.js';
import { escapeHtml } from '../lib/escape.js';
import { CURRENCY_FIELDS } from '../lib/money.js';
import {
  collectionData,
  findProductIds,
  listAttributes,
  listBrands,
  listCategories,
  loadProductById,
  loadProducts,
  ORDER_BY,
  type AttributeFilter,
  type CollectionDataRequest,
  type ProductListQuery,
} from '../services/catalog.js';
import { jsonAnswer, runCartWrite, type Answer } from '../services/idempotency.js';
import { couponMissingMessage } from '../../src/core/rules/coupons.js';
import { selectedRate } from '../../src/core/rules/shipping.js';
import { EMPTY_CUSTOMER, loadCustomer, loadQuote, quoteCart, ratesFor, saveCustomer } from '../services/cart-quote.js';
import { fastAdd, replayFacts, type AddRenderer } from '../services/cart-hot.js';
import { appliedCoupons, applyCoupon, removeCoupon } from '../services/coupons.js';
import { cartRefusalTexts, couponTextsIn } from '../services/checkout-messages.js';
import { textsIn, type Locale } from '../../src/i18n/index.js';
import { readCustomerUpdate } from './checkout-input.js';
import { checkoutRoutes } from './store-checkout.js';
import { cachedApiReads } from '../services/render-cache.js';
import { getOrCreateSession, readSessionId, renewSessionCookie } from '../session.js';
import { storeCart } from '../views/store-cart.js';
import { storeCategory, storeProduct, storeVariation } from '../views/store-product.js';
import { cartAnswerInputs, cartCookieLines, cartCookies, pagingHeaders, parseJsonBody, rawBody, readCart, requireNonce, sendAnswer, sendJson, shopUrls, writeScope, writerSession, type CartAnswerInputs, type ShopDeps } from './shared.js';



// ---------------------------------------------------------------- products query



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
  // Ids as a stock shop reads them (`wp_parse_id_list`: commas or spaces between them), and slugs,
  // which a stock 9.1 shop does not take (they match nothing there) but older callers send.
  category: z
    .string()
    .max(2000)
    .transform((s) => s.split(/[\s,]+/).map((part) => part.toLowerCase()).filter((part) => part !== ''))
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
  brand: z
    .string()
    .max(2000)
    .transform((s) => s.split(',').map((part) => part.trim().toLowerCase()).filter((part) => part !== ''))
    .refine((parts) => parts.length <= 100 && parts.every((p) => SLUG.test(p) && (!/^\d+$/.test(p) || Number(p) <= MAX_ID)), 'brand must be a brand id or slug, or a comma-separated list of them.')
    .optional(),
  attribute_relation: z.enum(['and', 'or'], { error: 'attribute_relation is not one of and and or.' }).optional(),
});

/** Taxonomy names of global attributes (`pa_colour`). */
const TAXONOMY = /^pa_[a-z0-9_-]{1,28}$/;

/**
 * Groups bracketed parameters such as `attributes[0][slug][]=blue` into `{0: {slug: ['blue']}}`.
 * Indexes are small whole numbers; anything else in the brackets is refused.
 */
function bracketGroups(params: URLSearchParams, name: string): Map<number, Map<string, string[]>> | string {
  const groups = new Map<number, Map<string, string[]>>();
  const pattern = new RegExp(`^${name}\\[(\\d{1,2})\\]\\[([a-z_]{1,20})\\](?:\\[\\d{0,3}\\])?$`);
  for (const [key, value] of params) {
    if (!key.startsWith(`${name}[`)) continue;
    const match = pattern.exec(key);
    if (!match) return `${name} is not of type array of objects.`;
    const index = Number(match[1]);
    const group = groups.get(index) ?? new Map<string, string[]>();
    const field = match[2] ?? '';
    group.set(field, [...(group.get(field) ?? []), ...value.split(',').map((v) => v.trim()).filter((v) => v !== '')]);
    groups.set(index, group);
  }
  if (groups.size > 20) return `${name} takes at most 20 items.`;
  return groups;
}

/** `attributes[i][attribute|slug|term_id|operator]` as the Store API reads it. */
function parseAttributeFilters(params: URLSearchParams): AttributeFilter[] {
  const groups = bracketGroups(params, 'attributes');
  if (typeof groups === 'string') throw invalidParams({ attributes: groups });
  const filters: AttributeFilter[] = [];
  for (const group of groups.values()) {
    const taxonomy = group.get('attribute')?.[0] ?? '';
    if (!TAXONOMY.test(taxonomy)) throw invalidParams({ attributes: 'attributes[attribute] must be an attribute taxonomy such as pa_colour.' });
    const slugs = (group.get('slug') ?? []).map((s) => s.toLowerCase());
    const ids = group.get('term_id') ?? [];
    if (slugs.length + ids.length > 100) throw invalidParams({ attributes: 'attributes takes at most 100 terms per attribute.' });
    if (!slugs.every((slug) => SLUG.test(slug))) throw invalidParams({ attributes: 'attributes[slug] must be term slugs.' });
    if (!ids.every((id) => /^\d{1,10}$/.test(id) && Number(id) <= MAX_ID)) throw invalidParams({ attributes: 'attributes[term_id] is not of type integer.' });
    const operator = group.get('operator')?.[0] ?? 'in';
    if (operator !== 'in' && operator !== 'and' && operator !== 'not_in') throw invalidParams({ attributes: 'attributes[operator] is not one of in, not_in and and.' });
    // A filter naming no terms filters nothing, as WooCommerce does.
    if (slugs.length + ids.length === 0) continue;
    filters.push({ taxonomy, termIds: ids.map(Number), termSlugs: slugs, operator });
  }
  return filters;
}

/** The `calculate_*` switches of `products/collection-data`. */
function parseCollectionRequest(params: URLSearchParams): CollectionDataRequest {
  const flag = (name: string) => {
    const value = params.get(name);
    if (value === null) return false;
    if (['true', '1'].includes(value)) return true;
    if (['false', '0', ''].includes(value)) return false;
    throw invalidParams({ [name]: `${name} is not of type boolean.` });
  };
  const groups = bracketGroups(params, 'calculate_attribute_counts');
  if (typeof groups === 'string') throw invalidParams({ calculate_attribute_counts: groups });
  const attributeCounts = [...groups.values()].map((group) => {
    const taxonomy = group.get('taxonomy')?.[0] ?? '';
    if (!TAXONOMY.test(taxonomy)) throw invalidParams({ calculate_attribute_counts: 'calculate_attribute_counts[taxonomy] must be an attribute taxonomy such as pa_colour.' });
    const queryType = group.get('query_type')?.[0] ?? 'and';
    if (queryType !== 'or' && queryType !== 'and') throw invalidParams({ calculate_attribute_counts: 'calculate_attribute_counts[query_type] is not one of or and and.' });
    return { taxonomy, queryType: queryType as 'or' | 'and' };
  });
  const taxonomies = [...params.getAll('calculate_taxonomy_counts'), ...params.getAll('calculate_taxonomy_counts[]')].flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
  const taxonomyCounts = [...new Set(taxonomies)].map((taxonomy) => {
    if (taxonomy !== 'product_cat' && taxonomy !== 'product_brand') throw invalidParams({ calculate_taxonomy_counts: 'calculate_taxonomy_counts[] is not one of product_cat and product_brand.' });
    return taxonomy;
  });
  return {
    priceRange: flag('calculate_price_range'),
    attributeCounts,
    ratingCounts: flag('calculate_rating_counts'),
    stockStatusCounts: flag('calculate_stock_status_counts'),
    taxonomyCounts,
  };
}

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
    brand: pick('brand'),
    attribute_relation: pick('attribute_relation'),
  });
  if (!parsed.success) throw fromZodError(parsed.error);
  const q = parsed.data;
  if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price) {
    throw invalidParams({ min_price: 'min_price must not be above max_price.' });
  }
  const categories = q.category ?? [];
  const brandParts = q.brand ?? [];
  const attributeFilters = parseAttributeFilters(params);
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
    ...(brandParts.length > 0 ? { brandIds: brandParts.filter((p) => /^\d+$/.test(p)).map(Number), brandSlugs: brandParts.filter((p) => !/^\d+$/.test(p)) } : {}),
    ...(attributeFilters.length > 0 ? { attributeFilters } : {}),
    ...(q.attribute_relation === undefined ? {} : { attributeRelation: q.attribute_relation }),
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
const couponSchema = z.object({ code: z.string({ error: 'code is not of type string.' }).max(100, 'code must be at most 100 characters long.') });
const shippingRateSchema = z.object({
  package_id: z.union([z.number().int().min(0).max(99), z.string().regex(/^\d{1,2}$/)], { error: 'package_id is not of type integer.' }).optional(),
  rate_id: z.string({ error: 'rate_id is not of type string.' }).max(50, 'rate_id must be at most 50 characters long.'),
});
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

/** Store API wording of a refused cart write, in the shopper's language (the request's unless told). */
export function storeRefusal(refusal: CartRefusal, locale: Locale = shopperLanguage()): ApiError {
  const quoted = (name: string) => `&quot;${name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}&quot;`;
  const t = textsIn(cartRefusalTexts, locale);
  switch (refusal.reason) {
    case 'invalid_id':
      return new ApiError(400, 'woocommerce_rest_product_invalid_id', 'Invalid product ID.');
    case 'missing_variation':
      return new ApiError(400, 'woocommerce_rest_missing_variation_data', 'Missing variation data for variable product.');
    case 'no_matching_variation':
      return new ApiError(400, 'woocommerce_rest_variation_id_from_variation_data', 'No matching variation found.');
    case 'out_of_stock':
      return new ApiError(400, 'woocommerce_rest_product_out_of_stock', t.outOfStock({ name: quoted(refusal.name) }));
    case 'not_enough_stock':
      return new ApiError(
        400,
        'woocommerce_rest_product_partially_out_of_stock',
        refusal.inCart > 0 ? t.notEnoughInCart({ name: quoted(refusal.name), stock: refusal.stock, inCart: refusal.inCart }) : t.notEnough({ name: quoted(refusal.name), stock: refusal.stock }),
      );
    case 'limit':
      return new ApiError(
        400,
        'woocommerce_store_api_invalid_quantity',
        refusal.inCart > 0 ? t.limitInCart({ name: quoted(refusal.name), limit: refusal.limit, inCart: refusal.inCart }) : t.limit({ name: quoted(refusal.name), limit: refusal.limit }),
      );
    case 'sold_individually':
      return new ApiError(400, 'woocommerce_rest_product_sold_individually', t.soldIndividually({ name: quoted(refusal.name) }));
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
  replay?: (facts: unknown) => Answer,
): Promise<Response> {
  const session = await writerSession(c, deps);
  await requireNonce(c, deps, session.id);
  const raw = await rawBody(c);
  const body = parseJsonBody(c, raw);
  const urls = shopUrls(c);
  const id = productId?.(body);
  const cartId = session.cartId;
  const scope = { ...writeScope(c, session, route, raw), ...(id === undefined ? {} : { productId: id }), ...(replay ? { replay } : {}) };
  const { answer, replayed } = await runCartWrite(deps, scope, async (tx, product) => {
    const outcome = await apply(tx, cartId, body, product);
    // Like the Store API, a conflict sends the cart as it now is, so the client can resolve it.
    if (outcome instanceof ApiError && outcome.status === 409) {
      const now = await loadCart(tx, cartId);
      return errorAnswer(new ApiError(409, outcome.code, outcome.message, { ...outcome.data, cart: storeCart(urls, now, await loadQuote(tx, cartId, now, deps.checkout.shipping)) }));
    }
    if (outcome instanceof ApiError) return errorAnswer(outcome);
    const lines = outcome ?? (await loadCart(tx, cartId));
    return jsonAnswer(status, storeCart(urls, lines, await loadQuote(tx, cartId, lines, deps.checkout.shipping)), cartCookies(c, lines));
  });
  return sendAnswer(c, answer, replayed);
}

// ---------------------------------------------------------------- routes

/** The Store API router, to mount at `/wp-json/wc/store/v1` (and the unversioned `/wc/store`). */
export function storeApiRoutes(deps: ShopDeps): Hono {
  const api = new Hono();

  // WordPress's REST headers on every answer.
  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    c.header('Link', `<${shopUrls(c).origin}/wp-json/>; rel="https://api.w.org/"`, { append: true });
  });
  // The Store API's nonce headers, whenever there is a session, on the cart's and the checkout's
  // answers only: stock WooCommerce adds them in those routes' base class (`AbstractCartRoute`), so
  // a catalogue or order read carries none (the recorded products and order answers), and they were
  // 315 of the 935 bytes of headers on each of a filter's two answers over slow 4G.
  const nonceHeaders: MiddlewareHandler = async (c, next) => {
    await next();
    const sessionId = readSessionId(c);
    if (sessionId === null) return;
    const keys = await deps.keys();
    const nonce = createNonce(keys, sessionId, STORE_API_ACTION);
    c.header('Nonce', nonce);
    c.header('X-WC-Store-API-Nonce', nonce);
    c.header('Nonce-Timestamp', String(Math.floor(Date.now() / 1000)));
    c.header('Cart-Token', cartToken(keys, sessionId));
    c.header('User-ID', '0');
  };
  for (const path of ['/cart', '/cart/*', '/checkout', '/checkout/*']) api.use(path, nonceHeaders);

  // Catalogue reads (products, variations, facets, categories, attributes and terms, brands) are
  // the same for every shopper: answered from the render cache until the catalogue changes.
  if (deps.cache) api.use('/products/*', cachedApiReads(deps.cache, (c) => shopUrls(c).origin));

  api.get('/products', async (c) => {
    const url = new URL(c.req.url);
    const query = parseProductQuery(url.searchParams);
    const urls = shopUrls(c);
    const pageLinks = (total: number) => pagingHeaders(c, query.page, query.perPage, total, true);
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

  // Facets of a listing: price range and term counts for the same filters as `products`.
  api.get('/products/collection-data', async (c) => {
    const params = new URL(c.req.url).searchParams;
    const query = parseProductQuery(params);
    const data = await collectionData(deps.db, query, parseCollectionRequest(params));
    return sendJson(c, {
      price_range: data.priceRange ? { ...CURRENCY_FIELDS, min_price: String(data.priceRange.min), max_price: String(data.priceRange.max) } : null,
      attribute_counts: data.attributeCounts,
      rating_counts: data.ratingCounts,
      stock_status_counts: data.stockStatusCounts,
      taxonomy_counts: data.taxonomyCounts,
    });
  });

  api.get('/products/attributes', async (c) => {
    const list = await listAttributes(deps.db);
    return sendJson(
      c,
      list.map((a) => ({ id: a.id, name: escapeHtml(a.name), taxonomy: a.taxonomy, type: 'select', order: 'menu_order', has_archives: false, count: a.terms.length })),
    );
  });

  api.get('/products/attributes/:id{[0-9]+}/terms', async (c) => {
    const id = Number(c.req.param('id').slice(0, 10));
    const attribute = (await listAttributes(deps.db)).find((a) => a.id === id);
    if (!attribute) throw new ApiError(404, 'woocommerce_rest_taxonomy_invalid', 'Attribute does not exist.');
    return sendJson(
      c,
      attribute.terms.map((t) => ({ id: t.id, name: escapeHtml(t.name), slug: t.slug, description: '', parent: 0, count: t.count })),
    );
  });

  api.get('/products/brands', async (c) => {
    const urls = shopUrls(c);
    const list = await listBrands(deps.db);
    return sendJson(
      c,
      list.map((b) => ({
        id: b.id,
        name: escapeHtml(b.name),
        slug: b.slug,
        description: escapeHtml(b.description),
        parent: 0,
        count: b.count,
        image: null,
        review_count: 0,
        permalink: `${urls.origin}/brand/${b.slug}/`,
      })),
    );
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
    const { lines, quote } = await readCart(c, deps, { descriptions: true, quote: true });
    for (const [name, value] of cartCookies(c, lines)) c.header(name, value, { append: true });
    return sendJson(c, storeCart(shopUrls(c), lines, quote));
  };
  api.get('/cart', getCart);
  /** The cart with its quote (line totals after the discount). */
  const cartNow = async (c: Context) => {
    const { lines, quote } = await readCart(c, deps, { descriptions: true, quote: true });
    return storeCart(shopUrls(c), lines, quote);
  };
  api.get('/cart/items', async (c) => sendJson(c, (await cartNow(c)).items));
  api.get('/cart/items/:key', async (c) => {
    const item = (await cartNow(c)).items.find((i) => i.key === c.req.param('key'));
    if (!item) throw new ApiError(409, 'woocommerce_rest_cart_invalid_key', 'Cart item no longer exists or is invalid.');
    return sendJson(c, item);
  });

  /** An add's answer from its outcome and inputs (a fast-path add's replay draws it again from stored ones). */
  const renderAdd: AddRenderer<CartAnswerInputs> = (outcome, inputs) => {
    if (!outcome.ok) return errorAnswer(storeRefusal(outcome.refusal));
    const { lines } = outcome;
    return jsonAnswer(201, storeCart({ origin: inputs.origin }, lines, quoteCart(deps.checkout.shipping, lines, [], EMPTY_CUSTOMER)), cartCookieLines(inputs, lines));
  };
  const add = (route: string) => async (c: Context) => {
    // A guest adding a simple product or a variation by its id to a cart without coupons or an
    // address: the fast path (services/cart-hot.ts); everything else below.
    if (deps.hot) {
      const shopper = await getOrCreateSession(c);
      await requireNonce(c, deps, shopper.id);
      const raw = await rawBody(c);
      const input = parseBody(addItemSchema, parseJsonBody(c, raw));
      const scope = writeScope(c, { ...shopper, cartId: shopper.id, customerId: null }, route, raw);
      const written = await fastAdd(
        deps.hot,
        { sessionId: shopper.id, productId: input.id, quantity: input.quantity ?? 1, idempotencyKey: scope.key, fingerprint: scope.fingerprint, descriptions: true, quoted: true },
        cartAnswerInputs(c),
        renderAdd,
      );
      if (written) {
        if (!shopper.isNew) renewSessionCookie(c, shopper.id);
        return sendAnswer(c, written.answer, false);
      }
    }
    return cartWrite(
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
      (facts) => replayFacts(facts, renderAdd),
    );
  };
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

  // Coupons. A free-shipping coupon selects free shipping as it appears (as stock does); a coupon
  // that is refused leaves the cart as it was.
  api.post('/cart/apply-coupon', (c) =>
    cartWrite(c, deps, 'cart/apply-coupon', 200, async (tx, sessionId, body) => {
      const { code } = parseBody(couponSchema, body);
      const lines = await loadCart(tx, sessionId);
      const before = await loadQuote(tx, sessionId, lines, deps.checkout.shipping);
      try {
        await applyCoupon(tx.db, sessionId, code, before.totals.subtotal, before.customer.billing.email.trim() === '' ? null : before.customer.billing.email);
      } catch (error) {
        // Stock escapes the quotes of this one message.
        if (error instanceof ApiError && error.message === couponMissingMessage(code, couponTextsIn(shopperLanguage()))) return new ApiError(400, error.code, escapeHtml(error.message));
        if (error instanceof ApiError) return error;
        throw error;
      }
      const rates = ratesFor(deps.checkout.shipping, lines, await appliedCoupons(tx.db, sessionId), before.customer.shipping.state);
      const chosen = selectedRate(rates, before.selected, before.rates);
      if (rates.length > 0 && chosen !== before.customer.shippingRate) await saveCustomer(tx.db, sessionId, { ...before.customer, shippingRate: chosen });
      return lines;
    }),
  );
  api.post('/cart/remove-coupon', (c) =>
    cartWrite(c, deps, 'cart/remove-coupon', 200, async (tx, sessionId, body) => {
      const { code } = parseBody(couponSchema, body);
      try {
        await removeCoupon(tx.db, sessionId, code);
      } catch (error) {
        if (error instanceof ApiError) return error;
        throw error;
      }
      return null;
    }),
  );

  // The customer: addresses as typed so far (totals and rates follow the shipping province).
  api.post('/cart/update-customer', (c) =>
    cartWrite(c, deps, 'cart/update-customer', 200, async (tx, sessionId, body) => {
      const next = readCustomerUpdate(body, await loadCustomer(tx.db, sessionId));
      await saveCustomer(tx.db, sessionId, next);
      return null;
    }),
  );
  api.post('/cart/select-shipping-rate', (c) =>
    cartWrite(c, deps, 'cart/select-shipping-rate', 200, async (tx, sessionId, body) => {
      const input = parseBody(shippingRateSchema, body);
      if (input.package_id !== undefined && Number(input.package_id) !== 0) {
        return new ApiError(400, 'woocommerce_rest_cart_invalid_package', 'Invalid Package ID.');
      }
      const lines = await loadCart(tx, sessionId);
      const quote = await loadQuote(tx, sessionId, lines, deps.checkout.shipping);
      if (!quote.rates.some((r) => r.id === input.rate_id)) {
        return new ApiError(400, 'woocommerce_rest_cart_invalid_rate', 'Invalid Rate ID.', { rate_id: input.rate_id });
      }
      await saveCustomer(tx.db, sessionId, { ...quote.customer, shippingRate: input.rate_id });
      return lines;
    }),
  );

  api.route('/', checkoutRoutes(deps));

  return api;
}
