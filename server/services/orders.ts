/**
 * Placing an order, atomically: in one transaction the cart is read and re-priced from the
 * database (nothing the client says about money is used), stock is taken by conditional updates
 * (`stock_quantity >= n`, so parallel checkouts can never oversell), coupons are re-checked and
 * counted under a row lock (so a usage limit holds under concurrency), the order and its lines are
 * written, the cart is emptied and the emails are queued. Anything that fails rolls it all back.
 * A retried attempt (same session and attempt key) finds the order it already made.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Coupon } from '../../src/core/rules/coupons.js';
import { PHP } from '../../src/core/domain/money.js';
import { formatMoney } from '../../src/core/rules/money.js';
import { checkCoupon, couponDiscounts, grantsFreeShipping, orderTotals } from '../../src/core/rules/coupons.js';
import { selectedRate, shippingRates, type ShippingConfig } from '../../src/core/rules/shipping.js';
import { provinceByCode } from '../../src/core/domain/ph-provinces.js';
import { BASE_LOCALE, textsIn, type Locale } from '../../src/i18n/index.js';
import { checkoutRefusalTexts, couponTextsIn } from './checkout-messages.js';
import type { ShopDatabase } from '../db/query.js';
import { cartCoupons, cartItems, couponUses, coupons, orderItems, orders, products } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { loadCart, type CartLine, type DbContext } from './cart.js';
import { toCoupon } from './coupons.js';
import { activePrice } from './stock-rules.js';
import type { Address } from '../../src/core/domain/checkout.js';

/** A Store API address as orders store it: the domain address, with the email on billing. */
export type OrderAddress = Address & { readonly email?: string };

export type PaymentMethod = 'cod' | 'bacs';

/** What the checkout route hands over, already checked field by field. */
export interface PlaceOrderInput {
  readonly billing: OrderAddress & { readonly email: string };
  readonly shipping: OrderAddress;
  readonly customerNote: string;
  readonly paymentMethod: PaymentMethod;
  /** The rate chosen on the page; when it is no longer offered the order is refused. */
  readonly shippingRate: string | null;
  /** One per `Place order` attempt; a retry of the same attempt returns the same order. */
  readonly attemptKey: string | null;
}

/** An order as the routes and emails read it. */
export interface PlacedOrder {
  readonly id: number;
  readonly orderKey: string;
  readonly status: 'processing' | 'on-hold';
  readonly created: boolean;
}

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new order key like WooCommerce's: `wc_order_` and 13 random letters and digits. */
export const newOrderKey = (): string => `wc_order_${Array.from({ length: 13 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('')}`;

const STATUS_OF: Record<PaymentMethod, 'processing' | 'on-hold'> = { cod: 'processing', bacs: 'on-hold' };

/** The cart's subtotal from the database's prices. */
export const cartSubtotal = (lines: readonly CartLine[]): number => lines.reduce((sum, line) => sum + activePrice(line.item) * line.quantity, 0);

type RefusalTexts = typeof checkoutRefusalTexts.base;

const outOfStock = (line: CartLine, t: RefusalTexts): ApiError =>
  new ApiError(409, 'woocommerce_rest_product_out_of_stock', t.outOfStock({ name: line.parentName }), {
    key: line.key,
    product_id: line.productId,
  });

/**
 * Places the session's cart as an order. Throws {@link ApiError}s with the stock codes: 400
 * `woocommerce_rest_cart_empty`, 409 `woocommerce_rest_product_out_of_stock` (with the line's key),
 * 400 `woocommerce_rest_cart_coupon_error`, 400 `woocommerce_rest_invalid_shipping_option`.
 * `afterWrite` runs inside the transaction with the new order's id (it queues the emails).
 */
export async function placeOrder(ctx: DbContext, sessionId: string, input: PlaceOrderInput, options: PlaceOrderOptions): Promise<PlacedOrder> {
  try {
    return await placeOnce(ctx, sessionId, input, options);
  } catch (error) {
    // The same attempt placed at the same moment (a double click reaching two connections): the
    // other one committed first, and this one hit the attempt's unique index, found the stock gone
    // or the cart empty. Its order is the answer.
    if (input.attemptKey === null || !(isUniqueViolation(error) || error instanceof ApiError)) throw error;
    const done = await attemptOrder(ctx.db, sessionId, input.attemptKey);
    if (!done) throw error;
    return done;
  }
}

/** Options of {@link placeOrder}. */
export interface PlaceOrderOptions {
  readonly shipping: ShippingConfig;
  readonly now: number;
  readonly afterWrite?: (tx: ShopDatabase, orderId: number) => Promise<void>;
  /** The rate chosen in the cart (`cart/select-shipping-rate`), used while it is offered. */
  readonly preferredRate?: string | null;
  /** The signed-in account placing it; null or absent for a guest. */
  readonly customerId?: number | null;
  /** The checkout's language (the shopper's order mails are in it). @default 'en-PH' */
  readonly locale?: Locale;
}

/** PostgreSQL's unique_violation (23505), as node-postgres or PGlite report it, possibly wrapped. */
const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** The order an attempt already made, if any. */
const attemptOrder = async (db: ShopDatabase, sessionId: string, attemptKey: string): Promise<PlacedOrder | null> => {
  const [done] = await db
    .select({ id: orders.id, orderKey: orders.orderKey, status: orders.status })
    .from(orders)
    .where(and(eq(orders.sessionId, sessionId), eq(orders.attemptKey, attemptKey)));
  return done ? { id: done.id, orderKey: done.orderKey, status: done.status === 'on-hold' ? 'on-hold' : 'processing', created: false } : null;
};

async function placeOnce(ctx: DbContext, sessionId: string, input: PlaceOrderInput, options: PlaceOrderOptions): Promise<PlacedOrder> {
  // Refusals in the checkout's language, as the page shows them.
  const t = textsIn(checkoutRefusalTexts, options.locale ?? BASE_LOCALE);
  const couponTexts = couponTextsIn(options.locale ?? BASE_LOCALE);
  return ctx.db.transaction(async (tx) => {
    if (input.attemptKey !== null) {
      const done = await attemptOrder(tx, sessionId, input.attemptKey);
      if (done) return done;
    }
    const lines = await loadCart({ db: tx, run: ctx.run }, sessionId);
    if (lines.length === 0) throw new ApiError(400, 'woocommerce_rest_cart_empty', t.cartEmpty);

    // Stock: one conditional update per sold row, in id order (no deadlock between two checkouts).
    for (const line of [...lines].sort((a, b) => a.item.id - b.item.id)) {
      const taken = await tx
        .update(products)
        .set({ stockQuantity: sql`CASE WHEN ${products.stockQuantity} IS NULL THEN NULL ELSE ${products.stockQuantity} - ${line.quantity} END`, totalSales: sql`${products.totalSales} + ${line.quantity}` })
        .where(and(eq(products.id, line.item.id), sql`(${products.stockQuantity} IS NULL OR ${products.stockQuantity} >= ${line.quantity})`))
        .returning({ id: products.id });
      if (taken.length === 0) throw outOfStock(line, t);
    }

    const subtotal = cartSubtotal(lines);
    const email = input.billing.email.trim().toLowerCase();

    // Coupons: locked in code order, re-checked against the counts as they are now, then counted.
    const appliedRows = await tx
      .select({ code: cartCoupons.code })
      .from(cartCoupons)
      .where(eq(cartCoupons.sessionId, sessionId))
      .orderBy(asc(cartCoupons.seq));
    const codes = appliedRows.map((r) => r.code);
    const locked = codes.length === 0 ? [] : await tx.select().from(coupons).where(inArray(coupons.code, [...codes].sort())).orderBy(asc(coupons.code)).for('update');
    const byCode = new Map(locked.map((row) => [row.code, row]));
    const applied: Coupon[] = [];
    for (const code of codes) {
      const row = byCode.get(code);
      if (!row) throw new ApiError(400, 'woocommerce_rest_cart_coupon_error', couponTexts.missing({ code }));
      const [usage] = await tx.select({ n: sql<number>`count(*)::int` }).from(couponUses).where(and(eq(couponUses.code, code), eq(couponUses.email, email)));
      const checked = checkCoupon(toCoupon(row), {
        now: options.now,
        subtotal,
        applied,
        usageCount: row.usageCount,
        usageByEmail: usage?.n ?? 0,
        format: (amount) => formatMoney(amount, PHP),
        texts: couponTexts,
      });
      if (!checked.ok) throw new ApiError(400, checked.error.code, checked.error.message, { coupon: code });
      applied.push(checked.value);
    }

    // Shipping, from the address as it is now.
    if (!provinceByCode(input.shipping.state)) throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): shipping_address', { params: { shipping_address: t.stateInvalid } });
    const discounts = couponDiscounts(subtotal, applied);
    const discounted = subtotal - discounts.reduce((s, d) => s + d.discount, 0);
    const rates = shippingRates(options.shipping, { province: input.shipping.state, subtotal: discounted, freeShippingCoupon: grantsFreeShipping(applied) });
    // A rate named in the request must still be offered. Otherwise the cart's choice while it is
    // offered, else the default (free shipping when offered, else the first), as the cart shows it.
    const preferred = options.preferredRate ?? null;
    const rateId = input.shippingRate ?? (preferred === null ? selectedRate(rates, null) : selectedRate(rates, preferred, rates));
    const rate = rates.find((r) => r.id === rateId);
    if (!rate) throw new ApiError(400, 'woocommerce_rest_invalid_shipping_option', t.shippingUnavailable);

    const totals = orderTotals(subtotal, applied, rate.cost);
    const [order] = await tx
      .insert(orders)
      .values({
        orderKey: newOrderKey(),
        sessionId,
        status: STATUS_OF[input.paymentMethod],
        billing: JSON.stringify(input.billing),
        shipping: JSON.stringify(input.shipping),
        billingEmail: email,
        customerNote: input.customerNote,
        paymentMethod: input.paymentMethod,
        shippingRate: rate.id,
        shippingTitle: rate.label,
        subtotal: totals.subtotal,
        discountTotal: totals.discount,
        shippingTotal: totals.shipping,
        total: totals.total,
        totalTax: totals.vat,
        attemptKey: input.attemptKey,
        customerId: options.customerId ?? null,
        locale: options.locale ?? BASE_LOCALE,
      })
      .returning({ id: orders.id, orderKey: orders.orderKey });
    if (!order) throw new Error('order insert returned nothing');
    await tx.insert(orderItems).values(
      lines.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        variationId: line.variationId,
        name: line.parentName,
        sku: line.item.sku,
        variation: JSON.stringify(line.attributes.map((a) => ({ attribute: a.name, value: a.termName }))),
        quantity: line.quantity,
        unitPrice: activePrice(line.item),
        lineTotal: activePrice(line.item) * line.quantity,
      })),
    );
    for (const [i, coupon] of applied.entries()) {
      await tx
        .update(coupons)
        .set({ usageCount: sql`${coupons.usageCount} + 1` })
        .where(eq(coupons.code, coupon.code));
      await tx.insert(couponUses).values({ code: coupon.code, orderId: order.id, email, discount: discounts[i]?.discount ?? 0 });
    }
    await tx.delete(cartItems).where(eq(cartItems.sessionId, sessionId));
    await tx.delete(cartCoupons).where(eq(cartCoupons.sessionId, sessionId));
    await options.afterWrite?.(tx, order.id);
    return { id: order.id, orderKey: order.orderKey, status: STATUS_OF[input.paymentMethod], created: true };
  });
}
