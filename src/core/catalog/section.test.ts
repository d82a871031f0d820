import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductQuery } from '../domain/catalog.js';
import type { CatalogPort } from '../ports.js';
import { ok } from '../result.js';
import { INITIAL_FILTERS } from '../rules/shop-filters.js';
import { catalogQuery, categoryParameter, fetchSection, type KnownCategories } from './section.js';

const slug = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);
const known: fc.Arbitrary<KnownCategories> = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 10_000 }), slug }), { selector: (c) => c.slug, maxLength: 8 });

describe('the category a section asks for', () => {
  it('is the id of a category the page knows, and the slug of any other', () => {
    fc.assert(
      fc.property(known, slug, (categories, chosen) => {
        const found = categories.find((c) => c.slug === chosen);
        expect(categoryParameter(chosen, categories)).toBe(found ? String(found.id) : chosen);
      }),
    );
  });

  it('goes into the query as that parameter, and nothing else in the query changes', () => {
    fc.assert(
      fc.property(known, slug, (categories, chosen) => {
        const filters = { ...INITIAL_FILTERS, category: chosen };
        const withIds = catalogQuery(filters, { page: 1, perPage: 12 }, 2, undefined, categories);
        const withSlugs = catalogQuery(filters, { page: 1, perPage: 12 }, 2);
        expect(withSlugs.category).toBe(chosen);
        expect(withIds).toEqual({ ...withSlugs, category: categoryParameter(chosen, categories) });
      }),
    );
  });

  it('reaches the port as an id, so the adapter has no slug to look up first', async () => {
    const asked: ProductQuery[] = [];
    const catalog = {
      listProducts: async (query: ProductQuery) => {
        asked.push(query);
        return ok({ items: [], total: 0, totalPages: 0, page: 1 });
      },
    } as unknown as CatalogPort;
    await fetchSection(catalog, { ...INITIAL_FILTERS, category: 'tees' }, { page: 1, perPage: 12 }, 2, null, undefined, [{ id: 16, slug: 'tees' }]);
    expect(asked.map((q) => q.category)).toEqual(['16']);
  });
});
