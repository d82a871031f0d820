/**
 * The cart: lines per session in `suki_cart_items`. Writes are single atomic statements inside the
 * caller's transaction; the quantity check sits in the upsert's WHERE clause, so parallel adds to
 * one cart can neither lose nor duplicate a line nor go past stock.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ShopDatabase } from '../db/client.js';
import { cartItems, productImages, products } from '../db/schema.js';
import { md5 } from '../lib/crypto.js';
import { loadVariationValues, type ProductRow, type VariationAttributeValue } from './catalog.js';
import { activePrice, isInStock, purchaseLimit, type SellableRow } from './stock-rules.js';

/** What a shopper asks to add. */
export interface AddRequest {
  /** Product id: a simple product, a variable product (then variation data), or a variation. */
  readonly id: number;
  readonly quantity: number;
  /** A variation of `id`, when `id` is the variable product. */
  readonly variationId?: number;
  /** Chosen attribute values, keyed by `pa_colour`, `attribute_pa_colour` or the label; valued by slug or name. */
  readonly attributes?: Readonly<Record<string, string>>;
}

/** Why an add or quantity change was refused; the routes word it for their protocol. */
export type CartRefusal =
  | { readonly reason: 'invalid_id' }
  | { readonly reason: 'missing_variation' | 'no_matching_variation'; readonly name: string; readonly slug: string }
  | { readonly reason: 'out_of_stock'; readonly name: string; readonly slug: string }
  | { readonly reason: 'not_enough_stock'; readonly name: string; readonly slug: string; readonly stock: number; readonly inCart: number }
  | { readonly reason: 'limit'; readonly name: string; readonly slug: string; readonly limit: number; readonly inCart: number }
  | { readonly reason: 'sold_individually'; readonly name: string; readonly slug: string };

/** Result of a cart write. */
export type CartWrite = { readonly ok: true; readonly key: string } | { readonly ok: false; readonly refusal: CartRefusal };

/** One cart line with what the answers show about it. */
export interface CartLine {
  readonly key: string;
  readonly quantity: number;
  /** The parent (or simple) product. */
  readonly productId: number;
  readonly variationId: number;
  /** The row that is bought: the variation, or the simple product. */
  readonly item: ProductRow;
  readonly parentName: string;
  readonly parentSlug: string;
  readonly imageId: number | null;
  readonly imageAlt: string;
  /** Attribute values of a variation line, in attribute order. */
  readonly attributes: readonly VariationAttributeValue[];
}

/** Money totals of a cart, in centavos. */
export interface CartTotals {
  readonly lineTotals: readonly number[];
  readonly totalItems: number;
  readonly totalPrice: number;
  readonly itemsCount: number;
}

/** Sums a cart: line total = unit price × quantity; no tax, coupons or shipping in this shop. */
export function cartTotals(lines: readonly CartLine[]): CartTotals {
  const lineTotals = lines.map((line) => activePrice(line.item) * line.quantity);
  const totalItems = lineTotals.reduce((sum, n) => sum + n, 0);
  return { lineTotals, totalItems, totalPrice: totalItems, itemsCount: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

/**
 * WooCommerce's `cart_hash`: changes whenever contents or totals change; '' for an empty cart
 * (the value the fragments script compares with the `woocommerce_cart_hash` cookie).
 */
export function cartHash(lines: readonly CartLine[]): string {
  if (lines.length === 0) return '';
  const totals = cartTotals(lines);
  return md5(JSON.stringify(lines.map((line, i) => [line.key, line.item.id, line.quantity, totals.lineTotals[i]])) + String(totals.totalPrice));
}

/** The line key: like WooCommerce, an MD5 of product id, variation id and attribute values. */
export function lineKey(productId: number, variationId: number, values: readonly VariationAttributeValue[]): string {
  if (variationId === 0) return md5(String(productId));
  return md5(`${productId}_${variationId}_${values.map((v) => `attribute_${v.taxonomy}${v.termSlug}`).join('')}`);
}

const item = alias(products, 'item');
const parent = alias(products, 'parent');

/** The cart's lines in the order they were first added. */
export async function loadCart(db: ShopDatabase, sessionId: string): Promise<CartLine[]> {
  const rows = await db
    .select({
      key: cartItems.key,
      quantity: cartItems.quantity,
      productId: cartItems.productId,
      variationId: cartItems.variationId,
      item,
      parentName: parent.name,
      parentSlug: parent.slug,
      imageId: productImages.id,
      imageAlt: productImages.alt,
    })
    .from(cartItems)
    .innerJoin(item, sql`${item.id} = CASE WHEN ${cartItems.variationId} > 0 THEN ${cartItems.variationId} ELSE ${cartItems.productId} END`)
    .innerJoin(parent, eq(parent.id, cartItems.productId))
    .leftJoin(productImages, and(eq(productImages.productId, cartItems.productId), eq(productImages.position, 1)))
    .where(eq(cartItems.sessionId, sessionId))
    .orderBy(asc(cartItems.seq));
  const variationIds = rows.filter((r) => r.variationId > 0).map((r) => r.variationId);
  const values = variationIds.length > 0 ? await loadVariationValues(db, variationIds) : new Map<number, VariationAttributeValue[]>();
  return rows.map((r) => ({
    key: r.key,
    quantity: r.quantity,
    productId: r.productId,
    variationId: r.variationId,
    item: r.item,
    parentName: r.parentName,
    parentSlug: r.parentSlug,
    imageId: r.imageId,
    imageAlt: r.imageAlt ?? '',
    attributes: values.get(r.variationId) ?? [],
  }));
}

/** Normalises an attribute key (`attribute_pa_colour`, `pa_colour`, `Colour`) for matching. */
function attributeKey(key: string): string {
  return key.trim().toLowerCase().replace(/^attribute_/, '');
}

function matches(values: readonly VariationAttributeValue[], wanted: ReadonlyMap<string, string>): boolean {
  return values.every((v) => {
    const chosen = wanted.get(v.taxonomy) ?? wanted.get(v.name.toLowerCase());
    if (chosen === undefined) return false;
    const value = chosen.trim().toLowerCase();
    return value === v.termSlug || value === v.termName.toLowerCase();
  });
}

interface Purchase {
  readonly productId: number;
  readonly variationId: number;
  readonly row: ProductRow;
  readonly name: string;
  readonly slug: string;
  readonly values: readonly VariationAttributeValue[];
}

/** Works out what exactly is bought: the simple product, or one variation of a variable product. */
async function resolvePurchase(db: ShopDatabase, request: AddRequest): Promise<Purchase | CartRefusal> {
  const [row] = await db.select().from(products).where(eq(products.id, request.id));
  if (!row) return { reason: 'invalid_id' };
  if (row.type === 'simple') return { productId: row.id, variationId: 0, row, name: row.name, slug: row.slug, values: [] };

  if (row.type === 'variation') {
    const [parentRow] = await db.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(eq(products.id, row.parentId));
    if (!parentRow) return { reason: 'invalid_id' };
    const values = (await loadVariationValues(db, [row.id])).get(row.id) ?? [];
    return { productId: parentRow.id, variationId: row.id, row, name: parentRow.name, slug: parentRow.slug, values };
  }

  // A variable product: the variation comes from variation_id, or from the chosen attributes.
  const named = { name: row.name, slug: row.slug };
  const variations = await db.select().from(products).where(eq(products.parentId, row.id));
  const values = await loadVariationValues(
    db,
    variations.map((v) => v.id),
  );
  if (request.variationId !== undefined && request.variationId > 0) {
    const chosen = variations.find((v) => v.id === request.variationId);
    if (!chosen) return { reason: 'no_matching_variation', ...named };
    return { productId: row.id, variationId: chosen.id, row: chosen, ...named, values: values.get(chosen.id) ?? [] };
  }
  const wanted = new Map(Object.entries(request.attributes ?? {}).map(([k, v]) => [attributeKey(k), v]));
  if (wanted.size === 0) return { reason: 'missing_variation', ...named };
  const chosen = variations.find((v) => matches(values.get(v.id) ?? [], wanted));
  if (!chosen) return { reason: 'no_matching_variation', ...named };
  return { productId: row.id, variationId: chosen.id, row: chosen, ...named, values: values.get(chosen.id) ?? [] };
}

function isRefusal(value: Purchase | CartRefusal): value is CartRefusal {
  return 'reason' in value;
}

/** Why `wanted` units would not fit, given what is in the cart already. */
function limitRefusal(purchase: { row: SellableRow; name: string; slug: string }, inCart: number): CartRefusal {
  const { row, name, slug } = purchase;
  if (!isInStock(row)) return { reason: 'out_of_stock', name, slug };
  if (row.soldIndividually) return { reason: 'sold_individually', name, slug };
  const limit = purchaseLimit(row);
  if (row.stockQuantity !== null && row.stockQuantity <= limit) return { reason: 'not_enough_stock', name, slug, stock: row.stockQuantity, inCart };
  return { reason: 'limit', name, slug, limit, inCart };
}

async function quantityInCart(db: ShopDatabase, sessionId: string, key: string): Promise<number> {
  const [row] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.sessionId, sessionId), eq(cartItems.key, key)));
  return row?.quantity ?? 0;
}

/**
 * Adds units to the cart in one statement: insert the line, or on conflict add to its quantity, but
 * only while the sum stays within stock and the product's limit. Call inside a transaction that
 * has made sure the session row exists.
 */
export async function addToCart(tx: ShopDatabase, sessionId: string, request: AddRequest): Promise<CartWrite> {
  const purchase = await resolvePurchase(tx, request);
  if (isRefusal(purchase)) return { ok: false, refusal: purchase };
  const key = lineKey(purchase.productId, purchase.variationId, purchase.values);
  const limit = purchaseLimit(purchase.row);
  if (!isInStock(purchase.row) || request.quantity > limit) {
    return { ok: false, refusal: limitRefusal(purchase, await quantityInCart(tx, sessionId, key)) };
  }
  const written = await tx
    .insert(cartItems)
    .values({ sessionId, key, productId: purchase.productId, variationId: purchase.variationId, quantity: request.quantity })
    .onConflictDoUpdate({
      target: [cartItems.sessionId, cartItems.key],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${limit}`,
    })
    .returning({ quantity: cartItems.quantity });
  if (written.length === 0) return { ok: false, refusal: limitRefusal(purchase, await quantityInCart(tx, sessionId, key)) };
  return { ok: true, key };
}

/** Sets a line's quantity, within stock and limits. `invalid_id` means the key is not in this cart. */
export async function setLineQuantity(tx: ShopDatabase, sessionId: string, key: string, quantity: number): Promise<CartWrite> {
  const [line] = await tx
    .select({ item, parentName: parent.name, parentSlug: parent.slug, current: cartItems.quantity })
    .from(cartItems)
    .innerJoin(item, sql`${item.id} = CASE WHEN ${cartItems.variationId} > 0 THEN ${cartItems.variationId} ELSE ${cartItems.productId} END`)
    .innerJoin(parent, eq(parent.id, cartItems.productId))
    .where(and(eq(cartItems.sessionId, sessionId), eq(cartItems.key, key)))
    .for('update', { of: cartItems });
  if (!line) return { ok: false, refusal: { reason: 'invalid_id' } };
  const limit = purchaseLimit(line.item);
  if (!isInStock(line.item) || quantity > limit) {
    return { ok: false, refusal: limitRefusal({ row: line.item, name: line.parentName, slug: line.parentSlug }, line.current) };
  }
  await tx
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.sessionId, sessionId), eq(cartItems.key, key)));
  return { ok: true, key };
}

/** Removes a line; false when the key is not in this cart. */
export async function removeLine(tx: ShopDatabase, sessionId: string, key: string): Promise<boolean> {
  const removed = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.sessionId, sessionId), eq(cartItems.key, key)))
    .returning({ key: cartItems.key });
  return removed.length > 0;
}

/** Empties the cart. */
export async function clearCart(tx: ShopDatabase, sessionId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.sessionId, sessionId));
}
