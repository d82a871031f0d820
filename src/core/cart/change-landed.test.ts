import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartOf, line } from '../testing/cart-fixtures.js';
import { changeLanded } from './cart-module.js';

// A cart as a map of product id → quantity (one line per product, keyed k<id>).
const quantities = fc.dictionary(
  fc.integer({ min: 1, max: 8 }).map(String),
  fc.integer({ min: 1, max: 20 }),
  { maxKeys: 6 },
);
const cartFrom = (q: Record<string, number>) => cartOf(Object.entries(q).map(([id, n]) => line(Number(id), n)));

describe('changeLanded (reading back a change whose answer was lost)', () => {
  it('an add landed exactly when its line moved from the baseline', () => {
    fc.assert(
      fc.property(quantities, fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 5 }), fc.boolean(), (q, id, added, arrived) => {
        const before = q[String(id)] ?? 0;
        const after = arrived ? { ...q, [String(id)]: before + added } : q;
        const intent = { kind: 'add' as const, input: { productId: id } };
        expect(changeLanded(intent, before, cartFrom(after))).toBe(arrived);
      }),
    );
  });

  it('an add with no known baseline never counts as landed (it is sent, not guessed)', () => {
    fc.assert(
      fc.property(quantities, fc.integer({ min: 1, max: 8 }), (q, id) => {
        expect(changeLanded({ kind: 'add', input: { productId: id } }, null, cartFrom(q))).toBe(false);
      }),
    );
  });

  it('a variation add is judged by the variation line, not the parent product', () => {
    const cart = cartOf([line(40, 2)]);
    expect(changeLanded({ kind: 'add', input: { productId: 4, variationId: 40 } }, 1, cart)).toBe(true);
    expect(changeLanded({ kind: 'add', input: { productId: 4, variationId: 40 } }, 2, cart)).toBe(false);
  });

  it('a remove landed exactly when its line is gone, through the key map of optimistic lines', () => {
    fc.assert(
      fc.property(quantities, fc.integer({ min: 1, max: 8 }), (q, id) => {
        const present = String(id) in q;
        expect(changeLanded({ kind: 'remove', lineKey: `k${id}` }, null, cartFrom(q))).toBe(!present);
        const resolve = (key: string) => (key === 'pending:x' ? `k${id}` : key);
        expect(changeLanded({ kind: 'remove', lineKey: 'pending:x' }, null, cartFrom(q), resolve)).toBe(!present);
      }),
    );
  });
});
