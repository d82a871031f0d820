/**
 * The texts the server writes into pages come out in the page's language: titles, meta and Open
 * Graph descriptions, section headings, and the notices of the forms the server answers (My
 * Account, order tracking, the wishlist's links, a review posted without scripts), in Filipino with
 * `?lang=fil` (then the `suki_lang` cookie) and in English without.
 */
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createPagesHandler } from './pages.js';
import { trackedOrderView } from './routes/order-tracking.js';
import { Shopper, STORE, type StoreProductJson } from './test/harness.js';
import { startPagesShop, type PagesShop } from './test/pages-app.js';

let shop: PagesShop;
beforeAll(async () => {
  shop = await startPagesShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const head = (html: string) => {
  const root = parse(html);
  const meta = (name: string) => root.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? root.querySelector(`meta[property="${name}"]`)?.getAttribute('content');
  return { lang: root.querySelector('html')?.getAttribute('lang'), title: root.querySelector('title')?.text, description: meta('description'), ogTitle: meta('og:title'), ogDescription: meta('og:description'), root };
};

const filipino = async (): Promise<Shopper> => {
  const shopper = new Shopper(shop.server.url);
  await (await shopper.fetch('/?lang=fil')).text();
  expect(shopper.cookies.get('suki_lang')).toBe('fil');
  return shopper;
};

const fieldIn = (html: string, name: string): string => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? new RegExp(`value="([^"]*)"[^>]*name="${name}"`).exec(html)?.[1] ?? '';

describe('page titles and descriptions', () => {
  it('follow the language on the shop, home, search and missing pages', async () => {
    const fil = await filipino();
    const shopPage = head(await (await fil.fetch('/shop/')).text());
    expect(shopPage).toMatchObject({ lang: 'fil-PH', title: 'Mga produkto — Suki', description: 'Lahat ng produkto sa Suki shop.', ogTitle: 'Mga produkto', ogDescription: 'Lahat ng produkto sa Suki shop.' });
    expect(shopPage.root.querySelector('h1')?.text).toBe('Mga produkto');
    // The filters' toggle, written by the server in the page's language.
    expect(shopPage.root.querySelector('button.filters-toggle')?.text.trim()).toBe('Mga filter');
    expect(shopPage.root.querySelector('.filters[role="group"]')?.getAttribute('aria-label')).toBe('I-filter ang Mga produkto');

    const home = head(await (await fil.fetch('/')).text());
    expect(home).toMatchObject({ title: 'Suki — tangkilikin ang lokal', description: 'Mga damit, bag, gamit sa bahay at pagkaing gawang Pilipino.' });
    expect(home.root.querySelectorAll('h2').map((h) => h.text.trim())).toEqual(expect.arrayContaining(['Mga bagong dating', 'Pinakamabenta', 'Sabi ng mga mamimili', 'Mga bagong review']));

    const search = head(await (await fil.fetch('/?s=bayong&post_type=product')).text());
    expect(search.title).toBe('Mga resulta ng paghahanap para sa “bayong” — Suki');

    const missing = await fil.fetch('/no-such-page/');
    expect(missing.status).toBe(404);
    expect(head(await missing.text()).title).toBe('Hindi nahanap ang pahina — Suki');

    // English stays as it was.
    const en = new Shopper(shop.server.url);
    expect(head(await (await en.fetch('/shop/')).text())).toMatchObject({ lang: 'en-PH', title: 'Shop — Suki', description: 'Every product in the Suki shop.' });
    expect(head(await (await en.fetch('/')).text()).title).toBe('Suki — shop local');
  });
});

describe('notices the server writes', () => {
  const post = (shopper: Shopper, path: string, fields: Record<string, string>) =>
    shopper.fetch(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.server.url }, body: new URLSearchParams(fields).toString() });

  it('My Account: a refused login and the page title in Filipino', async () => {
    const fil = await filipino();
    const login = await (await fil.fetch('/my-account/')).text();
    expect(head(login).title).toBe('Aking account — Suki');
    const refused = await post(fil, '/my-account/', { username: 'nobody@example.com', password: 'not-the-password', 'woocommerce-login-nonce': fieldIn(login, 'woocommerce-login-nonce'), login: 'Log in' });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('Hindi tugma sa anumang account ang username o email address at password na inilagay mo. Pakisubukang muli.');
    const expired = await post(fil, '/my-account/', { username: 'nobody@example.com', password: 'x', 'woocommerce-login-nonce': 'expired', login: 'Log in' });
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Nag-expire na ang form na ito o hindi ito galing sa shop na ito. Pakisubukang muli.');
  });

  it('the wishlist: an expired link’s notice in Filipino', async () => {
    const fil = await filipino();
    const products = (await (await fil.fetch(`${STORE}/products?per_page=1`)).json()) as StoreProductJson[];
    const link = await fil.fetch(`/wishlist/?add_to_wishlist=${products[0]!.id}&_wpnonce=expired`);
    expect(link.status).toBe(303);
    const page = await (await fil.fetch(link.headers.get('location') ?? '/wishlist/')).text();
    expect(page).toContain('Nag-expire na ang link na ito. Pakisubukang muli.');
    expect(head(page).title).toBe('Aking wishlist — Suki');
  });

  it('a review posted without scripts and refused: the product page says why, in Filipino', async () => {
    const fil = await filipino();
    const products = (await (await fil.fetch(`${STORE}/products?per_page=1`)).json()) as StoreProductJson[];
    const posted = await post(fil, '/wp-comments-post.php', { comment_post_ID: String(products[0]!.id), rating: '', comment: '', author: '', email: '' });
    expect(posted.status).toBe(303);
    const page = parse(await (await fil.fetch(posted.headers.get('location') ?? '/')).text());
    expect(page.querySelector('.reviews__posted')?.text).toBe('Hindi maidagdag ang iyong review: pumili ng rating at isulat ang review mo, kasama ang pangalan at email address mo.');
  });

  it('order tracking: a found order’s status, date and totals in Filipino (money stays ₱1,234.50)', () => {
    const order = {
      id: 42,
      status: 'on-hold',
      createdAt: '2026-11-24T02:00:00Z',
      items: [{ name: 'Bayong', variation: '', quantity: 1, total: 123450 }],
      subtotal: 123450,
      discount: 0,
      shipping: 5000,
      shippingTitle: 'Flat rate',
      total: 128450,
      vat: 13762,
      paymentMethodTitle: 'Cash on delivery',
      note: '',
    };
    const fil = trackedOrderView(order, '', 'fil-PH');
    expect(fil.date).toBe(new Intl.DateTimeFormat('fil-PH', { dateStyle: 'long', timeZone: 'Asia/Manila' }).format(new Date(order.createdAt)));
    expect(fil.date).toContain('Nobyembre');
    expect(fil.status).not.toBe('On hold');
    expect(fil.totals.map(([label]) => label)).toEqual(['Subtotal', 'Shipping', 'Paraan ng pagbabayad', 'Kabuuan']);
    expect(fil.totals[3]![1]).toBe('₱1,284.50 (kasama ang ₱137.62 na VAT)');
    const en = trackedOrderView(order, '');
    expect(en.status).toBe('On hold');
    expect(en.totals).toEqual([
      ['Subtotal', '₱1,234.50'],
      ['Shipping', '₱50.00 via Flat rate'],
      ['Payment method', 'Cash on delivery'],
      ['Total', '₱1,284.50 (includes ₱137.62 VAT)'],
    ]);
  });
});

describe('the server’s own error page', () => {
  it('is in the request’s language when a render fails', async () => {
    const app = new Hono();
    app.get('*', createPagesHandler({
      apiFetch: async () => new Response(null, { status: 500 }),
      loadRenderer: () => Promise.reject(new Error('no renderer')),
      assets: async () => ({ scripts: [], styles: [], modulePreloads: [] }),
      config: shop.config,
      plugins: [],
      session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }),
    }));
    const fil = await app.request('/shop/?lang=fil');
    expect(fil.status).toBe(500);
    expect(head(await fil.text())).toMatchObject({ lang: 'fil-PH', title: 'May nangyaring mali — Suki' });
    const cookie = await app.request('/shop/', { headers: { cookie: 'suki_lang=fil' } });
    expect(await cookie.text()).toContain('Bumalik sa shop');
    const en = await app.request('/shop/');
    expect(head(await en.text())).toMatchObject({ lang: 'en-PH', title: 'Something went wrong — Suki' });
  });
});
