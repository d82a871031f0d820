/**
 * The shop's notice of a new review, question or answer waiting for moderation (or published at
 * once): who wrote it, the product, the rating and the text. Plain text plus simple HTML with every
 * value escaped, so a name or text holding HTML arrives as that text.
 */
import { textsIn, type Locale } from '../../src/i18n/index.js';
import { escapeHtml } from '../lib/escape.js';
import { shopLanguage } from '../lib/language.js';
import { htmlLang, htmlText, reviewMailTexts } from './messages.js';
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

/** The mail to the shop, in the shop's language (`locale`). */
export function contributionMail(c: ContributionForMail, locale: Locale = shopLanguage()): MailMessage {
  const t = textsIn(reviewMailTexts, locale);
  const what = c.kind === 'review' ? (c.product === null ? t.shopReview : t.review) : t[c.kind];
  const about = c.product === null ? c.shopName : c.product;
  const held = c.status === 'hold';
  const subject = (held ? t.subjectHeld : t.subject)({ shop: c.shopName, what, about: oneLine(about, 100) });
  const rating = c.rating === null ? null : t.rating({ rating: c.rating });
  const text = [
    (held ? t.wroteHeld : t.wrote)({ author: c.author, email: c.email, what, about }),
    ...(rating ? [rating] : []),
    '',
    c.text,
    '',
    c.link,
    '',
    c.shopName,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    `<!doctype html><html lang="${htmlLang(locale)}"><head><meta charset="utf-8"><title>`,
    e(subject),
    '</title></head><body style="font-family:sans-serif;color:#222">',
    `<h1 style="font-size:20px">${e((held ? t.headingHeld : t.heading)({ what }))}</h1>`,
    `<p>${htmlText(t.wroteHtml, { author: c.author, email: c.email, what, about }, { about: `<a href="${e(c.link)}">${e(about)}</a>` })}</p>`,
    rating ? `<p>${e(rating)}</p>` : '',
    `<blockquote style="white-space:pre-wrap">${e(c.text)}</blockquote>`,
    `<p>${e(c.shopName)}</p>`,
    '</body></html>',
  ].join('');
  return { to: c.to, subject, text, html };
}
