// The property-testing kit's wire descriptions against the adapters' schemas: every valid value is
// taken, every near miss (one field of the wrong type, out of range, or missing) is refused.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { wire, wireNearMiss, wireShapes, type WireName } from '../core/testing/wire.js';
import { allNearMisses, arbitraryOf } from '../core/testing/wire-shape.js';
import { createCartAdapter } from './cart.js';
import { createCatalogAdapter } from './catalog.js';
import { createHttpClient } from './http.js';
import { SHOP, fakeShop, json } from './testing/fake-shop.js';
import { wireSchemas } from './testing/wire-schemas.js';
import { createWishlistAdapter } from './wishlist.js';

const names = Object.keys(wireShapes) as WireName[];
const issuesOf = (name: WireName, value: unknown): string =>
  JSON.stringify(v.safeParse(wireSchemas[name], value).issues?.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`));

describe('wire arbitraries', () => {
  it.each(names)('%s: every generated value is accepted by the adapter schema', (name) => {
    fc.assert(
      fc.property(wire[name], (value) => {
        expect(v.safeParse(wireSchemas[name], value).success, issuesOf(name, value)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it.each(names)('%s: every near miss is refused by the adapter schema', (name) => {
    fc.assert(
      fc.property(wireNearMiss(name), (miss) => {
        expect(v.safeParse(wireSchemas[name], miss.value).success, `${miss.kind} at ${miss.path}`).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it.each(names)('%s: wrong-type near misses exist, and missing ones wherever a key is required', (name) => {
    const [example] = fc.sample<unknown>(arbitraryOf(wireShapes[name]), { numRuns: 1, seed: 16 });
    const kinds = new Set(allNearMisses(wireShapes[name], example).map((miss) => miss.kind));
    expect(kinds).toContain('wrong-type');
    const shape = wireShapes[name];
    if (shape.kind === 'object' && Object.values(shape.fields).some((field) => field.kind !== 'optional')) expect(kinds).toContain('missing');
  });

  it('every near miss of a sample is refused, exhaustively (each path and kind once)', () => {
    for (const name of names) {
      const [example] = fc.sample(arbitraryOf(wireShapes[name]), { numRuns: 1, seed: 7 });
      for (const miss of allNearMisses(wireShapes[name], example)) {
        expect(v.safeParse(wireSchemas[name], miss.value).success, `${name}: ${miss.kind} at ${miss.path}`).toBe(false);
      }
    }
  });

  it('out-of-range near misses break a bound the schema holds', () => {
    fc.assert(
      fc.property(wireNearMiss('reviewSummary', ['out-of-range']), (miss) => {
        expect(v.safeParse(wireSchemas.reviewSummary, miss.value).success).toBe(false);
        expect(miss.kind).toBe('out-of-range');
      }),
    );
  });

  it('every adapter schema has a description in the kit (and no description lacks a schema)', () => {
    expect(Object.keys(wireSchemas).sort()).toEqual([...names].sort());
  });
});

// The kit in the adapters' contract: any answer of the stock shape reaches the port mapped
// field for field; any near miss is an `invalid-response` failure, never a crash.
describe('adapters over HTTP, answers from the kit', () => {
  const adapters = (body: unknown) => {
    const http = createHttpClient({ baseUrl: SHOP, fetch: fakeShop(() => json(body)).fetch });
    return { cart: createCartAdapter(http), catalog: createCatalogAdapter(http), wishlist: createWishlistAdapter(http) };
  };

  it('a cart answer becomes the same cart: lines, quantities and every total in minor units', async () => {
    await fc.assert(
      fc.asyncProperty(wire.storeCart, async (answer) => {
        const result = await adapters(answer).cart.load();
        if (!result.ok) throw new Error(result.error.message);
        const { lines, totals, itemsCount } = result.value;
        expect(lines.map((l) => [l.key, l.id, l.quantity, l.unitPrice, l.lineTotal])).toEqual(
          answer.items.map((item) => [item.key, item.id, item.quantity, Number(item.prices.price), Number(item.totals.line_total)]),
        );
        expect(itemsCount).toBe(answer.items.reduce((sum, item) => sum + item.quantity, 0));
        expect([totals.subtotal, totals.discount, totals.tax, totals.total]).toEqual(
          [answer.totals.total_items, answer.totals.total_discount, answer.totals.total_tax, answer.totals.total_price].map(Number),
        );
        expect(totals.shipping).toBe(answer.totals.total_shipping === null ? null : Number(answer.totals.total_shipping));
        expect(totals.currency.minorUnit).toBe(answer.totals.currency_minor_unit);
      }),
      { numRuns: 40 },
    );
  });

  it('a product answer becomes the same product: id, prices and stock', async () => {
    await fc.assert(
      fc.asyncProperty(wire.storeProduct, async (answer) => {
        const result = await adapters(answer).catalog.getProduct(answer.id);
        if (!result.ok) throw new Error(result.error.message);
        const product = result.value;
        expect([product.id, product.prices.price, product.prices.regularPrice, product.isInStock]).toEqual([answer.id, Number(answer.prices.price), Number(answer.prices.regular_price), answer.is_in_stock]);
        expect(product.images).toHaveLength(answer.images.length);
        expect(product.lowStockRemaining).toBe(answer.low_stock_remaining ?? null);
      }),
      { numRuns: 40 },
    );
  });

  it('a wishlist answer keeps every entry and list', async () => {
    await fc.assert(
      fc.asyncProperty(wire.wishlistState, async (answer) => {
        const result = await adapters(answer).wishlist.read();
        if (!result.ok) throw new Error(result.error.message);
        expect(result.value.entries).toEqual(answer.entries);
        expect(result.value.lists.map((list) => list.id)).toEqual(answer.lists.map((list) => list.id));
      }),
      { numRuns: 40 },
    );
  });

  it('a near-miss cart, product or wishlist answer is an invalid-response failure', async () => {
    const cases = fc.oneof(
      wireNearMiss('storeCart').map((miss) => ({ miss, call: (body: unknown) => adapters(body).cart.load() })),
      wireNearMiss('storeProduct').map((miss) => ({ miss, call: (body: unknown) => adapters(body).catalog.getProduct(1) })),
      wireNearMiss('wishlistState').map((miss) => ({ miss, call: (body: unknown) => adapters(body).wishlist.read() })),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ miss, call }) => {
        const result = await call(miss.value);
        expect(result.ok ? 'ok' : result.error.kind, `${miss.kind} at ${miss.path}`).toBe('invalid-response');
      }),
      { numRuns: 60 },
    );
  });
});
