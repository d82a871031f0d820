/**
 * Cart adapter: adds and removes through the stock `?wc-ajax=` endpoints (the same calls the
 * WooCommerce scripts make), changes quantities and reads the cart through the Store API.
 */
import { z } from 'zod/mini';
import type { AddToCartRequest, Cart, CartLine } from '../core/domain/cart.js';
import type { CartPort, PortFailure } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import type { HttpClient } from './http.js';
import { amountSchema, currencyShape, imageSchema, safeUrl, toCurrency, toImage, toMinorUnits } from './store-api.js';
import { htmlToText } from './text.js';

const CART_ROUTE = 'wc/store/v1/cart';

/** Host paths of the wc-ajax cart endpoints (relative to the shop's home URL, not the API root). */
export const WC_AJAX = {
  addToCart: '/?wc-ajax=add_to_cart',
  removeFromCart: '/?wc-ajax=remove_from_cart',
  refreshedFragments: '/?wc-ajax=get_refreshed_fragments',
} as const;

const cartItemSchema = z.object({
  key: z.string(),
  id: z.int(),
  quantity: z.int(),
  quantity_limits: z.object({
    minimum: z.int(),
    maximum: z.int(),
    multiple_of: z.int(),
    editable: z.boolean(),
  }),
  name: z.string(),
  sku: z.optional(z.string()),
  permalink: z.optional(z.string()),
  images: z.optional(z.array(imageSchema)),
  variation: z.optional(z.array(z.object({ attribute: z.string(), value: z.string() }))),
  prices: z.object({ price: amountSchema, regular_price: amountSchema }),
  totals: z.object({ line_subtotal: amountSchema, line_total: amountSchema }),
});

/** The Store API cart (`GET /cart`, and the answer of every cart route) as the storefront reads it. */
export const storeCartSchema = z.object({
  items: z.array(cartItemSchema),
  coupons: z.array(z.object({ code: z.string() })),
  totals: z.object({
    total_items: amountSchema,
    total_discount: amountSchema,
    // null until shipping has been calculated.
    total_shipping: z.nullable(amountSchema),
    total_tax: amountSchema,
    total_price: amountSchema,
    ...currencyShape,
  }),
});

// PHP encodes an empty fragments map as `[]`.
const fragmentsSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]);

/**
 * `add_to_cart` answers: a refusal `{error: true, product_url}` or, from
 * `get_refreshed_fragments`, `{fragments, cart_hash}` without an `error` key.
 */
export const addToCartReplySchema = z.union([
  z.object({ error: z.literal(true), product_url: z.optional(z.union([z.string(), z.literal(false)])) }),
  z.object({ error: z.optional(z.literal(false)), fragments: fragmentsSchema, cart_hash: z.string() }),
]);

/** `remove_from_cart` answers fragments on success and `{"success": false}` for an unknown key. */
export const removeFromCartReplySchema = z.object({
  success: z.optional(z.boolean()),
  fragments: z.optional(fragmentsSchema),
});

/** `get_refreshed_fragments` answer. */
export const refreshedFragmentsSchema = z.object({ fragments: fragmentsSchema, cart_hash: z.string() });

/** Maps a validated Store API cart to the domain cart. */
export function toCart(cart: z.infer<typeof storeCartSchema>): Cart {
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

/** Form field name of a variation attribute: `attribute_` + the attribute's sanitised name. */
export function attributeField(name: string): string {
  if (name.startsWith('attribute_')) return name;
  return `attribute_${name.trim().toLowerCase().replace(/\s+/g, '-')}`;
}

const RESERVED_FIELDS: ReadonlySet<string> = new Set(['product_id', 'quantity', 'variation_id']);

/**
 * The `add_to_cart` form: the button's other data first, then the stock fields, which win.
 * For a variation, `product_id` carries the variation id: the stock handler resolves the parent
 * and the attributes from it and does not read `variation_id` (a parent id there is refused).
 * `variation_id` and `attribute_*` are sent as well, as variation-aware buttons do.
 */
export function addToCartFields(request: AddToCartRequest): Array<[string, string]> {
  const variationId = request.variationId;
  const attributes = Object.entries(request.variation ?? {}).map(([name, value]): [string, string] => [
    attributeField(name),
    value,
  ]);
  const core = new Set([...RESERVED_FIELDS, ...attributes.map(([name]) => name)]);
  const extra = Object.entries(request.extra ?? {}).filter(([name]) => !core.has(name));
  return [
    ...extra,
    ['product_id', String(variationId ?? request.productId)],
    ['quantity', String(request.quantity)],
    ...(variationId === undefined ? [] : [['variation_id', String(variationId)] as [string, string]]),
    ...attributes,
  ];
}

/** The part of a Store API product that says its category (a variation of stock points to its parent). */
export const productCategorySchema = z.object({
  id: z.int(),
  parent: z.optional(z.int()),
  categories: z.optional(z.array(z.object({ name: z.string() }))),
});

/** The first category name of a product answer, or null when it lists none. */
export const firstCategoryOf = (product: z.infer<typeof productCategorySchema>): string | null => {
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

/** Implements {@link CartPort} over wc-ajax (add, remove) and the Store API (quantity, load). */
export function createCartAdapter(http: HttpClient): CartAdapter {
  const load = async (): Promise<Result<Cart, PortFailure>> => {
    const reply = await http.rest({ path: CART_ROUTE, schema: storeCartSchema });
    return reply.ok ? ok(toCart(reply.value.data)) : reply;
  };

  const add = async (request: AddToCartRequest): Promise<Result<Cart, PortFailure>> => {
    const reply = await http.postForm({
      path: WC_AJAX.addToCart,
      fields: addToCartFields(request),
      schema: addToCartReplySchema,
      idempotencyKey: request.idempotencyKey,
    });
    if (!reply.ok) return reply;
    const data = reply.value.data;
    if (data.error === true) {
      const url = typeof data.product_url === 'string' && data.product_url !== '' ? http.sameOrigin(data.product_url) : null;
      return err({ kind: 'product-url', url, message: 'This product could not be added to the cart.' });
    }
    return load();
  };

  const remove = async (request: { readonly key: string; readonly idempotencyKey: string }): Promise<Result<Cart, PortFailure>> => {
    const reply = await http.postForm({
      path: WC_AJAX.removeFromCart,
      fields: [['cart_item_key', request.key]],
      schema: removeFromCartReplySchema,
      idempotencyKey: request.idempotencyKey,
    });
    if (!reply.ok) return reply;
    if (reply.value.data.success === false || reply.value.data.fragments === undefined) {
      return err({ kind: 'refused', message: 'This item could not be removed from the cart.' });
    }
    return load();
  };

  const setQuantity = async (request: {
    readonly key: string;
    readonly quantity: number;
    readonly idempotencyKey: string;
  }): Promise<Result<Cart, PortFailure>> => {
    const reply = await http.rest({
      path: `${CART_ROUTE}/update-item`,
      method: 'POST',
      json: { key: request.key, quantity: request.quantity },
      schema: storeCartSchema,
      idempotencyKey: request.idempotencyKey,
    });
    return reply.ok ? ok(toCart(reply.value.data)) : reply;
  };

  const cartHash = async (): Promise<Result<string, PortFailure>> => {
    const reply = await http.postForm({
      path: WC_AJAX.refreshedFragments,
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
