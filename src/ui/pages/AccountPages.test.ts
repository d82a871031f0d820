/**
 * The My Account pages as the server renders them (before scripts): the stock forms with their
 * field names and nonces, the guest panel's second form hidden only where scripts run, the
 * navigation's current link, the orders table's names, and the header's account link.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { HTMLElement, parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountCustomer, AccountSummary, AccountView } from '../../app/account-page.js';
import type { AppState } from '../../app/app-state.js';
import { createRuntime, type Runtime } from '../../core/runtime.js';
import { stubPorts } from '../../core/testing/cart-fixtures.js';
import { App } from '../App.js';
import { RuntimeProvider } from '../runtime-context.js';
import { createUiSignals } from '../signals.js';
import { createViewRegistry } from '../slots.js';
import { AccountPage } from './AccountPages.js';

let runtime: Runtime;
beforeAll(async () => {
  runtime = createRuntime({ ports: stubPorts(), plugins: [], consent: { default: 'granted' } });
  await runtime.start();
});
afterAll(async () => {
  await runtime.stop();
});

const customer: AccountCustomer = { id: 3, username: 'ana.buyer', displayName: 'Ana B', firstName: 'Ana', lastName: 'Buyer', email: 'ana.buyer@example.com' };
const address = { first_name: 'Ana', last_name: 'Buyer', company: '', address_1: '12 Mabini St', address_2: 'San Roque', city: 'Marikina', state: '00', postcode: '1800', country: 'PH', phone: '+639171234567' };
const blank = { first_name: '', last_name: '', company: '', address_1: '', address_2: '', city: '', state: '', postcode: '', country: '', phone: '' };
const signedIn = { customer, notices: [], logoutUrl: '/my-account/customer-logout/?_wpnonce=abc' };

const render = (view: AccountView, path = '/my-account/', account?: AccountSummary): string => {
  const state: AppState = {
    locale: 'en-PH',
    path,
    search: '',
    pageType: 'account',
    page: { type: 'account', title: 'My account', description: '', account: view },
    shop: { name: 'Suki', tagline: '', storeNotice: null, redirectAfterAdd: false, consentDefault: 'granted', consentStored: null, categories: [] },
    stores: {},
    plugins: [],
    cartNonce: '',
    ...(account ? { account } : {}),
  };
  return renderToString(
    createElement(RuntimeProvider, {
      value: { runtime, state, signals: createUiSignals(), views: createViewRegistry([], runtime.viewContext), pages: { account: AccountPage } },
      children: createElement(App),
    }),
  );
};

/**
 * The server's HTML parsed the way a browser without scripts reads it: `<noscript>` holds markup,
 * while `<script>` and `<style>` hold raw text. The assertions look at elements, attributes and
 * text, so they do not depend on how the renderer orders attributes or writes boolean ones.
 */
const dom = (html: string) => {
  const root = parse(html, { blockTextElements: { script: true, style: true } });
  const get = (selector: string): HTMLElement => {
    const found = root.querySelector(selector);
    if (!found) throw new Error(`nothing matches ${selector}`);
    return found;
  };
  return {
    has: (selector: string): boolean => root.querySelector(selector) !== null,
    get,
    all: (selector: string): HTMLElement[] => root.querySelectorAll(selector),
    /** The texts of the elements `selector` matches, in document order. */
    texts: (selector: string): string[] => root.querySelectorAll(selector).map((el) => el.text),
    /** Every text of the page, entities decoded and tags left out. */
    text: root.text,
  };
};

/** An element's attributes with lower-case names (HTML names are case-insensitive), in no particular order. */
const attributes = (el: HTMLElement): Record<string, string> => Object.fromEntries(Object.entries(el.attributes).map(([name, value]) => [name.toLowerCase(), value]));

const login: AccountView = {
  view: 'login',
  mode: 'login',
  notices: [],
  username: '',
  email: '',
  rememberMe: false,
  nonces: { login: 'n-login', register: 'n-register' },
  registrationEnabled: true,
  passwordMinLength: 10,
};

describe('the guest panel', () => {
  it('has both stock forms with their names and nonces, posting to the page', () => {
    const d = dom(render(login));
    for (const name of ['username', 'password', 'email', 'woocommerce-login-nonce', 'woocommerce-register-nonce', '_wp_http_referer']) expect(d.has(`input[name="${name}"]`), name).toBe(true);
    expect(d.has('input[name="rememberme"][value="forever"][type="checkbox"]')).toBe(true);
    expect(d.has('input[name="woocommerce-login-nonce"][value="n-login"]')).toBe(true);
    expect(d.has('input[name="woocommerce-register-nonce"][value="n-register"]')).toBe(true);
    expect(d.has('button[name="login"][value="Log in"][type="submit"]')).toBe(true);
    expect(d.has('button[name="register"][value="Register"][type="submit"]')).toBe(true);
    expect(d.all('form[action="/my-account/"][method="post"]')).toHaveLength(2);
    expect(d.has('a[href="/my-account/lost-password/"]')).toBe(true);
    expect(d.text).toContain('At least 10 characters.');
  });

  it('hides the second form where scripts run, and shows both without them', () => {
    const d = dom(render(login));
    expect(d.get('section#account-register').hasAttribute('hidden')).toBe(true);
    expect(d.get('section#account-login').hasAttribute('hidden')).toBe(false);
    // Without scripts, a style in <noscript> shows the hidden form again.
    expect(d.texts('noscript > style').some((css) => css.startsWith('.account-panel__form[hidden]{display:block!important}'))).toBe(true);
    const register = dom(render({ ...login, mode: 'register', email: 'ana@example.com', notices: [{ kind: 'error', text: 'An account is already registered with your email address.' }] }));
    expect(register.get('section#account-login').hasAttribute('hidden')).toBe(true);
    expect(register.get('section#account-register').hasAttribute('hidden')).toBe(false);
    expect(register.has('input[name="email"][value="ana@example.com"]')).toBe(true);
    expect(register.get('div[role="alert"] > ul.notice--error:first-child > li:first-child').text).toMatch(/^An account is already registered/);
  });

  it('renders the toggles and the switch buttons hidden until scripts run, and no meter', () => {
    const d = dom(render(login));
    const toggles = d.all('button.password-input__toggle[type="button"][aria-pressed="false"][hidden]');
    expect(toggles).toHaveLength(2);
    for (const toggle of toggles) {
      const controls = toggle.getAttribute('aria-controls') ?? '';
      expect(controls).toMatch(/^[a-z_]+$/);
      // It controls the password field next to it.
      expect(d.has(`input#${controls}[type="password"]`), controls).toBe(true);
    }
    expect(d.has('[role="meter"]')).toBe(false);
  });

  it('has no registration form when the shop does not let shoppers register', () => {
    const html = render({ ...login, registrationEnabled: false, mode: 'register' });
    expect(html).not.toContain('woocommerce-register-nonce');
    const d = dom(html);
    // The login form is there, and nothing is hidden behind a switch.
    expect(d.has('section#account-login')).toBe(true);
    expect(d.has('section[hidden]')).toBe(false);
  });
});

describe('the password pages', () => {
  it('lost password: the stock form, then the sent state', () => {
    const d = dom(render({ view: 'lost-password', notices: [], login: '', nonce: 'n-lost', sent: false }, '/my-account/lost-password/'));
    expect(d.has('input[name="user_login"]')).toBe(true);
    expect(d.has('input[name="wc_reset_password"][value="true"]')).toBe(true);
    expect(d.has('input[name="woocommerce-lost-password-nonce"][value="n-lost"]')).toBe(true);
    const sent = dom(render({ view: 'lost-password', notices: [], login: '', nonce: 'n-lost', sent: true }, '/my-account/lost-password/'));
    expect(sent.text).toContain('Password reset email has been sent.');
    expect(sent.has('[name="user_login"]')).toBe(false);
  });

  it('reset: the new password twice with the link’s key and login; a refused link offers a new one', () => {
    const d = dom(render({ view: 'reset-password', notices: [], nonce: 'n-reset', key: 'k3y', login: 'ana.buyer', valid: true, passwordMinLength: 8 }, '/my-account/lost-password/'));
    for (const name of ['password_1', 'password_2']) expect(d.has(`input[name="${name}"][type="password"]`), name).toBe(true);
    expect(d.has('input[name="reset_key"][value="k3y"]')).toBe(true);
    expect(d.has('input[name="reset_login"][value="ana.buyer"]')).toBe(true);
    expect(d.has('input[name="woocommerce-reset-password-nonce"][value="n-reset"]')).toBe(true);
    const refused = dom(render({ view: 'reset-password', notices: [], nonce: '', key: '', login: '', valid: false, passwordMinLength: 8 }, '/my-account/lost-password/'));
    expect(refused.text).toContain('This key is invalid or has already been used.');
    expect(refused.has('a[href="/my-account/lost-password/"]')).toBe(true);
    expect(refused.has('[name="password_1"]')).toBe(false);
  });
});

describe('signed in', () => {
  it('the navigation marks the page shown, and the header names the shopper after its words', () => {
    const d = dom(render({ ...signedIn, view: 'dashboard' }, '/my-account/', { signedIn: true, displayName: 'Ana B' }));
    expect(d.has('nav.account-nav[aria-label="Account"]')).toBe(true);
    // Only the shown page's link is marked, as the page.
    const marked = d.all('nav.account-nav a[aria-current]');
    expect(marked.map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([['/my-account/', 'page']]);
    const logout = d.get('nav.account-nav a[href="/my-account/customer-logout/?_wpnonce=abc"]');
    expect(attributes(logout)).toEqual({ href: '/my-account/customer-logout/?_wpnonce=abc' });
    expect(logout.text).toBe('Log out');
    const account = d.get('header a.site-header__account');
    expect(attributes(account)).toEqual({ class: 'site-header__account', href: '/my-account/', 'aria-label': 'My account: Ana B', 'aria-current': 'page' });
    expect(account.text).toBe('My account');
    // "Hello " then the name in <strong>, at the start of the greeting.
    const [greeting, name] = d.get('.account-dashboard p').childNodes;
    expect(greeting?.text).toBe('Hello ');
    expect(name instanceof HTMLElement && name.tagName).toBe('STRONG');
    expect(name?.text).toBe('Ana B');
    const orders = dom(render({ ...signedIn, view: 'orders', orders: [], page: 1, totalPages: 1, externalUrl: null }, '/my-account/orders/'));
    expect(orders.all('nav.account-nav a[aria-current]').map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([['/my-account/orders/', 'page']]);
    const dashboard = orders.get('nav.account-nav a[href="/my-account/"]');
    expect(attributes(dashboard)).toEqual({ href: '/my-account/' });
    expect(dashboard.text).toBe('Dashboard');
  });

  it('upstream: a part the stock shop keeps to itself links to its page there; our own shop shows no such link', () => {
    const upstream = dom(render({ ...signedIn, view: 'dashboard', externalUrl: 'https://shop.example/my-account/edit-address/' }, '/my-account/edit-address/'));
    expect(upstream.get('a[href="https://shop.example/my-account/edit-address/"]').text).toBe('Continue on the shop’s site');
    const own = dom(render({ ...signedIn, view: 'dashboard' }));
    expect(own.text).not.toContain('Continue on the shop’s site');
    expect(own.has('a[href^="https://shop.example/"]')).toBe(false);
  });

  it('orders: the table with a `View order #N` link per order, pages, the empty state and the shop’s own page', () => {
    const row = { id: 57, number: '#57', dateCreated: '2026-11-24T03:39:43+00:00', status: 'Processing', total: '₱849.00 for 2 items', viewUrl: '/my-account/view-order/57/' };
    const d = dom(render({ ...signedIn, view: 'orders', orders: [row], page: 2, totalPages: 3, externalUrl: null }, '/my-account/orders/2/'));
    const columns = d.texts('th[scope="col"]');
    for (const col of ['Order', 'Date', 'Status', 'Total', 'Actions']) expect(columns, col).toContain(col);
    const view = d.get('a[href="/my-account/view-order/57/"]');
    expect(attributes(view)).toEqual({ class: 'button button--small', href: '/my-account/view-order/57/', 'aria-label': 'View order #57' });
    expect(view.text).toBe('View');
    expect(d.text).toContain('November 24, 2026');
    expect(d.get('a[href="/my-account/orders/"][rel="prev"]').text).toBe('Previous');
    expect(d.get('a[href="/my-account/orders/3/"][rel="next"]').text).toBe('Next');
    expect(dom(render({ ...signedIn, view: 'orders', orders: [], page: 1, totalPages: 1, externalUrl: null })).text).toContain('No order has been made yet.');
    const external = dom(render({ ...signedIn, view: 'orders', orders: [], page: 1, totalPages: 1, externalUrl: 'https://shop.example/my-account/orders/' }));
    expect(external.has('a[href="https://shop.example/my-account/orders/"]')).toBe(true);
  });

  it('addresses: both with their edit links, and one address’s form with the checkout’s fields and the server’s errors linked', () => {
    const base = { ...signedIn, view: 'edit-address' as const, billing: { ...address, email: 'ana.buyer@example.com' }, shipping: blank, nonce: 'n-addr', fieldErrors: {} };
    const overview = dom(render({ ...base, editing: null }, '/my-account/edit-address/'));
    const links = overview.texts('a');
    expect(links).toContain('Edit billing address');
    expect(links).toContain('Edit shipping address');
    expect(overview.text).toContain('You have not set up this type of address yet.');
    expect(overview.text).toContain('Metro Manila');
    const d = dom(render({ ...base, editing: 'billing', fieldErrors: { billing_postcode: 'Please enter a valid postcode.' } }, '/my-account/edit-address/billing/'));
    for (const part of ['first_name', 'last_name', 'address_1', 'address_2', 'city', 'postcode', 'email', 'phone']) expect(d.has(`input[name="billing_${part}"]`), part).toBe(true);
    expect(d.has('select[name="billing_state"]')).toBe(true);
    // The saved province is the one option selected.
    const selected = d.all('select[name="billing_state"] option[selected]');
    expect(selected.map((option) => [option.getAttribute('value'), option.text])).toEqual([['00', 'Metro Manila']]);
    expect(d.has('input[name="billing_postcode"][aria-invalid="true"][aria-describedby="billing_postcode-error"]')).toBe(true);
    expect(d.get('span#billing_postcode-error').text).toBe('Please enter a valid postcode.');
    expect(d.has('input[name="woocommerce-edit-address-nonce"][value="n-addr"]')).toBe(true);
    expect(d.has('input[name="action"][value="edit_address"]')).toBe(true);
    expect(d.has('form[action="/my-account/edit-address/billing/"]')).toBe(true);
  });

  it('account details: names, email and the password change, with the stock names', () => {
    const d = dom(render({ ...signedIn, view: 'edit-account', nonce: 'n-det', fieldErrors: {}, passwordMinLength: 8 }, '/my-account/edit-account/'));
    for (const name of ['account_first_name', 'account_last_name', 'account_display_name', 'account_email', 'password_current', 'password_1', 'password_2']) expect(d.has(`input[name="${name}"]`), name).toBe(true);
    expect(d.has('input[name="account_email"][value="ana.buyer@example.com"]')).toBe(true);
    expect(d.has('input[name="save-account-details-nonce"][value="n-det"]')).toBe(true);
    expect(d.has('input[name="action"][value="save_account_details"]')).toBe(true);
    expect(d.texts('legend')).toContain('Password change');
  });
});
