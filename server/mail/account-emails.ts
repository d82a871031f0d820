/**
 * The account emails: the password reset link and the welcome mail with its email verification
 * link. Plain text and simple HTML; every value is escaped. Each is in the language of the request
 * that asked for it (the shopper's language while the request runs, `server/lib/language.ts`),
 * unless the caller names one.
 */
import { textsIn, type Locale } from '../../src/i18n/index.js';
import { escapeHtml } from '../lib/escape.js';
import { shopperLanguage } from '../lib/language.js';
import { accountMailTexts, htmlLang } from './messages.js';
import type { MailMessage } from './transport.js';

const page = (locale: Locale, title: string, paragraphs: readonly string[], link: { readonly text: string; readonly href: string }, shopName: string): string =>
  [
    `<!doctype html><html lang="${htmlLang(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;color:#222">`,
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
    `<p>${escapeHtml(shopName)}</p>`,
    '</body></html>',
  ].join('');

/** The password reset mail: a single-use link that works for one hour. */
export function passwordResetMail(to: string, username: string, link: string, shopName: string, locale: Locale = shopperLanguage()): MailMessage {
  const t = textsIn(accountMailTexts, locale);
  const subject = t.resetSubject({ shop: shopName });
  const paragraphs = [t.greeting({ name: username }), t.resetRequested({ shop: shopName, username }), t.resetIgnore];
  return {
    to,
    subject,
    text: [...paragraphs, '', `${t.resetLink}: ${link}`, '', shopName].join('\n'),
    html: page(locale, subject, paragraphs, { text: t.resetLinkHtml, href: link }, shopName),
  };
}

/** The welcome mail after registration, with the link that verifies the email address. */
export function welcomeMail(to: string, username: string, verifyLink: string, shopName: string, locale: Locale = shopperLanguage()): MailMessage {
  const t = textsIn(accountMailTexts, locale);
  const subject = t.welcomeSubject({ shop: shopName });
  const paragraphs = [t.greeting({ name: username }), t.welcomeThanks({ shop: shopName, username }), t.welcomeConfirm];
  return {
    to,
    subject,
    text: [...paragraphs, '', `${t.confirmEmail}: ${verifyLink}`, '', shopName].join('\n'),
    html: page(locale, subject, paragraphs, { text: t.confirmEmail, href: verifyLink }, shopName),
  };
}

/** The verification mail after the account's email changed. */
export function verifyEmailMail(to: string, username: string, verifyLink: string, shopName: string, locale: Locale = shopperLanguage()): MailMessage {
  const t = textsIn(accountMailTexts, locale);
  const subject = t.changedSubject({ shop: shopName });
  const paragraphs = [t.greeting({ name: username }), t.changedIntro({ shop: shopName })];
  return {
    to,
    subject,
    text: [...paragraphs, '', `${t.confirmEmail}: ${verifyLink}`, '', shopName].join('\n'),
    html: page(locale, subject, paragraphs, { text: t.confirmEmail, href: verifyLink }, shopName),
  };
}
