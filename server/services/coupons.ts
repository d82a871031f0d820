/**
 * Coupons in a session's cart: apply and remove with the stock shop's checks and messages (the
 * rules live in `src/core/rules/coupons.ts`), and read the applied ones. The order's transaction
 * checks them again and counts the use (see `orders.ts`). Refusals are in the shopper's language
 * (the request's, unless told).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { PHP } from '../../src/core/domain/money.js';
import { checkCoupon, couponMissingMessage, normaliseCouponCode, withCoupon, withoutCoupon, type Coupon } from '../../src/core/rules/coupons.js';
import { formatMoney } from '../../src/core/rules/money.js';
import type { Locale } from '../../src/i18n/index.js';
import type { ShopDatabase } from '../db/query.js';
import { cartCoupons, couponUses, coupons } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { shopperLanguage } from '../lib/language.js';
import { couponTextsIn } from './checkout-messages.js';

/** Coupons stored with percents in hundredths; the rules take percents. */
export const toCoupon = (row: typeof coupons.$inferSelect): Coupon => ({
  code: row.code,
  discountType: row.discountType,
  amount: row.discountType === 'percent' ? row.amount / 100 : row.amount,
  freeShipping: row.freeShipping,
  expiresAt: row.expiresAt === null ? null : Date.parse(row.expiresAt),
  minimumSpend: row.minimumSpend,
  usageLimit: row.usageLimit,
  usageLimitPerEmail: row.usageLimitPerEmail,
  individualUse: row.individualUse,
});

const couponError = (message: string): ApiError => new ApiError(400, 'woocommerce_rest_cart_coupon_error', message);

/** The coupons applied to a session's cart, in the order applied. */
export async function appliedCoupons(db: ShopDatabase, sessionId: string): Promise<Coupon[]> {
  const rows = await db
    .select({ coupon: coupons })
    .from(cartCoupons)
    .innerJoin(coupons, eq(coupons.code, cartCoupons.code))
    .where(eq(cartCoupons.sessionId, sessionId))
    .orderBy(asc(cartCoupons.seq));
  return rows.map((r) => toCoupon(r.coupon));
}

/**
 * Applies `rawCode` to the cart (call inside the write's transaction, after the session row
 * exists). `subtotal` is the cart's subtotal now; `email` the billing email when known.
 */
export async function applyCoupon(tx: ShopDatabase, sessionId: string, rawCode: string, subtotal: number, email: string | null, now = Date.now(), locale: Locale = shopperLanguage()): Promise<void> {
  const texts = couponTextsIn(locale);
  const code = normaliseCouponCode(rawCode);
  if (code === '' || code.length > 100) throw couponError(couponMissingMessage(rawCode, texts));
  const [row] = await tx.select().from(coupons).where(eq(coupons.code, code));
  if (!row) throw couponError(couponMissingMessage(rawCode, texts));
  const applied = await appliedCoupons(tx, sessionId);
  let usageByEmail: number | null = null;
  if (email) {
    const [usage] = await tx.select({ n: sql<number>`count(*)::int` }).from(couponUses).where(and(eq(couponUses.code, code), eq(couponUses.email, email.trim().toLowerCase())));
    usageByEmail = usage?.n ?? 0;
  }
  const checked = checkCoupon(toCoupon(row), { now, subtotal, applied, usageCount: row.usageCount, usageByEmail, format: (amount) => formatMoney(amount, PHP), texts });
  if (!checked.ok) throw couponError(checked.error.message);
  const next = withCoupon(applied, checked.value);
  // Individual use drops the others.
  for (const dropped of applied.filter((c) => !next.includes(c))) {
    await tx.delete(cartCoupons).where(and(eq(cartCoupons.sessionId, sessionId), eq(cartCoupons.code, dropped.code)));
  }
  await tx.insert(cartCoupons).values({ sessionId, code }).onConflictDoNothing();
}

/** Removes `rawCode` from the cart; 400 "Invalid coupon code." when it is not applied. */
export async function removeCoupon(tx: ShopDatabase, sessionId: string, rawCode: string, locale: Locale = shopperLanguage()): Promise<void> {
  const applied = await appliedCoupons(tx, sessionId);
  const result = withoutCoupon(applied, rawCode, couponTextsIn(locale));
  if (!result.ok) throw couponError(result.error.message);
  await tx.delete(cartCoupons).where(and(eq(cartCoupons.sessionId, sessionId), eq(cartCoupons.code, normaliseCouponCode(rawCode))));
}
