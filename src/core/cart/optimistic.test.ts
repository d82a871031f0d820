import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartOf, facts, line } from '../testing/cart-fixtures.js';
import { PHP } from '../domain/money.js';
import { applyAdd, applyRemove, applySetQuantity, emptyCart } from './optimistic.js';

describe('optimistic cart changes', () => {
  it('bumps an existing line and adds a pending line for a new product', () => {
    const cart = cartOf([line(1, 1)]);
    const bumped = applyAdd(cart, { intentKey: 'i1', productId: 1, quantity: 2, item: facts(1) });
    expect(bumped.lines).toHaveLength(1);
    expect(bumped.lines[0]).toMatchObject({ key: 'k1', quantity: 3, pending: true, lineTotal: 3 * 10_001 });
    const added = applyAdd(cart, { intentKey: 'i2', productId: 2, quantity: 1, item: facts(2, { categories: ['Coffee'] }) });
    expect(added.lines[1]).toMatchObject({ key: 'pending:i2', id: 2, pending: true, unitPrice: 10_002, category: 'Coffee' });
    expect(added.itemsCount).toBe(2);
    expect(added.totals.total).toBe(10_001 + 10_002);
  });

  it('starts from an empty cart in the item currency when none is loaded', () => {
    const cart = applyAdd(null, { intentKey: 'i', productId: 5, quantity: 2, item: facts(5) });
    expect(cart.totals.currency.code).toBe('PHP');
    expect(cart.totals.total).toBe(2 * 10_005);
  });

  it('removes and sets quantities, ignoring unknown keys', () => {
    const cart = cartOf([line(1, 1), line(2, 2)]);
    expect(applyRemove(cart, 'k1')?.lines.map((l) => l.key)).toEqual(['k2']);
    expect(applyRemove(cart, 'nope')).toBe(cart);
    expect(applySetQuantity(cart, 'k2', 5)?.lines[1]).toMatchObject({ quantity: 5, pending: true });
    expect(applySetQuantity(cart, 'k2', 0)?.lines.map((l) => l.key)).toEqual(['k1']);
    expect(applySetQuantity(null, 'k2', 1)).toBeNull();
  });

  it('keeps itemsCount and totals consistent with the lines', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), id: fc.integer({ min: 1, max: 4 }), q: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('set' as const), id: fc.integer({ min: 1, max: 4 }), q: fc.integer({ min: 0, max: 5 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), (ops) => {
        let cart = cartOf([line(1, 1)]);
        ops.forEach((o, i) => {
          const key = cart.lines.find((l) => l.id === o.id)?.key ?? 'missing';
          if (o.kind === 'add') cart = applyAdd(cart, { intentKey: `i${i}`, productId: o.id, quantity: o.q, item: facts(o.id) });
          else if (o.kind === 'remove') cart = applyRemove(cart, key)!;
          else cart = applySetQuantity(cart, key, o.q)!;
        });
        expect(cart.itemsCount).toBe(cart.lines.reduce((s, l) => s + l.quantity, 0));
        expect(cart.totals.total).toBe(cart.lines.reduce((s, l) => s + l.lineTotal, 0));
        expect(cart.totals.subtotal).toBe(cart.lines.reduce((s, l) => s + l.lineSubtotal, 0));
        for (const l of cart.lines) expect([l.lineSubtotal, l.lineTotal]).toEqual([l.unitPrice * l.quantity, l.unitPrice * l.quantity]);
      }),
    );
  });
});

describe('optimistic cart: what the mutation run found unchecked', () => {
  it('a new line shows everything the facts say, and nothing the shop has not said yet', () => {
    const item = facts(51, { categories: ['', 'Snacks', 'Crafts'] });
    const cart = applyAdd(null, { intentKey: 'a', productId: 5, variationId: 51, variation: { Size: 'L', Colour: 'Blue' }, quantity: 3, item });
    expect(cart.lines).toStrictEqual([
      {
        key: 'pending:a',
        id: 51,
        name: 'Product 51',
        sku: 'SKU-51',
        quantity: 3,
        limits: { minimum: 1, maximum: 0, multipleOf: 1, editable: false },
        permalink: '',
        image: null,
        variation: [
          { attribute: 'Size', value: 'L' },
          { attribute: 'Colour', value: 'Blue' },
        ],
        unitPrice: item.price,
        regularPrice: item.price,
        lineSubtotal: item.price * 3,
        lineTotal: item.price * 3,
        category: 'Snacks',
        pending: true,
      },
    ]);
    expect(cart.coupons).toStrictEqual([]);
    expect(applyAdd(null, { intentKey: 'b', productId: 6, quantity: 1, item: facts(6, { categories: [''] }) }).lines[0]?.category).toBeNull();
  });

  it('an empty cart takes the item’s currency: pesos as the shop shows them, any other as its code', () => {
    expect(emptyCart(facts(1)).totals.currency).toBe(PHP);
    expect(emptyCart(facts(1, { currencyCode: 'USD', currencyMinorUnit: 2 })).totals.currency).toEqual({
      code: 'USD',
      minorUnit: 2,
      symbol: 'USD',
      prefix: 'USD ',
      suffix: '',
      decimalSeparator: '.',
      thousandSeparator: ',',
    });
    expect(emptyCart(facts(1, { currencyMinorUnit: 0 })).totals.currency).toMatchObject({ code: 'PHP', minorUnit: 0, prefix: 'PHP ' });
  });
});
