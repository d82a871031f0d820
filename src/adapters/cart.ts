/**
 * Cart adapter: every change goes through the Store API cart routes (`cart/add-item`,
 * `cart/remove-item`, `cart/update-item`), which answer with the whole cart, so a change costs one
 * round trip. Writes carry the `Nonce` the page was rendered with (seeded into the HTTP client);
 * the client refreshes it once on a nonce error. `?wc-ajax=get_refreshed_fragments` still tells
 * whether another tab changed the cart.
 */
import * as v from 'valibot';
import type { AddToCartRequest, Cart, CartLine } from '../core/domain/cart.js';
import type { CartPort, PortFailure } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import { NONCE_ERROR_CODES, type HttpClient } from './http.js';
import { amountSchema, currencyShape, imageSchema, safeUrl, toCurrency, toImage, toMinorUnits, int } from './store-api.js';
import { htmlToText } from './text.js';

const CART_ROUTE = 'wc/store/v1/cart';

/** Host path of the fragments refresh, which tells whether the cart changed elsewhere. */
const REFRESHED_FRAGMENTS = '/?wc-ajax=get_refreshed_fragments';

const cartItemSchema = v.object({
  key: v.string(),
  id: int,
  quantity: int,
  quantity_limits: v.object({
    minimum: int,
    maximum: int,
    multiple_of: int,
    editable: v.boolean(),
  }),
  name: v.string(),
  sku: v.optional(v.string()),
  permalink: v.optional(v.string()),
  images: v.optional(v.array(imageSchema)),
  variation: v.optional(v.array(v.object({ attribute: v.string(), value: v.string() }))),
  prices: v.object({ price: amountSchema, regular_price: amountSchema }),
  totals: v.object({ line_subtotal: amountSchema, line_total: amountSchema }),
});

/** The Store API cart (`GET /cart`, and the answer of every cart route) as the storefront reads it. */
export const storeCartSchema = v.object({
  items: v.array(cartItemSchema),
  coupons: v.array(v.object({ code: v.string() })),
  totals: v.object({
    total_items: amountSchema,
    total_discount: amountSchema,
    // null until shipping has been calculated.
    total_shipping: v.nullable(amountSchema),
    total_tax: amountSchema,
    total_price: amountSchema,
    ...currencyShape,
  }),
});

// PHP encodes an empty fragments map as `[]`.
const fragmentsSchema = v.union([v.record(v.string(), v.unknown()), v.array(v.unknown())]);

/** `get_refreshed_fragments` answer. */
export const refreshedFragmentsSchema = v.object({ fragments: fragmentsSchema, cart_hash: v.string() });

/** Maps a validated Store API cart to the domain cart. */
export function toCart(cart: v.InferOutput<typeof storeCartSchema>): Cart {
  const lines = cart.items.map(
    (item): CartLine => ({
      key: item.key,
      id: item.id,
      name: htmlToText(item.name),
      sku: item.sku ?? '',
      quantity: item.quantity,
      limits: {
        minimum: item.quantity_limits.minimum,
        maximum: item.quantity_limits.maximum,
        multipleOf: item.quantity_limits.multiple_of,
        editable: item.quantity_limits.editable,
      },
      permalink: safeUrl(item.permalink ?? ''),
      image: item.images?.[0] ? toImage(item.images[0]) : null,
      variation: (item.variation ?? []).map((entry) => ({
        attribute: htmlToText(entry.attribute),
        value: htmlToText(entry.value),
      })),
      unitPrice: toMinorUnits(item.prices.price),
      regularPrice: toMinorUnits(item.prices.regular_price),
      lineSubtotal: toMinorUnits(item.totals.line_subtotal),
      lineTotal: toMinorUnits(item.totals.line_total),
      // The Store API cart item carries no categories; see `productCategory`.
      category: null,
      pending: false,
    }),
  );
  const { totals } = cart;
  return {
    lines,
    totals: {
      subtotal: toMinorUnits(totals.total_items),
      discount: toMinorUnits(totals.total_discount),
      shipping: totals.total_shipping === null ? null : toMinorUnits(totals.total_shipping),
      tax: toMinorUnits(totals.total_tax),
      total: toMinorUnits(totals.total_price),
      currency: toCurrency(totals),
    },
    coupons: cart.coupons.map((coupon) => ({ code: coupon.code })),
    itemsCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** The part of a Store API product that says its category (a variation of stock points to its parent). */
export const productCategorySchema = v.object({
  id: int,
  parent: v.optional(int),
  categories: v.optional(v.array(v.object({ name: v.string() }))),
});

/** The first category name of a product answer, or null when it lists none. */
export const firstCategoryOf = (product: v.InferOutput<typeof productCategorySchema>): string | null => {
  for (const category of product.categories ?? []) {
    const name = htmlToText(category.name).trim();
    if (name !== '') return name;
  }
  return null;
};

/** The cart port plus the fragments hash, for noticing changes made in another tab. */
export interface CartAdapter extends CartPort {
  productCategory(id: number): Promise<Result<string | null, PortFailure>>;
  /** `cart_hash` from `?wc-ajax=get_refreshed_fragments`; compare with the last one seen. */
  cartHash(): Promise<Result<string, PortFailure>>;
}

/** The `data` of a Store API error that carries the cart (a 409 conflict does). */
const conflictDataSchema = v.object({ cart: storeCartSchema });

/** The Store API's error for a cart item key that is no longer in the cart. */
export const INVALID_KEY = 'woocommerce_rest_cart_invalid_key';

/** A Store API `variation` list from the chosen attribute values (label, slug or `attribute_` name). */
export const variationOf = (variation: Readonly<Record<string, string>> | undefined): Array<{ attribute: string; value: string }> =>
  Object.entries(variation ?? {})
    .filter(([attribute]) => attribute.trim() !== '')
    .map(([attribute, value]) => ({ attribute, value }));

/** The `cart/add-item` body: the variation's own id when there is one, and its attribute values. */
export const addItemBody = (request: AddToCartRequest): { id: number; quantity: number; variation?: Array<{ attribute: string; value: string }> } => {
  const variation = variationOf(request.variation);
  return {
    id: request.variationId ?? request.productId,
    quantity: request.quantity,
    ...(variation.length > 0 ? { variation } : {}),
  };
};

/** Implements {@link CartPort} over the Store API cart routes: one request per change. */
export function createCartAdapter(http: HttpClient): CartAdapter {
  const load = async (): Promise<Result<Cart, PortFailure>> => {
    const reply = await http.rest({ path: CART_ROUTE, schema: storeCartSchema });
    return reply.ok ? ok(toCart(reply.value.data)) : reply;
  };

  /** The cart a failed write's error carries (`data.cart` of a 409), if it parses. */
  const cartOfFailure = (failure: PortFailure): Cart | null => {
    if (failure.kind !== 'http' || failure.status !== 409) return null;
    const parsed = v.safeParse(conflictDataSchema, failure.data);
    return parsed.success ? toCart(parsed.output.cart) : null;
  };

  /** A failure as the cart reports it: a conflict that sent the cart back is a refusal with that cart. */
  const failureOf = (failure: PortFailure): PortFailure => {
    if (failure.kind !== 'http') return failure;
    const cart = cartOfFailure(failure);
    const { data: _data, ...plain } = failure;
    return cart ? { kind: 'refused', message: failure.message, cart } : plain;
  };

  /** One cart write: answers with the whole cart, or a failure. */
  const write = async (route: string, json: unknown, idempotencyKey: string): Promise<Result<Cart, PortFailure>> => {
    const reply = await http.rest({ path: `${CART_ROUTE}/${route}`, method: 'POST', json, schema: storeCartSchema, idempotencyKey });
    return reply.ok ? ok(toCart(reply.value.data)) : err(reply.error);
  };

  const add = async (request: AddToCartRequest): Promise<Result<Cart, PortFailure>> => {
    const result = await write('add-item', addItemBody(request), request.idempotencyKey);
    if (result.ok) return result;
    const failure = result.error;
    // A refusal (out of stock, too many, a choice missing): like wc-ajax's `{error, product_url}`,
    // it names the product's page, where the shopper can see why.
    if (failure.kind === 'http' && failure.status === 400 && !NONCE_ERROR_CODES.has(failure.code)) {
      const url = request.productUrl ? http.sameOrigin(request.productUrl) : null;
      return err({ kind: 'product-url', url, message: failure.message });
    }
    return err(failureOf(failure));
  };

  const remove = async (request: { readonly key: string; readonly idempotencyKey: string }): Promise<Result<Cart, PortFailure>> => {
    const result = await write('remove-item', { key: request.key }, request.idempotencyKey);
    if (result.ok) return result;
    // The line is gone already (removed in another tab, or this remove's lost answer landed): the
    // shopper's wish holds, and the conflict carries the cart as it is.
    const cart = result.error.kind === 'http' && result.error.code === INVALID_KEY ? cartOfFailure(result.error) : null;
    return cart ? ok(cart) : err(failureOf(result.error));
  };

  const setQuantity = async (request: {
    readonly key: string;
    readonly quantity: number;
    readonly idempotencyKey: string;
  }): Promise<Result<Cart, PortFailure>> => {
    // Zero means "remove", which the Store API does through its own route.
    if (request.quantity === 0) return remove(request);
    const result = await write('update-item', { key: request.key, quantity: request.quantity }, request.idempotencyKey);
    return result.ok ? result : err(failureOf(result.error));
  };

  const cartHash = async (): Promise<Result<string, PortFailure>> => {
    const reply = await http.postForm({
      path: REFRESHED_FRAGMENTS,
      // Cache buster, as cart-fragments.js sends it.
      fields: [['time', String(Date.now())]],
      schema: refreshedFragmentsSchema,
    });
    return reply.ok ? ok(reply.value.data.cart_hash) : reply;
  };

  // Categories of products rarely change while a page is open: ask once per product.
  const categories = new Map<number, string | null>();
  const productCategory = async (id: number): Promise<Result<string | null, PortFailure>> => {
    if (categories.has(id)) return ok(categories.get(id) ?? null);
    const reply = await http.rest({ path: `wc/store/v1/products/${id}`, schema: productCategorySchema });
    if (!reply.ok) return reply;
    let name = firstCategoryOf(reply.value.data);
    const parent = reply.value.data.parent ?? 0;
    // A stock shop lists a variation's categories on its parent only.
    if (name === null && parent > 0 && parent !== id) {
      const parentReply = await http.rest({ path: `wc/store/v1/products/${parent}`, schema: productCategorySchema });
      if (!parentReply.ok) return parentReply;
      name = firstCategoryOf(parentReply.value.data);
    }
    categories.set(id, name);
    return ok(name);
  };

  return { load, add, remove, setQuantity, productCategory, cartHash };
}
