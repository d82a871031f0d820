import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ItemFacts } from '../../core/events.js';
import { toGtagImpression, toGtagItem } from './items.js';

const factsArb: fc.Arbitrary<ItemFacts> = fc.record({
  id: fc.nat(),
  sku: fc.oneof(fc.constant(''), fc.string({ minLength: 1 })),
  name: fc.string(),
  categories: fc.array(fc.string(), { maxLength: 3 }),
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
      category: '',
      price: '250.50',
      list_position: 2,
    });
    expect(toGtagImpression(item, 'L')).not.toHaveProperty('list_position');
  });

  it('uses the sku or #id, the first category or "", and an exact price string', () => {
    fc.assert(
      fc.property(factsArb, fc.nat({ max: 99 }), (facts, quantity) => {
        const item = toGtagItem(facts, quantity);
        expect(item.id).toBe(facts.sku ? facts.sku : `#${facts.id}`);
        expect(item.category).toBe(facts.categories[0] ?? '');
        expect(item.quantity).toBe(quantity);
        expect(typeof item.price).toBe('string');
        const [whole, fraction = ''] = item.price.split('.');
        expect(fraction.length).toBe(facts.currencyMinorUnit);
        expect(BigInt(whole! + fraction)).toBe(BigInt(facts.price));
      }),
    );
  });
});
