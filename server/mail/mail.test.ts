/**
 * Mail through a real SMTP server (smtp-server on 127.0.0.1), the default .eml files, the
 * order emails' escaping, and each mail in its reader's language.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLanguages } from '../lib/language.js';
import { passwordResetMail, welcomeMail } from './account-emails.js';
import { newOrderNotice, orderConfirmation, statusNotice, type OrderForMail } from './order-emails.js';
import { contributionMail } from './review-emails.js';
import { estimateRequestMail } from './wishlist-emails.js';
import { createMailTransport } from './transport.js';

const received: Array<{ from: string; to: string[]; data: string }> = [];
let smtp: SMTPServer;
let port = 0;
let dataDir = '';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  dataDir = await mkdtemp(path.join(tmpdir(), 'suki-mail-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
});

const ORDER: OrderForMail = {
  id: 1001,
  status: 'processing',
  createdAt: '2026-11-25T03:00:00.000Z',
  billingEmail: 'juan@example.ph',
  billingName: 'Juan <script>alert(1)</script>',
  paymentMethod: 'bacs',
  shippingTitle: 'Flat rate',
  lines: [{ name: 'Suki Logo Tee & Co', variation: 'Colour: White, Size: M', quantity: 2, lineTotal: 70_000 }],
  subtotal: 70_000,
  discountTotal: 7_000,
  shippingTotal: 10_000,
  total: 73_000,
  totalTax: 7_821,
  shippingAddress: ['Juan dela Cruz', '12 Mabini St.', 'Manila, Metro Manila 1000'],
  link: 'http://127.0.0.1:3000/checkout/order-received/1001/?key=wc_order_abc',
};
const SHOP = { name: 'Suki', ordersEmail: 'orders@suki.example.ph', bankDetails: ['Suki Shop Inc.', 'Account 0012-3456-7890'] };

describe('mail', () => {
  it('sends through SMTP by URL, as a real server receives it', async () => {
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir, from: 'Suki <shop@suki.example.ph>' });
    await transport.send(orderConfirmation(ORDER, SHOP));
    transport.close();
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['juan@example.ph']);
    expect(received[0]?.from).toBe('shop@suki.example.ph');
    expect(received[0]?.data).toContain('Subject: Your Suki order #1001 has been received');
    expect(transport.describe).toBe(`smtp://127.0.0.1:${port}`);
  });

  it('writes .eml files under the data folder by default and says where', async () => {
    const logged: string[] = [];
    const transport = createMailTransport({ dataDir, from: 'Suki <shop@suki.example.ph>', logger: { info: (m) => logged.push(m) } });
    await transport.send(newOrderNotice(ORDER, SHOP));
    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dataDir, 'mail', files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: orders@suki.example.ph');
    expect(logged[0]).toContain(path.join(dataDir, 'mail'));
  });

  it('order emails: en-PH money, VAT, bank details, every value escaped in HTML, no remote images', () => {
    const mail = orderConfirmation(ORDER, SHOP);
    expect(mail.text).toContain('Total: ₱730.00 (includes ₱78.21 VAT)');
    expect(mail.text).toContain('Discount: −₱70.00');
    expect(mail.text).toContain('Account 0012-3456-7890');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Juan &lt;script&gt;');
    expect(mail.html).toContain('Suki Logo Tee &amp; Co');
    expect(mail.html).not.toMatch(/<img|src=/i);
  });
});

describe('mails in their reader’s language', () => {
  it('the shopper’s order confirmation in Filipino: subject, text and HTML, Filipino date, money as ₱1,234.50, values still escaped', () => {
    const mail = orderConfirmation(ORDER, SHOP, 'fil-PH');
    expect(mail.subject).toBe('Natanggap na ang iyong order #1001 sa Suki');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Salamat sa iyong order.');
      expect(part).toContain('Order #1001 (Nobyembre 25, 2026)');
      expect(part).toContain('Pakihulog ang kabuuang halaga');
      expect(part).not.toMatch(/Thank you|Payment method|Shipping address|View your order/);
    }
    expect(mail.text).toContain('Kabuuan: ₱730.00 (kasama ang ₱78.21 na VAT)');
    expect(mail.text).toContain('Paraan ng pagbabayad: Bank transfer');
    expect(mail.text).toContain('Address na padadalhan:');
    expect(mail.text).toContain(`Tingnan ang iyong order: ${ORDER.link}`);
    expect(mail.html).toContain('<html lang="fil">');
    expect(mail.html).toContain('<th style="text-align:left">Produkto</th><th>Dami</th><th>Presyo</th>');
    expect(mail.html).toContain('Hi Juan &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.html).not.toContain('<script>');
  });

  it('English stays as it was (subject, greeting, date, summary) and the HTML says lang="en"', () => {
    const mail = orderConfirmation(ORDER, SHOP);
    expect(mail.subject).toBe('Your Suki order #1001 has been received');
    expect(mail.text.split('\n').slice(0, 5)).toEqual(['Hi Juan <script>alert(1)</script>,', 'Thank you for your order. We have received it and will let you know when it ships.', '', 'Order #1001 (November 25, 2026)', 'Suki Logo Tee & Co (Colour: White, Size: M) × 2: ₱700.00']);
    expect(mail.html.startsWith('<!doctype html><html lang="en"><head>')).toBe(true);
    expect(orderConfirmation(ORDER, SHOP, 'en-PH')).toEqual(mail);
  });

  it('the shop’s notice is in the shop’s language; the status notice in the order’s', () => {
    expect(newOrderNotice(ORDER, SHOP).subject).toBe('[Suki] New order #1001');
    expect(newOrderNotice(ORDER, { ...SHOP, locale: 'fil-PH' }).subject).toBe('[Suki] Bagong order #1001');
    const done = statusNotice(ORDER, SHOP, 'completed', 'fil-PH');
    expect(done.subject).toBe('Kumpleto na ang iyong order #1001 sa Suki');
    expect(done.text).toContain('Kumpleto na ang iyong order. Salamat sa pamimili sa amin.');
    expect(statusNotice(ORDER, SHOP, 'cancelled').subject).toBe('Your Suki order #1001 has been cancelled');
  });

  it('account mails follow the request’s language unless told; values escaped in the HTML', () => {
    const link = 'https://suki.example.ph/my-account/lost-password/?key=k&id=2';
    const english = passwordResetMail('ana@example.ph', 'ana<b>', link, 'Suki');
    expect(english.subject).toBe('Password Reset Request for Suki');
    expect(english.text).toContain(`Reset your password: ${link}`);
    const filipino = withLanguages({ request: 'fil-PH', shop: 'en-PH' }, () => passwordResetMail('ana@example.ph', 'ana<b>', link, 'Suki'));
    expect(filipino.subject).toBe('Request na i-reset ang password sa Suki');
    expect(filipino.text).toContain(`I-reset ang iyong password: ${link}`);
    expect(filipino.html).toContain('I-click dito para i-reset ang iyong password');
    expect(filipino.html).toContain('Hi ana&lt;b&gt;,');
    expect(filipino.html).toContain('<html lang="fil">');
    expect(welcomeMail('ana@example.ph', 'ana', link, 'Suki', 'fil-PH').subject).toBe('Nagawa na ang iyong account sa Suki!');
  });

  it('the shop’s review and estimate mails follow the shop’s language; a link inside a sentence stays a link, values escaped', () => {
    const review = { shopName: 'Suki', to: 'orders@suki.example.ph', kind: 'review' as const, product: 'Tee <i>', link: 'https://suki.example.ph/product/tee/', author: 'Ana & Co', email: 'ana@example.ph', rating: 4, text: 'Maganda', status: 'hold' as const };
    const english = contributionMail(review);
    expect(english.subject).toBe('[Suki] New review waiting for approval: Tee <i>');
    expect(english.text.split('\n')[0]).toBe('Ana & Co <ana@example.ph> wrote a review of Tee <i> waiting for approval.');
    expect(english.html).toContain('<p>Ana &amp; Co (ana@example.ph) wrote a review of <a href="https://suki.example.ph/product/tee/">Tee &lt;i&gt;</a>.</p>');
    expect(english.html).toContain('<p>Rating: 4 out of 5</p>');
    const filipino = withLanguages({ request: 'en-PH', shop: 'fil-PH' }, () => contributionMail(review));
    expect(filipino.subject).toBe('[Suki] Bagong review na naghihintay ng approval: Tee <i>');
    expect(filipino.html).toContain('<p>Sumulat si Ana &amp; Co (ana@example.ph) ng review tungkol sa <a href="https://suki.example.ph/product/tee/">Tee &lt;i&gt;</a>.</p>');
    expect(filipino.html).toContain('<h1 style="font-size:20px">Bagong review na naghihintay ng approval</h1>');
    const estimate = { id: 7, shopName: 'Suki', to: 'orders@suki.example.ph', email: 'ana@example.ph', message: '', listTitle: '', link: 'https://suki.example.ph/wishlist/x/', items: [] };
    expect(estimateRequestMail(estimate).subject).toBe('[Suki] Estimate request #7 for “My wishlist”');
    expect(estimateRequestMail(estimate, 'fil-PH').subject).toBe('[Suki] Hiling na estimate #7 para sa “Aking wishlist”');
  });
});
