/**
 * The identifiers the Customer Reviews plugin keeps per product and variation (`_cr_gtin`,
 * `_cr_mpn`, `_cr_brand`). The demo catalogue derives them: a GTIN-13 under the Philippines' GS1
 * prefix 480 from the product id, the SKU as the maker's part number, and the brand's name.
 */

/** The GTIN-13 check digit of 12 digits (weights 1 and 3 from the left). */
export function gtinCheckDigit(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** A valid GTIN-13 for a product id. */
export function gtinFor(id: number): string {
  const twelve = `480${String(id % 1_000_000_000).padStart(9, '0')}`;
  return `${twelve}${gtinCheckDigit(twelve)}`;
}

/** The identifiers as the Store API's `extensions` carries them. */
export function identifiersFor(id: number, sku: string, brand: string): { gtin: string; mpn: string; brand: string } {
  return { gtin: gtinFor(id), mpn: sku.replace(/^SUKI-/, ''), brand };
}

/** The `extensions` namespace the identifiers live under. */
export const IDENTIFIERS_NAMESPACE = 'customer-reviews-woocommerce';
