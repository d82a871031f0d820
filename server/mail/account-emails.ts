/**
 * The account emails: the password reset link and the welcome mail with its email verification
 * link. Plain text and simple HTML; every value is escaped.
 */
import { escapeHtml } from '../lib/escape.js';
import type { MailMessage } from './transport.js';

const page = (title: string, paragraphs: readonly string[], link: { readonly text: string; readonly href: string }, shopName: string): string =>
  [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;color:#222">`,
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
    `<p>${escapeHtml(shopName)}</p>`,
    '</body></html>',
  ].join('');

/** The password reset mail: a single-use link that works for one hour. */
export function passwordResetMail(to: string, username: string, link: string, shopName: string): MailMessage {
  const subject = `Password Reset Request for ${shopName}`;
  const paragraphs = [
    `Hi ${username},`,
    `Someone has requested a new password for the following account on ${shopName}: username ${username}.`,
    'If you didn’t make this request, just ignore this email. If you’d like to proceed, follow the link below. It works once, for one hour.',
  ];
  return {
    to,
    subject,
    text: [...paragraphs, '', `Reset your password: ${link}`, '', shopName].join('\n'),
    html: page(subject, paragraphs, { text: 'Click here to reset your password', href: link }, shopName),
  };
}

/** The welcome mail after registration, with the link that verifies the email address. */
export function welcomeMail(to: string, username: string, verifyLink: string, shopName: string): MailMessage {
  const subject = `Your ${shopName} account has been created!`;
  const paragraphs = [
    `Hi ${username},`,
    `Thanks for creating an account on ${shopName}. Your username is ${username}.`,
    'Please confirm this email address with the link below. Once it is confirmed, orders you placed earlier as a guest with this address appear in your account.',
  ];
  return {
    to,
    subject,
    text: [...paragraphs, '', `Confirm your email address: ${verifyLink}`, '', shopName].join('\n'),
    html: page(subject, paragraphs, { text: 'Confirm your email address', href: verifyLink }, shopName),
  };
}

/** The verification mail after the account's email changed. */
export function verifyEmailMail(to: string, username: string, verifyLink: string, shopName: string): MailMessage {
  const subject = `Confirm your new email address for ${shopName}`;
  const paragraphs = [`Hi ${username},`, `The email address of your ${shopName} account was changed to this one. Please confirm it with the link below.`];
  return {
    to,
    subject,
    text: [...paragraphs, '', `Confirm your email address: ${verifyLink}`, '', shopName].join('\n'),
    html: page(subject, paragraphs, { text: 'Confirm your email address', href: verifyLink }, shopName),
  };
}
