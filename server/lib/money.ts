/**
 * Peso amounts as the Store API writes them: integers in centavos next to the currency fields, and
 * WooCommerce's price HTML for themes that print `price_html`.
 */

/** The `currency_*` fields of every Store API money group. */
export const CURRENCY_FIELDS = {
  currency_code: 'PHP',
  currency_symbol: '₱',
  currency_minor_unit: 2,
  currency_decimal_separator: '.',
  currency_thousand_separator: ',',
  currency_prefix: '₱',
  currency_suffix: '',
} as const;

/** The peso sign as WooCommerce writes it into HTML. */
const SYMBOL_HTML = '&#8369;';

/** `499900` → `"4,999.00"`. */
export function formatAmount(minor: number): string {
  const negative = minor < 0;
  const abs = Math.abs(Math.trunc(minor));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${cents}`;
}

/** `₱4,999.00` as plain text (for messages). */
export function formatPrice(minor: number): string {
  return `₱${formatAmount(minor)}`;
}

/** WooCommerce's amount markup; `bdi` is what the mini-cart uses. */
export function amountHtml(minor: number, bdi = false): string {
  const inner = `<span class="woocommerce-Price-currencySymbol">${SYMBOL_HTML}</span>${formatAmount(minor)}`;
  return `<span class="woocommerce-Price-amount amount">${bdi ? `<bdi>${inner}</bdi>` : inner}</span>`;
}

/** `price_html` of a product: a plain amount, a sale (struck regular price), or a range. */
export function priceHtml(price: { readonly regular: number; readonly active: number; readonly min: number; readonly max: number }): string {
  if (price.min !== price.max) return `${amountHtml(price.min)} &ndash; ${amountHtml(price.max)}`;
  if (price.active < price.regular) {
    const was = `${SYMBOL_HTML}${formatAmount(price.regular)}`;
    const now = `${SYMBOL_HTML}${formatAmount(price.active)}`;
    return (
      `<del aria-hidden="true">${amountHtml(price.regular)}</del> <span class="screen-reader-text">Original price was: ${was}.</span>` +
      `<ins aria-hidden="true">${amountHtml(price.active)}</ins><span class="screen-reader-text">Current price is: ${now}.</span>`
    );
  }
  return amountHtml(price.active);
}
