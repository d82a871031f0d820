// The example plugin under examples/last-added, switched on by one config line and mounted in the header.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import shopConfig from '../plugins.config.js';
import type { AppState } from '../src/app/app-state.js';
import { parseShopConfig } from '../src/app/shop-config.js';
import { createRuntime } from '../src/core/runtime.js';
import { cartOf, facts, stubPorts } from '../src/core/testing/cart-fixtures.js';
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
  const runtime = createRuntime({ ports: stubPorts(), plugins, consent: { default: 'granted' }, pluginOptionsValidated: true });
  await runtime.start();
  const views = createViewRegistry(plugins, runtime.viewContext);
  // React marks text boundaries with empty comments; the shopper reads the text without them.
  const header = () =>
    renderToString(createElement(RuntimeProvider, { value: { runtime, state, signals: createUiSignals(), views, pages: {} }, children: createElement(Header) })).replaceAll('<!-- -->', '');
  return { runtime, plugins, header };
};

describe('the last-added example plugin', () => {
  it('is switched on by one config line and shows the product last added in the header', async () => {
    const { runtime, plugins, header } = await mount();
    expect(plugins.map((p) => p.name)).toContain('last-added');
    expect(plugins.find((p) => p.name === 'last-added')?.options).toEqual({ label: 'Last added', showQuantity: true });
    expect(header()).not.toContain('Last added');

    runtime.emit('cart.added', { item: facts(7, { name: 'Abaca tote' }), quantity: 2, cart: cartOf([]) }, 'cart');
    const html = header();
    expect(html).toContain('Last added: “Abaca tote” × 2');
    expect(html).toMatch(/<button[^>]*>Dismiss<\/button>/);
    expect(runtime.serialize()['last-added']).toEqual({ item: { id: 7, name: 'Abaca tote', quantity: 2 } });
    await runtime.stop();
  });

  it('runs its command under its own name and emits its own event', async () => {
    const { runtime, header } = await mount({ label: 'Just added' });
    const sources: string[] = [];
    runtime.ofType('last-added.dismissed').subscribe((event) => sources.push(event.meta.source));
    runtime.emit('cart.added', { item: facts(3, { name: 'Ube jam' }), quantity: 1, cart: cartOf([]) }, 'cart');
    expect(header()).toContain('Just added: “Ube jam”');
    await runtime.viewContext('last-added')?.execute('last-added.dismiss');
    expect(header()).not.toContain('Ube jam');
    expect(sources).toEqual(['last-added']);
    await runtime.stop();
  });

  it('stops start-up with one clear message for a bad option', async () => {
    await expect(resolvePlugins(withLastAdded({ lable: 'Oops', showQuantity: 'yes' }))).rejects.toThrow(
      /\[last-added\] \(root\): unknown option "lable"|\[last-added\] showQuantity: expected boolean/,
    );
  });
});
