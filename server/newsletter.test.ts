/**
 * The newsletter provider's admin-ajax actions on our server, over real HTTP and spoken by the
 * browser's own adapter (`src/adapters/newsletter.ts`): an opt-in lands in `suki_subscribers` with
 * its consent (time, source page, the opt-in's words), an address without one is not kept, the hash
 * lookup finds subscribers only, bad input is a 400 naming the field, and a client is limited.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../src/adapters/http.js';
import { createNewsletterAdapter } from '../src/adapters/newsletter.js';
import { createShopApp } from './app.js';
import { subscribers } from './db/schema.js';
import { listen, type RunningServer } from './listen.js';
import { DEFAULT_OPT_IN_TEXT, newsletterSettingsOf } from './routes/admin-ajax.js';
import { memoryLogger, openTestDatabase, type TestDatabase } from './test/harness.js';

const OPT_IN = 'Send me the Suki letter';
let db: TestDatabase;
let on: RunningServer;
let off: RunningServer;
let plain: RunningServer;

beforeAll(async () => {
  db = await openTestDatabase();
  const common = { database: db.database, logger: memoryLogger(), trustProxy: ['127.0.0.1', '::1'] };
  on = await listen(createShopApp({ ...common, newsletter: { optInText: OPT_IN } }), { port: 0, host: '127.0.0.1' });
  off = await listen(createShopApp({ ...common, newsletter: false }), { port: 0, host: '127.0.0.1' });
  plain = await listen(createShopApp({ ...common, newsletter: { optInText: DEFAULT_OPT_IN_TEXT } }), { port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await on.close();
  await off.close();
  await plain.close();
  await db.dispose();
});

let clients = 0;
/** The browser's adapter, from its own client address, as if on `page` of the shop. */
const adapter = (page = '/checkout/') => {
  const client = `203.0.113.${(clients += 1)}`;
  return createNewsletterAdapter(createHttpClient({ baseUrl: on.url, headers: () => ({ referer: `${on.url}${page}`, 'x-forwarded-for': client }) }));
};
const row = async (email: string) => (await db.database.db.select().from(subscribers).where(eq(subscribers.email, email)))[0];
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const ajax = (server: RunningServer, query: string, body: string | null, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/wp-admin/admin-ajax.php?${query}`, {
    method: body === null ? 'GET' : 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${(clients += 1) % 250}`, ...headers },
    ...(body === null ? {} : { body }),
  });

describe('newsletter admin-ajax actions', () => {
  it('an opt-in is recorded with its consent: time, the page it came from, and the words ticked', async () => {
    const before = Date.now();
    const result = await adapter().setUser({ email: 'Maria+Shop@Example.com', language: 'tl', subscribed: true });
    expect(result).toEqual({ ok: true, value: undefined });
    const saved = await row('maria+shop@example.com');
    expect(saved).toMatchObject({ email: 'maria+shop@example.com', language: 'tl', subscribed: true, consentSource: '/checkout/', consentText: OPT_IN });
    expect(Date.parse(saved!.consentAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(saved!.consentAt)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('with the default label, the words recorded are the ones the shopper saw: in Filipino on a Filipino page', async () => {
    const inLanguage = (lang: 'fil' | 'en') =>
      createNewsletterAdapter(createHttpClient({ baseUrl: plain.url, headers: () => ({ referer: `${plain.url}/checkout/`, 'x-forwarded-for': `198.51.100.${lang === 'fil' ? 1 : 2}`, cookie: `suki_lang=${lang}` }) }));
    expect((await inLanguage('fil').setUser({ email: 'filipino.optin@example.com', language: 'tl', subscribed: true })).ok).toBe(true);
    expect((await inLanguage('en').setUser({ email: 'english.optin@example.com', language: 'en', subscribed: true })).ok).toBe(true);
    expect((await row('filipino.optin@example.com'))?.consentText).toBe('Mag-subscribe sa aming newsletter');
    expect((await row('english.optin@example.com'))?.consentText).toBe(DEFAULT_OPT_IN_TEXT);
  });

  it('an address without the opt-in is taken but not kept, and never unsubscribes a subscriber', async () => {
    expect((await adapter().setUser({ email: 'juan@example.ph', language: 'en', subscribed: false })).ok).toBe(true);
    expect(await row('juan@example.ph')).toBeUndefined();
    await adapter().setUser({ email: 'ana@example.ph', language: 'en', subscribed: true });
    await adapter().setUser({ email: 'ana@example.ph', language: 'en', subscribed: false });
    expect((await row('ana@example.ph'))?.subscribed).toBe(true);
  });

  it('a new opt-in replaces the consent record; one from another site is refused', async () => {
    const from = (referer: Record<string, string>) => createNewsletterAdapter(createHttpClient({ baseUrl: on.url, headers: () => ({ ...referer, 'x-forwarded-for': '192.0.2.77' }) }));
    await adapter('/cart/').setUser({ email: 'rico@example.ph', language: 'en', subscribed: true });
    expect((await row('rico@example.ph'))?.consentSource).toBe('/cart/');
    const foreign = await from({ referer: 'https://elsewhere.example/form' }).setUser({ email: 'rico@example.ph', language: 'en', subscribed: true });
    expect(foreign.ok ? null : foreign.error).toMatchObject({ kind: 'http', status: 403 });
    expect((await row('rico@example.ph'))?.consentSource).toBe('/cart/');
    await from({}).setUser({ email: 'rico@example.ph', language: 'en', subscribed: true });
    expect((await row('rico@example.ph'))?.consentSource).toBe('unknown');
  });

  it('the hash lookup answers subscribers only', async () => {
    await adapter().setUser({ email: 'lookup@example.ph', language: 'en', subscribed: true });
    const port = adapter();
    expect(await port.lookUpByHash(md5('lookup@example.ph'))).toEqual({ ok: true, value: 'lookup@example.ph' });
    expect(await port.lookUpByHash(md5('juan@example.ph'))).toEqual({ ok: true, value: null });
    expect(await port.lookUpByHash(md5('nobody@example.ph'))).toEqual({ ok: true, value: null });
  });

  it('bad input is a 400 naming the field, and nothing is written', async () => {
    const cases: Array<[string, string]> = [
      ['email=&mc_language=en&subscribed=1', 'email'],
      ['email=juan&mc_language=en&subscribed=1', 'email'],
      ['email=juan%40example&mc_language=en&subscribed=1', 'email'],
      [`email=${'a'.repeat(10_000)}%40example.com&mc_language=en&subscribed=1`, 'email'],
      ['email=%3Cb%3Ex%3C%2Fb%3E%40example.com&mc_language=en&subscribed=1', 'email'],
      ['email=bad1%40example.com&mc_language=english&subscribed=1', 'mc_language'],
      ['email=bad2%40example.com&mc_language=en&subscribed=yes', 'subscribed'],
    ];
    const count = async () => (await db.database.db.select().from(subscribers)).length;
    const rows = await count();
    for (const [body, field] of cases) {
      const response = await ajax(on, 'action=mailchimp_set_user_by_email', body);
      expect(response.status, body.slice(0, 60)).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, email: false, field });
    }
    const nul = await ajax(on, 'action=mailchimp_set_user_by_email', 'email=a%00b%40example.com&mc_language=en&subscribed=1');
    expect(nul.status).toBe(400);
    const hash = await ajax(on, 'action=mailchimp_get_user_by_hash&hash=..%2F..%2Fetc', '');
    expect(hash.status).toBe(400);
    expect(await hash.json()).toMatchObject({ field: 'hash' });
    expect((await ajax(on, 'action=mailchimp_set_user_by_email', null)).status).toBe(405);
    expect(await count()).toBe(rows);
  });

  it('limits the actions per client', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.200' };
    const statuses: number[] = [];
    for (let n = 0; n < 31; n += 1) statuses.push((await ajax(on, 'action=mailchimp_set_user_by_email', `email=bulk${n}%40example.com&mc_language=en&subscribed=0`, headers)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await ajax(on, 'action=mailchimp_set_user_by_email', 'email=other%40example.com&mc_language=en&subscribed=0', { 'x-forwarded-for': '192.0.2.201' })).status).toBe(200);
  });

  it('the settings follow the plugin: off without it, its label as the consent text with it', () => {
    expect(newsletterSettingsOf([{ name: 'pixel', options: {} }])).toBe(false);
    expect(newsletterSettingsOf([{ name: 'newsletter', options: { optInLabel: OPT_IN } }])).toEqual({ optInText: OPT_IN });
    expect(newsletterSettingsOf([{ name: 'newsletter', options: {} }])).toEqual({ optInText: DEFAULT_OPT_IN_TEXT });
  });

  it('with the newsletter off, its actions are unknown (`0`, 400) and rest-nonce still answers', async () => {
    const response = await ajax(off, 'action=mailchimp_set_user_by_email', 'email=juan%40example.ph&mc_language=en&subscribed=1');
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('0');
    const nonce = await fetch(`${off.url}/wp-admin/admin-ajax.php?action=rest-nonce`);
    expect(await nonce.text()).toMatch(/^[0-9a-f]{10}$/);
  });
});
