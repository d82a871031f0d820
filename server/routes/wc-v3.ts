/**
 * The standard WooCommerce REST API for shop staff (`/wp-json/wc/v3`): orders (list, read, change
 * status), coupons (list, read, create) and, with the reviews plugin, review moderation
 * (`wc-v3-reviews.ts`). Authenticated with a consumer key and secret by HTTP
 * Basic auth (or `consumer_key`/`consumer_secret` in the query), accepted only over HTTPS or from
 * this machine, as WooCommerce does without OAuth. Completing or cancelling an order emails the
 * shopper; cancelling gives the stock (and the coupon use) back.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { toMajorString } from '../../src/core/rules/money.js';
import type { ShopDatabase } from '../db/query.js';
import { couponUses, coupons, orderItems, orders, products } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import type { ShopForMail } from '../mail/order-emails.js';
import { checkApiKey, permits } from '../services/api-keys.js';
import { queueStatusMail } from '../services/order-mail.js';
import type { FullOrder } from '../services/order-read.js';
import { isOrderStatus, statusChange, ORDER_STATUSES } from '../services/order-status.js';
import { PAYMENT_TITLES } from '../mail/order-emails.js';
import { sendJson } from './shared.js';
import { addStaffReviewRoutes, type StaffReviewsOptions } from './wc-v3-reviews.js';

export interface StaffApiOptions {
  readonly db: ShopDatabase;
  /** True when the request came over HTTPS or from this machine. */
  readonly isSafeTransport: (c: Context) => boolean;
  readonly shop: ShopForMail;
  /** The shop's public address, for links in emails. */
  readonly baseUrl: (c: Context) => string;
  /** Sends queued mail after a change commits. */
  readonly afterCommit?: () => void;
  /** Review moderation (`products/reviews`), while the reviews plugin is on; its media service deletes a review's own files. */
  readonly reviews?: { readonly media?: StaffReviewsOptions['media'] } | undefined;
}

const money = (minor: number): string => toMajorString(minor, 2);
const localDate = (iso: string): string => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 19);
const gmtDate = (iso: string): string => new Date(iso).toISOString().slice(0, 19);

/** An order in WooCommerce's v3 shape. */
function orderJson(full: FullOrder, uses: ReadonlyArray<{ code: string; discount: number }>): Record<string, unknown> {
  const { order, items } = full;
  return {
    id: order.id,
    parent_id: 0,
    number: String(order.id),
    order_key: order.orderKey,
    created_via: 'store-api',
    status: order.status,
    currency: order.currency,
    date_created: localDate(order.createdAt),
    date_created_gmt: gmtDate(order.createdAt),
    discount_total: money(order.discountTotal),
    shipping_total: money(order.shippingTotal),
    total: money(order.total),
    total_tax: money(order.totalTax),
    prices_include_tax: true,
    customer_id: 0,
    customer_note: order.customerNote,
    billing: JSON.parse(order.billing) as unknown,
    shipping: JSON.parse(order.shipping) as unknown,
    payment_method: order.paymentMethod,
    payment_method_title: PAYMENT_TITLES[order.paymentMethod === 'bacs' ? 'bacs' : 'cod'],
    line_items: items.map((i) => ({
      id: i.id,
      name: i.name,
      product_id: i.productId,
      variation_id: i.variationId,
      quantity: i.quantity,
      sku: i.sku,
      price: Number(money(i.unitPrice)),
      subtotal: money(i.lineTotal),
      total: money(i.lineTotal),
      meta_data: (JSON.parse(i.variation) as Array<{ attribute: string; value: string }>).map((v, index) => ({ id: index + 1, key: v.attribute, value: v.value })),
    })),
    shipping_lines: [{ id: 1, method_id: order.shippingRate.split(':')[0], instance_id: order.shippingRate.split(':')[1] ?? '', method_title: order.shippingTitle, total: money(order.shippingTotal) }],
    coupon_lines: uses.map((u, index) => ({ id: index + 1, code: u.code, discount: money(u.discount) })),
  };
}

/** A coupon in WooCommerce's v3 shape. */
function couponJson(row: typeof coupons.$inferSelect): Record<string, unknown> {
  return {
    id: row.id,
    code: row.code,
    amount: row.discountType === 'percent' ? (row.amount / 100).toFixed(2) : money(row.amount),
    discount_type: row.discountType,
    description: row.description,
    date_expires: row.expiresAt === null ? null : localDate(row.expiresAt),
    date_expires_gmt: row.expiresAt === null ? null : gmtDate(row.expiresAt),
    usage_count: row.usageCount,
    individual_use: row.individualUse,
    usage_limit: row.usageLimit,
    usage_limit_per_user: row.usageLimitPerEmail,
    free_shipping: row.freeShipping,
    minimum_amount: money(row.minimumSpend ?? 0),
  };
}

const loadFull = async (db: ShopDatabase, id: number): Promise<FullOrder | null> => {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));
  return { order, items };
};
const usesOf = (db: ShopDatabase, id: number) => db.select({ code: couponUses.code, discount: couponUses.discount }).from(couponUses).where(eq(couponUses.orderId, id));

const idParam = (c: Context): number => {
  const raw = c.req.param('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new ApiError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
  return id;
};

const decimal = z.union([z.string().regex(/^\d{1,9}(\.\d{1,2})?$/), z.number().nonnegative().max(999_999_999)]).transform((v) => Math.round(Number(v) * 100));
const couponCreate = z.object({
  code: z.string().trim().min(1).max(100),
  discount_type: z.enum(['percent', 'fixed_cart']).default('fixed_cart'),
  amount: decimal.default(0),
  description: z.string().max(500).default(''),
  date_expires: z.string().datetime({ offset: true, local: true }).nullable().optional(),
  individual_use: z.boolean().default(false),
  usage_limit: z.number().int().positive().nullable().optional(),
  usage_limit_per_user: z.number().int().positive().nullable().optional(),
  free_shipping: z.boolean().default(false),
  minimum_amount: decimal.optional(),
});

/** The staff API router, to mount at `/wp-json/wc/v3`. */
export function staffApiRoutes(options: StaffApiOptions): Hono {
  const { db } = options;
  const api = new Hono();

  // Authentication: Basic or query credentials, over a safe transport only.
  api.use('*', async (c, next) => {
    if (!options.isSafeTransport(c)) {
      throw new ApiError(401, 'woocommerce_rest_cannot_view', 'The REST API keys are accepted over HTTPS only.');
    }
    let key = c.req.query('consumer_key') ?? '';
    let secret = c.req.query('consumer_secret') ?? '';
    const header = c.req.header('authorization') ?? '';
    if (header.toLowerCase().startsWith('basic ')) {
      const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon > 0) {
        key = decoded.slice(0, colon);
        secret = decoded.slice(colon + 1);
      }
    }
    if (key === '' || secret === '') throw new ApiError(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
    const permission = await checkApiKey(db, key, secret);
    if (permission === null) throw new ApiError(401, 'woocommerce_rest_authentication_error', 'Consumer key is invalid.');
    if (!permits(permission, c.req.method)) throw new ApiError(401, 'woocommerce_rest_authentication_error', 'The API key provided does not have the permissions for this request.');
    c.header('Cache-Control', 'no-store');
    await next();
  });

  api.get('/orders', async (c) => {
    const page = Math.max(1, Math.min(1000, Number(c.req.query('page') ?? '1') || 1));
    const perPage = Math.max(1, Math.min(100, Number(c.req.query('per_page') ?? '10') || 10));
    const status = c.req.query('status');
    if (status !== undefined && status !== 'any' && !isOrderStatus(status)) {
      throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): status', { params: { status: `status is not one of any, ${ORDER_STATUSES.join(', ')}.` } });
    }
    const where = status === undefined || status === 'any' ? undefined : eq(orders.status, status);
    const [total] = await db.select({ n: count() }).from(orders).where(where);
    const rows = await db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(perPage).offset((page - 1) * perPage);
    const ids = rows.map((r) => r.id);
    const items = ids.length === 0 ? [] : await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id));
    const uses = ids.length === 0 ? [] : await db.select().from(couponUses).where(inArray(couponUses.orderId, ids));
    const n = total?.n ?? 0;
    c.header('X-WP-Total', String(n));
    c.header('X-WP-TotalPages', String(Math.ceil(n / perPage)));
    return sendJson(
      c,
      rows.map((order) => orderJson({ order, items: items.filter((i) => i.orderId === order.id) }, uses.filter((u) => u.orderId === order.id))),
    );
  });

  api.get('/orders/:id', async (c) => {
    const id = idParam(c);
    const full = await loadFull(db, id);
    if (!full) throw new ApiError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    return sendJson(c, orderJson(full, await usesOf(db, id)));
  });

  const updateOrder = async (c: Context) => {
    const id = idParam(c);
    const body = z.object({ status: z.string().max(20).optional() }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) throw new ApiError(400, 'rest_invalid_json', 'The request body is not valid JSON.');
    const to = body.data.status;
    if (to !== undefined && !isOrderStatus(to)) {
      throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): status', { params: { status: `status is not one of ${ORDER_STATUSES.join(', ')}.` } });
    }
    const result = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!locked) throw new ApiError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
      if (to === undefined) return loadFull(tx, id);
      const change = statusChange(locked.status, to);
      if (!change.allowed) throw new ApiError(400, 'woocommerce_rest_shop_order_invalid_status', change.message);
      if (!change.changed) return loadFull(tx, id);
      await tx.update(orders).set({ status: to }).where(eq(orders.id, id));
      const full = await loadFull(tx, id);
      if (!full) throw new Error('order vanished inside its transaction');
      if (change.restoreStock) {
        for (const item of [...full.items].sort((a, b) => (a.variationId || a.productId) - (b.variationId || b.productId))) {
          await tx
            .update(products)
            .set({ stockQuantity: sql`CASE WHEN ${products.stockQuantity} IS NULL THEN NULL ELSE ${products.stockQuantity} + ${item.quantity} END`, totalSales: sql`GREATEST(${products.totalSales} - ${item.quantity}, 0)` })
            .where(eq(products.id, item.variationId || item.productId));
        }
        const used = await tx.delete(couponUses).where(eq(couponUses.orderId, id)).returning({ code: couponUses.code });
        for (const u of used) await tx.update(coupons).set({ usageCount: sql`GREATEST(${coupons.usageCount} - 1, 0)` }).where(eq(coupons.code, u.code));
      }
      if (change.notify) await queueStatusMail(tx, full, options.shop, options.baseUrl(c), change.notify);
      return full;
    });
    options.afterCommit?.();
    if (!result) throw new ApiError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    return sendJson(c, orderJson(result, await usesOf(db, id)));
  };
  api.put('/orders/:id', updateOrder);
  api.post('/orders/:id', updateOrder);
  api.patch('/orders/:id', updateOrder);

  api.get('/coupons', async (c) => {
    const rows = await db.select().from(coupons).orderBy(desc(coupons.id)).limit(100);
    return sendJson(c, rows.map(couponJson));
  });
  api.get('/coupons/:id', async (c) => {
    const id = idParam(c);
    const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
    if (!row) throw new ApiError(404, 'woocommerce_rest_shop_coupon_invalid_id', 'Invalid ID.');
    return sendJson(c, couponJson(row));
  });
  api.post('/coupons', async (c) => {
    const parsed = couponCreate.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
      throw new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${field}`, { params: { [field]: parsed.error.issues[0]?.message ?? 'Invalid value.' } });
    }
    const input = parsed.data;
    if (input.discount_type === 'percent' && input.amount > 10_000) {
      throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): amount', { params: { amount: 'A percent discount is at most 100.' } });
    }
    const code = input.code.toLowerCase();
    const [exists] = await db.select({ code: coupons.code }).from(coupons).where(and(eq(coupons.code, code)));
    if (exists) throw new ApiError(400, 'woocommerce_rest_coupon_code_already_exists', 'The coupon code already exists');
    const [row] = await db
      .insert(coupons)
      .values({
        code,
        discountType: input.discount_type,
        amount: input.amount,
        description: input.description,
        expiresAt: input.date_expires ? new Date(/[zZ]|[+-]\d\d:\d\d$/.test(input.date_expires) ? input.date_expires : `${input.date_expires}+08:00`).toISOString() : null,
        individualUse: input.individual_use,
        usageLimit: input.usage_limit ?? null,
        usageLimitPerEmail: input.usage_limit_per_user ?? null,
        freeShipping: input.free_shipping,
        minimumSpend: input.minimum_amount ?? null,
      })
      .returning();
    if (!row) throw new Error('coupon insert returned nothing');
    return sendJson(c, couponJson(row), 201);
  });

  if (options.reviews) addStaffReviewRoutes(api, { db, media: options.reviews.media, baseUrl: options.baseUrl });

  return api;
}
