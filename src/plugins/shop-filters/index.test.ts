/**
 * The plugin's commands through the runtime: a choice carries its section's seed, so it works
 * whichever of the section's views hydrated first. The filter bar can hydrate before the footer
 * (which registers the section from its effect); a choice made in between used to find no
 * section and do nothing, though its click had been taken from the link.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { storeProductSchema, toProduct } from '../../adapters/catalog.js';
import type { ProductQuery } from '../../core/domain/catalog.js';
import { silentLogger } from '../../core/logger.js';
import { ok } from '../../core/result.js';
import { INITIAL_FILTERS } from '../../core/rules/shop-filters.js';
import { createRuntime } from '../../core/runtime.js';
import { stubPorts } from '../../core/testing/cart-fixtures.js';
import shopFilters from './index.js';
import type { SectionSeed } from './sections.js';

const recorded = JSON.parse(readFileSync(new URL('../../../tests/fixtures/stock-woocommerce-9.1/storeapi-products.json', import.meta.url), 'utf8')) as unknown[];
const base = toProduct(v.parse(storeProductSchema, recorded[0]));
const product = (id: number) => ({ ...base, id, name: `Product ${id}`, slug: `product-${id}` });

const seed: SectionSeed = {
  id: 'shop',
  listName: 'Shop',
  products: [product(1), product(2)],
  total: 2,
  page: 1,
  totalPages: 1,
  perPage: 12,
  base: null,
  filtering: { config: { lists: ['category', 'sort'], ajax: true }, primary: true, filters: INITIAL_FILTERS, facets: null, currency: null },
  catalogue: { categories: [], attributes: [], brands: [] },
};
const place = { path: '/shop/', search: '' };

async function start() {
  const queries: ProductQuery[] = [];
  const stubs = stubPorts();
  const ports = {
    ...stubs,
    catalog: {
      ...stubs.catalog,
      listTiles: async (query: ProductQuery) => {
        queries.push(query);
        return ok({ items: [product(9), product(3)], total: 2, page: 1, totalPages: 1 });
      },
      facets: async () => ok({ priceRange: null, attributeCounts: {}, brandCounts: {} }),
    },
  };
  const runtime = createRuntime({ ports, plugins: [{ plugin: shopFilters, options: {} }], consent: { default: 'granted' }, logger: silentLogger() });
  await runtime.start();
  return { runtime, queries };
}

describe('shop-filters commands', () => {
  it('a choice on a section no view has registered yet registers it and runs', async () => {
    const { runtime, queries } = await start();
    const outcome = await runtime.execute('shop-filters.choose', { seed, list: { kind: 'sort' }, value: 'price', place });
    expect(outcome).toEqual(ok({ changed: true, url: '/shop/?orderby=price', navigate: false, applied: true }));
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({ orderby: 'price', order: 'asc' });
  });

  it('a price range on an unregistered section registers it and runs', async () => {
    const { runtime, queries } = await start();
    const outcome = await runtime.execute('shop-filters.setPrice', { seed, min: 500, max: 1500, bounds: { min: 0, max: 3000 }, place });
    expect(outcome.ok && outcome.value.applied).toBe(true);
    expect(queries[0]).toMatchObject({ minPrice: 50000, maxPrice: 150000 });
  });

  it('a second choice starts from the first, not from the seed registered again', async () => {
    const { runtime } = await start();
    await runtime.execute('shop-filters.choose', { seed, list: { kind: 'sort' }, value: 'price', place });
    const second = await runtime.execute('shop-filters.choose', { seed, list: { kind: 'sort' }, value: 'price', place });
    // The same sort again changes nothing: the section kept its state.
    expect(second).toEqual(ok({ changed: false, url: null, navigate: false, applied: false }));
  });
});
