/**
 * Model-based tests of the review list (`fc.commands`): the histogram, sort, search (typed with its
 * debounce, or Enter), tags, show more and retry, against a fake shop whose answers arrive in any
 * order and may fail. At every step a list being loaded keeps the old list (busy, never emptied);
 * once everything has answered, the list shows exactly what the shop has for the latest choice.
 * And a race test with `fc.scheduler`: whatever order the searches' answers arrive in, the latest
 * search wins.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { RatingFilter, Review, ReviewPage, ReviewQuery, ReviewSort } from '../../core/domain/reviews.js';
import { err, ok, type Result } from '../../core/result.js';
import { createListController, type ListController, type ListFilters, type ListOptions, type Timers } from './list.js';
import { reviewTextsIn } from './messages.js';
import type { Failure } from './rules.js';

const WORDS = ['soft', 'fit', 'colour', 'Soft', 'late', 'gift'];
const PER_PAGE = 3;

const reviewArb = (id: number) =>
  fc.record({
    rating: fc.constantFrom<1 | 2 | 3 | 4 | 5>(1, 2, 3, 4, 5),
    words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
    tags: fc.subarray([1, 2, 3]),
    up: fc.nat(9),
    down: fc.nat(9),
    day: fc.integer({ min: 1, max: 28 }),
  }).map(
    (r): Review => ({
      id,
      product: null,
      rating: r.rating,
      text: r.words.join(' '),
      author: `R${id}`,
      date: `2026-02-${String(r.day).padStart(2, '0')}T00:00:00Z`,
      verified: false,
      featured: false,
      tags: r.tags.map((t) => ({ id: t, name: `tag${t}` })),
      media: [],
      replies: [],
      votes: { up: r.up, down: r.down, current: 0 },
    }),
  );
const shopArb = fc.integer({ min: 0, max: 14 }).chain((n) => (n === 0 ? fc.constant([] as Review[]) : fc.tuple(...Array.from({ length: n }, (_, i) => reviewArb(i + 1)))));

/** What the shop answers for a list request (the reference the list must end up showing). */
const matching = (reviews: readonly Review[], f: Pick<ReviewQuery, 'rating' | 'sort' | 'search' | 'tags'>): Review[] => {
  const term = f.search.toLowerCase();
  const key: Record<ReviewSort, (r: Review) => number> = {
    recent: (r) => -Date.parse(r.date),
    helpful: (r) => -(r.votes.up - r.votes.down),
    ratinghigh: (r) => -r.rating,
    ratinglow: (r) => r.rating,
  };
  return reviews
    .filter((r) => (f.rating === 0 || r.rating === f.rating) && r.text.toLowerCase().includes(term) && f.tags.every((t) => r.tags.some((x) => x.id === t)))
    .sort((a, b) => key[f.sort](a) - key[f.sort](b) || a.id - b.id);
};
const pageOf = (reviews: readonly Review[], q: ReviewQuery): ReviewPage => {
  const all = matching(reviews, q).filter((r) => !(q.exclude ?? []).includes(r.id));
  const items = all.slice((q.page - 1) * q.perPage, q.page * q.perPage);
  return { items, total: all.length, page: q.page, perPage: q.perPage, lastPage: q.page * q.perPage >= all.length };
};

/** The fake shop: requests wait until the test answers them, in any order. */
class FakeShop {
  readonly waiting: Array<{ readonly query: ReviewQuery; readonly signal: AbortSignal; readonly answer: (outcome: 'ok' | 'fail') => void }> = [];
  constructor(readonly reviews: readonly Review[]) {}
  fetch = (query: ReviewQuery, signal: AbortSignal): Promise<Result<ReviewPage, Failure>> =>
    new Promise((resolve) => {
      this.waiting.push({ query, signal, answer: (outcome) => resolve(outcome === 'ok' ? ok(pageOf(this.reviews, query)) : err({ kind: 'network', message: 'offline' })) });
    });
}

/** Manual timers: the debounce fires when the test says so. */
const manualTimers = () => {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timers: Timers = {
    set: (run) => {
      next += 1;
      pending.set(next, run);
      return next;
    },
    clear: (handle) => void pending.delete(handle as number),
  };
  const fire = () => {
    for (const [id, run] of [...pending]) {
      pending.delete(id);
      run();
    }
  };
  return { timers, fire, count: () => pending.size };
};

interface Real {
  readonly shop: FakeShop;
  readonly list: ListController;
  readonly fire: () => void;
  landed: number;
}
type Model = Record<string, never>;

const flush = async () => {
  for (let i = 0; i < 4; i += 1) await Promise.resolve();
};
const snapshot = (r: Real) => r.list.store.getSnapshot();

/** Every command: the list shown is never emptied or changed by a request going out. */
const acting = (name: string, act: (r: Real) => void): fc.AsyncCommand<Model, Real> => ({
  check: () => true,
  async run(_m, r) {
    const before = snapshot(r).items;
    act(r);
    expect(snapshot(r).items).toBe(before);
  },
  toString: () => name,
});

const commands = [
  fc.oneof(fc.constantFrom<RatingFilter>(0, 1, 2, 3, 4, 5), fc.constant('all' as const)).map((p) => acting(`rating(${p})`, (r) => r.list.pressRating(p))),
  fc.constantFrom<ReviewSort>('recent', 'helpful', 'ratinghigh', 'ratinglow').map((s) => acting(`sort(${s})`, (r) => r.list.setSort(s))),
  fc.constantFrom('', 'soft', 'so', 'fit', ' gift ').map((t) => acting(`type(${JSON.stringify(t)})`, (r) => r.list.typeSearch(t))),
  fc.constant(acting('debounce fires', (r) => r.fire())),
  fc.constantFrom('soft', 'colour', 'late').map((t) => acting(`enter(${t})`, (r) => r.list.submitSearch(t))),
  fc.constant(acting('clear', (r) => r.list.clearSearch())),
  fc.constantFrom(1, 2, 3).map((t) => acting(`tag(${t})`, (r) => r.list.toggleTag(t))),
  fc.constant(acting('show more', (r) => r.list.showMore())),
  fc.constant(acting('retry', (r) => r.list.retry())),
  fc.tuple(fc.nat(), fc.constantFrom<'ok' | 'fail'>('ok', 'ok', 'fail')).map(([pick, outcome]): fc.AsyncCommand<Model, Real> => ({
    check: () => true,
    async run(_m, r) {
      const { waiting } = r.shop;
      if (waiting.length === 0) return;
      const [request] = waiting.splice(pick % waiting.length, 1);
      request!.answer(outcome);
      await flush();
      const s = snapshot(r);
      // Whatever arrived, the list is consistent with what it says it shows.
      expect(s.remaining).toBeGreaterThanOrEqual(0);
      expect(new Set(s.items.map((x) => x.id)).size).toBe(s.items.length);
    },
    toString: () => `answer(#${pick}, ${outcome})`,
  })),
];

const initialFilters: ListFilters = { rating: 0, sort: 'recent', search: '', tags: [] };

describe('review list (model-based)', () => {
  it('ends showing exactly what the shop has for the latest choice, whatever order answers arrive in and whatever fails', async () => {
    await fc.assert(
      fc.asyncProperty(shopArb, fc.commands(commands, { maxCommands: 40 }), async (reviews, cmds) => {
        const shop = new FakeShop(reviews);
        const { timers, fire } = manualTimers();
        const firstQuery: ReviewQuery = { scope: { kind: 'product', productId: 1 }, page: 1, perPage: PER_PAGE, ...initialFilters };
        const real: Real = {
          shop,
          fire,
          landed: 0,
          list: createListController({
            fetch: shop.fetch,
            scope: { kind: 'product', productId: 1 },
            perPage: PER_PAGE,
            initial: { page: pageOf(reviews, firstQuery), filters: initialFilters },
            timers,
            onLanded: () => {
              real.landed += 1;
            },
          }),
        };
        await fc.asyncModelRun(() => ({ model: {}, real }), cmds);
        // Everything answers (successfully), then a failed latest request is retried.
        const settle = async () => {
          while (shop.waiting.length > 0) {
            shop.waiting.shift()!.answer('ok');
            await flush();
          }
        };
        fire();
        await settle();
        if (snapshot(real).error) {
          real.list.retry();
          await settle();
        }
        const s = snapshot(real);
        expect(s.loading).toBeNull();
        expect(s.error).toBeNull();
        // The list answers the controls' choice, and is its first `page` pages.
        expect(s.shown).toEqual(s.filters);
        const all = matching(reviews, s.filters);
        expect(s.items.map((r) => r.id)).toEqual(all.slice(0, s.page * PER_PAGE).map((r) => r.id));
        expect(s.total).toBe(all.length);
        expect(s.remaining).toBe(all.length - s.items.length);
        // The count text and show more agree with it.
        expect(s.remaining === 0).toBe(s.items.length === all.length);
      }),
      { numRuns: 150 },
    );
  });

  it('a failure keeps the list and says so; Retry sends the same request again', async () => {
    const reviews = fc.sample(shopArb.filter((r) => r.length > 3), { numRuns: 1, seed: 7 })[0]!;
    const shop = new FakeShop(reviews);
    const query: ReviewQuery = { scope: { kind: 'shop' }, page: 1, perPage: PER_PAGE, ...initialFilters };
    const list = createListController({ fetch: shop.fetch, scope: { kind: 'shop' }, perPage: PER_PAGE, initial: { page: pageOf(reviews, query), filters: initialFilters } });
    const before = list.store.getSnapshot().items;
    list.setSort('ratinglow');
    expect(list.store.getSnapshot()).toMatchObject({ loading: 'replace', items: before, filters: { sort: 'ratinglow' } });
    shop.waiting.shift()!.answer('fail');
    await flush();
    expect(list.store.getSnapshot()).toMatchObject({ loading: null, items: before, error: 'The reviews could not be loaded.' });
    list.retry();
    expect(shop.waiting[0]?.query.sort).toBe('ratinglow');
    shop.waiting.shift()!.answer('ok');
    await flush();
    expect(list.store.getSnapshot()).toMatchObject({ error: null, shown: { sort: 'ratinglow' } });
  });

  it('a typed search waits for the debounce; Enter searches at once; the same term again sends nothing', async () => {
    const shop = new FakeShop([]);
    const { timers, fire, count } = manualTimers();
    const list = createListController({ fetch: shop.fetch, scope: { kind: 'shop' }, perPage: 3, timers, initial: { page: { items: [], total: 0, page: 1, perPage: 3, lastPage: true }, filters: initialFilters } });
    list.typeSearch('so');
    list.typeSearch('soft');
    expect(shop.waiting).toHaveLength(0);
    expect(count()).toBe(1);
    fire();
    expect(shop.waiting.map((w) => w.query.search)).toEqual(['soft']);
    shop.waiting.shift()!.answer('ok');
    await flush();
    list.submitSearch('  soft ');
    expect(shop.waiting).toHaveLength(0);
    list.typeSearch('fit');
    list.submitSearch();
    expect(count()).toBe(0);
    expect(shop.waiting.map((w) => w.query.search)).toEqual(['fit']);
  });

  it('the latest search wins, whatever order the answers arrive in (fc.scheduler)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), shopArb, fc.array(fc.constantFrom(...WORDS, 'o', ''), { minLength: 1, maxLength: 6 }), async (s, reviews, terms) => {
        const base = new FakeShop(reviews);
        const aborted: string[] = [];
        const fetch = s.scheduleFunction(async (query: ReviewQuery, signal: AbortSignal): Promise<Result<ReviewPage, Failure>> => {
          if (signal.aborted) aborted.push(query.search);
          return ok(pageOf(base.reviews, query));
        });
        const list = createListController({
          fetch,
          scope: { kind: 'all' },
          perPage: PER_PAGE,
          initial: { page: pageOf(reviews, { scope: { kind: 'all' }, page: 1, perPage: PER_PAGE, ...initialFilters }), filters: initialFilters },
        });
        for (const term of terms) list.submitSearch(term);
        await s.waitAll();
        const state = list.store.getSnapshot();
        const last = terms[terms.length - 1]!;
        expect(state.shown.search).toBe(last.trim());
        expect(state.items.map((r) => r.id)).toEqual(matching(reviews, { ...initialFilters, search: last.trim() }).slice(0, PER_PAGE).map((r) => r.id));
        expect(state.loading).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('the home grid’s show more asks for the reviews not shown and hides when none are left', async () => {
    const reviews = fc.sample(shopArb.filter((r) => r.length >= 7), { numRuns: 1, seed: 3 })[0]!;
    const shop = new FakeShop(reviews);
    const first = pageOf(reviews, { scope: { kind: 'all' }, page: 1, perPage: 3, ...initialFilters });
    const list = createListController({ fetch: shop.fetch, scope: { kind: 'all' }, perPage: 3, excludeShown: true, initial: { page: first, filters: initialFilters } });
    for (let round = 0; round < 10 && list.store.getSnapshot().remaining > 0; round += 1) {
      list.showMore();
      const request = shop.waiting[0]!;
      expect(request.query.page).toBe(1);
      expect(request.query.exclude).toEqual(list.store.getSnapshot().items.map((r) => r.id));
      shop.waiting.shift()!.answer('ok');
      await flush();
    }
    expect(list.store.getSnapshot().items.map((r) => r.id)).toEqual(matching(reviews, initialFilters).map((r) => r.id));
    expect(list.store.getSnapshot().remaining).toBe(0);
  });
});

describe('review list: edges of a request', () => {
  const review = (id: number) => fc.sample(reviewArb(id), { numRuns: 1, seed: id })[0]!;
  const page = (ids: readonly number[], extra: Partial<ReviewPage> = {}): ReviewPage => ({ items: ids.map(review), total: 9, page: 1, perPage: 3, lastPage: false, ...extra });
  const boot = (fetch: ListOptions['fetch'], extra: Partial<ListOptions> = {}) =>
    createListController({ fetch, scope: { kind: 'product', productId: 1 }, perPage: 3, initial: { page: page([1, 2, 3]), filters: initialFilters }, ...extra });

  it('starts from the server’s page: what remains, or nothing on the last page', () => {
    const pending = () => new Promise<never>(() => undefined);
    expect(boot(pending).store.getSnapshot()).toMatchObject({ remaining: 6, total: 9, page: 1, loading: null, error: null, searchText: '' });
    const last = createListController({ fetch: pending, scope: { kind: 'all' }, perPage: 3, initial: { page: page([1, 2, 3], { lastPage: true }), filters: { ...initialFilters, search: 'soft' } } });
    expect(last.store.getSnapshot()).toMatchObject({ remaining: 0, searchText: 'soft', shown: { search: 'soft' } });
  });

  it('sends the scope, page size and every filter; show more asks for the next page and appends it', async () => {
    const shop = new FakeShop([]);
    const landed: Array<[string, number]> = [];
    const list = boot(shop.fetch, { onLanded: (state, kind) => landed.push([kind, state.items.length]) });
    list.pressRating(4);
    list.toggleTag(2);
    expect(shop.waiting.at(-1)!.query).toEqual({ scope: { kind: 'product', productId: 1 }, perPage: 3, rating: 4, sort: 'recent', search: '', tags: [2], page: 1 });
    // The older request was aborted by the newer one.
    expect(shop.waiting[0]!.signal.aborted).toBe(true);
    expect(shop.waiting.at(-1)!.signal.aborted).toBe(false);
    const fetchMore = vi.fn((query: ReviewQuery) => Promise.resolve(ok(page([4, 5], { page: query.page, total: 5, lastPage: true }))));
    const more = boot(fetchMore, { onLanded: (state, kind) => landed.push([kind, state.items.length]) });
    more.showMore();
    expect(more.store.getSnapshot().loading).toBe('append');
    expect(fetchMore.mock.calls[0]![0]).toMatchObject({ page: 2 });
    expect(fetchMore.mock.calls[0]![0]).not.toHaveProperty('exclude');
    await flush();
    expect(more.store.getSnapshot()).toMatchObject({ page: 2, total: 5, remaining: 0, loading: null });
    expect(more.store.getSnapshot().items.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(landed).toEqual([['append', 5]]);
    // Nothing left: show more asks nothing.
    more.showMore();
    expect(fetchMore).toHaveBeenCalledTimes(1);
  });

  it('counts what remains after a page that is not the last', async () => {
    const list = boot(() => Promise.resolve(ok(page([4, 5, 6], { page: 2, total: 10 }))));
    list.showMore();
    await flush();
    expect(list.store.getSnapshot()).toMatchObject({ remaining: 4, page: 2 });
    const replaced = boot(() => Promise.resolve(ok(page([7], { total: 4 }))));
    replaced.setSort('helpful');
    await flush();
    expect(replaced.store.getSnapshot()).toMatchObject({ remaining: 3, page: 1, total: 4, shown: { sort: 'helpful' } });
  });

  it('show more waits while a request is on its way', () => {
    const shop = new FakeShop([]);
    const list = boot(shop.fetch);
    list.setSort('helpful');
    list.showMore();
    expect(shop.waiting).toHaveLength(1);
    list.retry();
    expect(shop.waiting).toHaveLength(1);
  });

  it('a fetch that throws or rejects is a failure said in the page’s words, and Retry sends it again', async () => {
    const texts = { ...reviewTextsIn('en-PH'), loadFailed: 'Hindi ma-load.' };
    let calls = 0;
    const list = boot(
      (() => {
        calls += 1;
        if (calls === 1) throw new Error('broken');
        if (calls === 2) return Promise.reject(new Error('rejected'));
        return Promise.resolve(ok(page([9], { lastPage: true, total: 1 })));
      }) as ListOptions['fetch'],
      { texts },
    );
    list.setSort('ratinghigh');
    await flush();
    expect(list.store.getSnapshot()).toMatchObject({ loading: null, error: 'Hindi ma-load.', shown: { sort: 'recent' }, filters: { sort: 'ratinghigh' } });
    // The same sort again after a failure is sent again.
    list.setSort('ratinghigh');
    await flush();
    expect(calls).toBe(2);
    expect(list.store.getSnapshot().error).toBe('Hindi ma-load.');
    list.retry();
    await flush();
    expect(calls).toBe(3);
    expect(list.store.getSnapshot()).toMatchObject({ error: null, shown: { sort: 'ratinghigh' }, total: 1 });
    // Nothing failed: retry sends nothing; the same sort sends nothing.
    list.retry();
    list.setSort('ratinghigh');
    expect(calls).toBe(3);
  });

  it('See all reviews and the clear button go back to the whole list at once', () => {
    const shop = new FakeShop([]);
    const { timers, count } = manualTimers();
    const list = boot(shop.fetch, { timers });
    list.pressRating(5);
    expect(list.store.getSnapshot().filters.rating).toBe(5);
    list.pressRating('all');
    expect(list.store.getSnapshot().filters.rating).toBe(0);
    list.typeSearch('soft');
    expect(list.store.getSnapshot().searchText).toBe('soft');
    list.submitSearch('soft');
    expect(shop.waiting.at(-1)!.query.search).toBe('soft');
    list.clearSearch();
    expect(list.store.getSnapshot().searchText).toBe('');
    expect(shop.waiting.at(-1)!.query.search).toBe('');
    expect(count()).toBe(0);
  });

  it('after dispose, timers are stopped and a late answer changes nothing', async () => {
    let answer: (r: Result<ReviewPage, Failure>) => void = () => undefined;
    const { timers, count } = manualTimers();
    const list = boot(() => new Promise((resolve) => (answer = resolve)), { timers });
    list.setSort('helpful');
    list.typeSearch('soft');
    expect(count()).toBe(1);
    list.dispose();
    expect(count()).toBe(0);
    answer(ok(page([8], { lastPage: true })));
    await flush();
    expect(list.store.getSnapshot()).toMatchObject({ loading: 'replace', shown: { sort: 'recent' } });
    expect(list.store.getSnapshot().items.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});

describe('review list: the search box and the home grid’s totals', () => {
  const review = (id: number) => fc.sample(reviewArb(id), { numRuns: 1, seed: id })[0]!;
  const page = (ids: readonly number[], extra: Partial<ReviewPage> = {}): ReviewPage => ({ items: ids.map(review), total: 9, page: 1, perPage: 3, lastPage: false, ...extra });

  it('waits for the typing to stop with the real clock when no timers are given', async () => {
    const shop = new FakeShop([]);
    const list = createListController({ fetch: shop.fetch, scope: { kind: 'all' }, perPage: 3, debounceMs: 5, initial: { page: page([1]), filters: initialFilters } });
    list.typeSearch('so');
    list.typeSearch('soft');
    expect(shop.waiting).toHaveLength(0);
    await vi.waitFor(() => expect(shop.waiting.map((w) => w.query.search)).toEqual(['soft']), { timeout: 500, interval: 5 });
    list.dispose();
  });

  it('Enter sends the box’s text, or the text given, which then shows in the box', () => {
    const shop = new FakeShop([]);
    const { timers } = manualTimers();
    const list = createListController({ fetch: shop.fetch, scope: { kind: 'all' }, perPage: 3, timers, initial: { page: page([1]), filters: initialFilters } });
    list.typeSearch('fit');
    list.submitSearch();
    expect(list.store.getSnapshot().searchText).toBe('fit');
    expect(shop.waiting.at(-1)!.query.search).toBe('fit');
    list.submitSearch('soft');
    expect(list.store.getSnapshot().searchText).toBe('soft');
    expect(shop.waiting.at(-1)!.query.search).toBe('soft');
  });

  it('the same term is sent again after its search failed, or while another request is loading', async () => {
    const shop = new FakeShop([]);
    const list = createListController({ fetch: shop.fetch, scope: { kind: 'all' }, perPage: 3, initial: { page: page([1]), filters: initialFilters } });
    list.submitSearch('soft');
    shop.waiting.shift()!.answer('fail');
    await flush();
    list.submitSearch('soft');
    expect(shop.waiting.map((w) => w.query.search)).toEqual(['soft']);
    // While that search loads, the same term again is sent again (the latest wins).
    list.submitSearch('soft');
    expect(shop.waiting.map((w) => w.query.search)).toEqual(['soft', 'soft']);
    shop.waiting.at(-1)!.answer('ok');
    await flush();
    const sent = shop.waiting.length;
    list.submitSearch('soft');
    expect(shop.waiting).toHaveLength(sent);
  });

  it('the home grid keeps the list’s total when more are shown, and counts what remains of the answer', async () => {
    const fetch = vi.fn(async (query: ReviewQuery) => ok(page([4, 5], { total: query.exclude ? 4 : 9 })));
    const list = createListController({ fetch, scope: { kind: 'all' }, perPage: 3, excludeShown: true, initial: { page: page([1, 2, 3]), filters: initialFilters } });
    list.showMore();
    await flush();
    expect(fetch.mock.calls[0]![0]).toMatchObject({ page: 1, exclude: [1, 2, 3] });
    expect(list.store.getSnapshot()).toMatchObject({ total: 9, remaining: 2, page: 1 });
    expect(list.store.getSnapshot().items.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
