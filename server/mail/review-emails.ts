/**
 * The shop's notice of a new review, question or answer waiting for moderation (or published at
 * once): who wrote it, the product, the rating and the text. Plain text plus simple HTML with every
 * value escaped, so a name or text holding HTML arrives as that text.
 */
import { escapeHtml } from '../lib/escape.js';
import type { MailMessage } from './transport.js';

/** What the notice shows. */
export interface ContributionForMail {
  readonly shopName: string;
  readonly to: string;
  readonly kind: 'review' | 'question' | 'answer';
  /** The product's name, or null for a shop review. */
  readonly product: string | null;
  /** The product page or the shop (absolute). */
  readonly link: string;
  readonly author: string;
  readonly email: string;
  readonly rating: number | null;
  readonly text: string;
  readonly status: 'approved' | 'hold';
}

const oneLine = (text: string, max: number): string => text.replace(/[\r\n]+/g, ' ').slice(0, max);

/** The mail to the shop. */
export function contributionMail(c: ContributionForMail): MailMessage {
  const what = c.kind === 'review' ? (c.product === null ? 'shop review' : 'review') : c.kind;
  const about = c.product === null ? c.shopName : c.product;
  const waiting = c.status === 'hold' ? ' waiting for approval' : '';
  const subject = `[${c.shopName}] New ${what}${waiting}: ${oneLine(about, 100)}`;
  const rating = c.rating === null ? null : `${c.rating} out of 5`;
  const text = [
    `${c.author} <${c.email}> wrote a ${what} of ${about}${waiting}.`,
    ...(rating ? [`Rating: ${rating}`] : []),
    '',
    c.text,
    '',
    c.link,
    '',
    c.shopName,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>',
    e(subject),
    '</title></head><body style="font-family:sans-serif;color:#222">',
    `<h1 style="font-size:20px">New ${e(what)}${e(waiting)}</h1>`,
    `<p>${e(c.author)} (${e(c.email)}) wrote a ${e(what)} of <a href="${e(c.link)}">${e(about)}</a>.</p>`,
    rating ? `<p>Rating: ${e(rating)}</p>` : '',
    `<blockquote style="white-space:pre-wrap">${e(c.text)}</blockquote>`,
    `<p>${e(c.shopName)}</p>`,
    '</body></html>',
  ].join('');
  return { to: c.to, subject, text, html };
}
