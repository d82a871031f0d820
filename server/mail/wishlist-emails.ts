/**
 * The shop's copy of a request for an estimate of a wishlist: who asks (their email, to reply to),
 * their message, and the list's items. Plain text plus simple HTML with every value escaped, so a
 * title, name or message holding HTML arrives as that text.
 */
import { PHP } from '../../src/core/domain/money.js';
import { formatMoney } from '../../src/core/rules/money.js';
import { escapeHtml } from '../lib/escape.js';
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

/** The mail to the shop. */
export function estimateRequestMail(estimate: EstimateForMail): MailMessage {
  const title = estimate.listTitle.trim() === '' ? 'My wishlist' : estimate.listTitle;
  const subject = `[${estimate.shopName}] Estimate request #${estimate.id} for “${title.replace(/[\r\n]+/g, ' ').slice(0, 120)}”`;
  const lines = estimate.items.map((i) => `${i.name}${i.details ? ` (${i.details})` : ''} × ${i.quantity}: ${money(i.price)}`);
  const text = [
    `${estimate.email} asks for an estimate of the wishlist “${title}”.`,
    '',
    ...lines,
    '',
    'Message:',
    estimate.message.trim() === '' ? '(none)' : estimate.message,
    '',
    `The list: ${estimate.link}`,
    `Reply to: ${estimate.email}`,
    '',
    estimate.shopName,
  ].join('\n');
  const e = escapeHtml;
  const rows = estimate.items
    .map((i) => `<tr><td>${e(i.name)}${i.details ? `<br><small>${e(i.details)}</small>` : ''}</td><td>${i.quantity}</td><td>${e(money(i.price))}</td></tr>`)
    .join('');
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>',
    e(subject),
    '</title></head><body style="font-family:sans-serif;color:#222">',
    `<h1 style="font-size:20px">Estimate request #${estimate.id}</h1>`,
    `<p>${e(estimate.email)} asks for an estimate of the wishlist “${e(title)}”.</p>`,
    `<table cellpadding="6" style="border-collapse:collapse"><thead><tr><th style="text-align:left">Product</th><th>Quantity</th><th>Price</th></tr></thead><tbody>${rows}</tbody></table>`,
    '<h2 style="font-size:16px">Message</h2>',
    `<p style="white-space:pre-wrap">${estimate.message.trim() === '' ? '(none)' : e(estimate.message)}</p>`,
    `<p><a href="${e(estimate.link)}">The list</a> · Reply to <a href="mailto:${e(encodeURIComponent(estimate.email).replace(/%40/g, '@'))}">${e(estimate.email)}</a></p>`,
    `<p>${e(estimate.shopName)}</p>`,
    '</body></html>',
  ].join('');
  return { to: estimate.to, subject, text, html };
}
