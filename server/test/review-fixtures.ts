/** Rows tests put straight into the database: orders that make an email a verified owner, approved reviews. */
import { sql } from 'drizzle-orm';
import type { ShopDatabase } from '../db/query.js';
import { queryRows } from '../db/query.js';
import { reviewDedupeKey } from '../db/reviews-seed.js';

/** A completed order of `productId` by `email` (the verified-owner check reads these). */
export async function insertOrder(db: ShopDatabase, email: string, productId: number, status = 'completed'): Promise<void> {
  const [order] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO suki_orders (order_key, session_id, status, billing, shipping, billing_email, payment_method, shipping_rate, shipping_title, subtotal, discount_total, shipping_total, total, total_tax)
        VALUES (${`wc_order_${Math.random().toString(36).slice(2)}`}, 'test', ${status}, '{}', '{}', ${email.toLowerCase()}, 'cod', 'flat_rate:1', 'Flat rate', 100, 0, 0, 100, 0) RETURNING id`,
  );
  await db.execute(sql`INSERT INTO suki_order_items (order_id, product_id, name, sku, quantity, unit_price, line_total) VALUES (${order?.id}, ${productId}, 'x', 'x', 1, 100, 100)`);
}

/** An approved review as the shop would have published it; its id. */
export async function insertApprovedReview(db: ShopDatabase, productId: number | null, fields: { text: string; author?: string; rating?: number; email?: string; date?: string }): Promise<number> {
  const email = fields.email ?? `t${Math.random().toString(36).slice(2)}@example.ph`;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO suki_reviews (product_id, rating, text, author, email, status, date, dedupe_key)
        VALUES (${productId}, ${fields.rating ?? 5}, ${fields.text}, ${fields.author ?? 'Tester'}, ${email}, 'approved', ${fields.date ?? new Date().toISOString()}, ${reviewDedupeKey(productId, email, fields.text)}) RETURNING id`,
  );
  return Number(row?.id);
}

/** The product with the most reviews and one with none. */
export async function reviewProducts(db: ShopDatabase): Promise<{ busy: { id: number; slug: string; count: number }; quiet: { id: number; slug: string } }> {
  const [busy] = await queryRows<{ id: number; slug: string; count: number }>(db, sql`SELECT id, slug, review_count AS count FROM suki_products WHERE type <> 'variation' ORDER BY review_count DESC, id LIMIT 1`);
  const [quiet] = await queryRows<{ id: number; slug: string }>(db, sql`SELECT id, slug FROM suki_products WHERE type <> 'variation' AND review_count = 0 ORDER BY id LIMIT 1`);
  if (!busy || !quiet) throw new Error('seed lacks products');
  return { busy: { ...busy, count: Number(busy.count) }, quiet };
}
