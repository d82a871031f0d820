/**
 * The Store API's checkout and order routes: `GET /checkout` (the checkout as it stands),
 * `POST /checkout` (places the order: re-priced from the database, stock taken atomically, one order
 * per attempt) and `GET /order/{id}?key=…&billing_email=…` (the order read back, with stock's
 * 10-minute grace period). Answers and errors as WooCommerce 9.1 gives them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { PAYMENT_TITLES } from '../mail/order-emails.js';
import { coupons, couponUses, productImages, products } from '../db/schema.js';
import { BASE_LOCALE } from '../../src/i18n/index.js';
import { ApiError } from '../lib/errors.js';
import { requestLocale } from '../lib/language.js';
import { loadCart } from '../services/cart.js';
import { loadCustomer, loadQuote } from '../services/cart-quote.js';
import { idempotencyKeyOf } from '../services/idempotency.js';
import { queueNewOrderMail } from '../services/order-mail.js';
import { loadOrder, orderByKey, type FullOrder } from '../services/order-read.js';
import { placeOrder } from '../services/orders.js';
import { storeCart } from '../views/store-cart.js';
import { storeCheckoutDraft, storeCheckoutResult, storeOrder, type OrderItemProduct } from '../views/store-order.js';
import type { ShopUrls } from '../views/store-product.js';
import { readCheckoutBody } from './checkout-input.js';
import { cartCookies, cartOwnerId, parseJsonBody, rawBody, readerSession, requireNonce, sendJson, shopUrls, writerSession, type ShopDeps } from './shared.js';

/** Extras beyond the stock order answer that the order-received page shows (stock renders them in PHP). */
const orderExtensions = (deps: ShopDeps, full: FullOrder) => {
  const method = full.order.paymentMethod === 'bacs' ? 'bacs' : 'cod';
  return {
    suki: {
      date_created_gmt: new Date(full.order.createdAt).toISOString().slice(0, 19),
      payment_method: method,
      payment_method_title: PAYMENT_TITLES[method],
      shipping_method_title: full.order.shippingTitle,
      customer_note: full.order.customerNote,
      bank_details: method === 'bacs' ? deps.checkout.bankDetails : [],
    },
  };
};

/** What each order line's product shows (slug, descriptions, main image), for products that still exist. */
async function itemProducts(deps: ShopDeps, full: FullOrder): Promise<Map<number, OrderItemProduct>> {
  const ids = [...new Set(full.items.map((i) => i.productId))];
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: products.id, slug: products.slug, shortDescription: products.shortDescription, description: products.description, imageId: productImages.id, imageAlt: productImages.alt })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 1)))
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, { slug: r.slug, shortDescription: r.shortDescription ?? '', description: r.description ?? '', imageId: r.imageId, imageAlt: r.imageAlt ?? '' }]));
}

/**
 * A stored order as the Store API's `order/{id}` answers it, with our extras: the order route sends
 * it, and the My Account view-order page reads it through the adapter's mapping, as upstream does.
 */
export async function storeOrderAnswer(deps: ShopDeps, urls: ShopUrls, full: FullOrder) {
  const uses = await deps.db
    .select({ code: couponUses.code, discount: couponUses.discount, discountType: coupons.discountType })
    .from(couponUses)
    .innerJoin(coupons, eq(coupons.code, couponUses.code))
    .where(eq(couponUses.orderId, full.order.id));
  return { ...storeOrder(urls, full, uses, await itemProducts(deps, full)), extensions: orderExtensions(deps, full) };
}

/** The order id from the path: 1 to 2^31−1, else the stock "invalid order" answer. */
const orderIdParam = (c: Context): number => {
  const raw = c.req.param('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new ApiError(401, 'woocommerce_rest_invalid_order', 'Invalid order ID or key provided.');
  return id;
};

/** The checkout and order routes, mounted inside the Store API router. */
export function checkoutRoutes(deps: ShopDeps): Hono {
  const api = new Hono();

  api.get('/checkout', async (c) => {
    const session = await readerSession(c, deps);
    const lines = session.isNew ? [] : await loadCart(deps, session.cartId, { descriptions: false });
    if (lines.length === 0) throw new ApiError(400, 'woocommerce_rest_cart_empty', 'Cannot create order from empty cart.');
    const quote = await loadQuote(deps, session.cartId, lines, deps.checkout.shipping);
    return sendJson(c, storeCheckoutDraft(quote.customer));
  });

  api.post('/checkout', async (c) => {
    const session = await writerSession(c, deps);
    await requireNonce(c, deps, session.id);
    const body = parseJsonBody(c, await rawBody(c));
    // One order per attempt: the page sends the same `Idempotency-Key` with every retry of one click.
    // The checkout's language: its refusals and the shopper's order mails are in it.
    const locale = requestLocale(c);
    const input = readCheckoutBody(body, idempotencyKeyOf(c.req.header('idempotency-key')) ?? null, locale);
    const urls = shopUrls(c);
    let placed;
    // The order as written inside the transaction, so the answer needs no second read.
    const written: { order: FullOrder | null } = { order: null };
    try {
      placed = await placeOrder(deps, session.cartId, input, {
        shipping: deps.checkout.shipping,
        now: Date.now(),
        // The shipping rate is the cart's choice, as stock reads it from the cart.
        preferredRate: (await loadCustomer(deps.db, session.cartId)).shippingRate,
        // Placed signed in: the order is the account's.
        customerId: session.customerId,
        locale,
        afterWrite: async (tx, orderId) => {
          written.order = await loadOrder(tx, orderId);
          if (!written.order) throw new Error('order vanished inside its transaction');
          await queueNewOrderMail(tx, written.order, { name: deps.shopName, ordersEmail: deps.checkout.ordersEmail, bankDetails: deps.checkout.bankDetails, locale: deps.shopLocale ?? BASE_LOCALE }, urls.origin);
        },
      });
    } catch (error) {
      // Out of stock: stock answers 409 with the cart as it is, so the page can mark the line.
      if (error instanceof ApiError && error.status === 409) {
        const lines = await loadCart(deps, session.cartId);
        throw new ApiError(409, error.code, error.message, { ...error.data, cart: storeCart(urls, lines, await loadQuote(deps, session.cartId, lines, deps.checkout.shipping)) });
      }
      throw error;
    }
    // The emails go after the commit, never inside the order's transaction.
    if (placed.created) deps.sendQueuedMail();
    const full = placed.created && written.order ? written.order : await loadOrder(deps.db, placed.id);
    if (!full) throw new Error(`order ${placed.id} not found after placing it`);
    for (const [name, value] of cartCookies(c, [])) c.header(name, value, { append: true });
    if (!placed.created) c.header('Idempotent-Replayed', 'true');
    return sendJson(c, storeCheckoutResult(urls, full));
  });

  api.get('/order/:id', async (c) => {
    const id = orderIdParam(c);
    const key = c.req.query('key') ?? '';
    // An email too long to be anyone's counts as none (after the grace period: the stock 401).
    const rawEmail = c.req.query('billing_email');
    const email = rawEmail === undefined || rawEmail.length > 200 ? null : rawEmail;
    if (key === '' || key.length > 64) throw new ApiError(401, 'woocommerce_rest_invalid_order', 'Invalid order ID or key provided.');
    // The session that placed it: a signed-in shopper's orders are placed from the account's cart.
    const access = await orderByKey(deps.db, id, key, email, await cartOwnerId(c, deps));
    if (!access.ok) {
      if (access.reason === 'invalid_order') throw new ApiError(401, 'woocommerce_rest_invalid_order', 'Invalid order ID or key provided.');
      throw new ApiError(401, 'woocommerce_rest_invalid_billing_email', 'Invalid billing email provided.');
    }
    return sendJson(c, await storeOrderAnswer(deps, shopUrls(c), access.value));
  });

  return api;
}
