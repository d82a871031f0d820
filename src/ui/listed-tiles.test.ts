/**
 * The page state carries listed products (what a tile reads), while the server used to render
 * tiles from whole products: a tile must come out the same from either, or hydration would not
 * match the server's HTML.
 */
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import type { AppState, ProductSection as Section } from '../app/app-state.js';
import type { Product } from '../core/domain/catalog.js';
import { createRuntime } from '../core/runtime.js';
import { listedProduct } from '../core/rules/listed-product.js';
import { stubPorts } from '../core/testing/cart-fixtures.js';
import { productArbitrary } from '../core/testing/product-arbitrary.js';
import { ProductSection } from './components/ProductSection.js';
import { RuntimeProvider } from './runtime-context.js';
import { createUiSignals } from './signals.js';
import { createViewRegistry } from './slots.js';

const state: AppState = {
  locale: 'en-PH',
  path: '/shop/',
  search: '',
  pageType: 'shop',
  page: { type: 'cart', title: 'Shop', description: '' },
  shop: { name: 'Suki', tagline: '', storeNotice: null, redirectAfterAdd: false, consentDefault: 'granted', consentStored: null, categories: [] },
  stores: {},
  plugins: [],
  cartNonce: '',
};

const section = (products: readonly Product[], layout: Section['layout']): Section => ({
  id: 'shop',
  title: 'Shop',
  listName: 'Shop',
  layout,
  products,
  total: products.length,
  page: 1,
  totalPages: 1,
  perPage: 12,
  base: null,
  nextUrl: null,
  prevUrl: null,
  filtering: null,
});

describe('listing tiles from listed products', () => {
  it('render the same HTML as from whole products, in every layout', async () => {
    const runtime = createRuntime({ ports: stubPorts(), plugins: [], consent: { default: 'granted' } });
    await runtime.start();
    const render = (s: Section) =>
      renderToString(
        createElement(RuntimeProvider, {
          value: { runtime, state, signals: createUiSignals(), views: createViewRegistry([], runtime.viewContext), pages: {} },
          children: createElement(ProductSection, { section: s, eagerCount: 2, firstOnPage: true }),
        }),
      );
    fc.assert(
      fc.property(fc.uniqueArray(productArbitrary, { selector: (p) => p.id, maxLength: 5 }), fc.constantFrom<Section['layout']>('grid', 'masonry', 'carousel', 'full'), (products, layout) => {
        const whole = section(products, layout);
        expect(render({ ...whole, products: products.map(listedProduct) })).toBe(render(whole));
      }),
      { numRuns: 60 },
    );
    await runtime.stop();
  });
});

describe('pictures of a listing', () => {
  it('load at once only on the tiles the server rendered, not on tiles that replaced them in the browser', async () => {
    const runtime = createRuntime({ ports: stubPorts(), plugins: [], consent: { default: 'granted' } });
    await runtime.start();
    const render = (s: Section, products: Section['products']) =>
      renderToString(
        createElement(RuntimeProvider, {
          value: { runtime, state, signals: createUiSignals(), views: createViewRegistry([], runtime.viewContext), pages: {} },
          children: createElement(ProductSection, { section: s, eagerCount: 4, firstOnPage: true, products }),
        }),
      );
    // Pictures rendered with a src (in a <picture>) load at once; the others carry data-src until they
    // are laid out near the viewport (their <noscript> copy aside). The HTML is parsed, so neither the
    // order the renderer writes attributes in nor its quoting matters.
    const eagerCount = (html: string) => parse(html, { blockTextElements: { script: true, style: true } }).querySelectorAll('picture > img.tile__img:not(.tile__img--hover)[src]').length;
    // All of those are fetched as soon as the HTML names them (none waits for layout: the last of
    // the first row's pictures is the page's largest contentful paint); the first one first.
    const atOnce = (html: string) =>
      parse(html, { blockTextElements: { script: true, style: true } })
        .querySelectorAll('picture > img.tile__img:not(.tile__img--hover)[src]')
        .map((img) => [img.getAttribute('loading') ?? 'eager', img.getAttribute('fetchpriority') ?? 'auto'].join(' '));
    fc.assert(
      fc.property(fc.uniqueArray(productArbitrary, { selector: (p) => p.id, minLength: 8, maxLength: 8 }), (products) => {
        const withImages = products.map((p) => ({ ...p, images: p.images.length > 0 ? p.images : [{ id: 1, src: `https://shop.test/${p.id}.svg`, srcset: '', sizes: '', alt: '', name: '', thumbnail: `https://shop.test/${p.id}.svg` }] }));
        const served = section(withImages.slice(0, 4), 'grid');
        expect(eagerCount(render(served, served.products))).toBe(4);
        expect(atOnce(render(served, served.products))).toEqual(['eager high', 'eager auto', 'eager auto', 'eager auto']);
        // A filter replaced the list: none of the new tiles loads its picture before the first frame.
        expect(eagerCount(render(served, withImages.slice(4)))).toBe(0);
        // Two server tiles kept in place keep theirs.
        expect(eagerCount(render(served, [...withImages.slice(0, 2), ...withImages.slice(5)]))).toBe(2);
        expect(atOnce(render(served, [...withImages.slice(0, 2), ...withImages.slice(5)]))).toEqual(['eager high', 'eager auto']);
      }),
      { numRuns: 20 },
    );
    await runtime.stop();
  });
});

