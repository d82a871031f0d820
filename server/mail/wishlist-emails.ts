/**
 * The shop's copy of a request for an estimate of a wishlist: who asks (their email, to reply to),
 * their message, and the list's items. Plain text plus simple HTML with every value escaped, so a
 * title, name or message holding HTML arrives as that text.
 */
import { PHP } from '../../src/core/domain/money.js';
import { formatMoney } from '../../src/core/rules/money.js';
import { textsIn, type Locale } from '../../src/i18n/index.js';
import { escapeHtml } from '../lib/escape.js';
import { shopLanguage } from '../lib/language.js';
import { htmlLang, htmlText, wishlistMailTexts } from './messages.js';
import type { MailMessage } from './transport.js';

/** What the estimate mail shows. */
export interface EstimateForMail {
  readonly id: number;
  readonly shopName: string;
  readonly to: string;
  readonly email: string;
  readonly message: string;
  readonly listTitle: string;
  /** The list's page (absolute). */
  readonly link: string;
  readonly items: ReadonlyArray<{ readonly name: string; readonly details: string; readonly quantity: number; readonly price: number | null }>;
}

const money = (minor: number | null): string => (minor === null ? '—' : formatMoney(minor, PHP));

/** The mail to the shop, in the shop's language (`locale`). */
export function estimateRequestMail(estimate: EstimateForMail, locale: Locale = shopLanguage()): MailMessage {
  const t = textsIn(wishlistMailTexts, locale);
  const title = estimate.listTitle.trim() === '' ? t.untitled : estimate.listTitle;
  const subject = t.subject({ shop: estimate.shopName, id: estimate.id, title: title.replace(/[\r\n]+/g, ' ').slice(0, 120) });
  const lines = estimate.items.map((i) => `${i.name}${i.details ? ` (${i.details})` : ''} × ${i.quantity}: ${money(i.price)}`);
  const text = [
    t.asks({ email: estimate.email, title }),
    '',
    ...lines,
    '',
    `${t.message}:`,
    estimate.message.trim() === '' ? t.none : estimate.message,
    '',
    `${t.theList}: ${estimate.link}`,
    `${t.replyTo}: ${estimate.email}`,
    '',
    estimate.shopName,
  ].join('\n');
  const e = escapeHtml;
  const rows = estimate.items
    .map((i) => `<tr><td>${e(i.name)}${i.details ? `<br><small>${e(i.details)}</small>` : ''}</td><td>${i.quantity}</td><td>${e(money(i.price))}</td></tr>`)
    .join('');
  const html = [
    `<!doctype html><html lang="${htmlLang(locale)}"><head><meta charset="utf-8"><title>`,
    e(subject),
    '</title></head><body style="font-family:sans-serif;color:#222">',
    `<h1 style="font-size:20px">${e(t.heading({ id: estimate.id }))}</h1>`,
    `<p>${htmlText(t.asks, { email: estimate.email, title })}</p>`,
    `<table cellpadding="6" style="border-collapse:collapse"><thead><tr><th style="text-align:left">${e(t.product)}</th><th>${e(t.quantity)}</th><th>${e(t.price)}</th></tr></thead><tbody>${rows}</tbody></table>`,
    `<h2 style="font-size:16px">${e(t.message)}</h2>`,
    `<p style="white-space:pre-wrap">${e(estimate.message.trim() === '' ? t.none : estimate.message)}</p>`,
    `<p><a href="${e(estimate.link)}">${e(t.theList)}</a> · ${e(t.replyTo)} <a href="mailto:${e(encodeURIComponent(estimate.email).replace(/%40/g, '@'))}">${e(estimate.email)}</a></p>`,
    `<p>${e(estimate.shopName)}</p>`,
    '</body></html>',
  ].join('');
  return { to: estimate.to, subject, text, html };
}
