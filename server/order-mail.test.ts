/**
 * Order emails as the running shop sends them, received by a real SMTP server (smtp-server on
 * 127.0.0.1): after the order commits, at start-up for mail a previous run left queued, and on a
 * staff status change; and the staff API mounted behind its transport rule (HTTPS or loopback).
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp } from './app.js';
import { mailOutbox, orders, products } from './db/schema.js';
import { queueMail } from './mail/outbox.js';
import { createMailTransport, type MailTransport } from './mail/transport.js';
import { createApiKey } from './services/api-keys.js';
import { Shopper, startShop, STORE, type TestShop } from './test/harness.js';

interface Received {
  to: string[];
  data: string;
}
const received: Received[] = [];
let smtp: SMTPServer;
let mail: MailTransport;
let shop: TestShop;
let productId = 0;

const address = { first_name: 'Lito', last_name: 'Bautista', company: '', address_1: '9 Burgos St.', address_2: '', city: 'Davao City', state: 'DAS', postcode: '8000', country: 'PH', phone: '+639181112222' };

/** Waits (polling) until `n` messages have arrived for `to`. */
const mailFor = async (to: string, n = 1): Promise<Received[]> => {
  for (let i = 0; i < 100; i += 1) {
    const found = received.filter((m) => m.to.includes(to));
    if (found.length >= n) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail for ${to}`);
};

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  mail = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, dataDir: 'unused', from: 'Suki <shop@suki.example.ph>' });
  // Trusting the loopback proxy lets a test pose as a remote client with X-Forwarded-For.
  shop = await startShop({ mail, trustProxy: ['127.0.0.1'] });
  const [simple] = await shop.db.database.db.select({ id: products.id }).from(products).where(eq(products.type, 'simple')).limit(1);
  productId = simple?.id ?? 0;
  await shop.db.database.db.update(products).set({ stockQuantity: null, regularPrice: 45_000, salePrice: null }).where(eq(products.id, productId));
}, 60_000);
afterAll(async () => {
  await shop.close();
  mail.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Places an order; `language` as the shopper's page would send it: the `suki_lang` cookie, or `?lang=` on the checkout call. */
const placeOrder = async (email: string, payment = 'cod', language: { cookie?: string; query?: string } = {}) => {
  const shopper = new Shopper(shop.url);
  if (language.cookie) shopper.cookies.set('suki_lang', language.cookie);
  await shopper.ensureNonce();
  await shopper.postJson(`${STORE}/cart/add-item`, { id: productId, quantity: 1 });
  const res = await shopper.postJson<{ order_id: number; order_key: string }>(`${STORE}/checkout${language.query ? `?lang=${language.query}` : ''}`, { billing_address: { ...address, email }, shipping_address: address, payment_method: payment });
  expect(res.status).toBe(200);
  return res.body;
};

describe('order emails from the running shop', () => {
  it('sends the confirmation and the shop notice right after the order commits', async () => {
    const order = await placeOrder('lito@example.ph', 'bacs');
    const [confirmation] = await mailFor('lito@example.ph');
    expect(confirmation?.data).toContain(`Subject: Your Suki order #${order.order_id} has been received`);
    expect(confirmation?.data).toContain('0012-3456-7890');
    const [notice] = await mailFor('orders@suki.example.ph');
    expect(notice?.data).toContain(`#${order.order_id}`);
    const rows = await shop.db.database.db.select().from(mailOutbox);
    await expect.poll(async () => (await shop.db.database.db.select().from(mailOutbox)).every((r) => r.status === 'sent')).toBe(true);
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it('sends at start-up what a previous run left queued', async () => {
    await queueMail(shop.db.database.db, { to: 'left.over@example.ph', subject: 'Queued before a restart', text: 'hello', html: '<p>hello</p>' });
    // A second instance starting on the same database (a restart) sends it without any request.
    createShopApp({ database: shop.db.database, mail, logger: shop.logger });
    const [message] = await mailFor('left.over@example.ph');
    expect(message?.data).toContain('Subject: Queued before a restart');
  });

  it('staff API: mounted at /wp-json/wc/v3, keys refused from a remote client over plain HTTP, taken over HTTPS or loopback; completing emails the shopper', async () => {
    const order = await placeOrder('status@example.ph');
    const key = await createApiKey(shop.db.database.db, 'test', 'read_write');
    const auth = `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
    const call = (path: string, headers: Record<string, string>, init: RequestInit = {}) => fetch(`${shop.url}/wp-json/wc/v3${path}`, { ...init, headers: { authorization: auth, ...headers } });

    const remote = await call(`/orders/${order.order_id}`, { 'x-forwarded-for': '203.0.113.9' });
    expect(remote.status).toBe(401);
    expect(((await remote.json()) as { code: string }).code).toBe('woocommerce_rest_cannot_view');
    expect((await call(`/orders/${order.order_id}`, { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' })).status).toBe(200);
    const local = await call(`/orders/${order.order_id}`, {});
    expect(local.status).toBe(200);
    expect(((await local.json()) as { status: string }).status).toBe('processing');
    expect((await call('/orders', { authorization: 'Basic bm9wZTpub3Bl' })).status).toBe(401);

    const done = await call(`/orders/${order.order_id}`, { 'content-type': 'application/json' }, { method: 'PUT', body: JSON.stringify({ status: 'completed' }) });
    expect(done.status).toBe(200);
    const messages = await mailFor('status@example.ph', 2);
    expect(messages.some((m) => /Subject: .*complete/i.test(m.data))).toBe(true);
  });

  /** The queued rows (subject, text and HTML as written when the order committed) for `to`. */
  const queuedFor = async (to: string) => (await shop.db.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).sort((a, b) => a.id - b.id);

  it('an order placed in Filipino (suki_lang=fil) mails the shopper in Filipino, both parts, and the shop in English; the order keeps its language', async () => {
    const order = await placeOrder('maria@example.ph', 'bacs', { cookie: 'fil' });
    const [confirmation] = await mailFor('maria@example.ph');
    expect(confirmation?.data).toContain(`Subject: Natanggap na ang iyong order #${order.order_id} sa Suki`);
    const [row] = await queuedFor('maria@example.ph');
    expect(row?.subject).toBe(`Natanggap na ang iyong order #${order.order_id} sa Suki`);
    for (const part of [row?.text ?? '', row?.html ?? '']) {
      expect(part).toContain('Hi Lito Bautista,');
      expect(part).toContain('Salamat sa iyong order.');
      expect(part).toContain('Pakihulog ang kabuuang halaga');
      expect(part).toMatch(/Order #\d+ \((Enero|Pebrero|Marso|Abril|Mayo|Hunyo|Hulyo|Agosto|Setyembre|Oktubre|Nobyembre|Disyembre) \d{1,2}, \d{4}\)/);
      expect(part).not.toMatch(/Thank you|Payment method|View your order/);
    }
    expect(row?.text).toContain('Kabuuan: ₱');
    expect(row?.html).toContain('<html lang="fil">');
    // The shop's notice for the same order: English, the shop's language.
    const notices = (await queuedFor('orders@suki.example.ph')).filter((m) => m.subject.includes(`#${order.order_id}`));
    expect(notices.map((m) => m.subject)).toEqual([`[Suki] New order #${order.order_id}`]);
    expect(notices[0]?.text).toContain('You have received an order from Lito Bautista <maria@example.ph>.');
    expect(notices[0]?.html).toContain('<html lang="en">');
    const [stored] = await shop.db.database.db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, order.order_id));
    expect(stored?.locale).toBe('fil-PH');
  });

  it('?lang=fil on the checkout call counts too; a staff status change later mails in the order’s language; English orders stay English', async () => {
    const order = await placeOrder('jose@example.ph', 'cod', { query: 'fil' });
    const [row] = await queuedFor('jose@example.ph');
    expect(row?.subject).toBe(`Natanggap na ang iyong order #${order.order_id} sa Suki`);
    expect(row?.text).toContain('Pakihanda ang kabuuang halaga nang cash');
    const key = await createApiKey(shop.db.database.db, 'lang', 'read_write');
    const auth = `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
    // The staff member's own request is in English: the shopper still gets Filipino.
    const done = await fetch(`${shop.url}/wp-json/wc/v3/orders/${order.order_id}`, { method: 'PUT', headers: { authorization: auth, 'content-type': 'application/json', cookie: 'suki_lang=en' }, body: JSON.stringify({ status: 'completed' }) });
    expect(done.status).toBe(200);
    await mailFor('jose@example.ph', 2);
    const rows = await queuedFor('jose@example.ph');
    expect(rows[1]?.subject).toBe(`Kumpleto na ang iyong order #${order.order_id} sa Suki`);
    expect(rows[1]?.text).toContain('Kumpleto na ang iyong order. Salamat sa pamimili sa amin.');
    const english = await placeOrder('eng@example.ph');
    const [plain] = await queuedFor('eng@example.ph');
    expect(plain?.subject).toBe(`Your Suki order #${english.order_id} has been received`);
    expect(plain?.html).toContain('<html lang="en">');
  });
});
