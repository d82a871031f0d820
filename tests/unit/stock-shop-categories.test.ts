/**
 * Contract: category listings against a stock WooCommerce 9.1 Store API, which reads `category=` as
 * category ids (a slug matches nothing). The real adapters talk to a stand-in built from a recorded
 * stock answer (`stockCatalogShop`); the category page, `?product_cat=` and choosing a category in
 * the filter list must all show the category's products, as their counts promise.
 */
import { describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/adapters/index.js';
import { fakeShop, SHOP, stockCatalogShop } from '../../src/adapters/testing/fake-shop.js';
import { buildFilterLists, type SectionFilterConfig } from '../../src/core/catalog/section.js';
import type { BoundEmit } from '../../src/core/bus.js';
import type { BlogPort } from '../../src/core/ports.js';
import { silentLogger } from '../../src/core/logger.js';
import { createSections, type SectionSeed } from '../../src/plugins/shop-filters/sections.js';
import type { ProductSection } from '../../src/app/app-state.js';
import { loadPage } from '../../src/app/load-page.js';

const CONFIG: SectionFilterConfig = { lists: ['category', 'sort', 'colour', 'attributes', 'price'], ajax: true };

/** The real adapters over the stand-in, and the categories as the server renderer lists them first. */
async function stockShop() {
  const shop = fakeShop(stockCatalogShop());
  const adapters = createAdapters({ baseUrl: SHOP, fetch: shop.fetch });
  const categories = await adapters.catalog.listCategories();
  if (!categories.ok) throw new Error(categories.error.message);
  return { adapters, requests: shop.requests, categories: categories.value };
}

/** Renders an address as the server does and returns its primary section. */
async function primarySection(address: string): Promise<ProductSection> {
  const { adapters, categories } = await stockShop();
  const loaded = await loadPage(new URL(address, SHOP), { catalog: adapters.catalog, blog: {} as BlogPort }, categories, { filterSections: { shop: CONFIG } });
  expect(loaded.status).toBe(200);
  const section = 'sections' in loaded.page ? loaded.page.sections[0] : undefined;
  if (!section) throw new Error(`no section on ${address}`);
  return section;
}

const names = (section: { readonly products: ReadonlyArray<{ readonly name: string }> }) => section.products.map((p) => p.name);

/** The plugin's emit, keeping the event names. */
function recordingEmit() {
  const emitted: string[] = [];
  const emit: BoundEmit = (type, payload) => {
    emitted.push(type);
    return { type, payload, meta: { id: String(emitted.length), at: 0, source: 'shop-filters' } };
  };
  return { emit, emitted };
}

describe('category listings against a stock 9.1 Store API', () => {
  it('a category page shows the category’s products, as many as its count says', async () => {
    const { adapters, categories } = await stockShop();
    const loaded = await loadPage(new URL('/product-category/tops/', SHOP), { catalog: adapters.catalog, blog: {} as BlogPort }, categories, { filterSections: { shop: CONFIG } });
    expect(loaded).toMatchObject({ status: 200, pageType: 'category' });
    if (loaded.page.type !== 'category' || !loaded.page.filterCatalogue) throw new Error('not a filtered category page');
    const section = loaded.page.sections[0]!;
    expect(names(section)).toEqual(['Peer Hoodie', 'Peer Jacket', 'Peer Tee']);
    expect(section.total).toBe(3);
    const lists = buildFilterLists(CONFIG, loaded.page.filterCatalogue, section.filtering!.filters, section.filtering!.facets, null);
    expect(lists.lists.find((l) => l.id === 'category')?.items.find((i) => i.value === 'tops')).toMatchObject({ count: 3, active: true });
    // The facets were asked for the same category: the price range is the tops'.
    expect(section.filtering?.facets?.priceRange).toMatchObject({ min: 35000, max: 249900 });
  });

  it('?product_cat= on the shop page shows that category’s products', async () => {
    const section = await primarySection('/shop/?product_cat=accessories');
    expect(names(section)).toEqual(['Peer Sticker Pack', 'Peer Scarf', 'Peer Tote Bag', 'Peer Socks', 'Peer Cap']);
    expect(section.filtering?.filters.category).toBe('accessories');
  });

  it('a stock shop’s pa_color is the colour list, counted for the category', async () => {
    const { adapters, categories } = await stockShop();
    const loaded = await loadPage(new URL('/product-category/tops/', SHOP), { catalog: adapters.catalog, blog: {} as BlogPort }, categories, { filterSections: { shop: CONFIG } });
    if (loaded.page.type !== 'category' || !loaded.page.filterCatalogue) throw new Error('no filter catalogue');
    const section = loaded.page.sections[0]!;
    const lists = buildFilterLists(CONFIG, loaded.page.filterCatalogue, section.filtering!.filters, section.filtering!.facets, null);
    expect(lists.lists.find((l) => l.id === 'color')).toMatchObject({
      look: 'colour',
      items: [
        { value: 'red', count: 1 },
        { value: 'blue', count: 1 },
      ],
    });
  });

  it('choosing a category in the filter list loads its products in place', async () => {
    const { adapters, categories } = await stockShop();
    const loaded = await loadPage(new URL('/shop/', SHOP), { catalog: adapters.catalog, blog: {} as BlogPort }, categories, { filterSections: { shop: CONFIG } });
    if (loaded.page.type !== 'shop') throw new Error('not the shop page');
    const shown = loaded.page.sections[0]!;
    expect(shown.total).toBe(12);
    const seed: SectionSeed = { ...shown, catalogue: loaded.page.filterCatalogue };
    // The browser's adapters are new: they have not read the categories yet.
    const browser = fakeShop(stockCatalogShop());
    const { emit, emitted } = recordingEmit();
    const sections = createSections({ catalog: createAdapters({ baseUrl: SHOP, fetch: browser.fetch }).catalog, emit, logger: silentLogger() });
    sections.register(seed);
    const outcome = await sections.choose('shop', { kind: 'category' }, 'home', { path: '/shop/', search: '' });
    expect(outcome).toMatchObject({ changed: true, applied: true, url: '/shop/?product_cat=home' });
    const state = sections.get('shop');
    expect(state?.list.items.map((p) => p.name)).toEqual(['Peer Water Bottle', 'Peer Poster', 'Peer Notebook', 'Peer Mug']);
    expect(state?.list.total).toBe(4);
    expect(emitted).toEqual(['shop.filtered', 'catalog.listViewed']);
    const sent = browser.requests.filter((r) => /\/products(\/collection-data)?\?/.test(r.url)).map((r) => new URL(r.url).searchParams.get('category'));
    expect(sent).toEqual(['18', '18']);
  });
});
