/** Turns a stored order into what the order emails show, and queues them. */
import { PH_PROVINCES } from '../../src/core/domain/ph-provinces.js';
import { BASE_LOCALE, localeOf, type Locale } from '../../src/i18n/index.js';
import type { ShopDatabase } from '../db/query.js';
import { newOrderNotice, orderConfirmation, statusNotice, type OrderForMail, type ShopForMail } from '../mail/order-emails.js';
import { queueMail } from '../mail/outbox.js';
import type { FullOrder } from './order-read.js';
import type { OrderAddress } from './orders.js';

const provinceName = (code: string): string => PH_PROVINCES.find((p) => p.code === code)?.name ?? code;

/** An address as lines (name, street, barangay, city and province with postcode, phone). */
export const addressLines = (a: OrderAddress): string[] =>
  [
    `${a.first_name} ${a.last_name}`.trim(),
    a.company,
    a.address_1,
    a.address_2,
    `${a.city}, ${provinceName(a.state)} ${a.postcode}`.trim(),
    a.phone,
  ].filter((line) => line.trim() !== '');

const parseAddress = (json: string): OrderAddress => JSON.parse(json) as OrderAddress;

/** The language of an order's checkout (its shopper's mails are in it); English for older orders. */
export const orderLocale = (full: FullOrder): Locale => localeOf(full.order.locale) ?? BASE_LOCALE;

/** The emails' view of an order; `baseUrl` is the shop's public address. */
export function orderForMail(full: FullOrder, baseUrl: string): OrderForMail {
  const { order, items } = full;
  const billing = parseAddress(order.billing);
  return {
    id: order.id,
    status: order.status,
    createdAt: order.createdAt,
    billingEmail: order.billingEmail,
    billingName: `${billing.first_name} ${billing.last_name}`.trim(),
    paymentMethod: order.paymentMethod === 'bacs' ? 'bacs' : 'cod',
    shippingTitle: order.shippingTitle,
    lines: items.map((i) => ({
      name: i.name,
      variation: (JSON.parse(i.variation) as Array<{ attribute: string; value: string }>).map((v) => `${v.attribute}: ${v.value}`).join(', '),
      quantity: i.quantity,
      lineTotal: i.lineTotal,
    })),
    subtotal: order.subtotal,
    discountTotal: order.discountTotal,
    shippingTotal: order.shippingTotal,
    total: order.total,
    totalTax: order.totalTax,
    shippingAddress: addressLines(parseAddress(order.shipping)),
    link: new URL(`/checkout/order-received/${order.id}/?key=${encodeURIComponent(order.orderKey)}`, baseUrl).toString(),
  };
}

/**
 * Queues the shopper's confirmation, in the checkout's language, and the shop's notice, in the
 * shop's (inside the order's transaction: both are written now, so a restart changes nothing).
 */
export async function queueNewOrderMail(tx: ShopDatabase, full: FullOrder, shop: ShopForMail, baseUrl: string): Promise<void> {
  const data = orderForMail(full, baseUrl);
  await queueMail(tx, orderConfirmation(data, shop, orderLocale(full)));
  await queueMail(tx, newOrderNotice(data, shop));
}

/** Queues the shopper's notice of a completed or cancelled order, in the language of its checkout. */
export async function queueStatusMail(tx: ShopDatabase, full: FullOrder, shop: ShopForMail, baseUrl: string, status: 'completed' | 'cancelled'): Promise<void> {
  await queueMail(tx, statusNotice(orderForMail(full, baseUrl), shop, status, orderLocale(full)));
}
