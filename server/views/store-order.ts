/**
 * The Store API's checkout and order answers, field for field as WooCommerce 9.1 writes them
 * (`tests/fixtures/stock-woocommerce-9.1/peer-3/storeapi-checkout-*.http`, `storeapi-order.http`).
 */
import { spreadDiscount } from '../../src/core/rules/coupons.js';
import { escapeHtml, paragraphs } from '../lib/escape.js';
import { CURRENCY_FIELDS } from '../lib/money.js';
import type { CartCustomer } from '../services/cart-quote.js';
import type { FullOrder } from '../services/order-read.js';
import type { OrderAddress } from '../services/orders.js';
import { billingJson } from './store-cart.js';
import { imageFiles, productPermalink, type ShopUrls } from './store-product.js';

const ADDRESS_FIELDS = ['first_name', 'last_name', 'company', 'address_1', 'address_2', 'city', 'state', 'postcode', 'country', 'phone'] as const;

/** A stored address JSON in the Store API's shape (unknown fields dropped, missing ones empty). */
const shippingJson = (json: string) => {
  const parsed = JSON.parse(json) as Partial<Record<string, unknown>>;
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, typeof parsed[f] === 'string' ? parsed[f] : f === 'country' ? 'PH' : ''])) as Record<(typeof ADDRESS_FIELDS)[number], string>;
};
const storedBilling = (json: string) => {
  const parsed = JSON.parse(json) as Partial<OrderAddress>;
  return billingJson({ ...shippingJson(json), email: typeof parsed.email === 'string' ? parsed.email : '' });
};

/** The order-received page's address: where `payment_result.redirect_url` sends the shopper. */
export const orderReceivedUrl = (urls: ShopUrls, id: number, key: string): string => `${urls.origin}/checkout/order-received/${id}/?key=${encodeURIComponent(key)}`;

/** `POST /checkout`'s answer for a placed order. */
export function storeCheckoutResult(urls: ShopUrls, full: FullOrder) {
  const { order } = full;
  const redirect = orderReceivedUrl(urls, order.id, order.orderKey);
  return {
    order_id: order.id,
    status: order.status,
    order_key: order.orderKey,
    order_number: String(order.id),
    customer_note: order.customerNote,
    customer_id: 0,
    billing_address: storedBilling(order.billing),
    shipping_address: shippingJson(order.shipping),
    payment_method: order.paymentMethod,
    payment_result: {
      payment_status: 'success',
      payment_details: [
        { key: 'result', value: 'success' },
        { key: 'redirect', value: redirect },
      ],
      redirect_url: redirect,
    },
    additional_fields: [] as unknown[],
    extensions: {},
  };
}

/**
 * `GET /checkout`'s answer: the checkout as it stands. Stock WooCommerce creates a
 * `checkout-draft` order here; this shop writes nothing on a GET, so the draft has no id or key
 * yet (`order_id` 0) and the order gets its id when it is placed.
 */
export function storeCheckoutDraft(customer: CartCustomer) {
  return {
    order_id: 0,
    status: 'checkout-draft',
    order_key: '',
    order_number: '',
    customer_note: '',
    customer_id: 0,
    billing_address: billingJson(customer.billing),
    shipping_address: { ...customer.shipping },
    payment_method: '',
    payment_result: { payment_status: '', payment_details: [] as unknown[], redirect_url: '' },
    additional_fields: [] as unknown[],
    extensions: {},
  };
}

/** What the order route shows of each line's product (gone products show their sold name only). */
export interface OrderItemProduct {
  readonly slug: string;
  readonly shortDescription: string;
  readonly description: string;
  readonly imageId: number | null;
  readonly imageAlt: string;
}

/** `GET /order/{id}`: the order with its lines, coupons and totals. */
export function storeOrder(urls: ShopUrls, full: FullOrder, uses: ReadonlyArray<{ code: string; discount: number; discountType: string }>, products: ReadonlyMap<number, OrderItemProduct>) {
  const { order, items } = full;
  const money = (n: number) => String(n);
  const raw = (n: number) => String(n * 10_000);
  // Each line's share of the discount, in proportion.
  const lineTotals = spreadDiscount(
    items.map((item) => item.lineTotal),
    order.discountTotal,
  );
  return {
    id: order.id,
    status: order.status,
    items: items.map((item, i) => {
      const product = products.get(item.productId);
      const variation = JSON.parse(item.variation) as Array<{ attribute: string; value: string }>;
      return {
        // As stock: each line's key is the order key and its id the order item id.
        key: order.orderKey,
        id: item.id,
        quantity: item.quantity,
        quantity_limits: { minimum: item.quantity, maximum: item.quantity, multiple_of: 1, editable: false },
        name: escapeHtml(item.name),
        short_description: product ? paragraphs(product.shortDescription) : '',
        description: product ? paragraphs(product.description) : '',
        sku: escapeHtml(item.sku),
        low_stock_remaining: null,
        backorders_allowed: false,
        show_backorder_badge: false,
        sold_individually: false,
        permalink: product ? productPermalink(urls, product.slug) : '',
        images:
          product && product.imageId !== null
            ? [
                { id: product.imageId, ...imageFiles(urls, product.slug, 1), alt: escapeHtml(product.imageAlt) },
              ]
            : [],
        variation: variation.map((v) => ({ attribute: escapeHtml(v.attribute), value: escapeHtml(v.value) })),
        item_data: [] as unknown[],
        prices: {
          price: money(item.unitPrice),
          regular_price: money(item.unitPrice),
          sale_price: money(item.unitPrice),
          price_range: null,
          ...CURRENCY_FIELDS,
          raw_prices: { precision: 6, price: raw(item.unitPrice), regular_price: raw(item.unitPrice), sale_price: raw(item.unitPrice) },
        },
        totals: { line_subtotal: money(item.lineTotal), line_subtotal_tax: '0', line_total: money(lineTotals[i] ?? item.lineTotal), line_total_tax: '0', ...CURRENCY_FIELDS },
        catalog_visibility: 'visible',
      };
    }),
    coupons: uses.map((u) => ({ code: u.code, discount_type: u.discountType, totals: { total_discount: money(u.discount), total_discount_tax: '0', ...CURRENCY_FIELDS } })),
    fees: [] as unknown[],
    totals: {
      subtotal: money(order.subtotal),
      total_discount: money(order.discountTotal),
      total_shipping: money(order.shippingTotal),
      total_fees: '0',
      // Prices include 12 % VAT: the tax is the part of the total that is VAT.
      total_tax: money(order.totalTax),
      total_refund: '0',
      total_price: money(order.total),
      total_items: money(order.subtotal - order.discountTotal),
      total_items_tax: '0',
      total_fees_tax: '0',
      total_discount_tax: '0',
      total_shipping_tax: '0',
      tax_lines: order.totalTax > 0 ? [{ name: 'VAT', price: money(order.totalTax), rate: '12%' }] : [],
      ...CURRENCY_FIELDS,
    },
    shipping_address: shippingJson(order.shipping),
    billing_address: storedBilling(order.billing),
    needs_payment: false,
    needs_shipping: !order.shippingRate.startsWith('local_pickup'),
    payment_requirements: ['products'],
    errors: [] as unknown[],
  };
}
