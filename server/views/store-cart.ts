/** Store API cart JSON, field for field as WooCommerce 9 writes it. */
import { textsIn } from '../../src/i18n/index.js';
import { escapeHtml, paragraphs } from '../lib/escape.js';
import { shopperLanguage } from '../lib/language.js';
import { cartRefusalTexts } from '../services/checkout-messages.js';
import { CURRENCY_FIELDS } from '../lib/money.js';
import { DEFAULT_SHIPPING } from '../../src/core/rules/shipping.js';
import { cartTotals, type CartLine } from '../services/cart.js';
import { EMPTY_CUSTOMER, quoteCart, type CartBillingAddress, type CartQuote } from '../services/cart-quote.js';
import { activePrice, isInStock, lowStockRemaining, purchaseLimit } from '../services/stock-rules.js';
import { imageFiles, productPermalink, type ShopUrls } from './store-product.js';

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

/** Problems with lines whose product changed since they were added (sold out, less stock), in the shopper's language. */
function lineErrors(lines: readonly CartLine[]): Array<{ code: string; message: string }> {
  const errors: Array<{ code: string; message: string }> = [];
  // Looked up only when a line has a problem: most answers have none.
  let texts: typeof cartRefusalTexts.base | null = null;
  const t = () => (texts ??= textsIn(cartRefusalTexts, shopperLanguage()));
  for (const line of lines) {
    const name = `&quot;${escapeHtml(line.parentName)}&quot;`;
    if (!isInStock(line.item)) {
      // Stock's words (it quotes with &#8220;…&#8221; here).
      errors.push({ code: 'woocommerce_rest_product_out_of_stock', message: t().lineOutOfStock({ name: `&#8220;${escapeHtml(line.parentName)}&#8221;` }) });
    } else if (line.quantity > purchaseLimit(line.item)) {
      const stock = line.item.stockQuantity;
      errors.push({
        code: 'woocommerce_rest_cart_item_error',
        message: stock !== null && stock <= purchaseLimit(line.item) ? t().notEnough({ name, stock }) : t().limit({ name, limit: purchaseLimit(line.item) }),
      });
    }
  }
  return errors;
}

/** A billing address with the Store API's field order (email before phone). */
export const billingJson = (a: CartBillingAddress) => ({
  first_name: a.first_name,
  last_name: a.last_name,
  company: a.company,
  address_1: a.address_1,
  address_2: a.address_2,
  city: a.city,
  state: a.state,
  postcode: a.postcode,
  country: a.country,
  email: a.email,
  phone: a.phone,
});

/** The Store API's shipping packages: one package with the rates for the address, `selected` marked. */
function shippingPackages(lines: readonly CartLine[], quote: CartQuote) {
  if (!quote.calculated) return [];
  const { shipping } = quote.customer;
  const itemsText = lines.map((line) => `${escapeHtml(line.parentName)} &times; ${line.quantity}`).join(', ');
  return [
    {
      package_id: 0,
      name: 'Shipment 1',
      destination: { address_1: shipping.address_1, address_2: shipping.address_2, city: shipping.city, state: shipping.state, postcode: shipping.postcode, country: shipping.country },
      items: lines.map((line) => ({ key: line.key, name: escapeHtml(line.parentName), quantity: line.quantity })),
      shipping_rates: quote.rates.map((rate) => ({
        rate_id: rate.id,
        name: rate.label,
        description: '',
        delivery_time: '',
        price: String(rate.cost),
        taxes: '0',
        instance_id: Number(rate.id.split(':')[1] ?? 0),
        method_id: rate.method,
        meta_data: [{ key: 'Items', value: itemsText }],
        selected: rate.id === quote.selected,
        ...CURRENCY_FIELDS,
      })),
    },
  ];
}

/**
 * `GET /cart` and every cart route's answer. `quote` adds coupons, the customer, shipping rates
 * and the totals with discount, shipping and the VAT they include; without one the cart is shown
 * as a cart with no customer and no coupons.
 */
export function storeCart(urls: ShopUrls, lines: readonly CartLine[], quote: CartQuote = quoteCart(DEFAULT_SHIPPING, lines, [], EMPTY_CUSTOMER)) {
  const totals = cartTotals(lines);
  const money = (n: number) => String(n);
  const { customer } = quote;
  return {
    items: lines.map((line, i) => {
      const unit = activePrice(line.item);
      const lineSubtotal = totals.lineTotals[i] ?? 0;
      const lineTotal = quote.lineTotals[i] ?? lineSubtotal;
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
                { id: line.imageId, ...imageFiles(urls, line.parentSlug, 1), alt: escapeHtml(line.imageAlt) },
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
          line_subtotal: money(lineSubtotal),
          line_subtotal_tax: '0',
          line_total: money(lineTotal),
          line_total_tax: '0',
          ...CURRENCY_FIELDS,
        },
        catalog_visibility: 'visible',
        extensions: {},
      };
    }),
    coupons: quote.coupons.map(({ coupon, discount }) => ({
      code: coupon.code,
      discount_type: coupon.discountType,
      totals: { total_discount: money(discount), total_discount_tax: '0', ...CURRENCY_FIELDS },
    })),
    fees: [] as unknown[],
    totals: {
      total_items: money(totals.totalItems),
      total_items_tax: '0',
      total_fees: '0',
      total_fees_tax: '0',
      total_discount: money(quote.totals.discount),
      total_discount_tax: '0',
      // Null until an address in a shipping zone is known, as the Store API sends it.
      total_shipping: quote.calculated ? money(quote.totals.shipping) : null,
      total_shipping_tax: quote.calculated ? '0' : null,
      total_price: money(quote.totals.total),
      // Prices include 12 % VAT: the tax is the part of the total that is VAT, not added to it.
      total_tax: money(quote.totals.vat),
      tax_lines: quote.totals.vat > 0 ? [{ name: 'VAT', price: money(quote.totals.vat), rate: '12%' }] : [],
      ...CURRENCY_FIELDS,
    },
    shipping_address: { ...customer.shipping },
    billing_address: billingJson(customer.billing),
    needs_payment: quote.totals.total > 0,
    needs_shipping: lines.length > 0,
    payment_requirements: ['products'],
    has_calculated_shipping: quote.calculated,
    shipping_rates: shippingPackages(lines, quote),
    items_count: totals.itemsCount,
    items_weight: 0,
    cross_sells: [] as unknown[],
    errors: lineErrors(lines),
    payment_methods: ['bacs', 'cod'],
    extensions: {},
  };
}
