/**
 * Contact Form 7's REST routes on the embedded shop: the stock answers, the hardening cases
 * (oversized bodies, unknown forms, wrong field types, HTML in fields, cross-site posts, text the
 * database cannot hold), storage before mail (a failing mail loses nothing and says so), the
 * honeypot and the per-client limit shared by two app instances on one database; and the answers
 * in the sender's language (`lang`, `_wpcf7_locale`, `?lang=`, the `suki_lang` cookie), the mail to
 * the shop in the shop's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp } from './app.js';
import { openDatabase, type OpenedDatabase } from './db/client.js';
import { contactFiles, contactMessages, mailOutbox } from './db/schema.js';
import { listen, type RunningServer } from './listen.js';
import { pageInputOf } from './pages.js';
import type { MailMessage, MailTransport } from './mail/transport.js';
import { CONTACT_BODY_LIMIT, CONTACT_FLOOD } from './routes/contact-forms.js';
import { resolveThreshold, shopToday } from './services/contact-forms.js';
import { memoryLogger, openTestDatabase, type TestDatabase } from './test/harness.js';

const FORMS = { formIds: { contact: 101, wholesale: 102 } };
const ROOT = '/wp-json/contact-form-7/v1/contact-forms';

/** A mail transport that records, and fails while `failing` is set. */
class FakeMail implements MailTransport {
  readonly sent: MailMessage[] = [];
  failing = false;
  readonly describe = 'memory';
  send(message: MailMessage): Promise<void> {
    if (this.failing) return Promise.reject(new Error('SMTP is down'));
    this.sent.push(message);
    return Promise.resolve();
  }
  close(): void {}
}

let db: TestDatabase;
let second: OpenedDatabase | null = null;
const servers: RunningServer[] = [];
const mail = new FakeMail();
let base = '';
let other = '';

beforeAll(async () => {
  db = await openTestDatabase();
  second = db.url ? await openDatabase({ databaseUrl: db.url, poolSize: 4 }) : null;
  for (const database of [db.database, second ?? db.database]) {
    servers.push(await listen(createShopApp({ database, logger: memoryLogger(), trustProxy: ['127.0.0.1', '::1'], mail, contactForms: FORMS }), { port: 0 }));
  }
  [base, other] = servers.map((s) => s.url) as [string, string];
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await second?.close();
  await db.dispose();
});

let clients = 0;
/** A fresh client address per test (the limit is per client). */
const client = () => `198.51.100.${(clients += 1)}`;

const weekdayAhead = (days: number): string => {
  let date = resolveThreshold(`today+${days}`, new Date());
  for (;;) {
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (day >= 1 && day <= 5) return date;
    date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
};

const contactFields = (over: Record<string, string | null> = {}): FormData => {
  const form = new FormData();
  const fields: Record<string, string | null> = {
    _wpcf7: '101',
    _wpcf7_version: '5.9.8',
    _wpcf7_locale: 'en_US',
    _wpcf7_unit_tag: 'wpcf7-f101-o1',
    _wpcf7_container_post: '0',
    'your-name': 'Ana Reyes',
    'your-email': 'ana@example.ph',
    'your-subject': 'Delivery to Cebu',
    'your-message': 'Do you deliver to Cebu City?',
    'privacy-policy': '1',
    'your-website-hp': '',
    ...over,
  };
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  return form;
};

interface Feedback {
  contact_form_id: number;
  status: string;
  message: string;
  invalid_fields?: Array<{ field: string; message: string; idref: string | null; error_id: string }>;
  posted_data_hash: string;
  into: string;
}

const post = (body: BodyInit, options: { at?: string; id?: number | string; client?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${options.at ?? base}${ROOT}/${options.id ?? 101}/feedback`, { method: 'POST', body, headers: { 'x-forwarded-for': options.client ?? client(), ...options.headers } });

describe('the schema and refill routes', () => {
  it('answers the form’s rules in the stock shape, date thresholds resolved in Manila', async () => {
    const answer = await fetch(`${base}${ROOT}/102/feedback/schema`);
    expect(answer.status).toBe(200);
    const schema = (await answer.json()) as { version: string; locale: string; rules: Array<{ rule: string; field: string; threshold?: unknown }> };
    expect(schema.version).toMatch(/^Contact Form 7 SWV Schema/);
    expect(new Set(schema.rules.map((r) => r.rule))).toEqual(
      new Set(['required', 'email', 'url', 'tel', 'number', 'date', 'time', 'enum', 'file', 'minlength', 'maxlength', 'minnumber', 'maxnumber', 'mindate', 'maxdate', 'minitems', 'maxitems', 'minfilesize', 'maxfilesize', 'dayofweek'].filter((r) => r !== 'minlength')),
    );
    expect(schema.rules.find((r) => r.rule === 'mindate')?.threshold).toBe(resolveThreshold('today+1', new Date()));
    expect(shopToday(new Date('2026-11-25T16:30:00Z'))).toBe('2026-11-26');
    const contact = (await (await fetch(`${base}${ROOT}/101/feedback/schema`)).json()) as { rules: Array<{ rule: string }> };
    expect(contact.rules.some((r) => r.rule === 'minlength')).toBe(true);
    expect(await (await fetch(`${base}${ROOT}/101/refill`)).json()).toEqual({});
  });

  it('answers 404 wpcf7_not_found for an unknown form, and no route for a malformed id', async () => {
    for (const path of [`${ROOT}/999/feedback/schema`, `${ROOT}/999/refill`]) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status).toBe(404);
      expect(((await answer.json()) as { code: string }).code).toBe('wpcf7_not_found');
    }
    expect((await post(contactFields(), { id: 999 })).status).toBe(404);
    const bad = await fetch(`${base}${ROOT}/abc/feedback/schema`);
    expect(bad.status).toBe(404);
    expect(((await bad.json()) as { code: string }).code).toBe('rest_no_route');
  });
});

describe('a submission', () => {
  it('is stored, then mailed to the shop; the answer has the stock fields', async () => {
    const before = mail.sent.length;
    const answer = await post(contactFields());
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Feedback;
    expect(body).toMatchObject({ contact_form_id: 101, status: 'mail_sent', message: 'Thank you for your message. It has been sent.', into: '#wpcf7-f101-o1' });
    expect(body.posted_data_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(mail.sent.length).toBe(before + 1);
    expect(mail.sent.at(-1)?.to).toBe('orders@suki.example.ph');
    expect(mail.sent.at(-1)?.text).toContain('your-message: Do you deliver to Cebu City?');
  });

  it('takes a urlencoded body as well', async () => {
    const form = new URLSearchParams([...contactFields().entries()].map(([k, v]) => [k, String(v)]));
    const body = (await (await post(form)).json()) as Feedback;
    expect(body.status).toBe('mail_sent');
  });

  it('answers validation_failed with each field’s first failing rule, and stores nothing', async () => {
    const count = (await db.database.db.select().from(contactMessages)).length;
    const body = (await (await post(contactFields({ 'your-name': '   ', 'your-email': 'not-an-email', 'your-message': 'short' }))).json()) as Feedback;
    expect(body.status).toBe('validation_failed');
    expect(body.message).toBe('One or more fields have an error. Please check and try again.');
    expect(body.invalid_fields).toEqual([
      { field: 'your-name', message: 'Please fill out this field.', idref: null, error_id: 'wpcf7-f101-o1-ve-your-name' },
      { field: 'your-email', message: 'Please enter an email address.', idref: null, error_id: 'wpcf7-f101-o1-ve-your-email' },
      { field: 'your-message', message: 'This field has a too short input.', idref: null, error_id: 'wpcf7-f101-o1-ve-your-message' },
    ]);
    expect((await db.database.db.select().from(contactMessages)).length).toBe(count);
  });

  it('answers acceptance_missing when the privacy box is not ticked', async () => {
    const body = (await (await post(contactFields({ 'privacy-policy': null }))).json()) as Feedback;
    expect(body.status).toBe('acceptance_missing');
    expect(body.message).toBe('You must accept the terms and conditions before sending your message.');
  });

  it('keeps the message when the mail fails, and says mail_failed; the outbox has it for later', async () => {
    mail.failing = true;
    try {
      const body = (await (await post(contactFields({ 'your-subject': 'Mail down test' }))).json()) as Feedback;
      expect(body.status).toBe('mail_failed');
      expect(body.message).toBe('There was an error trying to send your message. Please try again later.');
    } finally {
      mail.failing = false;
    }
    const rows = await db.database.db.select().from(contactMessages).where(eq(contactMessages.status, 'mail_failed'));
    const stored = rows.find((r) => r.fields.includes('Mail down test'));
    expect(stored).toBeDefined();
    const queued = await db.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored?.mailId ?? -1));
    expect(queued[0]?.status).toBe('queued');
    expect(queued[0]?.lastError).toBe('SMTP is down');
  });
});

describe('hardening', () => {
  it('keeps the app’s 64 KiB limit for other routes', async () => {
    const answer = await fetch(`${base}/wp-json/wp/v2/comments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'x'.repeat(70_000) }) });
    expect(answer.status).toBe(413);
  });

  it('refuses JSON and other body types with 415, and a missing or bad unit tag with 400', async () => {
    const json = await post(JSON.stringify({ 'your-name': 'Ana' }), { headers: { 'content-type': 'application/json' } });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { code: string }).code).toBe('wpcf7_unsupported_media_type');
    for (const tag of [null, 'nope', 'wpcf7-f101-oX']) {
      const answer = await post(contactFields({ _wpcf7_unit_tag: tag }));
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { code: string }).code).toBe('wpcf7_unit_tag_not_found');
    }
  });

  it('treats a file where text is expected, and text where a file is expected, as invalid fields', async () => {
    const form = contactFields({ 'your-email': null });
    form.append('your-email', new Blob(['ana@example.ph']), 'email.txt');
    const body = (await (await post(form)).json()) as Feedback;
    expect(body.status).toBe('validation_failed');
    expect(body.invalid_fields?.map((f) => f.field)).toContain('your-email');
  });

  it('refuses a file whose content is not what its name says', async () => {
    const form = wholesaleFields();
    form.set('order-sheet', new Blob(['MZ\u0090\u0000 not a pdf']), 'order.pdf');
    const body = (await (await post(form, { id: 102 })).json()) as Feedback;
    expect(body.status).toBe('validation_failed');
    expect(body.invalid_fields).toEqual([expect.objectContaining({ field: 'order-sheet', message: 'You are not allowed to upload files of this type.' })]);
  });

  it('stores and mails HTML in fields as text', async () => {
    const html = '<b>Hi</b><script>alert(1)</script><img src=x onerror=alert(2)>';
    const body = (await (await post(contactFields({ 'your-message': html, 'your-subject': 'HTML test' }))).json()) as Feedback;
    expect(body.status).toBe('mail_sent');
    const sent = mail.sent.find((m) => m.subject.includes('HTML test'));
    expect(sent?.text).toContain(html);
    expect(sent?.html).not.toContain('<script');
    expect(sent?.html).not.toContain('<img');
    expect(sent?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const stored = await db.database.db.select().from(contactMessages);
    expect(stored.some((r) => (JSON.parse(r.fields) as Record<string, string[]>)['your-message']?.[0] === html)).toBe(true);
  });

  it('refuses text the database cannot hold (NUL, unpaired surrogates) in a multipart body', async () => {
    const answer = await post(contactFields({ 'your-name': 'Ana\u0000Reyes' }));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { code: string }).code).toBe('rest_invalid_param');
    const lone = await post(contactFields({ 'your-subject': 'a\ud800b' }));
    // FormData encodes a lone surrogate as U+FFFD: stored as such, never as a broken string.
    expect([200, 400]).toContain(lone.status);
  });

  it('takes fields named like Object properties (__proto__, constructor, toString) as plain fields', async () => {
    const form = contactFields();
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty[]']) form.append(name, 'x');
    const answer = await post(form);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as Feedback).status).toBe('mail_sent');
    const page = await fetch(`${base}/contact/`, { method: 'POST', body: (() => {
      const bad = contactFields({ 'your-email': 'nope' });
      bad.append('__proto__', 'x');
      return bad;
    })(), headers: { 'x-forwarded-for': client() } });
    expect(page.status).not.toBe(500);
  });

  it('refuses cross-site posts (a foreign Origin, a cross-site fetch) with 403', async () => {
    const foreign = await post(contactFields(), { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const crossSite = await post(contactFields(), { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const page = await fetch(`${base}/contact/`, { method: 'POST', body: contactFields(), headers: { origin: 'https://evil.example' } });
    expect(page.status).toBe(403);
  });
});

describe('spam', () => {
  it('a filled honeypot is spam: the stock answer, stored, never mailed', async () => {
    const before = mail.sent.length;
    const body = (await (await post(contactFields({ 'your-website-hp': 'http://spam.example', 'your-subject': 'Honeypot test' }))).json()) as Feedback;
    expect(body.status).toBe('spam');
    expect(body.message).toBe('There was an error trying to send your message. Please try again later.');
    expect(body.invalid_fields ?? []).toEqual([]);
    expect(mail.sent.length).toBe(before);
    const rows = await db.database.db.select().from(contactMessages).where(eq(contactMessages.spamReason, 'honeypot'));
    expect(rows.some((r) => r.fields.includes('Honeypot test'))).toBe(true);
  });

  it('counts a client’s messages on both instances together; past the limit they are spam, others still send', async () => {
    const who = '203.0.113.77';
    const statuses: string[] = [];
    for (let n = 0; n < CONTACT_FLOOD.max + 2; n++) {
      const body = (await (await post(contactFields({ 'your-subject': `Flood ${n}` }), { client: who, at: n % 2 === 0 ? base : other })).json()) as Feedback;
      statuses.push(body.status);
    }
    expect(statuses.slice(0, CONTACT_FLOOD.max).every((s) => s === 'mail_sent')).toBe(true);
    expect(statuses.slice(CONTACT_FLOOD.max)).toEqual(['spam', 'spam']);
    expect(((await (await post(contactFields(), { client: '203.0.113.78', at: other })).json()) as Feedback).status).toBe('mail_sent');
  });
});

const wholesaleFields = (): FormData => {
  const form = new FormData();
  const fields: Array<[string, string]> = [
    ['_wpcf7', '102'],
    ['_wpcf7_unit_tag', 'wpcf7-f102-o1'],
    ['your-name', 'Ben Cruz'],
    ['your-email', 'ben@cafe.example.ph'],
    ['company', 'Kapihan sa Kanto'],
    ['website', 'https://kapihan.example.ph'],
    ['your-tel', '+63 917 123 4567'],
    ['business-type', 'Café or restaurant'],
    ['interests[]', 'Tea'],
    ['interests[]', 'Snacks'],
    ['quantity', '120'],
    ['visit-date', weekdayAhead(3)],
    ['visit-time', '14:30'],
    ['your-message', 'We would like a sample box.'],
    ['privacy-policy', '1'],
  ];
  for (const [name, value] of fields) form.append(name, value);
  form.append('order-sheet', new Blob(['item,qty\nTea,40\n'], { type: 'text/csv' }), 'order.csv');
  return form;
};

describe('the wholesale form', () => {
  it('sends with a file; the file is kept with the message', async () => {
    const body = (await (await post(wholesaleFields(), { id: 102 })).json()) as Feedback;
    expect(body.status).toBe('mail_sent');
    const files = await db.database.db.select().from(contactFiles);
    const kept = files.find((f) => f.name === 'order.csv' && f.bytes === 16);
    expect(kept && Buffer.from(kept.data).toString('utf8')).toBe('item,qty\nTea,40\n');
    expect(mail.sent.at(-1)?.text).toContain('order-sheet: order.csv (16 bytes');
  });

  it('takes a file past the app’s 64 KiB body limit, up to the contact limit', async () => {
    const form = wholesaleFields();
    form.set('order-sheet', new File([`item,qty\n${'Tea,40\n'.repeat(30_000)}`], 'big-order.csv', { type: 'text/csv' }));
    const body = (await (await post(form, { id: 102 })).json()) as Feedback;
    expect(body.status).toBe('mail_sent');
    const files = await db.database.db.select().from(contactFiles);
    expect(files.find((f) => f.name === 'big-order.csv')?.bytes).toBe(9 + 7 * 30_000);
  });

  it('answers each rule type’s error', async () => {
    const form = wholesaleFields();
    form.set('website', 'javascript:alert(1)');
    form.set('your-tel', '12');
    form.set('business-type', 'Pirate');
    form.delete('interests[]');
    form.set('quantity', '5');
    form.set('visit-date', '2001-01-01');
    form.set('visit-time', '25:00');
    form.set('order-sheet', new Blob(['x']), 'order.exe');
    const body = (await (await post(form, { id: 102 })).json()) as Feedback;
    expect(body.status).toBe('validation_failed');
    expect(Object.fromEntries((body.invalid_fields ?? []).map((f) => [f.field, f.message]))).toEqual({
      website: 'Please enter a URL.',
      'your-tel': 'Please enter a telephone number.',
      'business-type': 'Undefined value was submitted through this field.',
      interests: 'Please choose at least one.',
      quantity: 'This field has a too small number.',
      'visit-date': 'This field has a too early date.',
      'visit-time': 'Please enter a time in HH:MM format.',
      'order-sheet': 'You are not allowed to upload files of this type.',
    });
  });
});

describe('with the plugin off', () => {
  it('has none of the routes: the REST paths are unknown, a large post is held to 64 KiB', async () => {
    const off = await listen(createShopApp({ database: db.database, logger: memoryLogger() }), { port: 0 });
    try {
      const schema = await fetch(`${off.url}${ROOT}/101/feedback/schema`);
      expect(schema.status).toBe(404);
      expect(((await schema.json()) as { code: string }).code).toBe('rest_no_route');
      const form = contactFields();
      form.append('your-message', 'x'.repeat(70_000));
      expect((await fetch(`${off.url}${ROOT}/101/feedback`, { method: 'POST', body: form })).status).toBe(413);
    } finally {
      await off.close();
    }
  });
});

// Last: the server closes the connection of a refused body, which a later request could reuse.
describe('in Filipino', () => {
  const filipino = (over: Record<string, string | null> = {}) => contactFields({ _wpcf7_locale: 'fil_PH', ...over });

  it('the schema follows the request’s language (cookie or ?lang=): Filipino rule errors, locale fil_PH; English as before', async () => {
    const read = async (query: string, headers: Record<string, string> = {}) =>
      (await (await fetch(`${base}${ROOT}/101/feedback/schema${query}`, { headers })).json()) as { locale: string; rules: Array<{ rule: string; field: string; error: string }> };
    for (const schema of [await read('', { cookie: 'suki_lang=fil' }), await read('?lang=fil')]) {
      expect(schema.locale).toBe('fil_PH');
      expect(schema.rules.find((r) => r.field === 'your-email' && r.rule === 'email')?.error).toBe('Pakilagay ang email address.');
      expect(schema.rules.find((r) => r.rule === 'required')?.error).toBe('Pakipunan ang field na ito.');
    }
    const english = await read('', { cookie: 'suki_lang=en' });
    expect(english.locale).toBe('en_US');
    expect(english.rules.find((r) => r.rule === 'email')?.error).toBe('Please enter an email address.');
  });

  it('answers validation_failed in Filipino: the message and every field’s error', async () => {
    const body = (await (await post(filipino({ 'your-name': '   ', 'your-email': 'not-an-email', 'your-message': 'short' }))).json()) as Feedback;
    expect(body.status).toBe('validation_failed');
    expect(body.message).toBe('May mali sa isa o higit pang field. Pakitingnan at subukang muli.');
    expect(body.invalid_fields).toEqual([
      { field: 'your-name', message: 'Pakipunan ang field na ito.', idref: null, error_id: 'wpcf7-f101-o1-ve-your-name' },
      { field: 'your-email', message: 'Pakilagay ang email address.', idref: null, error_id: 'wpcf7-f101-o1-ve-your-email' },
      { field: 'your-message', message: 'Masyadong maikli ang inilagay sa field na ito.', idref: null, error_id: 'wpcf7-f101-o1-ve-your-message' },
    ]);
  });

  it('acceptance_missing, mail_sent, mail_failed and spam in Filipino; the shop’s mail stays in English', async () => {
    const missing = (await (await post(filipino({ 'privacy-policy': null }))).json()) as Feedback;
    expect(missing.message).toBe('Kailangan mong tanggapin ang mga tuntunin at kondisyon bago ipadala ang iyong mensahe.');
    const before = mail.sent.length;
    const sent = (await (await post(filipino({ 'your-subject': 'Padala sa Cebu' }))).json()) as Feedback;
    expect(sent).toMatchObject({ status: 'mail_sent', message: 'Salamat sa iyong mensahe. Naipadala na ito.' });
    expect(mail.sent.length).toBe(before + 1);
    expect(mail.sent.at(-1)?.subject).toBe('[Suki] Contact us: Padala sa Cebu');
    expect(mail.sent.at(-1)?.text.split('\n')[0]).toBe('A message was sent through the form “Contact us”.');
    mail.failing = true;
    try {
      const failed = (await (await post(filipino({ 'your-subject': 'Sira ang mail' }))).json()) as Feedback;
      expect(failed).toMatchObject({ status: 'mail_failed', message: 'Nagka-error habang ipinapadala ang iyong mensahe. Pakisubukang muli mamaya.' });
    } finally {
      mail.failing = false;
    }
    const spam = (await (await post(filipino({ 'your-website-hp': 'https://spam.example' }))).json()) as Feedback;
    expect(spam).toMatchObject({ status: 'spam', message: 'Nagka-error habang ipinapadala ang iyong mensahe. Pakisubukang muli mamaya.' });
  });

  it('the language comes from a lang field, else _wpcf7_locale, else ?lang= or the suki_lang cookie, else English', async () => {
    const messageOf = async (body: FormData, query = '', headers: Record<string, string> = {}) => {
      const answer = await fetch(`${base}${ROOT}/101/feedback${query}`, { method: 'POST', body, headers: { 'x-forwarded-for': client(), ...headers } });
      return ((await answer.json()) as Feedback).invalid_fields?.[0]?.message;
    };
    const invalid = { 'your-email': 'not-an-email' };
    expect(await messageOf(contactFields({ ...invalid, lang: 'fil' }))).toBe('Pakilagay ang email address.');
    expect(await messageOf(contactFields({ ...invalid, lang: 'en' }), '', { cookie: 'suki_lang=fil' })).toBe('Please enter an email address.');
    expect(await messageOf(contactFields({ ...invalid, _wpcf7_locale: 'tl' }))).toBe('Pakilagay ang email address.');
    expect(await messageOf(contactFields({ ...invalid, _wpcf7_locale: null }), '', { cookie: 'suki_lang=fil' })).toBe('Pakilagay ang email address.');
    expect(await messageOf(contactFields({ ...invalid, _wpcf7_locale: null }), '?lang=fil')).toBe('Pakilagay ang email address.');
    // A language the shop does not have: the request decides.
    expect(await messageOf(contactFields({ ...invalid, _wpcf7_locale: 'ja' }), '', { cookie: 'suki_lang=fil' })).toBe('Pakilagay ang email address.');
    expect(await messageOf(contactFields({ ...invalid, _wpcf7_locale: null }))).toBe('Please enter an email address.');
  });

  it('a shop whose own language is Filipino (shopLocale) gets its mail in Filipino, whatever the sender’s', async () => {
    const filipinoShop = await listen(createShopApp({ database: db.database, logger: memoryLogger(), trustProxy: ['127.0.0.1', '::1'], mail, contactForms: FORMS, shopLocale: 'fil-PH' }), { port: 0 });
    try {
      const before = mail.sent.length;
      const body = (await (await post(contactFields({ 'your-subject': 'Shop language' }), { at: filipinoShop.url })).json()) as Feedback;
      expect(body.message).toBe('Thank you for your message. It has been sent.');
      expect(mail.sent.length).toBe(before + 1);
      expect(mail.sent.at(-1)?.subject).toBe('[Suki] Contact us: Shop language');
      expect(mail.sent.at(-1)?.text.split('\n')[0]).toBe('May mensaheng ipinadala gamit ang form na “Contact us”.');
    } finally {
      await filipinoShop.close();
    }
  });

  it('the contact page posted without scripts answers in the page’s language', async () => {
    const pages = await listen(createShopApp({ database: db.database, logger: memoryLogger(), trustProxy: ['127.0.0.1', '::1'], mail, contactForms: FORMS, pages: async (c) => c.json(pageInputOf(c) ?? {}) }), { port: 0 });
    try {
      const form = contactFields({ 'your-email': 'not-an-email', _wpcf7_locale: null });
      const answer = await fetch(`${pages.url}/contact/`, { method: 'POST', body: form, headers: { 'x-forwarded-for': client(), cookie: 'suki_lang=fil' } });
      const input = (await answer.json()) as { contact?: { answer: { status: string; message: string; invalidFields: Array<{ field: string; message: string }> } } };
      expect(input.contact?.answer.status).toBe('validation_failed');
      expect(input.contact?.answer.message).toBe('May mali sa isa o higit pang field. Pakitingnan at subukang muli.');
      expect(input.contact?.answer.invalidFields).toEqual([expect.objectContaining({ field: 'your-email', message: 'Pakilagay ang email address.' })]);
    } finally {
      await pages.close();
    }
  });
});

describe('oversized bodies', () => {
  it('refuses a body over the contact limit with 413, before reading it all', async () => {
    const form = contactFields();
    form.append('your-message', 'x'.repeat(CONTACT_BODY_LIMIT + 10));
    const answer = await post(form);
    expect(answer.status).toBe(413);
    const page = await fetch(`${other}/contact/`, { method: 'POST', body: form });
    expect(page.status).toBe(413);
  });
});
