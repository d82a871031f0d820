import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ItemFacts } from '../../core/events.js';
import { toGtagImpression, toGtagItem } from './items.js';

const factsArb: fc.Arbitrary<ItemFacts> = fc.record({
  id: fc.nat(),
  sku: fc.oneof(fc.constant(''), fc.string({ minLength: 1 })),
  name: fc.string(),
  categories: fc.array(fc.oneof(fc.constantFrom('', ' ', 'Snacks', ' Bags '), fc.string()), { maxLength: 3 }),
  price: fc.nat({ max: Number.MAX_SAFE_INTEGER }),
  currencyMinorUnit: fc.integer({ min: 0, max: 4 }),
  currencyCode: fc.constant('PHP'),
});

describe('analytics item mapping', () => {
  it('maps facts to the stock item shape', () => {
    const item: ItemFacts = { id: 42, sku: '', name: 'Dried mangoes', categories: ['Snacks', 'Cebu'], price: 25_050, currencyMinorUnit: 2, currencyCode: 'PHP' };
    expect(toGtagItem(item, 3)).toEqual({ id: '#42', name: 'Dried mangoes', quantity: 3, category: 'Snacks', price: '250.50' });
    expect(toGtagImpression({ ...item, sku: 'DM-1', categories: [] }, 'Related', 2)).toEqual({
      id: 'DM-1',
      name: 'Dried mangoes',
      list_name: 'Related',
      price: '250.50',
      list_position: 2,
    });
    expect(toGtagImpression(item, 'L')).not.toHaveProperty('list_position');
    // An unknown category is left out, never sent as "".
    expect(toGtagItem({ ...item, categories: [] })).not.toHaveProperty('category');
    expect(toGtagItem({ ...item, categories: ['', '  ', 'Snacks'] }).category).toBe('Snacks');
  });

  it('never emits an empty category: the first named one, trimmed, or none at all', () => {
    fc.assert(
      fc.property(factsArb, fc.string(), fc.option(fc.nat({ max: 50 }), { nil: undefined }), (facts, listName, position) => {
        const named = facts.categories.map((name) => name.trim()).find((name) => name !== '');
        for (const item of [toGtagItem(facts), toGtagImpression(facts, listName, position)]) {
          if (named === undefined) expect(item).not.toHaveProperty('category');
          else expect(item.category).toBe(named);
          expect(item.category).not.toBe('');
        }
      }),
    );
  });

  it('uses the sku or #id and an exact price string', () => {
    fc.assert(
      fc.property(factsArb, fc.nat({ max: 99 }), (facts, quantity) => {
        const item = toGtagItem(facts, quantity);
        expect(item.id).toBe(facts.sku ? facts.sku : `#${facts.id}`);
        expect(item.quantity).toBe(quantity);
        expect(typeof item.price).toBe('string');
        const [whole, fraction = ''] = item.price.split('.');
        expect(fraction.length).toBe(facts.currencyMinorUnit);
        expect(BigInt(whole! + fraction)).toBe(BigInt(facts.price));
      }),
    );
  });
});
