/**
 * Mail through a real SMTP server (smtp-server on 127.0.0.1), the default .eml files, and the
 * order emails' escaping.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrderNotice, orderConfirmation, type OrderForMail } from './order-emails.js';
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
