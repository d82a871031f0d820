/**
 * Pure price and stock rules shared by the catalogue and the cart, mirroring WooCommerce defaults:
 * 9999 as the upper quantity limit, stock and per-product limits below it, low stock at 5 or fewer.
 */

/** The product fields these rules read. */
export interface SellableRow {
  readonly regularPrice: number;
  readonly salePrice: number | null;
  readonly stockQuantity: number | null;
  readonly maxPerOrder: number | null;
  readonly soldIndividually: boolean;
}

/** WooCommerce's default upper limit for one cart line. */
export const QUANTITY_CEILING = 9999;

/** Stock at or below this shows as "only N left" (`low_stock_remaining`). */
export const LOW_STOCK_THRESHOLD = 5;

/** The price a shopper pays now, in centavos. */
export function activePrice(row: SellableRow): number {
  return row.salePrice !== null && row.salePrice < row.regularPrice ? row.salePrice : row.regularPrice;
}

/** True when a sale price below the regular price applies. */
export function isOnSale(row: SellableRow): boolean {
  return row.salePrice !== null && row.salePrice < row.regularPrice;
}

/** True when the product can be bought now (untracked stock counts as in stock). */
export function isInStock(row: SellableRow): boolean {
  return row.stockQuantity === null || row.stockQuantity > 0;
}

/** Most units one cart line may hold: stock, the per-product limit and the global ceiling. */
export function purchaseLimit(row: SellableRow): number {
  if (row.soldIndividually) return isInStock(row) ? 1 : 0;
  let limit = QUANTITY_CEILING;
  if (row.stockQuantity !== null) limit = Math.min(limit, Math.max(0, row.stockQuantity));
  if (row.maxPerOrder !== null) limit = Math.min(limit, row.maxPerOrder);
  return limit;
}

/** Units left when stock is low, otherwise null (as the Store API reports it). */
export function lowStockRemaining(row: SellableRow): number | null {
  return row.stockQuantity !== null && row.stockQuantity > 0 && row.stockQuantity <= LOW_STOCK_THRESHOLD ? row.stockQuantity : null;
}
