/**
 * The My Account pages as the server renders them (before scripts): the stock forms with their
 * field names and nonces, the guest panel's second form hidden only where scripts run, the
 * navigation's current link, the orders table's names, and the header's account link.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
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

const dom = (html: string) => {
  // A small reader over the server's HTML: enough to find elements by their attributes.
  const tags = [...html.matchAll(/<([a-z]+)\b([^>]*)>/g)].map(([, tag, attrs]) => ({ tag: tag ?? '', attrs: attrs ?? '' }));
  return {
    has: (tag: string, ...parts: string[]) => tags.some((t) => t.tag === tag && parts.every((p) => t.attrs.includes(p))),
    find: (tag: string, ...parts: string[]) => tags.find((t) => t.tag === tag && parts.every((p) => t.attrs.includes(p))),
  };
};

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
    const html = render(login);
    const d = dom(html);
    for (const name of ['username', 'password', 'email', 'woocommerce-login-nonce', 'woocommerce-register-nonce', '_wp_http_referer']) expect(d.has('input', `name="${name}"`), name).toBe(true);
    expect(d.has('input', 'name="rememberme"', 'value="forever"', 'type="checkbox"')).toBe(true);
    expect(d.has('input', 'value="n-login"')).toBe(true);
    expect(d.has('input', 'value="n-register"')).toBe(true);
    expect(d.has('button', 'name="login"', 'value="Log in"', 'type="submit"')).toBe(true);
    expect(d.has('button', 'name="register"', 'value="Register"', 'type="submit"')).toBe(true);
    expect(html.match(/<form [^>]*action="\/my-account\/" method="post"/g)).toHaveLength(2);
    expect(html).toContain('href="/my-account/lost-password/"');
    expect(html).toContain('At least 10 characters.');
  });

  it('hides the second form where scripts run, and shows both without them', () => {
    const html = render(login);
    expect(dom(html).has('section', 'hidden=""', 'id="account-register"')).toBe(true);
    expect(dom(html).has('section', 'hidden=""', 'id="account-login"')).toBe(false);
    expect(html).toMatch(/<noscript><style>\.account-panel__form\[hidden\]\{display:block!important\}/);
    const register = render({ ...login, mode: 'register', email: 'ana@example.com', notices: [{ kind: 'error', text: 'An account is already registered with your email address.' }] });
    expect(dom(register).has('section', 'hidden=""', 'id="account-login"')).toBe(true);
    expect(dom(register).has('section', 'hidden=""', 'id="account-register"')).toBe(false);
    expect(dom(register).has('input', 'name="email"', 'value="ana@example.com"')).toBe(true);
    expect(register).toMatch(/<div role="alert"><ul class="[^"]*notice--error[^"]*"><li>An account is already registered/);
  });

  it('renders the toggles and the switch buttons hidden until scripts run, and no meter', () => {
    const html = render(login);
    expect(html.match(/<button type="button" class="password-input__toggle[^"]*" aria-pressed="false" aria-controls="[a-z_]+" hidden=""/g)).toHaveLength(2);
    expect(html).not.toContain('role="meter"');
  });

  it('has no registration form when the shop does not let shoppers register', () => {
    const html = render({ ...login, registrationEnabled: false, mode: 'register' });
    expect(html).not.toContain('woocommerce-register-nonce');
    expect(dom(html).has('section', 'hidden=""')).toBe(false);
  });
});

describe('the password pages', () => {
  it('lost password: the stock form, then the sent state', () => {
    const form = render({ view: 'lost-password', notices: [], login: '', nonce: 'n-lost', sent: false }, '/my-account/lost-password/');
    const d = dom(form);
    expect(d.has('input', 'name="user_login"')).toBe(true);
    expect(d.has('input', 'name="wc_reset_password"', 'value="true"')).toBe(true);
    expect(d.has('input', 'name="woocommerce-lost-password-nonce"', 'value="n-lost"')).toBe(true);
    const sent = render({ view: 'lost-password', notices: [], login: '', nonce: 'n-lost', sent: true }, '/my-account/lost-password/');
    expect(sent).toContain('Password reset email has been sent.');
    expect(sent).not.toContain('name="user_login"');
  });

  it('reset: the new password twice with the link’s key and login; a refused link offers a new one', () => {
    const form = render({ view: 'reset-password', notices: [], nonce: 'n-reset', key: 'k3y', login: 'ana.buyer', valid: true, passwordMinLength: 8 }, '/my-account/lost-password/');
    const d = dom(form);
    for (const name of ['password_1', 'password_2']) expect(d.has('input', `name="${name}"`, 'type="password"')).toBe(true);
    expect(d.has('input', 'name="reset_key"', 'value="k3y"')).toBe(true);
    expect(d.has('input', 'name="reset_login"', 'value="ana.buyer"')).toBe(true);
    expect(d.has('input', 'name="woocommerce-reset-password-nonce"', 'value="n-reset"')).toBe(true);
    const refused = render({ view: 'reset-password', notices: [], nonce: '', key: '', login: '', valid: false, passwordMinLength: 8 }, '/my-account/lost-password/');
    expect(refused).toContain('This key is invalid or has already been used.');
    expect(refused).toContain('href="/my-account/lost-password/"');
    expect(refused).not.toContain('name="password_1"');
  });
});

describe('signed in', () => {
  it('the navigation marks the page shown, and the header names the shopper after its words', () => {
    const html = render({ ...signedIn, view: 'dashboard' }, '/my-account/', { signedIn: true, displayName: 'Ana B' });
    expect(html).toMatch(/<nav class="account-nav[^"]*" aria-label="Account">/);
    expect(dom(html).has('a', 'href="/my-account/"', 'aria-current="page"')).toBe(true);
    expect(html).toContain('<a href="/my-account/customer-logout/?_wpnonce=abc">Log out</a>');
    expect(html).toContain('<a class="site-header__account" href="/my-account/" aria-label="My account: Ana B" aria-current="page">My account</a>');
    expect(html).toContain('Hello <strong>Ana B</strong>');
    const orders = render({ ...signedIn, view: 'orders', orders: [], page: 1, totalPages: 1, externalUrl: null }, '/my-account/orders/');
    expect(dom(orders).has('a', 'href="/my-account/orders/"', 'aria-current="page"')).toBe(true);
    expect(orders).toContain('<a href="/my-account/">Dashboard</a>');
  });

  it('upstream: a part the stock shop keeps to itself links to its page there; our own shop shows no such link', () => {
    const upstream = render({ ...signedIn, view: 'dashboard', externalUrl: 'https://shop.example/my-account/edit-address/' }, '/my-account/edit-address/');
    expect(upstream).toContain('href="https://shop.example/my-account/edit-address/">Continue on the shop’s site</a>');
    expect(render({ ...signedIn, view: 'dashboard' })).not.toContain('Continue on the shop’s site');
  });

  it('orders: the table with a `View order #N` link per order, pages, the empty state and the shop’s own page', () => {
    const row = { id: 57, number: '#57', dateCreated: '2026-11-24T03:39:43+00:00', status: 'Processing', total: '₱849.00 for 2 items', viewUrl: '/my-account/view-order/57/' };
    const html = render({ ...signedIn, view: 'orders', orders: [row], page: 2, totalPages: 3, externalUrl: null }, '/my-account/orders/2/');
    for (const col of ['Order', 'Date', 'Status', 'Total', 'Actions']) expect(html).toContain(`<th scope="col">${col}</th>`);
    expect(html).toContain('<a class="button button--small" href="/my-account/view-order/57/" aria-label="View order #57">View</a>');
    expect(html).toContain('November 24, 2026');
    expect(html).toContain('href="/my-account/orders/" rel="prev">Previous');
    expect(html).toContain('href="/my-account/orders/3/" rel="next">Next');
    expect(render({ ...signedIn, view: 'orders', orders: [], page: 1, totalPages: 1, externalUrl: null })).toContain('No order has been made yet.');
    const external = render({ ...signedIn, view: 'orders', orders: [], page: 1, totalPages: 1, externalUrl: 'https://shop.example/my-account/orders/' });
    expect(external).toContain('href="https://shop.example/my-account/orders/"');
  });

  it('addresses: both with their edit links, and one address’s form with the checkout’s fields and the server’s errors linked', () => {
    const base = { ...signedIn, view: 'edit-address' as const, billing: { ...address, email: 'ana.buyer@example.com' }, shipping: blank, nonce: 'n-addr', fieldErrors: {} };
    const overview = render({ ...base, editing: null }, '/my-account/edit-address/');
    expect(overview).toContain('>Edit billing address</a>');
    expect(overview).toContain('>Edit shipping address</a>');
    expect(overview).toContain('You have not set up this type of address yet.');
    expect(overview).toContain('Metro Manila');
    const form = render({ ...base, editing: 'billing', fieldErrors: { billing_postcode: 'Please enter a valid postcode.' } }, '/my-account/edit-address/billing/');
    const d = dom(form);
    for (const part of ['first_name', 'last_name', 'address_1', 'address_2', 'city', 'postcode', 'email', 'phone']) expect(d.has('input', `name="billing_${part}"`), part).toBe(true);
    expect(d.has('select', 'name="billing_state"')).toBe(true);
    expect(form).toContain('<option value="00" selected="">Metro Manila</option>');
    expect(d.has('input', 'name="billing_postcode"', 'aria-invalid="true"', 'aria-describedby="billing_postcode-error"')).toBe(true);
    expect(form).toContain('id="billing_postcode-error">Please enter a valid postcode.</span>');
    expect(d.has('input', 'name="woocommerce-edit-address-nonce"', 'value="n-addr"')).toBe(true);
    expect(d.has('input', 'name="action"', 'value="edit_address"')).toBe(true);
    expect(d.has('form', 'action="/my-account/edit-address/billing/"')).toBe(true);
  });

  it('account details: names, email and the password change, with the stock names', () => {
    const html = render({ ...signedIn, view: 'edit-account', nonce: 'n-det', fieldErrors: {}, passwordMinLength: 8 }, '/my-account/edit-account/');
    const d = dom(html);
    for (const name of ['account_first_name', 'account_last_name', 'account_display_name', 'account_email', 'password_current', 'password_1', 'password_2']) expect(d.has('input', `name="${name}"`), name).toBe(true);
    expect(d.has('input', 'name="account_email"', 'value="ana.buyer@example.com"')).toBe(true);
    expect(d.has('input', 'name="save-account-details-nonce"', 'value="n-det"')).toBe(true);
    expect(d.has('input', 'name="action"', 'value="save_account_details"')).toBe(true);
    expect(html).toContain('<legend>Password change</legend>');
  });
});
