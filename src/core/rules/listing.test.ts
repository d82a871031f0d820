import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failList, hasMore, listFromPage, nextPage, pageAddress, receiveList, requestList, type ListPage, type ListState } from './listing.js';

type Item = { readonly id: number };
const page = (ids: number[], n = 1, totalPages = 3): ListPage<Item> => ({ items: ids.map((id) => ({ id })), total: 30, page: n, totalPages });
const key = (item: Item) => item.id;

describe('in-place loading', () => {
  it('any ordering of N in-flight responses ends showing the last choice, with the loading state cleared once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 8 }), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), async (s, n, failures) => {
        let state: ListState<Item> = listFromPage(page([0]));
        let clears = 0;
        const apply = (next: ListState<Item>) => {
          if (state.loading !== null && next.loading === null) clears += 1;
          state = next;
        };
        const pending: Array<Promise<void>> = [];
        for (let choice = 1; choice <= n; choice += 1) {
          const started = requestList(state, 'replace');
          apply(started.state);
          // Choice c answers with item c (or fails), in whatever order the scheduler picks.
          const lastFails = failures[choice - 1] === true;
          pending.push(
            s
              .schedule(Promise.resolve(choice), `answer ${choice}`)
              .then((c) => apply(lastFails ? failList(state, started.token) : receiveList(state, started.token, page([c * 100]), key))),
          );
        }
        await s.waitAll();
        await Promise.all(pending);
        expect(state.loading).toBeNull();
        expect(clears).toBe(1);
        if (failures[n - 1]) {
          // The last choice failed: the list the shopper had before it stays, with the retry notice.
          expect(state.failed).toBe(true);
          expect(state.items.every((item) => item.id === 0 || item.id % 100 === 0)).toBe(true);
        } else {
          expect(state.items).toEqual([{ id: n * 100 }]);
          expect(state.failed).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('load-more appends only items not already shown, and knows when all are loaded', () => {
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }), { minLength: 1, maxLength: 5 }), (pages) => {
        let state: ListState<Item> = listFromPage({ ...page([]), totalPages: pages.length + 1 });
        for (const [i, ids] of pages.entries()) {
          const { state: loading, token } = requestList(state, 'more');
          expect(nextPage(loading)).toBe(i + 2);
          state = receiveList(loading, token, { ...page(ids, i + 2, pages.length + 1) }, key);
          // A next link while pages remain.
          expect(hasMore(state)).toBe(i + 2 < pages.length + 1);
          const shown = state.items.map(key);
          expect(new Set(shown).size).toBe(shown.length);
        }
        const all = new Set(pages.flat());
        expect(new Set(state.items.map(key))).toEqual(all);
        expect(hasMore(state)).toBe(false);
      }),
    );
  });

  it('a failed load-more keeps the list and clears the loading state; a stale answer is ignored', () => {
    const start = listFromPage(page([1, 2]));
    const { state, token } = requestList(start, 'more');
    const failed = failList(state, token);
    expect(failed.items).toEqual(start.items);
    expect(failed.loading).toBeNull();
    expect(failed.failed).toBe(true);
    expect(receiveList(failed, token, page([3], 2), key)).toBe(failed);
    expect(failList(failed, token)).toBe(failed);
    // Trying again clears the failure while the new request loads.
    const retry = requestList(failed, 'more');
    expect(retry.state.failed).toBe(false);
    expect(retry.state.loading).toEqual({ token: retry.token, kind: 'more' });
    expect(retry.token).not.toBe(token);
  });
});

describe('page addresses', () => {
  it('set the paging parameter and keep everything else', () => {
    expect(pageAddress('/shop/?product_cat=tees&paged=2', 'paged', 3)).toBe('/shop/?product_cat=tees&paged=3');
    expect(pageAddress('/?popular-product_cat=tees', 'popular-paged', 2)).toBe('/?popular-product_cat=tees&popular-paged=2');
    expect(pageAddress('/blog/?layout=masonry&paged=2', 'paged', 4)).toBe('/blog/?layout=masonry&paged=4');
  });
});
