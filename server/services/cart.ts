/**
 * The cart: lines per session in `suki_cart_items`. Writes are single atomic statements inside the
 * caller's transaction; the quantity check sits in the upsert's WHERE clause, so parallel adds to
 * one cart can neither lose nor duplicate a line nor go past stock.
 */
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ShopDatabase } from '../db/query.js';
import { cartItems, products } from '../db/schema.js';
import { STATEMENTS, type CartLineRow, type PurchaseRow, type StatementRunner } from '../db/statements.js';
import { mergeCarts } from '../../src/core/rules/account.js';
import { md5 } from '../lib/crypto.js';
import { loadVariationValues, type VariationAttributeValue } from './catalog.js';
import { activePrice, isInStock, purchaseLimit, type SellableRow } from './stock-rules.js';

/** A database (or open transaction) and the way its hot statements run. */
export interface DbContext {
  readonly db: ShopDatabase;
  readonly run: StatementRunner;
}

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

/** What a cart line needs to know about the product row it sells (a variation or a simple product). */
export interface CartItemRow extends SellableRow {
  readonly id: number;
  readonly sku: string;
  readonly shortDescription: string;
  readonly description: string;
}

/** One cart line with what the answers show about it. */
export interface CartLine {
  readonly key: string;
  readonly quantity: number;
  /** The parent (or simple) product. */
  readonly productId: number;
  readonly variationId: number;
  /** The row that is bought: the variation, or the simple product. */
  readonly item: CartItemRow;
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

/**
 * The line key: like WooCommerce, an MD5 of the product id, plus the variation id for a variation
 * (WooCommerce adds the attribute values too, which matter only for "any value" attributes; every
 * variation here has fixed values, so its id says it all).
 */
export function lineKey(productId: number, variationId: number): string {
  return md5(variationId === 0 ? String(productId) : `${productId}_${variationId}`);
}

const item = alias(products, 'item');
const parent = alias(products, 'parent');

/** Maps a cart statement row to a line. */
export function toCartLine(r: CartLineRow): CartLine {
  return {
    key: r.key,
    quantity: Number(r.quantity),
    productId: Number(r.product_id),
    variationId: Number(r.variation_id),
    item: {
      id: Number(r.id),
      sku: r.sku,
      regularPrice: Number(r.regular_price),
      salePrice: r.sale_price === null ? null : Number(r.sale_price),
      stockQuantity: r.stock_quantity === null ? null : Number(r.stock_quantity),
      maxPerOrder: r.max_per_order === null ? null : Number(r.max_per_order),
      soldIndividually: r.sold_individually,
      shortDescription: r.short_description ?? '',
      description: r.description ?? '',
    },
    parentName: r.parent_name,
    parentSlug: r.parent_slug,
    imageId: r.image_id === null ? null : Number(r.image_id),
    imageAlt: r.image_alt ?? '',
    attributes: (r.attrs ?? []).map((v) => ({ attributeId: v.a, name: v.n, taxonomy: v.t, termSlug: v.s, termName: v.tn })),
  };
}

/**
 * The cart's lines in the order they were first added, in one query (the hot path of every cart
 * answer): line, product, parent, main image and variation attributes together. Descriptions are
 * only fetched when the answer shows them.
 */
export async function loadCart(ctx: DbContext, sessionId: string, options: { descriptions?: boolean } = {}): Promise<CartLine[]> {
  const statement = options.descriptions === false ? STATEMENTS.cartLinesBrief : STATEMENTS.cartLines;
  const rows = await ctx.run<CartLineRow>(ctx.db, statement, [sessionId]);
  return rows.map(toCartLine);
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

/** The columns a purchase decision reads (for variations of a variable product). */
const purchaseColumns = {
  id: products.id,
  parentId: products.parentId,
  type: products.type,
  name: products.name,
  slug: products.slug,
  regularPrice: products.regularPrice,
  salePrice: products.salePrice,
  stockQuantity: products.stockQuantity,
  maxPerOrder: products.maxPerOrder,
  soldIndividually: products.soldIndividually,
};

interface Purchase {
  readonly productId: number;
  readonly variationId: number;
  readonly row: SellableRow;
  readonly name: string;
  readonly slug: string;
}

/** Works out what exactly is bought: the simple product, or one variation of a variable product. */
async function resolvePurchase(ctx: DbContext, request: AddRequest, prefetched: PurchaseRow | undefined): Promise<Purchase | CartRefusal> {
  // The product and (for a variation) its parent in one prepared query, unless the write's first
  // statement read it already.
  const found = prefetched && Number(prefetched.id) === request.id ? prefetched : (await ctx.run<PurchaseRow>(ctx.db, STATEMENTS.purchase, [request.id]))[0];
  if (!found) return { reason: 'invalid_id' };
  const row: SellableRow = {
    regularPrice: Number(found.regular_price),
    salePrice: found.sale_price === null ? null : Number(found.sale_price),
    stockQuantity: found.stock_quantity === null ? null : Number(found.stock_quantity),
    maxPerOrder: found.max_per_order === null ? null : Number(found.max_per_order),
    soldIndividually: found.sold_individually,
  };
  const id = Number(found.id);
  if (found.type === 'simple') return { productId: id, variationId: 0, row, name: found.name, slug: found.slug };
  if (found.type === 'variation') {
    if (found.parent_name === null || found.parent_slug === null) return { reason: 'invalid_id' };
    return { productId: Number(found.parent_id), variationId: id, row, name: found.parent_name, slug: found.parent_slug };
  }
  const { db } = ctx;
  const named = { name: found.name, slug: found.slug };
  // A variable product: the variation comes from variation_id, or from the chosen attributes.
  const variations = await db.select(purchaseColumns).from(products).where(eq(products.parentId, id));
  if (request.variationId !== undefined && request.variationId > 0) {
    const chosen = variations.find((v) => v.id === request.variationId);
    if (!chosen) return { reason: 'no_matching_variation', ...named };
    return { productId: id, variationId: chosen.id, row: chosen, ...named };
  }
  const wanted = new Map(Object.entries(request.attributes ?? {}).map(([k, v]) => [attributeKey(k), v]));
  if (wanted.size === 0) return { reason: 'missing_variation', ...named };
  const values = await loadVariationValues(
    db,
    variations.map((v) => v.id),
  );
  const chosen = variations.find((v) => matches(values.get(v.id) ?? [], wanted));
  if (!chosen) return { reason: 'no_matching_variation', ...named };
  return { productId: id, variationId: chosen.id, row: chosen, ...named };
}

function isRefusal(value: Purchase | CartRefusal): value is CartRefusal {
  return 'reason' in value;
}

/** Why `wanted` units would not fit, given what is in the cart already. */
export function limitRefusal(purchase: { row: SellableRow; name: string; slug: string }, inCart: number): CartRefusal {
  const { row, name, slug } = purchase;
  if (!isInStock(row)) return { reason: 'out_of_stock', name, slug };
  if (row.soldIndividually) return { reason: 'sold_individually', name, slug };
  const limit = purchaseLimit(row);
  if (row.stockQuantity !== null && row.stockQuantity <= limit) return { reason: 'not_enough_stock', name, slug, stock: row.stockQuantity, inCart };
  return { reason: 'limit', name, slug, limit, inCart };
}

async function quantityInCart({ db }: DbContext, sessionId: string, key: string): Promise<number> {
  const [row] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.sessionId, sessionId), eq(cartItems.key, key)));
  return row?.quantity ?? 0;
}

/** Result of an add: on success, the cart as it is afterwards. */
export type AddResult = { readonly ok: true; readonly key: string; readonly lines: CartLine[] } | { readonly ok: false; readonly refusal: CartRefusal };

/**
 * Adds units to the cart in one statement: insert the line, or on conflict add to its quantity, but
 * only while the sum stays within stock and the product's limit; the same statement answers the
 * cart as it is afterwards. Call inside the write's transaction (after `writeBegin`).
 */
export async function addToCart(
  ctx: DbContext,
  sessionId: string,
  request: AddRequest,
  options: { readonly prefetched?: PurchaseRow | undefined; readonly descriptions?: boolean } = {},
): Promise<AddResult> {
  const purchase = await resolvePurchase(ctx, request, options.prefetched);
  if (isRefusal(purchase)) return { ok: false, refusal: purchase };
  const key = lineKey(purchase.productId, purchase.variationId);
  const limit = purchaseLimit(purchase.row);
  if (!isInStock(purchase.row) || request.quantity > limit) {
    return { ok: false, refusal: limitRefusal(purchase, await quantityInCart(ctx, sessionId, key)) };
  }
  const rows = await ctx.run<CartLineRow>(ctx.db, options.descriptions === false ? STATEMENTS.addLineBrief : STATEMENTS.addLine, [
    sessionId,
    key,
    purchase.productId,
    purchase.variationId,
    purchase.variationId || purchase.productId,
    request.quantity,
    limit,
  ]);
  if (Number(rows[0]?.written ?? 0) === 0) {
    return { ok: false, refusal: limitRefusal(purchase, await quantityInCart(ctx, sessionId, key)) };
  }
  return { ok: true, key, lines: rows.map(toCartLine) };
}

/** Sets a line's quantity, within stock and limits. `invalid_id` means the key is not in this cart. */
export async function setLineQuantity({ db: tx }: DbContext, sessionId: string, key: string, quantity: number): Promise<CartWrite> {
  const [line] = await tx
    .select({
      item: { stockQuantity: item.stockQuantity, maxPerOrder: item.maxPerOrder, soldIndividually: item.soldIndividually, regularPrice: item.regularPrice, salePrice: item.salePrice },
      parentName: parent.name,
      parentSlug: parent.slug,
      current: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(item, eq(item.id, cartItems.itemId))
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
export async function removeLine({ db: tx }: DbContext, sessionId: string, key: string): Promise<boolean> {
  const removed = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.sessionId, sessionId), eq(cartItems.key, key)))
    .returning({ key: cartItems.key });
  return removed.length > 0;
}

/** Empties the cart. */
export async function clearCart({ db: tx }: DbContext, sessionId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.sessionId, sessionId));
}

/** A line the merge at login cut to its limit (or dropped: `kept` 0), with the name the notice shows. */
export interface CappedCartLine {
  readonly key: string;
  readonly name: string;
  readonly wanted: number;
  readonly kept: number;
}

/**
 * Merges the cart of `fromId` (a guest's) into the cart of `intoId` (an account's) with the core
 * rule `mergeCarts`: quantities added, each line cut to stock and limits, one line per product and
 * variation, the account's lines first. The `intoId` session row must exist. The guest's lines are
 * left for the caller to delete with its session. Returns the lines that were cut.
 */
export async function mergeCartInto(ctx: DbContext, fromId: string, intoId: string): Promise<CappedCartLine[]> {
  const guest = await loadCart(ctx, fromId, { descriptions: false });
  if (guest.length === 0) return [];
  const account = await loadCart(ctx, intoId, { descriptions: false });
  const merged = mergeCarts(account, guest, (line) => purchaseLimit(line.item));
  await ctx.db.delete(cartItems).where(eq(cartItems.sessionId, intoId));
  if (merged.lines.length > 0) {
    // One statement, rows in merged order, so the identity column keeps the account's lines first.
    await ctx.db.insert(cartItems).values(
      merged.lines.map((line) => ({ sessionId: intoId, key: line.key, productId: line.productId, variationId: line.variationId, itemId: line.item.id, quantity: line.quantity })),
    );
  }
  const byKey = new Map([...account, ...guest].map((line) => [line.key, line]));
  return merged.capped.map((cut) => {
    const line = byKey.get(cut.key);
    const name = line ? [line.parentName, ...line.attributes.map((a) => a.termName)].join(' – ') : cut.key;
    return { key: cut.key, name, wanted: cut.wanted, kept: cut.kept };
  });
}
