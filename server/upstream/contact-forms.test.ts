/**
 * The contact forms in upstream mode, through a pair: an embedded Suki with its Contact Form 7
 * routes plays the stock shop, an upstream-mode Suki stands in front. Submissions with a file past
 * the forwarder's usual 64 KiB reach the stock shop; its answers come back unchanged; a contact
 * page posted without scripts shows the stock shop's answer; bodies past the contact limit stop at
 * the front.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shopConfig from '../../plugins.config.js';
import { parseShopConfig } from '../../src/app/shop-config.js';
import { createShopApp } from '../app.js';
import { listen, type RunningServer } from '../listen.js';
import { createPagesHandler, type RenderModule } from '../pages.js';
import { resolvePlugins } from '../plugins.js';
import { CONTACT_BODY_LIMIT } from '../routes/contact-forms.js';
import { memoryLogger, openTestDatabase, type TestDatabase } from '../test/harness.js';
import { createUpstreamApp, upstreamForwarder } from './app.js';

const FORMS = { formIds: { contact: 101, wholesale: 102 } };
let db: TestDatabase;
let stock: RunningServer;
let front: RunningServer;

beforeAll(async () => {
  db = await openTestDatabase();
  stock = await listen(createShopApp({ database: db.database, logger: memoryLogger(), contactForms: FORMS }), { port: 0 });
  const upstream = new URL(stock.url);
  const forward = upstreamForwarder({ upstream });
  const config = parseShopConfig(shopConfig);
  const plugins = (await resolvePlugins(config)).filter((p) => p.name === 'contact-form');
  const pages = createPagesHandler({
    apiFetch: (request) => forward(request, new URL(request.url).origin),
    loadRenderer: async () => (await import('../../src/entry-server.js')) as RenderModule,
    assets: async () => ({ scripts: [], styles: [], modulePreloads: [] }),
    config,
    plugins,
    session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }),
  });
  front = await listen(createUpstreamApp({ upstream, pages, contactForms: FORMS }), { port: 0 });
});
afterAll(async () => {
  await front?.close();
  await stock?.close();
  await db?.dispose();
});

const fields = (over: Record<string, string> = {}): FormData => {
  const form = new FormData();
  const all: Record<string, string> = {
    _wpcf7_unit_tag: 'wpcf7-f102-o1',
    'your-name': 'Ben Cruz',
    'your-email': 'ben@cafe.example.ph',
    company: 'Kapihan',
    'your-tel': '09171234567',
    'business-type': 'Online seller',
    'interests[]': 'Tea',
    quantity: '50',
    'privacy-policy': '1',
    ...over,
  };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  return form;
};

describe('contact forms through an upstream-mode front', () => {
  it('passes the schema and a submission with a 200 KB file to the stock shop, and its answer back', async () => {
    const schema = await fetch(`${front.url}/wp-json/contact-form-7/v1/contact-forms/102/feedback/schema`);
    expect(schema.status).toBe(200);
    const rules = ((await schema.json()) as { rules: Array<{ rule: string }> }).rules;
    expect(rules.some((r) => r.rule === 'dayofweek')).toBe(true);

    const form = fields({ 'visit-date': 'x' });
    form.append('order-sheet', new File([`item,qty\n${'Tea,1\n'.repeat(35_000)}`], 'order.csv', { type: 'text/csv' }));
    const answer = await fetch(`${front.url}/wp-json/contact-form-7/v1/contact-forms/102/feedback`, { method: 'POST', body: form });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { status: string; invalid_fields: Array<{ field: string }> };
    // The stock shop read the whole body: only the date is wrong.
    expect(body.status).toBe('validation_failed');
    expect(body.invalid_fields.map((f) => f.field)).toEqual(['visit-date']);
  });

  it('stops a body past the contact limit at the front', async () => {
    const form = fields();
    form.append('order-sheet', new File([new Uint8Array(CONTACT_BODY_LIMIT + 1)], 'big.pdf'));
    const answer = await fetch(`${front.url}/wp-json/contact-form-7/v1/contact-forms/102/feedback`, { method: 'POST', body: form });
    expect(answer.status).toBe(413);
  });

  it('shows the stock shop’s answer on a contact page posted without scripts', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ _wpcf7_unit_tag: 'wpcf7-f101-o1', 'your-name': 'Ana', 'your-email': 'nope', 'your-subject': 'Hi', 'your-message': 'Hello there, Suki!' })) form.append(name, value);
    const page = await fetch(`${front.url}/contact/`, { method: 'POST', body: form });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-status="invalid"');
    expect(html).toContain('One or more fields have an error. Please check and try again.');
    expect(html).toContain('Please enter an email address.');
    expect(html).toContain('value="Ana"');
  });
});
