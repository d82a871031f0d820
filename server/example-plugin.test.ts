// The example plugin under examples/last-added, switched on by one config line and mounted in the header.
import { parse, type HTMLElement } from 'node-html-parser';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import shopConfig from '../plugins.config.js';
import type { AppState } from '../src/app/app-state.js';
import { parseShopConfig } from '../src/app/shop-config.js';
import { createRuntime } from '../src/core/runtime.js';
import { cartOf, facts, stubPorts } from '../src/core/testing/cart-fixtures.js';
import { prepareViews } from '../src/plugins/loader.js';
import { Header } from '../src/ui/components/Chrome.js';
import { RuntimeProvider } from '../src/ui/runtime-context.js';
import { createUiSignals } from '../src/ui/signals.js';
import { createViewRegistry } from '../src/ui/slots.js';
import { resolvePlugins } from './plugins.js';

const state: AppState = {
  locale: 'en-PH',
  path: '/shop/',
  search: '',
  pageType: 'shop',
  page: { type: 'not-found', title: 'Shop', description: '', message: '' },
  shop: { name: 'Suki', tagline: '', storeNotice: null, redirectAfterAdd: false, consentDefault: 'granted', consentStored: null, categories: [] },
  stores: {},
  plugins: [],
  cartNonce: '',
};

/**
 * The shop's own config plus the one line an integrator adds. Nothing else changes: the plugin is
 * found by its folder, checked, started, and its view mounts in the header's slot.
 */
const withLastAdded = (options?: unknown) => {
  const config = parseShopConfig(shopConfig);
  return { ...config, plugins: { ...config.plugins, 'last-added': { enabled: true, ...(options === undefined ? {} : { options }) } } };
};

const mount = async (options?: unknown) => {
  const plugins = await resolvePlugins(withLastAdded(options));
  // What the server does before it renders a page: the plugins whose views come in a chunk of their
  // own (the wishlist's header link) load it, so those views are drawn rather than left waiting.
  // Done before the runtime starts: here the plugins' browser setups run too, and a chunk that came
  // in after them would start its browser-only behaviour in Node.
  await prepareViews(plugins, state.pageType);
  const runtime = createRuntime({ ports: stubPorts(), plugins, consent: { default: 'granted' }, pluginOptionsValidated: true });
  await runtime.start();
  const views = createViewRegistry(plugins, runtime.viewContext);
  // The header read as a tree, so the checks do not depend on how the renderer writes attributes or
  // marks the seams between text pieces (comments, which the parser leaves out of the text).
  const header = (): HTMLElement =>
    parse(renderToString(createElement(RuntimeProvider, { value: { runtime, state, signals: createUiSignals(), views, pages: {} }, children: createElement(Header) })), {
      blockTextElements: { script: true, style: true },
    });
  return { runtime, plugins, header };
};

/** The header's drawn `<header>` element; a header that did not render fails here. */
const siteHeader = (page: HTMLElement): HTMLElement => {
  const element = page.querySelector('header');
  if (!element) throw new Error('the header was not rendered');
  return element;
};
/** The plugin's note inside the header, or null when it is not shown. */
const noteIn = (page: HTMLElement): HTMLElement | null => siteHeader(page).querySelector('.last-added');

describe('the last-added example plugin', () => {
  it('is switched on by one config line and shows the product last added in the header', async () => {
    const { runtime, plugins, header } = await mount();
    expect(plugins.map((p) => p.name)).toContain('last-added');
    expect(plugins.find((p) => p.name === 'last-added')?.options).toEqual({ label: 'Last added', showQuantity: true });
    const before = header();
    expect(noteIn(before)).toBeNull();
    expect(siteHeader(before).text).not.toContain('Last added');

    runtime.emit('cart.added', { item: facts(7, { name: 'Abaca tote' }), quantity: 2, cart: cartOf([]) }, 'cart');
    const note = noteIn(header());
    expect(note?.text).toContain('Last added: “Abaca tote” × 2');
    expect(note?.querySelectorAll('button').map((button) => button.text)).toContain('Dismiss');
    expect(runtime.serialize()['last-added']).toEqual({ item: { id: 7, name: 'Abaca tote', quantity: 2 } });
    await runtime.stop();
  });

  it('runs its command under its own name and emits its own event', async () => {
    const { runtime, header } = await mount({ label: 'Just added' });
    const sources: string[] = [];
    runtime.ofType('last-added.dismissed').subscribe((event) => sources.push(event.meta.source));
    runtime.emit('cart.added', { item: facts(3, { name: 'Ube jam' }), quantity: 1, cart: cartOf([]) }, 'cart');
    expect(noteIn(header())?.text).toContain('Just added: “Ube jam”');
    await runtime.viewContext('last-added')?.execute('last-added.dismiss');
    const after = header();
    expect(noteIn(after)).toBeNull();
    expect(siteHeader(after).text).not.toContain('Ube jam');
    expect(sources).toEqual(['last-added']);
    await runtime.stop();
  });

  it('stops start-up with one clear message for a bad option', async () => {
    await expect(resolvePlugins(withLastAdded({ lable: 'Oops', showQuantity: 'yes' }))).rejects.toThrow(
      /\[last-added\] \(root\): unknown option "lable"|\[last-added\] showQuantity: expected boolean/,
    );
  });
});
