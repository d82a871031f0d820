/**
 * Catches shopper-visible texts that bypass the message catalogues wherever they are built (views,
 * the page loader, the server's routes), which the catalogue test's scan of the views cannot see.
 *
 * In this test only, the Filipino catalogue is replaced by a pseudo language made from the English
 * one at run time: every text is the English text between ⟦ and ⟧. The main page types are then
 * rendered in that language through the real server and renderer (`?lang=fil`), and every visible
 * text node, every `aria-label`/`title`/`placeholder`/`alt` attribute, the `<title>` and the meta
 * and Open Graph descriptions must be made only of marked texts and shop data. Shop data is listed
 * exactly from the seeded database (product, category, brand, attribute, review, question, post and
 * form texts), the shop's configured name, tagline and notice, plus prices, numbers and the page
 * language's own month names; anything else left over with a letter in it is a text that bypassed
 * the catalogues.
 */
import { parse, type HTMLElement, type Node } from 'node-html-parser';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shopConfig from '../plugins.config.js';
import { parseShopConfig } from '../src/app/shop-config.js';
import { PH_PROVINCES } from '../src/core/domain/ph-provinces.js';
import { initials } from '../src/plugins/reviews/rules.js';
import { LANGUAGE_NAMES, setCatalogue } from '../src/i18n/index.js';
import english from '../src/i18n/locales/en-PH.json' with { type: 'json' };
import filipino from '../src/i18n/locales/fil-PH.json' with { type: 'json' };
import filipinoServer from '../src/i18n/locales/fil-PH.server.json' with { type: 'json' };
import { queryRows } from './db/query.js';
import { sessions } from './db/schema.js';
import { parameterRunner } from './db/statements.js';
import { addToCart } from './services/cart.js';
import { placeOrder } from './services/orders.js';
import { DEFAULT_SHIPPING } from '../src/core/rules/shipping.js';
import type { RunningServer } from './listen.js';
import { Shopper, STORE, type StoreProductJson, type TestDatabase } from './test/harness.js';
import { startPagesShop, type PagesShop } from './test/pages-app.js';

const OPEN = '⟦';
const CLOSE = '⟧';
type Catalogue = Record<string, Record<string, string | Record<string, string>>>;

/** The pseudo language: the English catalogue with every text (and plural form) marked. */
export const pseudoCatalogue = (base: Catalogue): Catalogue =>
  Object.fromEntries(
    Object.entries(base).map(([component, texts]) => [
      component,
      Object.fromEntries(
        Object.entries(texts).map(([key, text]) => [key, typeof text === 'string' ? `${OPEN}${text}${CLOSE}` : Object.fromEntries(Object.entries(text).map(([form, t]) => [form, `${OPEN}${t}${CLOSE}`]))]),
      ),
    ]),
  );

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What is left of a text once its marked parts (innermost first) and shop data are taken out; a
 * shop text cut short with `…` (a review's excerpt) is data when `whole` holds a text it starts.
 */
export const unmarked = (text: string, data: readonly DataPattern[], whole: readonly string[] = []): string => {
  let rest = text;
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  }
  const cut = /^\s*(\S[\s\S]*?)…\s*$/.exec(rest);
  if (cut && whole.some((w) => w.startsWith(cut[1]!))) return '';
  // The literal test first: a pattern matches only where its text is, and most texts hold none of
  // the thousands of shop texts (matching each pattern everywhere took most of this file's time).
  for (const { text: literal, pattern } of data) if (rest.includes(literal)) rest = rest.replace(pattern, ' ');
  // Prices (₱1,234.50), numbers, and what is not a letter.
  rest = rest.replace(/₱\s?[\d,]+(?:\.\d+)?/g, ' ').replace(/\d+/g, ' ');
  return /\p{L}/u.test(rest) ? rest.replace(/\s+/g, ' ').trim() : '';
};

/** A text of shop data, and the pattern that finds it as whole words. */
export interface DataPattern {
  readonly text: string;
  readonly pattern: RegExp;
}

/** Patterns of shop data, longest first, matched as whole words. */
export const dataPatterns = (texts: Iterable<string>): DataPattern[] =>
  [...new Set([...texts].map((t) => t.replace(/\s+/g, ' ').trim()).filter((t) => /\p{L}/u.test(t)))]
    .sort((a, b) => b.length - a.length)
    .map((t) => ({ text: t, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(t)}(?![\\p{L}\\p{N}])`, 'gu') }));

const SPOKEN = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-valuetext'];
const SKIPPED = new Set(['script', 'style', 'template']);

/** Every text a shopper sees or hears in a page, with where it is. */
export function shownTexts(html: string): Array<{ readonly where: string; readonly text: string }> {
  const root = parse(html, { comment: false, blockTextElements: { script: false, style: false } });
  const out: Array<{ where: string; text: string }> = [];
  const title = root.querySelector('title');
  if (title) out.push({ where: '<title>', text: title.text });
  for (const meta of root.querySelectorAll('meta')) {
    const name = meta.getAttribute('name') ?? meta.getAttribute('property') ?? '';
    if (['description', 'og:title', 'og:description'].includes(name)) out.push({ where: `meta ${name}`, text: meta.getAttribute('content') ?? '' });
  }
  const walk = (node: Node, path: string): void => {
    if (node.nodeType === 3) {
      const text = node.text;
      if (text.trim() !== '') out.push({ where: path, text });
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as HTMLElement;
    const tag = element.rawTagName?.toLowerCase() ?? '';
    if (SKIPPED.has(tag)) return;
    const here = tag === '' ? path : `${path} ${tag}${element.id ? `#${element.id}` : ''}`;
    for (const name of SPOKEN) {
      const value = element.getAttribute(name);
      if (value !== undefined && value.trim() !== '') out.push({ where: `${here}[${name}]`, text: value });
    }
    if (tag === 'input' && ['submit', 'button'].includes(element.getAttribute('type') ?? '')) out.push({ where: `${here}[value]`, text: element.getAttribute('value') ?? '' });
    for (const child of element.childNodes) walk(child, here);
  };
  const body = root.querySelector('body');
  if (body) walk(body, 'body');
  return out;
}

/** The seeded shop's own texts: every text column of the catalogue's and content's tables, paragraph by paragraph. */
async function seedTexts(db: TestDatabase): Promise<string[]> {
  const tables = [
    'suki_categories',
    'suki_brands',
    'suki_attributes',
    'suki_attribute_terms',
    'suki_products',
    'suki_product_images',
    'suki_posts',
    'suki_post_images',
    'suki_comments',
    'suki_reviews',
    'suki_review_replies',
    'suki_review_tags',
    'suki_review_answers',
    'suki_questions',
    'suki_contact_forms',
  ];
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    db.database.db,
    sql`select table_name, column_name, data_type from information_schema.columns where table_name in (${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )}) and data_type in ('text', 'character varying', 'json', 'jsonb')`,
  );
  expect(new Set(columns.map((c) => c.table_name)).size).toBe(tables.length);
  const out: string[] = [];
  const add = (value: unknown): void => {
    if (typeof value === 'string') {
      // HTML-bearing columns: their text, paragraph by paragraph.
      const text = value.includes('<') ? parse(value).text : value;
      for (const part of text.split(/\n+/)) out.push(part);
      out.push(text);
    } else if (Array.isArray(value)) value.forEach(add);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(add);
  };
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const rows = await queryRows<{ v: unknown }>(db.database.db, sql`select ${sql.identifier(column)} as v from ${sql.identifier(table)}`);
    for (const { v } of rows) {
      if (type === 'json' || type === 'jsonb') add(typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
      else if (typeof v === 'string' && v.trimStart().startsWith('{')) {
        try {
          add(JSON.parse(v) as unknown);
        } catch {
          add(v);
        }
      } else add(v);
    }
  }
  return out;
}

/** The page language's own month and weekday names (dates are written in the page's language). */
const calendarWords = (locale: string): string[] => {
  const words: string[] = [];
  for (let month = 0; month < 12; month++) {
    const day = new Date(Date.UTC(2026, month, 15));
    for (const style of ['long', 'short'] as const) words.push(new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(day));
  }
  for (let d = 0; d < 7; d++) {
    const day = new Date(Date.UTC(2026, 0, 4 + d));
    for (const style of ['long', 'short'] as const) words.push(new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(day));
  }
  return words;
};

const config = parseShopConfig(shopConfig);
let db: TestDatabase;
let server: RunningServer;
let data: DataPattern[] = [];
let whole: string[] = [];
let product: StoreProductJson;
let variable: StoreProductJson | undefined;

let shop: PagesShop;

beforeAll(async () => {
  shop = await startPagesShop();
  db = shop.db;
  server = shop.server;
  const notice = config.shop.storeNotice;
  const listed = (await (await fetch(`${server.url}${STORE}/products?per_page=100`)).json()) as Array<StoreProductJson & { readonly extensions?: Record<string, unknown> }>;
  // What the shop derives from its data: image file names, SKUs and MPNs, reviewers' initials.
  const derived = listed.flatMap((p) => [
    p.sku,
    ...(p.images as ReadonlyArray<{ readonly name?: string; readonly alt?: string }>).flatMap((i) => [i.name ?? '', i.alt ?? '']),
    ...Object.values(p.extensions ?? {}).flatMap((e) => (typeof e === 'object' && e !== null ? Object.values(e).filter((v): v is string => typeof v === 'string') : [])),
  ]);
  const authors = await queryRows<{ author: string }>(db.database.db, sql`select author from suki_reviews union select author from suki_questions`);
  whole = await seedTexts(db);
  data = dataPatterns([
    ...whole,
    ...derived,
    ...authors.map((a) => initials(a.author)),
    config.shop.name,
    config.shop.tagline,
    ...(notice ? [notice.text] : []),
    // The language switch names each language in that language, whatever the page's.
    ...Object.values(LANGUAGE_NAMES),
    // Provinces are proper names, the same in both languages.
    ...PH_PROVINCES.map((p) => p.name),
    ...calendarWords('fil-PH'),
  ]);
  product = listed.find((p) => p.type === 'simple' && p.is_in_stock) ?? listed[0]!;
  variable = listed.find((p) => p.type === 'variable');
  // From here on, "Filipino" is the pseudo language.
  setCatalogue('fil-PH', pseudoCatalogue(english as Catalogue), { replace: true });
}, 120_000);

afterAll(async () => {
  setCatalogue('fil-PH', { ...filipino, ...filipinoServer }, { replace: true });
  await shop?.close();
});

/** What in a page is neither marked nor shop data. */
const unmarkedIn = (html: string, label: string): string[] =>
  shownTexts(html)
    .map(({ where, text }) => ({ where, rest: unmarked(text, data, whole) }))
    .filter(({ rest }) => rest !== '')
    .map(({ where, rest }) => `${label} ${where}: ${rest}`);

/** The page at `path` in the pseudo language, and what in it is not marked nor shop data. */
async function leftovers(shopper: Shopper, path: string): Promise<{ status: number; found: string[] }> {
  const response = await shopper.fetch(path);
  return { status: response.status, found: unmarkedIn(await response.text(), path) };
}

/** A hidden field's value in a page (a form's nonce). */
const fieldIn = (html: string, name: string): string =>
  new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? new RegExp(`value="([^"]*)"[^>]*name="${name}"`).exec(html)?.[1] ?? '';

/** Posts a plain form as a browser without scripts does, following the answer's redirects; the page it lands on. */
async function postForm(shopper: Shopper, path: string, fields: Record<string, string>): Promise<{ status: number; html: string; label: string }> {
  let response = await shopper.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, referer: `${server.url}${path}` },
    body: new URLSearchParams(fields).toString(),
  });
  let label = `POST ${path}`;
  for (let hops = 0; hops < 3 && [301, 302, 303].includes(response.status); hops++) {
    const next = response.headers.get('location') ?? '/';
    label = `${label} → ${next}`;
    response = await shopper.fetch(next);
  }
  return { status: response.status, html: await response.text(), label };
}

describe('the pseudo language', () => {
  it('finds an unmarked text, and lets marked texts and shop data through (so the test below can fail)', () => {
    const page = '<html><head><title>⟦Shop⟧ — Suki</title></head><body><main><h1>⟦Search results for “Bayong”⟧</h1><button aria-label="Open menu">⟦Menu⟧</button><p>Best sellers</p><p>₱1,234.50 · 3</p></main></body></html>';
    const found = shownTexts(page).map(({ text }) => unmarked(text, dataPatterns(['Suki'])));
    expect(found.filter((t) => t !== '')).toEqual(['Open menu', 'Best sellers']);
    // An English month in a Filipino page is not shop data.
    expect(unmarked('Nobyembre 24, 2026', dataPatterns(calendarWords('fil-PH')))).toBe('');
    expect(unmarked('November 24, 2026', dataPatterns(calendarWords('fil-PH')))).toContain('November');
    // A seeded product's name is data, a word around it is not; a review cut short is data.
    expect(unmarked(`${product.name} sale`, data, whole)).toBe('sale');
    expect(unmarked(`${product.name.slice(0, 5)}…`, data, whole)).toBe('');
    expect(unmarked('Sale…', data, whole)).toBe('Sale…');
  });

  it('finds the texts of a component the pseudo catalogue lacks, through the real server', async () => {
    const { 'pages/titles': _left, ...without } = pseudoCatalogue(english as Catalogue);
    setCatalogue('fil-PH', without, { replace: true });
    try {
      const { found } = await leftovers(new Shopper(server.url), '/shop/?lang=fil');
      expect(found).toEqual(expect.arrayContaining([expect.stringContaining('<title>: Shop'), expect.stringContaining('meta description: Every product in the')]));
    } finally {
      setCatalogue('fil-PH', pseudoCatalogue(english as Catalogue), { replace: true });
    }
  });

  it('the main page types show no text outside the catalogues', async () => {
    const shopper = new Shopper(server.url);
    const first = await shopper.fetch('/?lang=fil');
    expect(first.status).toBe(200);
    await first.text();
    const category = (await (await fetch(`${server.url}${STORE}/products/categories`)).json()) as Array<{ slug: string; count: number }>;
    const slug = category.find((c) => c.count > 0)?.slug ?? '';
    const paths = [
      '/',
      '/shop/',
      `/product-category/${slug}/`,
      '/?s=bayong&post_type=product',
      '/?s=zzzzqqq&post_type=product',
      new URL(product.permalink).pathname,
      ...(variable ? [new URL(variable.permalink).pathname] : []),
      '/reviews/',
      '/blog/',
      '/order-tracking/',
      '/my-account/',
      '/my-account/lost-password/',
      '/wishlist/',
      '/contact/',
      '/no-such-page/',
      '/cart/',
    ];
    const problems: string[] = [];
    for (const path of paths) {
      const { status, found } = await leftovers(shopper, path);
      expect([200, 404], path).toContain(status);
      problems.push(...found);
    }
    // With something in the cart: the cart and checkout pages.
    await shopper.ensureNonce();
    expect((await shopper.postJson(`${STORE}/cart/add-item`, { id: product.id, quantity: 1 })).status).toBe(201);
    for (const path of ['/cart/', '/checkout/']) problems.push(...(await leftovers(shopper, path)).found);
    expect(problems).toEqual([]);
  }, 120_000);

  it('the pages that answer forms posted without scripts show no text outside the catalogues', async () => {
    const problems: string[] = [];
    const check = (answer: { html: string; label: string }): void => {
      problems.push(...unmarkedIn(answer.html, answer.label));
    };
    const shopper = new Shopper(server.url);
    await (await shopper.fetch('/?lang=fil')).text();
    // What this shopper types is theirs (the username is made from the email).
    data = [...dataPatterns(['pseudo.shopper@example.com', 'pseudo.shopper']), ...data];

    // My Account: a wrong login, a registration, and the signed-in pages and their refusals.
    const login = await (await shopper.fetch('/my-account/')).text();
    check(await postForm(shopper, '/my-account/', { username: 'nobody@example.com', password: 'not-the-password', 'woocommerce-login-nonce': fieldIn(login, 'woocommerce-login-nonce'), login: 'Log in' }));
    check(await postForm(shopper, '/my-account/', { username: 'nobody@example.com', password: 'x', 'woocommerce-login-nonce': 'expired', login: 'Log in' }));
    const again = await (await shopper.fetch('/my-account/')).text();
    const registered = await postForm(shopper, '/my-account/', { email: 'pseudo.shopper@example.com', password: 'Tr0ub4dor&3-horse', 'woocommerce-register-nonce': fieldIn(again, 'woocommerce-register-nonce'), register: 'Register' });
    expect(registered.label).toContain('→ /my-account/');
    check(registered);
    for (const path of ['/my-account/orders/', '/my-account/edit-address/', '/my-account/edit-address/billing/', '/my-account/edit-account/', '/my-account/view-order/999999/']) {
      problems.push(...(await leftovers(shopper, path)).found);
    }
    const details = await (await shopper.fetch('/my-account/edit-account/')).text();
    check(await postForm(shopper, '/my-account/edit-account/', { account_first_name: '', account_last_name: '', account_display_name: '', account_email: 'not-an-email', password_current: '', password_1: 'a', password_2: 'b', 'save-account-details-nonce': fieldIn(details, 'save-account-details-nonce'), save_account_details: 'Save changes' }));
    const address = await (await shopper.fetch('/my-account/edit-address/billing/')).text();
    check(await postForm(shopper, '/my-account/edit-address/billing/', { billing_first_name: '', billing_country: 'US', billing_state: 'XX', billing_postcode: 'abc', 'woocommerce-edit-address-nonce': fieldIn(address, 'woocommerce-edit-address-nonce'), save_address: 'Save address' }));

    // Order tracking: a malformed id, and an order that is not there.
    const tracking = await (await shopper.fetch('/order-tracking/')).text();
    const trackingNonce = fieldIn(tracking, 'woocommerce-order-tracking-nonce');
    check(await postForm(shopper, '/order-tracking/', { orderid: 'abc', order_email: 'a@example.com', 'woocommerce-order-tracking-nonce': trackingNonce, track: 'Track' }));
    check(await postForm(shopper, '/order-tracking/', { orderid: '999999', order_email: 'a@example.com', 'woocommerce-order-tracking-nonce': trackingNonce, track: 'Track' }));
    // A found order: its status, date, lines and totals.
    const ctx = { db: db.database.db, run: db.database.statements ?? parameterRunner };
    const session = `pseudo${'0'.repeat(58)}`;
    await ctx.db.insert(sessions).values({ id: session, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await ctx.db.transaction((tx) => addToCart({ db: tx, run: ctx.run }, session, { id: product.id, quantity: 1 }));
    const juan = { first_name: 'Juan', last_name: 'Dela Cruz', company: '', address_1: '12 Mabini St', address_2: '', city: 'Manila', state: '00', postcode: '1000', country: 'PH', phone: '+639171234567' };
    const placed = await placeOrder(
      ctx,
      session,
      { billing: { ...juan, email: 'juan.tracking@example.ph' }, shipping: juan, customerNote: 'Please call before delivery.', paymentMethod: 'cod', shippingRate: null, attemptKey: null },
      { shipping: DEFAULT_SHIPPING, now: Date.now() },
    );
    data = [...dataPatterns(['Please call before delivery.', 'juan.tracking@example.ph']), ...data];
    const found = await postForm(shopper, '/order-tracking/', { orderid: String(placed.id), order_email: 'juan.tracking@example.ph', 'woocommerce-order-tracking-nonce': trackingNonce, track: 'Track' });
    expect(found.html).toContain(product.name);
    check(found);

    // The wishlist's no-script add (its link expired, then a plain form's add).
    const expired = await shopper.fetch(`/wishlist/?add_to_wishlist=${product.id}&_wpnonce=expired`);
    problems.push(...unmarkedIn(await (await shopper.fetch(expired.headers.get('location') ?? '/wishlist/')).text(), 'wishlist link'));
    check(await postForm(shopper, '/wishlist/', { add_to_wishlist: String(product.id) }));
    check(await postForm(shopper, '/wishlist/', { add_to_wishlist: String(product.id) }));

    // A review posted without scripts and refused, and the page it lands on.
    const review = await postForm(shopper, '/wp-comments-post.php', { comment_post_ID: String(product.id), rating: '', comment: '', author: '', email: '' });
    expect(review.html).toContain('reviews__posted');
    check(review);

    // The checkout posted without scripts and refused.
    await shopper.ensureNonce();
    await shopper.postJson(`${STORE}/cart/add-item`, { id: product.id, quantity: 1 });
    check(await postForm(shopper, '/checkout/', { billing_first_name: '', billing_email: 'not-an-email', payment_method: 'cod' }));
    expect(problems).toEqual([]);
  }, 120_000);
});
