/**
 * The order emails: the shopper's confirmation, the shop's new-order notice and the shopper's
 * status updates (completed, cancelled). Plain text plus simple HTML with every value escaped, money
 * in en-PH, no remote images or scripts. Each in its reader's language (`messages.ts`).
 */
import { PHP } from '../../src/core/domain/money.js';
import { formatMoney } from '../../src/core/rules/money.js';
import { BASE_LOCALE, textsIn, type Locale } from '../../src/i18n/index.js';
import { escapeHtml } from '../lib/escape.js';
import { htmlLang, mailDate, orderMailTexts } from './messages.js';
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
  /** The shop's language: the new-order notice is written in it. @default 'en-PH' */
  readonly locale?: Locale;
}

export const PAYMENT_TITLES = { cod: 'Cash on delivery', bacs: 'Direct bank transfer' } as const;

type Texts = typeof orderMailTexts.base;

const money = (minor: number): string => formatMoney(minor, PHP);

const summaryRows = (t: Texts, order: OrderForMail): Array<[string, string]> => [
  [t.subtotal, money(order.subtotal)],
  ...(order.discountTotal > 0 ? ([[t.discount, `−${money(order.discountTotal)}`]] as Array<[string, string]>) : []),
  [t.shipping, order.shippingTotal > 0 ? t.shippingVia({ cost: money(order.shippingTotal), method: order.shippingTitle }) : order.shippingTitle],
  [t.paymentMethod, t[order.paymentMethod]],
  [t.total, t.totalWithVat({ total: money(order.total), vat: money(order.totalTax) })],
];

const lineText = (l: OrderForMail['lines'][number]): string => `${l.name}${l.variation ? ` (${l.variation})` : ''} × ${l.quantity}: ${money(l.lineTotal)}`;

const heading = (t: Texts, order: OrderForMail, locale: Locale): string => t.orderHeading({ id: order.id, date: mailDate(order.createdAt, locale) });

const text = (locale: Locale, intro: string[], order: OrderForMail, shop: ShopForMail, extra: string[] = []): string => {
  const t = textsIn(orderMailTexts, locale);
  return [
    ...intro,
    '',
    heading(t, order, locale),
    ...order.lines.map(lineText),
    '',
    ...summaryRows(t, order).map(([k, v]) => `${k}: ${v}`),
    '',
    `${t.shippingAddress}:`,
    ...order.shippingAddress,
    ...(extra.length > 0 ? ['', ...extra] : []),
    '',
    `${t.viewOrder}: ${order.link}`,
    '',
    shop.name,
  ].join('\n');
};

const html = (locale: Locale, title: string, intro: string[], order: OrderForMail, shop: ShopForMail, extra: string[] = []): string => {
  const t = textsIn(orderMailTexts, locale);
  const e = escapeHtml;
  const rows = order.lines
    .map((l) => `<tr><td>${e(l.name)}${l.variation ? `<br><small>${e(l.variation)}</small>` : ''}</td><td>${l.quantity}</td><td>${e(money(l.lineTotal))}</td></tr>`)
    .join('');
  const summary = summaryRows(t, order)
    .map(([k, v]) => `<tr><th colspan="2" scope="row" style="text-align:left">${e(k)}</th><td>${e(v)}</td></tr>`)
    .join('');
  return [
    `<!doctype html><html lang="${htmlLang(locale)}"><head><meta charset="utf-8"><title>`,
    e(title),
    '</title></head><body style="font-family:sans-serif;color:#222">',
    `<h1 style="font-size:20px">${e(title)}</h1>`,
    ...intro.map((p) => `<p>${e(p)}</p>`),
    `<h2 style="font-size:16px">${e(heading(t, order, locale))}</h2>`,
    `<table cellpadding="6" style="border-collapse:collapse"><thead><tr><th style="text-align:left">${e(t.product)}</th><th>${e(t.quantity)}</th><th>${e(t.price)}</th></tr></thead><tbody>${rows}</tbody><tfoot>${summary}</tfoot></table>`,
    `<h2 style="font-size:16px">${e(t.shippingAddress)}</h2><p>${order.shippingAddress.map(e).join('<br>')}</p>`,
    ...extra.map((p) => `<p>${e(p)}</p>`),
    `<p><a href="${e(order.link)}">${e(t.viewOrder)}</a></p>`,
    `<p>${e(shop.name)}</p>`,
    '</body></html>',
  ].join('');
};

const bankLines = (t: Texts, order: OrderForMail, shop: ShopForMail): string[] => (order.paymentMethod === 'bacs' ? [t.bankTransfer, ...shop.bankDetails] : [t.cashReady]);

/** The shopper's confirmation, in the language of the checkout (`locale`). */
export function orderConfirmation(order: OrderForMail, shop: ShopForMail, locale: Locale = BASE_LOCALE): MailMessage {
  const t = textsIn(orderMailTexts, locale);
  const title = t.confirmationSubject({ shop: shop.name, id: order.id });
  const intro = [t.greeting({ name: order.billingName }), t.confirmationIntro];
  const extra = bankLines(t, order, shop);
  return { to: order.billingEmail, subject: title, text: text(locale, intro, order, shop, extra), html: html(locale, title, intro, order, shop, extra) };
}

/** The shop's new-order notice, in the shop's language (`locale`). */
export function newOrderNotice(order: OrderForMail, shop: ShopForMail, locale: Locale = shop.locale ?? BASE_LOCALE): MailMessage {
  const t = textsIn(orderMailTexts, locale);
  const title = t.newOrderSubject({ shop: shop.name, id: order.id });
  const intro = [t.newOrderIntro({ name: order.billingName, email: order.billingEmail })];
  return { to: shop.ordersEmail, subject: title, text: text(locale, intro, order, shop), html: html(locale, title, intro, order, shop) };
}

/** The shopper's notice of a completed or cancelled order, in the order's language (`locale`). */
export function statusNotice(order: OrderForMail, shop: ShopForMail, status: 'completed' | 'cancelled', locale: Locale = BASE_LOCALE): MailMessage {
  const t = textsIn(orderMailTexts, locale);
  const title = status === 'completed' ? t.completedSubject({ shop: shop.name, id: order.id }) : t.cancelledSubject({ shop: shop.name, id: order.id });
  const intro = [t.greeting({ name: order.billingName }), status === 'completed' ? t.completedIntro : t.cancelledIntro];
  return { to: order.billingEmail, subject: title, text: text(locale, intro, order, shop), html: html(locale, title, intro, order, shop) };
}
