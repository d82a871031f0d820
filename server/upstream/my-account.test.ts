/**
 * `/my-account/…` in upstream mode, against a stand-in answering with the recorded peer-3 stock
 * answers (`myaccount-*.http`, the Store API cart and order around a login): the guest panel's
 * nonces, login and registration passed on with the stock fields and their cookies passed back for
 * our host, the stock notices as plain text, the silent bad nonce said, lost password, logout's two
 * redirects, the orders table, the account's cart after login, and hostile or missing upstreams.
 *
 * The recorded HTML bodies are cut to excerpts: the stand-in's answer to a refused post is the
 * recorded notices followed by the recorded forms of the guest page, as the whole stock page has both.
 * The account views are drawn by a stand-in renderer that serializes what the route handed it;
 * other pages go through the real renderer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shopConfig from '../../plugins.config.js';
import { httpRecording } from '../../src/adapters/testing/fake-shop.js';
import type { AccountSummary, AccountView } from '../../src/app/account-page.js';
import type { AppState } from '../../src/app/app-state.js';
import { parseShopConfig } from '../../src/app/shop-config.js';
import type { RenderedPage } from '../../src/entry-server.js';
import { serializeState } from '../../src/ui/document.js';
import { listen } from '../listen.js';
import { createPagesHandler, type RenderModule } from '../pages.js';
import { startFakeStockShop, type FakeStockShop } from '../test/fake-stock-shop.js';
import { createUpstreamApp, upstreamForwarder } from './app.js';
import { accountEndpoint, accountSummaryFromCookies, loggedInLogin, readStockNotices, readStockOrders, readStockSignedIn } from './my-account.js';

const HASH = '0619981992954b377f57d68b9c6c79e4';
const LOGGED_IN = `wordpress_logged_in_${HASH}`;
const SESSION = `wp_woocommerce_session_${HASH}`;
const inADay = () => Math.floor(Date.now() / 1000) + 86_400;
const loggedInValue = () => `ana.buyer%7C${inADay()}%7Ctoken%7Chmac`;

// ---------------------------------------------------------------------------------------------
// The stand-in stock shop

/** A recorded answer with its redacted cookie values filled in, as a real shop would send them. */
const withCookieValues = (response: Response): Response => {
  const headers = new Headers();
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.append(name, value);
  });
  for (const line of response.headers.getSetCookie()) {
    const name = line.slice(0, line.indexOf('='));
    const value = name === LOGGED_IN ? loggedInValue() : name === SESSION ? 'customer-session' : `value-of-${name}`;
    headers.append('set-cookie', line.replace('=<redacted>', `=${value}`));
  }
  return new Response(response.body, { status: response.status, headers });
};

const seen: Array<{ method: string; path: string; cookie: string; form: Array<[string, string]> }> = [];
let stock: FakeStockShop;

const isLoggedIn = (cookie: string | undefined) => (cookie ?? '').includes(`${LOGGED_IN}=ana.buyer%7C`);

beforeAll(async () => {
  const fake = new Hono();
  fake.use('*', async (c, next) => {
    const body = c.req.method === 'POST' ? await c.req.raw.clone().text() : '';
    seen.push({ method: c.req.method, path: `${c.req.path}${new URL(c.req.url).search}`, cookie: c.req.header('cookie') ?? '', form: [...new URLSearchParams(body)] });
    await next();
  });
  stock = await startFakeStockShop(fake, (answer) => {
    const page = (notices: string, forms: string) => {
      const base = answer(forms);
      const html = httpRecording(forms).body.replace('[… excerpt', `${httpRecording(notices).body}\n[… excerpt`);
      return new Response(html, { status: 200, headers: base.headers });
    };
    const account = (c: { req: { header(name: string): string | undefined } }, signedIn: string) =>
      isLoggedIn(c.req.header('cookie')) ? answer(signedIn) : answer('peer-3/myaccount-guest.http');
    fake.get('/my-account/', (c) => account(c, 'peer-3/myaccount-dashboard.http'));
    // The whole stock orders page has the navigation too (each excerpt has one of them).
    fake.get('/my-account/orders/', (c) =>
      (c.req.header('cookie') ?? '').includes('none=1')
        ? new Response(`${httpRecording('peer-3/myaccount-dashboard.http').body}<div class="woocommerce-info">No order has been made yet. <a class="woocommerce-Button button" href="/shop/">Browse products</a></div>`, { headers: { 'content-type': 'text/html; charset=UTF-8' } })
        : isLoggedIn(c.req.header('cookie')) ? page('peer-3/myaccount-dashboard.http', 'peer-3/myaccount-orders.http') : answer('peer-3/myaccount-guest.http'));
    fake.get('/my-account/edit-address/', (c) => account(c, 'peer-3/myaccount-dashboard.http'));
    fake.post('/my-account/', async (c) => {
      const form = new URLSearchParams(await c.req.text());
      const cookie = c.req.header('cookie') ?? '';
      if (form.has('login')) {
        // The login nonce of a guest with a WooCommerce session is bound to that session.
        if (form.get('woocommerce-login-nonce') !== '6bec285dae' || !cookie.includes(`${SESSION}=`)) return page('peer-3/myaccount-login-nonce-from-other-session.http', 'peer-3/myaccount-guest.http');
        if (form.get('password') !== 'right horse battery') return page('peer-3/myaccount-login-wrong-password.http', 'peer-3/myaccount-guest.http');
        return withCookieValues(answer('peer-3/myaccount-login.http'));
      }
      if (form.get('woocommerce-register-nonce') !== '69662a3735') return page('peer-3/myaccount-register-bad-nonce.http', 'peer-3/myaccount-guest.http');
      if (form.get('email') === 'ana.buyer@example.com') return page('peer-3/myaccount-register-existing.http', 'peer-3/myaccount-guest.http');
      return withCookieValues(answer('peer-3/myaccount-register.http'));
    });
    fake.get('/my-account/lost-password/', (c) => answer(c.req.query('reset-link-sent') === 'true' ? 'peer-3/myaccount-lost-password-sent.http' : 'peer-3/myaccount-lost-password-page.http'));
    fake.post('/my-account/lost-password/', async (c) => {
      const form = new URLSearchParams(await c.req.text());
      if (form.get('user_login') === 'ana.buyer@example.com') return answer('peer-3/myaccount-lost-password.http');
      return page('peer-3/myaccount-lost-password-unknown.http', 'peer-3/myaccount-lost-password-page.http');
    });
    fake.get('/my-account/customer-logout/', (c) => (c.req.query('_wpnonce') === 'c043797691' ? answer('peer-3/myaccount-logout.http') : account(c, 'peer-3/myaccount-dashboard.http')));
    fake.get('/wp-login.php', (c) =>
      c.req.query('action') === 'logout' && c.req.query('_wpnonce') === '9c7bf68dee' ? withCookieValues(answer('peer-3/myaccount-logout-wp-login.http')) : c.text('Do you really want to log out?', 403),
    );
    fake.get('/wp-json/wc/store/v1/cart', (c) => withCookieValues(answer(isLoggedIn(c.req.header('cookie')) ? 'peer-3/storeapi-cart-after-login.http' : 'peer-3/storeapi-cart-guest.http')));
    fake.get('/wp-json/wc/store/v1/order/:id', (c) =>
      isLoggedIn(c.req.header('cookie')) && c.req.param('id') === '57'
        ? answer('peer-3/storeapi-order-loggedin-nokey.http')
        : c.json({ code: 'woocommerce_rest_invalid_order', message: 'Invalid order ID or key provided.', data: { status: 401 } }, 401),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Our front: the upstream app with a renderer that shows what the account route handed it

const ACCOUNT_DOC = 'suki-test-account-doc';
interface Handed {
  readonly account: { readonly status: number; readonly title: string; readonly view: AccountView };
  readonly accountSummary?: AccountSummary;
}

const renderer = async (): Promise<RenderModule> => {
  const real = (await import('../../src/entry-server.js')) as RenderModule;
  return {
    renderPage: async (input) => {
      if (!input.account) return real.renderPage(input);
      const handed: Handed = { account: input.account, ...(input.accountSummary ? { accountSummary: input.accountSummary } : {}) };
      return { status: input.account.status, html: ACCOUNT_DOC, state: handed as unknown as AppState, title: input.account.title, description: '', preloadImage: null } satisfies RenderedPage;
    },
    renderDocument: (page, assets) =>
      page.html === ACCOUNT_DOC
        ? `<!doctype html><title>${page.title}</title><main></main><script type="application/json" id="suki-state">${serializeState(page.state)}</script>`
        : real.renderDocument(page, assets),
  };
};

const startFront = (upstream: URL, timeoutMs?: number) => {
  const forward = upstreamForwarder({ upstream, ...(timeoutMs ? { timeoutMs } : {}) });
  const pages = createPagesHandler({
    apiFetch: (request) => forward(request, new URL(request.url).origin),
    loadRenderer: renderer,
    assets: async () => ({ scripts: [], styles: [], modulePreloads: [] }),
    config: parseShopConfig(shopConfig),
    plugins: [],
    session: async (c) => ({ cookie: c.req.header('cookie') ?? '' }),
  });
  return createUpstreamApp({ upstream, pages, ...(timeoutMs ? { timeoutMs } : {}) });
};

let front: { url: string; close(): Promise<void> };
beforeAll(async () => {
  front = await listen(startFront(new URL(stock.url)), { port: 0 });
}, 60_000);
afterAll(async () => {
  await front?.close();
  await stock?.close();
});

/** A browser's cookie jar for our host: what our answers set (path `/` only), deletions applied. */
class Jar {
  readonly cookies = new Map<string, string>();
  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
  }
  take(response: Response): this {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      if (path !== '/') continue;
      if (attributes.some((a) => /^max-age=0$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1));
    }
    return this;
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const get = (path: string, jar?: Jar, base = front.url) => fetch(`${base}${path}`, { redirect: 'manual', headers: jar ? { cookie: jar.header } : {} });
const post = (path: string, fields: Record<string, string>, jar?: Jar, base = front.url) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(jar ? { cookie: jar.header } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
const handed = async (response: Response): Promise<Handed> => {
  const html = await response.text();
  const json = /<script type="application\/json" id="suki-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (json === undefined) throw new Error(`No state in: ${html.slice(0, 300)}`);
  return JSON.parse(json) as Handed;
};
const lastSeen = (method: string, path: string) => [...seen].reverse().find((s) => s.method === method && s.path === path);

const LOGIN = { username: 'ana.buyer@example.com', password: 'right horse battery', rememberme: 'forever', 'woocommerce-login-nonce': '6bec285dae', _wp_http_referer: '/my-account/', login: 'Log in' };
const guestJar = () => new Jar({ [SESSION]: 'guest-session', woocommerce_items_in_cart: '1' });
const signedInJar = () => new Jar({ [SESSION]: 'customer-session', [LOGGED_IN]: loggedInValue() });

// ---------------------------------------------------------------------------------------------

describe('reading stock pages', () => {
  it('notices come out as plain text, one per error item, each kind once', () => {
    expect(readStockNotices(httpRecording('peer-3/myaccount-login-wrong-password.http').body)).toEqual([
      { kind: 'error', text: 'Error: The password you entered for the email address ana.buyer@example.com is incorrect. Lost your password?' },
    ]);
    expect(readStockNotices(httpRecording('peer-3/myaccount-lost-password-sent.http').body)).toEqual([{ kind: 'success', text: 'Password reset email has been sent.' }]);
    expect(readStockNotices('<div class="woocommerce-info">No order has been made yet. <a class="button" href="/shop/">Browse products</a></div>')).toEqual([
      { kind: 'info', text: 'No order has been made yet. Browse products' },
    ]);
    expect(readStockNotices('<ul class="woocommerce-error" role="alert"><li>One</li><li><b>Two</b></li><li>One</li></ul>')).toEqual([
      { kind: 'error', text: 'One' },
      { kind: 'error', text: 'Two' },
    ]);
  });

  it('the dashboard’s navigation gives the logout nonce, and its greeting the display name', () => {
    expect(readStockSignedIn(httpRecording('peer-3/myaccount-dashboard.http').body)).toEqual({ logoutNonce: 'c043797691', displayName: '' });
    const greeted = `${httpRecording('peer-3/myaccount-dashboard.http').body}\n<p>Hello <strong>Ana Buyer</strong> (not <strong>Ana Buyer</strong>? <a href="/my-account/customer-logout/?_wpnonce=c043797691">Log out</a>)</p>`;
    expect(readStockSignedIn(greeted)?.displayName).toBe('Ana Buyer');
    expect(readStockSignedIn(httpRecording('peer-3/myaccount-guest.http').body)).toBeNull();
    // A theme without the navigation: the orders table alone says signed in.
    expect(readStockSignedIn(httpRecording('peer-3/myaccount-orders.http').body)).toEqual({ logoutNonce: '', displayName: '' });
  });

  it('the orders table becomes rows with our view addresses', () => {
    expect(readStockOrders(httpRecording('peer-3/myaccount-orders.http').body)).toEqual({
      rows: [{ id: 57, number: '#57', dateCreated: '2026-11-24T03:39:43.000Z', status: 'Processing', total: '₱849.00 for 2 items', viewUrl: '/my-account/view-order/57/' }],
      hasNext: false,
      read: true,
    });
    expect(readStockOrders('<p>Something else</p>').read).toBe(false);
  });

  it('the logged-in cookie says who is signed in until it expires; anything else is a guest', () => {
    const now = Date.UTC(2026, 10, 25);
    const later = Math.floor(now / 1000) + 60;
    expect(loggedInLogin(`a=b; ${LOGGED_IN}=ana.buyer%7C${later}%7Ct%7Ch`, now)).toBe('ana.buyer');
    expect(loggedInLogin(`${LOGGED_IN}=ana.buyer%7C${Math.floor(now / 1000) - 1}%7Ct%7Ch`, now)).toBeNull();
    expect(loggedInLogin(`${LOGGED_IN}=ana.buyer`, now)).toBeNull();
    expect(loggedInLogin(`${LOGGED_IN}=%E0%A4%A%7C${later}%7Ct%7Ch`, now)).toBeNull();
    expect(loggedInLogin(`wordpress_logged_in_nothex=ana%7C${later}%7Ct%7Ch`, now)).toBeNull();
    expect(loggedInLogin(`${LOGGED_IN}=${'x'.repeat(61)}%7C${later}%7Ct%7Ch`, now)).toBeNull();
    expect(accountSummaryFromCookies(undefined)).toEqual({ signedIn: false, displayName: '' });
  });

  it('maps our addresses to account pages, and nothing else', () => {
    expect(accountEndpoint('/my-account/')).toEqual({ kind: 'dashboard' });
    expect(accountEndpoint('/my-account/orders/2/')).toEqual({ kind: 'orders', page: 2 });
    expect(accountEndpoint('/my-account/view-order/57/')).toEqual({ kind: 'view-order', id: 57 });
    expect(accountEndpoint('/my-account/edit-address/shipping/')).toEqual({ kind: 'external', section: 'edit-address' });
    expect(accountEndpoint('/my-account/edit-account/billing/')).toBeNull();
    expect(accountEndpoint('/my-account/orders/0/')).toBeNull();
    expect(accountEndpoint('/my-account/wp-admin/')).toBeNull();
  });
});

describe('My Account in upstream mode', () => {
  it('a guest gets the login panel with the stock nonces, and the registration form', async () => {
    const response = await get('/my-account/', guestJar());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { account, accountSummary } = await handed(response);
    expect(account.title).toBe('My account');
    expect(account.view).toEqual({
      view: 'login',
      mode: 'login',
      notices: [],
      username: '',
      email: '',
      rememberMe: false,
      nonces: { login: 'e70e0c3e21', register: '69662a3735' },
      registrationEnabled: true,
      passwordMinLength: 8,
    });
    expect(accountSummary).toEqual({ signedIn: false, displayName: '' });
    expect(lastSeen('GET', '/my-account/')?.cookie).toContain(`${SESSION}=guest-session`);
  });

  it('login is passed on with the stock fields; its cookies come back for our host and the shopper goes to our /my-account/', async () => {
    const jar = guestJar();
    const response = await post('/my-account/', { ...LOGIN, extra: 'not passed on' }, jar);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/my-account/');
    const sent = lastSeen('POST', '/my-account/');
    expect(sent?.form).toEqual(Object.entries(LOGIN));
    expect(sent?.cookie).toContain(`${SESSION}=guest-session`);
    const cookies = response.headers.getSetCookie();
    const loggedIn = cookies.find((line) => line.startsWith(`${LOGGED_IN}=`));
    expect(loggedIn).toMatch(/; path=\/; HttpOnly$/);
    expect(loggedIn).not.toMatch(/domain=/i);
    expect(cookies.filter((line) => line.startsWith(`wordpress_${HASH}=`)).map((line) => /path=([^;]+)/.exec(line)?.[1])).toEqual(['/wp-content/plugins', '/wp-admin']);

    // Signed in: the dashboard, with the stock logout link on our address.
    jar.take(response);
    const dashboard = await handed(await get('/my-account/', jar));
    expect(dashboard.account.view).toMatchObject({
      view: 'dashboard',
      notices: [],
      logoutUrl: '/my-account/customer-logout/?_wpnonce=c043797691',
      customer: { username: 'ana.buyer', displayName: 'ana.buyer' },
    });
    expect(dashboard.accountSummary).toEqual({ signedIn: true, displayName: 'ana.buyer' });

    // The Store API cart with the logged-in cookies is the account's cart (the guest's line merged in).
    const cart = await get('/wp-json/wc/store/v1/cart', jar);
    expect(cart.status).toBe(200);
    expect(cart.headers.get('user-id')).toBe('3');
    expect(cart.headers.get('nonce')).toBe('8341b46c62');
    expect(cart.headers.get('cart-token')).toMatch(/^eyJ/);
    const session = cart.headers.getSetCookie().find((line) => line.startsWith(`${SESSION}=`));
    expect(session).toBe(`${SESSION}=customer-session; expires=Wed, 25 Nov 2026 19:39:43 GMT; Max-Age=172800; path=/; HttpOnly`);
    const body = (await cart.json()) as { items: Array<{ name: string; quantity: number }>; billing_address: { email: string } };
    expect(body.items.map((item) => [item.name, item.quantity])).toEqual([
      ['Peer Mug', 1],
      ['Peer Tee', 1],
    ]);
    expect(body.billing_address.email).toBe('ana.buyer@example.com');
    expect(lastSeen('GET', '/wp-json/wc/store/v1/cart')?.cookie).toContain(`${LOGGED_IN}=ana.buyer%7C`);
  });

  it('the header of every other page says the shopper is signed in, from the cookie alone', async () => {
    const before = seen.length;
    const response = await get('/cart/', signedInJar());
    expect(response.status).toBe(200);
    expect(response.headers.get('x-suki-cache')).toBe('bypass');
    const state = JSON.parse(/<script type="application\/json" id="suki-state">([\s\S]*?)<\/script>/.exec(await response.text())?.[1] ?? '{}') as AppState;
    expect(state.account).toEqual({ signedIn: true, displayName: 'ana.buyer' });
    // The page asked the stock shop for the cart only, never for an account page.
    expect(seen.slice(before).some((s) => s.path.startsWith('/my-account/'))).toBe(false);
    const guest = JSON.parse(/<script type="application\/json" id="suki-state">([\s\S]*?)<\/script>/.exec(await (await get('/cart/', guestJar())).text())?.[1] ?? '{}') as AppState;
    expect(guest.account).toEqual({ signedIn: false, displayName: '' });
  });

  it('a logged-in cookie the stock shop refused (its page shows the login panel) is dropped', async () => {
    const stale = new Jar({ [SESSION]: 'guest-session', [LOGGED_IN]: `someone.else%7C${inADay()}%7Ctoken%7Chmac` });
    const response = await get('/my-account/', stale);
    const { account, accountSummary } = await handed(response);
    expect(account.view.view).toBe('login');
    expect(accountSummary).toEqual({ signedIn: false, displayName: '' });
    stale.take(response);
    expect([...stale.cookies.keys()]).toEqual([SESSION]);
    // A guest without one is left alone.
    expect((await get('/my-account/', guestJar())).headers.getSetCookie()).toEqual([]);
  });

  it('a wrong password is the stock notice as text, with the username kept and fresh nonces', async () => {
    const response = await post('/my-account/', { ...LOGIN, password: 'wrong' }, guestJar());
    expect(response.status).toBe(400);
    expect((await handed(response)).account.view).toMatchObject({
      view: 'login',
      mode: 'login',
      username: 'ana.buyer@example.com',
      rememberMe: true,
      nonces: { login: 'e70e0c3e21', register: '69662a3735' },
      notices: [{ kind: 'error', text: 'Error: The password you entered for the email address ana.buyer@example.com is incorrect. Lost your password?' }],
    });
  });

  it('a login nonce from another session is dropped silently by the stock shop; we say the form expired', async () => {
    const response = await post('/my-account/', LOGIN);
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie().some((line) => line.startsWith(LOGGED_IN))).toBe(false);
    expect((await handed(response)).account.view).toMatchObject({ view: 'login', notices: [{ kind: 'error', text: 'This form has expired. Please try again.' }] });
  });

  it('our own notice and the title follow the shopper’s language (the stock shop’s own notices pass as written)', async () => {
    const response = await post('/my-account/', LOGIN, new Jar({ suki_lang: 'fil' }));
    expect(response.status).toBe(400);
    const account = (await handed(response)).account;
    expect(account.title).toBe('Aking account');
    expect(account.view).toMatchObject({ view: 'login', notices: [{ kind: 'error', text: 'Nag-expire na ang form na ito. Pakisubukang muli.' }] });
  });

  it('registration is passed on; the new customer is signed in and sent to our /my-account/', async () => {
    const fields = { email: 'someone.new@example.com', password: 'a long pass phrase', 'woocommerce-register-nonce': '69662a3735', _wp_http_referer: '/my-account/', register: 'Register' };
    const response = await post('/my-account/', fields, guestJar());
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/my-account/');
    expect(lastSeen('POST', '/my-account/')?.form).toEqual(Object.entries(fields));
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${LOGGED_IN}=ana.buyer%7C`))).toBe(true);
  });

  it('an e-mail already registered is the stock notice, on the registration form with the e-mail kept', async () => {
    const response = await post('/my-account/', { email: 'ana.buyer@example.com', password: 'x', 'woocommerce-register-nonce': '69662a3735', _wp_http_referer: '/my-account/', register: 'Register' }, guestJar());
    expect(response.status).toBe(400);
    expect((await handed(response)).account.view).toMatchObject({
      view: 'login',
      mode: 'register',
      email: 'ana.buyer@example.com',
      notices: [{ kind: 'error', text: 'Error: An account is already registered with your email address. Please log in.' }],
    });
  });

  it('a register post with a bad nonce: stock is silent, we say the form expired', async () => {
    const response = await post('/my-account/', { email: 'someone.new@example.com', password: 'x', 'woocommerce-register-nonce': '0000000000', register: 'Register' }, guestJar());
    expect(response.status).toBe(400);
    expect((await handed(response)).account.view).toMatchObject({ view: 'login', mode: 'register', notices: [{ kind: 'error', text: 'This form has expired. Please try again.' }] });
  });

  it('lost password: the stock nonce, "sent" after the stock redirect, and the unknown-login notice', async () => {
    const page = await handed(await get('/my-account/lost-password/'));
    expect(page.account.view).toEqual({ view: 'lost-password', notices: [], login: '', nonce: '779b02df60', sent: false });
    expect(page.account.title).toBe('Lost password');

    const fields = { user_login: 'ana.buyer@example.com', wc_reset_password: 'true', 'woocommerce-lost-password-nonce': '779b02df60', _wp_http_referer: '/my-account/lost-password/' };
    const sent = await post('/my-account/lost-password/', fields);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/my-account/lost-password/?reset-link-sent=true');
    expect(lastSeen('POST', '/my-account/lost-password/')?.form).toEqual(Object.entries(fields));
    expect((await handed(await get('/my-account/lost-password/?reset-link-sent=true'))).account.view).toMatchObject({
      view: 'lost-password',
      sent: true,
      notices: [{ kind: 'success', text: 'Password reset email has been sent.' }],
    });

    const unknown = await post('/my-account/lost-password/', { ...fields, user_login: 'nobody@example.com' });
    expect(unknown.status).toBe(400);
    expect((await handed(unknown)).account.view).toEqual({ view: 'lost-password', notices: [{ kind: 'error', text: 'Invalid username or email.' }], login: 'nobody@example.com', nonce: '779b02df60', sent: false });
  });

  it('logout follows both stock redirects with the shopper’s cookies and passes the clearing through', async () => {
    const jar = signedInJar();
    const response = await get('/my-account/customer-logout/?_wpnonce=c043797691', jar);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/my-account/');
    expect(lastSeen('GET', '/wp-login.php?action=logout&redirect_to=http%3A%2F%2F127.0.0.1%3A8931%2Fmy-account%2F&_wpnonce=9c7bf68dee')?.cookie).toContain(`${LOGGED_IN}=ana.buyer%7C`);
    jar.take(response);
    expect([...jar.cookies.keys()]).not.toContain(LOGGED_IN);
    expect([...jar.cookies.keys()]).not.toContain(SESSION);
    expect((await handed(await get('/my-account/', jar))).account.view.view).toBe('login');
  });

  it('orders: the stock table, each order on our view address; a guest gets the login panel', async () => {
    const { account } = await handed(await get('/my-account/orders/', signedInJar()));
    expect(account.title).toBe('Orders');
    expect(account.view).toMatchObject({
      view: 'orders',
      page: 1,
      totalPages: 1,
      externalUrl: null,
      orders: [{ id: 57, number: '#57', dateCreated: '2026-11-24T03:39:43.000Z', status: 'Processing', total: '₱849.00 for 2 items', viewUrl: '/my-account/view-order/57/' }],
    });
    expect((await handed(await get('/my-account/orders/', guestJar()))).account.view.view).toBe('login');
    // No orders yet: the stock notice is left to the view, which says it itself.
    const none = await handed(await get('/my-account/orders/', new Jar({ [LOGGED_IN]: loggedInValue(), none: '1' })));
    expect(none.account.view).toMatchObject({ view: 'orders', orders: [], notices: [], externalUrl: null });
  });

  it('one order through the Store API (its owner needs no key); another’s answers as if it did not exist', async () => {
    const mine = await get('/my-account/view-order/57/', signedInJar());
    expect(mine.status).toBe(200);
    const view = (await handed(mine)).account.view;
    expect(view.view).toBe('view-order');
    if (view.view === 'view-order') {
      expect(view.order.id).toBe(57);
      expect(view.order.totals.total).toBe(84900);
    }
    const other = await get('/my-account/view-order/55/', signedInJar());
    expect(other.status).toBe(404);
  });

  it('addresses and account details link to the shop’s own My Account page', async () => {
    const { account } = await handed(await get('/my-account/edit-address/', signedInJar()));
    expect(account.title).toBe('Addresses');
    expect(account.view).toMatchObject({
      view: 'dashboard',
      externalUrl: `${stock.url}/my-account/edit-address/`,
      notices: [{ kind: 'info', text: `Your billing and shipping addresses are kept on the shop’s own account page: ${stock.url}/my-account/edit-address/` }],
    });
  });

  it('unknown account addresses are not found; a foreign site’s login post is refused before it goes upstream', async () => {
    expect((await get('/my-account/wp-admin/')).status).toBe(404);
    const before = seen.length;
    const response = await fetch(`${front.url}/my-account/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams(LOGIN).toString(),
    });
    expect(response.status).toBe(403);
    expect(seen.length).toBe(before);
  });

  it('a huge or non-form post is refused here, and nothing goes upstream', async () => {
    const before = seen.length;
    const huge = await post('/my-account/', { ...LOGIN, password: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
    expect((await handed(huge)).account.view.notices).toEqual([{ kind: 'error', text: 'The form was too large.' }]);
    // Without a length: read up to the limit only.
    const chunk = new TextEncoder().encode(`password=${'x'.repeat(8_000)}&`);
    let sentChunks = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sentChunks++ < 1_000) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const chunked = await fetch(`${front.url}/my-account/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: stream, duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(sentChunks).toBeLessThan(1_000);
    const json = await fetch(`${front.url}/my-account/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(LOGIN) });
    expect(json.status).toBe(415);
    expect(seen.length).toBe(before);
  });
});

describe('hostile and missing upstreams', () => {
  let hostile: FakeStockShop;
  let hostileFront: { url: string; close(): Promise<void> };
  let silent: Server;
  let silentFront: { url: string; close(): Promise<void> };
  let downFront: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    const fake = new Hono();
    hostile = await startFakeStockShop(fake, (answer) => {
      const guest = answer('peer-3/myaccount-guest.http');
      fake.get('/my-account/', async () =>
        new Response(
          `<div class="woocommerce-notices-wrapper"><ul class="woocommerce-error" role="alert"><li><img src=x onerror="alert(1)">Bad &lt;script&gt;alert(2)&lt;/script&gt; <script>alert(3)</script>news</li></ul></div>${await guest.text()}`,
          { headers: { 'content-type': 'text/html; charset=UTF-8' } },
        ),
      );
      fake.get('/my-account/orders/', () => new Response(`<html>${'<p>padding</p>'.repeat(400_000)}</html>`, { headers: { 'content-type': 'text/html; charset=UTF-8' } }));
      fake.get('/my-account/downloads/', () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/phish' } }));
    fake.get('/my-account/payment-methods/', (c) => new Response(null, { status: 302, headers: { location: `${new URL(c.req.url).origin}/my-account/orders/` } }));
    fake.get('/my-account/edit-account/', () => new Response('<html><body>Maintenance</body></html>', { status: 503, headers: { 'content-type': 'text/html' } }));
      fake.post('/my-account/', () => new Response('<html><body>A page of another kind</body></html>', { headers: { 'content-type': 'text/html' } }));
    });
    hostileFront = await listen(startFront(new URL(hostile.url)), { port: 0 });
    // Accepts the connection and never answers.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentFront = await listen(startFront(new URL(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`), 300), { port: 0 });
    downFront = await listen(startFront(new URL('http://127.0.0.1:9')), { port: 0 });
  }, 60_000);
  afterAll(async () => {
    await hostileFront?.close();
    await hostile?.close();
    await silentFront?.close();
    await downFront?.close();
    silent?.closeAllConnections();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('markup in a stock notice is shown as text, never as HTML', async () => {
    const response = await get('/my-account/', undefined, hostileFront.url);
    const html = await response.clone().text();
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/<script>alert/);
    expect((await handed(response)).account.view.notices).toEqual([{ kind: 'error', text: 'Bad <script>alert(2)</script> news' }]);
  });

  it('a huge stock page is a clear 502, not read whole', async () => {
    const response = await get('/my-account/orders/', signedInJar(), hostileFront.url);
    expect(response.status).toBe(502);
    expect((await handed(response)).account.view.notices).toEqual([{ kind: 'error', text: 'We could not reach the shop to show your account. Please try again in a moment.' }]);
  });

  it('a stock redirect goes on to our own account pages only', async () => {
    const away = await get('/my-account/downloads/', signedInJar(), hostileFront.url);
    expect(away.status).toBe(303);
    expect(away.headers.get('location')).toBe('/my-account/');
    const inside = await get('/my-account/payment-methods/', signedInJar(), hostileFront.url);
    expect(inside.headers.get('location')).toBe('/my-account/orders/');
  });

  it('a stock 503 and a page we cannot read are 502s with a notice', async () => {
    expect((await get('/my-account/edit-account/', signedInJar(), hostileFront.url)).status).toBe(502);
    const unreadable = await post('/my-account/', LOGIN, guestJar(), hostileFront.url);
    expect(unreadable.status).toBe(502);
    expect((await handed(unreadable)).account.view.notices).toEqual([{ kind: 'error', text: 'We could not read the shop’s account page. Please try again in a moment.' }]);
  });

  it('a stock shop that never answers is a 504 within the bound; one that is down is a 502', async () => {
    const started = Date.now();
    const slow = await get('/my-account/', undefined, silentFront.url);
    expect(slow.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await handed(slow)).account.view.notices).toEqual([{ kind: 'error', text: 'The shop took too long to answer. Please try again in a moment.' }]);
    const down = await post('/my-account/', LOGIN, guestJar(), downFront.url);
    expect(down.status).toBe(502);
    expect((await handed(down)).account.view).toMatchObject({ view: 'login', username: 'ana.buyer@example.com', notices: [{ kind: 'error', text: 'We could not reach the shop to show your account. Please try again in a moment.' }] });
  });
});
