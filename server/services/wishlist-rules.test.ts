/** Properties of the server's wishlist rules: list titles, and the merge of a guest's list into an account's. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planListMerge, titleProblem, TITLE_MAX, type MergeItem } from './wishlist-rules.js';

describe('titleProblem', () => {
  it('accepts 1–255 visible characters after trimming, counted as characters', () => {
    expect(titleProblem('Gifts')).toBeNull();
    expect(titleProblem('  <b>Gifts</b>  ')).toBeNull();
    expect(titleProblem('😀'.repeat(TITLE_MAX))).toBeNull();
    expect(titleProblem('😀'.repeat(TITLE_MAX + 1))).not.toBeNull();
    expect(titleProblem(`  ${'a'.repeat(TITLE_MAX)}  `)).toBeNull();
  });

  it('refuses empty, invisible-only and unstorable titles', () => {
    for (const bad of ['', '   ', '\u200b\u200d', '\u2800', '\u3164', 'a\u0000b', '\ud800']) expect(titleProblem(bad), JSON.stringify(bad)).not.toBeNull();
  });

  it('depends only on the trimmed text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.constantFrom('', ' ', '\t', '\n '), (text, pad) => {
        expect(titleProblem(`${pad}${text}${pad}`)).toBe(titleProblem(text));
      }),
    );
  });
});

/** Lists of items with distinct rows and distinct products, as a list holds them. */
const itemsArb = (rowBase: number) =>
  fc.uniqueArray(fc.record({ productId: fc.integer({ min: 1, max: 30 }), quantity: fc.integer({ min: 1, max: 9999 }) }), { selector: (i) => i.productId, maxLength: 15 }).map((items) =>
    items.map((item, i): MergeItem => ({ rowId: rowBase + i, productId: item.productId, quantity: item.quantity, position: i })),
  );

/** The merged list a plan makes. */
const apply = (account: readonly MergeItem[], guest: readonly MergeItem[]): MergeItem[] => {
  const plan = planListMerge(account, guest);
  const raised = new Map(plan.raise.map((r) => [r.rowId, r.quantity]));
  const moved = guest.flatMap((g) => {
    const m = plan.move.find((x) => x.rowId === g.rowId);
    return m ? [{ ...g, position: m.position }] : [];
  });
  return [...account.map((a) => ({ ...a, quantity: raised.get(a.rowId) ?? a.quantity })), ...moved].sort((x, y) => x.position - y.position);
};

describe('planListMerge', () => {
  it('keeps each product once, with the larger quantity, the account’s items first', () => {
    fc.assert(
      fc.property(itemsArb(1000), itemsArb(5000), (account, guest) => {
        const merged = apply(account, guest);
        const products = merged.map((i) => i.productId);
        expect(new Set(products).size).toBe(products.length);
        expect(new Set(products)).toEqual(new Set([...account, ...guest].map((i) => i.productId)));
        for (const item of merged) {
          const wanted = Math.max(...[...account, ...guest].filter((i) => i.productId === item.productId).map((i) => i.quantity));
          expect(item.quantity).toBe(wanted);
        }
        expect(merged.slice(0, account.length).map((i) => i.rowId)).toEqual(account.map((i) => i.rowId));
        expect(new Set(merged.map((i) => i.position)).size).toBe(merged.length);
      }),
    );
  });

  it('accounts for every guest row exactly once (moved or dropped)', () => {
    fc.assert(
      fc.property(itemsArb(1000), itemsArb(5000), (account, guest) => {
        const plan = planListMerge(account, guest);
        const touched = [...plan.move.map((m) => m.rowId), ...plan.drop].sort((a, b) => a - b);
        expect(touched).toEqual(guest.map((g) => g.rowId).sort((a, b) => a - b));
        expect(plan.raise.every((r) => account.some((a) => a.rowId === r.rowId && a.quantity < r.quantity))).toBe(true);
      }),
    );
  });

  it('merging into an empty list keeps the guest’s list as it was', () => {
    fc.assert(
      fc.property(itemsArb(5000), (guest) => {
        expect(apply([], guest).map((i) => [i.productId, i.quantity])).toEqual(guest.map((i) => [i.productId, i.quantity]));
      }),
    );
  });
});
