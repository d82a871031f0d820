/** Store API cart JSON, field for field as WooCommerce 9 writes it. */
import { escapeHtml, paragraphs } from '../lib/escape.js';
import { CURRENCY_FIELDS } from '../lib/money.js';
import { cartTotals, type CartLine } from '../services/cart.js';
import { activePrice, isInStock, lowStockRemaining, purchaseLimit } from '../services/stock-rules.js';
import { imageUrl, productPermalink, type ShopUrls } from './store-product.js';

/** The permalink of a line: a variation's carries its attribute choices, as WooCommerce's does. */
export function linePermalink(urls: ShopUrls, line: CartLine): string {
  const base = productPermalink(urls, line.parentSlug);
  if (line.attributes.length === 0) return base;
  return `${base}?${line.attributes.map((a) => `attribute_${a.taxonomy}=${encodeURIComponent(a.termSlug)}`).join('&')}`;
}

/** Centavos as the Store API's 6-digit `raw_prices`. */
function raw(minor: number): string {
  return String(minor * 10_000);
}

/** Problems with lines whose product changed since they were added (sold out, less stock). */
function lineErrors(lines: readonly CartLine[]): Array<{ code: string; message: string }> {
  const errors: Array<{ code: string; message: string }> = [];
  for (const line of lines) {
    const name = `&quot;${escapeHtml(line.parentName)}&quot;`;
    if (!isInStock(line.item)) {
      errors.push({ code: 'woocommerce_rest_product_out_of_stock', message: `${name} is out of stock and cannot be purchased.` });
    } else if (line.quantity > purchaseLimit(line.item)) {
      const stock = line.item.stockQuantity;
      errors.push({
        code: 'woocommerce_rest_cart_item_error',
        message:
          stock !== null && stock <= purchaseLimit(line.item)
            ? `You cannot add that amount of ${name} to the cart because there is not enough stock (${stock} remaining).`
            : `The maximum quantity of ${name} allowed in the cart is ${purchaseLimit(line.item)}.`,
      });
    }
  }
  return errors;
}

/** `GET /cart` and every cart route's answer. */
export function storeCart(urls: ShopUrls, lines: readonly CartLine[]) {
  const totals = cartTotals(lines);
  const money = (n: number) => String(n);
  return {
    items: lines.map((line, i) => {
      const unit = activePrice(line.item);
      const lineTotal = totals.lineTotals[i] ?? 0;
      const isVariation = line.variationId > 0;
      return {
        key: line.key,
        id: line.item.id,
        type: isVariation ? 'variation' : 'simple',
        quantity: line.quantity,
        quantity_limits: {
          minimum: 1,
          maximum: purchaseLimit(line.item),
          multiple_of: 1,
          editable: !line.item.soldIndividually,
        },
        name: escapeHtml(line.parentName),
        short_description: paragraphs(line.item.shortDescription),
        description: paragraphs(line.item.description),
        sku: escapeHtml(line.item.sku),
        low_stock_remaining: lowStockRemaining(line.item),
        backorders_allowed: false,
        show_backorder_badge: false,
        sold_individually: line.item.soldIndividually,
        permalink: linePermalink(urls, line),
        images:
          line.imageId === null
            ? []
            : [
                {
                  id: line.imageId,
                  src: imageUrl(urls, line.parentSlug, 1),
                  thumbnail: imageUrl(urls, line.parentSlug, 1),
                  srcset: `${imageUrl(urls, line.parentSlug, 1)} 800w`,
                  sizes: '(max-width: 800px) 100vw, 800px',
                  name: `${line.parentSlug}-1.svg`,
                  alt: escapeHtml(line.imageAlt),
                },
              ],
        variation: line.attributes.map((a) => ({ attribute: escapeHtml(a.name), value: escapeHtml(a.termName) })),
        item_data: [] as unknown[],
        prices: {
          price: money(unit),
          regular_price: money(line.item.regularPrice),
          sale_price: money(unit),
          price_range: null,
          ...CURRENCY_FIELDS,
          raw_prices: { precision: 6, price: raw(unit), regular_price: raw(line.item.regularPrice), sale_price: raw(unit) },
        },
        totals: {
          line_subtotal: money(lineTotal),
          line_subtotal_tax: '0',
          line_total: money(lineTotal),
          line_total_tax: '0',
          ...CURRENCY_FIELDS,
        },
        catalog_visibility: 'visible',
        extensions: {},
      };
    }),
    coupons: [] as Array<{ code: string; totals: Record<string, unknown> }>,
    fees: [] as unknown[],
    totals: {
      total_items: money(totals.totalItems),
      total_items_tax: '0',
      total_fees: '0',
      total_fees_tax: '0',
      total_discount: '0',
      total_discount_tax: '0',
      // This shop quotes shipping at checkout, so nothing is calculated yet (the Store API sends null then).
      total_shipping: null,
      total_shipping_tax: null,
      total_price: money(totals.totalPrice),
      total_tax: '0',
      tax_lines: [] as unknown[],
      ...CURRENCY_FIELDS,
    },
    shipping_address: { first_name: '', last_name: '', company: '', address_1: '', address_2: '', city: '', state: '', postcode: '', country: 'PH', phone: '' },
    billing_address: { first_name: '', last_name: '', company: '', address_1: '', address_2: '', city: '', state: '', postcode: '', country: 'PH', email: '', phone: '' },
    needs_payment: totals.totalPrice > 0,
    needs_shipping: lines.length > 0,
    payment_requirements: ['products'],
    has_calculated_shipping: false,
    shipping_rates: [] as unknown[],
    items_count: totals.itemsCount,
    items_weight: 0,
    cross_sells: [] as unknown[],
    errors: lineErrors(lines),
    payment_methods: ['cod'],
    extensions: {},
  };
}
