/**
 * The order emails: the shopper's confirmation, the shop's new-order notice and the shopper's
 * status updates (completed, cancelled). Plain text plus simple HTML with every value escaped, money
 * in en-PH, no remote images or scripts.
 */
import { PHP } from '../../src/core/domain/money.js';
import { formatMoney } from '../../src/core/rules/money.js';
import { escapeHtml } from '../lib/escape.js';
import type { MailMessage } from './transport.js';

/** What the emails show of an order. */
export interface OrderForMail {
  readonly id: number;
  readonly status: string;
  readonly createdAt: string;
  readonly billingEmail: string;
  readonly billingName: string;
  readonly paymentMethod: 'cod' | 'bacs';
  readonly shippingTitle: string;
  readonly lines: ReadonlyArray<{ readonly name: string; readonly variation: string; readonly quantity: number; readonly lineTotal: number }>;
  readonly subtotal: number;
  readonly discountTotal: number;
  readonly shippingTotal: number;
  readonly total: number;
  readonly totalTax: number;
  readonly shippingAddress: readonly string[];
  /** The order-received page's address. */
  readonly link: string;
}

/** The shop's side of the emails. */
export interface ShopForMail {
  readonly name: string;
  /** Where new-order notices go. */
  readonly ordersEmail: string;
  /** Direct bank transfer details, one line each. */
  readonly bankDetails: readonly string[];
}

export const PAYMENT_TITLES = { cod: 'Cash on delivery', bacs: 'Direct bank transfer' } as const;

const money = (minor: number): string => formatMoney(minor, PHP);
const date = (iso: string): string =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'Asia/Manila' }).format(new Date(iso));

const summaryRows = (order: OrderForMail): Array<[string, string]> => [
  ['Subtotal', money(order.subtotal)],
  ...(order.discountTotal > 0 ? ([['Discount', `−${money(order.discountTotal)}`]] as Array<[string, string]>) : []),
  ['Shipping', order.shippingTotal > 0 ? `${money(order.shippingTotal)} via ${order.shippingTitle}` : order.shippingTitle],
  ['Payment method', PAYMENT_TITLES[order.paymentMethod]],
  ['Total', `${money(order.total)} (includes ${money(order.totalTax)} VAT)`],
];

const lineText = (l: OrderForMail['lines'][number]): string => `${l.name}${l.variation ? ` (${l.variation})` : ''} × ${l.quantity}: ${money(l.lineTotal)}`;

const text = (intro: string[], order: OrderForMail, shop: ShopForMail, extra: string[] = []): string =>
  [
    ...intro,
    '',
    `Order #${order.id} (${date(order.createdAt)})`,
    ...order.lines.map(lineText),
    '',
    ...summaryRows(order).map(([k, v]) => `${k}: ${v}`),
    '',
    'Shipping address:',
    ...order.shippingAddress,
    ...(extra.length > 0 ? ['', ...extra] : []),
    '',
    `View your order: ${order.link}`,
    '',
    shop.name,
  ].join('\n');

const html = (title: string, intro: string[], order: OrderForMail, shop: ShopForMail, extra: string[] = []): string => {
  const e = escapeHtml;
  const rows = order.lines
    .map((l) => `<tr><td>${e(l.name)}${l.variation ? `<br><small>${e(l.variation)}</small>` : ''}</td><td>${l.quantity}</td><td>${e(money(l.lineTotal))}</td></tr>`)
    .join('');
  const summary = summaryRows(order)
    .map(([k, v]) => `<tr><th colspan="2" scope="row" style="text-align:left">${e(k)}</th><td>${e(v)}</td></tr>`)
    .join('');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>',
    e(title),
    '</title></head><body style="font-family:sans-serif;color:#222">',
    `<h1 style="font-size:20px">${e(title)}</h1>`,
    ...intro.map((p) => `<p>${e(p)}</p>`),
    `<h2 style="font-size:16px">Order #${order.id} (${e(date(order.createdAt))})</h2>`,
    `<table cellpadding="6" style="border-collapse:collapse"><thead><tr><th style="text-align:left">Product</th><th>Quantity</th><th>Price</th></tr></thead><tbody>${rows}</tbody><tfoot>${summary}</tfoot></table>`,
    `<h2 style="font-size:16px">Shipping address</h2><p>${order.shippingAddress.map(e).join('<br>')}</p>`,
    ...extra.map((p) => `<p>${e(p)}</p>`),
    `<p><a href="${e(order.link)}">View your order</a></p>`,
    `<p>${e(shop.name)}</p>`,
    '</body></html>',
  ].join('');
};

const bankLines = (order: OrderForMail, shop: ShopForMail): string[] =>
  order.paymentMethod === 'bacs'
    ? ['Please transfer the total to the account below, with your order number as the reference. We ship once the payment arrives.', ...shop.bankDetails]
    : ['Please have the total ready in cash when your order arrives.'];

/** The shopper's confirmation. */
export function orderConfirmation(order: OrderForMail, shop: ShopForMail): MailMessage {
  const title = `Your ${shop.name} order #${order.id} has been received`;
  const intro = [`Hi ${order.billingName},`, 'Thank you for your order. We have received it and will let you know when it ships.'];
  const extra = bankLines(order, shop);
  return { to: order.billingEmail, subject: title, text: text(intro, order, shop, extra), html: html(title, intro, order, shop, extra) };
}

/** The shop's new-order notice. */
export function newOrderNotice(order: OrderForMail, shop: ShopForMail): MailMessage {
  const title = `[${shop.name}] New order #${order.id}`;
  const intro = [`You have received an order from ${order.billingName} <${order.billingEmail}>.`];
  return { to: shop.ordersEmail, subject: title, text: text(intro, order, shop), html: html(title, intro, order, shop) };
}

/** The shopper's notice of a completed or cancelled order. */
export function statusNotice(order: OrderForMail, shop: ShopForMail, status: 'completed' | 'cancelled'): MailMessage {
  const title = status === 'completed' ? `Your ${shop.name} order #${order.id} is complete` : `Your ${shop.name} order #${order.id} has been cancelled`;
  const intro = [
    `Hi ${order.billingName},`,
    status === 'completed' ? 'Your order has been completed. Thank you for shopping with us.' : 'Your order has been cancelled. If you did not expect this, please reply to this email.',
  ];
  return { to: order.billingEmail, subject: title, text: text(intro, order, shop), html: html(title, intro, order, shop) };
}
