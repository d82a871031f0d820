/**
 * The review list's state machine: the histogram filter, the sort, the search (1000 ms after the
 * last key, or at once on Enter), the tag buttons, `Show more` and `Retry`, over a fetch of one
 * page (the `reviews.list` command in the browser, a fake port in the tests).
 *
 * - The controls show the shopper's choice at once; the list shown stays until the answer lands,
 *   marked busy meanwhile (never emptied, never an endless spinner).
 * - The latest request wins: a newer one aborts the one on its way, and an answer to anything but
 *   the latest request is dropped, whatever order the answers arrive in.
 * - A failure keeps the list and says so, with `Retry` sending the failed request again.
 * - `Show more` appends the next page (or, for the home grid, the first page of those not shown).
 */
import type { RatingFilter, Review, ReviewPage, ReviewQuery, ReviewScope, ReviewSort } from '../../core/domain/reviews.js';
import type { Result } from '../../core/result.js';
import { createStore, type ReadableStore } from '../../core/store.js';
import { appendPage, histogramChoice, remainingCount, REVIEW_SEARCH_DEBOUNCE_MS, reviewSearchTerm, toggleTag } from './rules.js';
import type { Failure } from './rules.js';
import { reviewTextsIn, type ReviewTexts } from './messages.js';

/** What a list asks for besides its scope and page. */
export interface ListFilters {
  readonly rating: RatingFilter;
  readonly sort: ReviewSort;
  /** The term sent (normalised); '' for none. */
  readonly search: string;
  readonly tags: readonly number[];
}

/** The list as the view shows it. */
export interface ListState {
  /** What the shopper chose (the controls), whether or not its answer is in. */
  readonly filters: ListFilters;
  /** What `items` answer to (the search highlighted in them, the live count). */
  readonly shown: ListFilters;
  /** The search box's text. */
  readonly searchText: string;
  readonly items: readonly Review[];
  /** Reviews matching `shown`, over every page. */
  readonly total: number;
  /** Matching reviews not shown yet (`Show more reviews ({n})`; 0 hides it). */
  readonly remaining: number;
  /** The last page appended. */
  readonly page: number;
  /** A request is on its way: `replace` (a filter changed) or `append` (show more). */
  readonly loading: 'replace' | 'append' | null;
  /** The last request failed (its message); the list shown is kept. */
  readonly error: string | null;
}

/** Fetches one page; `signal` aborts it when a newer request supersedes it. */
export type FetchPage = (query: ReviewQuery, signal: AbortSignal) => Promise<Result<ReviewPage, Failure>>;

/** Timers (the tests use their own). */
export interface Timers {
  readonly set: (run: () => void, ms: number) => unknown;
  readonly clear: (handle: unknown) => void;
}

/** Options of {@link createListController}. */
export interface ListOptions {
  readonly fetch: FetchPage;
  readonly scope: ReviewScope;
  readonly perPage: number;
  /** The first page the server rendered and the filters it answers to. */
  readonly initial: { readonly page: ReviewPage; readonly filters: ListFilters };
  /** `Show more` asks for the first page of the reviews not shown (the home grid) instead of the next page. */
  readonly excludeShown?: boolean;
  /** Called when an answer lands and is shown (`review.filtered`). */
  readonly onLanded?: (state: ListState, kind: 'replace' | 'append') => void;
  readonly timers?: Timers;
  readonly debounceMs?: number;
  /** The page's texts (a failure is said in them); English when none is given. */
  readonly texts?: ReviewTexts;
}

/** The list's handle. */
export interface ListController {
  readonly store: ReadableStore<ListState>;
  /** A histogram row (1–5) or `See all reviews` (`'all'`): the active row clears the filter. */
  pressRating(pressed: RatingFilter | 'all'): void;
  setSort(sort: ReviewSort): void;
  /** The search box changed: searched 1000 ms after the last change. */
  typeSearch(text: string): void;
  /** Enter (or the search button): searched at once. */
  submitSearch(text?: string): void;
  /** The clear button: the box empties and the whole list comes back at once. */
  clearSearch(): void;
  toggleTag(id: number): void;
  showMore(): void;
  /** Sends the failed request again. */
  retry(): void;
  /** Stops timers and aborts what is on its way. */
  dispose(): void;
}


const defaultTimers: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };

/** Creates a list controller starting from the server's first page. */
export const createListController = (options: ListOptions): ListController => {
  const timers = options.timers ?? defaultTimers;
  const debounceMs = options.debounceMs ?? REVIEW_SEARCH_DEBOUNCE_MS;
  const { page: first, filters } = options.initial;
  const store = createStore<ListState>({
    filters,
    shown: filters,
    searchText: filters.search,
    items: first.items,
    total: first.total,
    remaining: first.lastPage ? 0 : remainingCount(first.total, first.items.length),
    page: first.page,
    loading: null,
    error: null,
  });
  let seq = 0;
  let inFlight: AbortController | null = null;
  let searchTimer: unknown = null;
  /** What the failed request was, for `Retry`. */
  let lastRequest: { readonly kind: 'replace' | 'append'; readonly filters: ListFilters } | null = null;

  const cancelSearchTimer = () => {
    if (searchTimer !== null) timers.clear(searchTimer);
    searchTimer = null;
  };

  const request = (kind: 'replace' | 'append', wanted: ListFilters): void => {
    const mine = (seq += 1);
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    lastRequest = { kind, filters: wanted };
    const state = store.getSnapshot();
    const query: ReviewQuery = {
      scope: options.scope,
      perPage: options.perPage,
      rating: wanted.rating,
      sort: wanted.sort,
      search: wanted.search,
      tags: wanted.tags,
      page: kind === 'append' && !options.excludeShown ? state.page + 1 : 1,
      ...(kind === 'append' && options.excludeShown ? { exclude: state.items.map((r) => r.id) } : {}),
    };
    store.update((s) => ({ ...s, filters: wanted, loading: kind, error: null }));
    let answer: Promise<Result<ReviewPage, Failure>>;
    try {
      answer = options.fetch(query, controller.signal);
    } catch (error) {
      answer = Promise.resolve({ ok: false, error: { kind: 'invalid-response', message: error instanceof Error ? error.message : String(error) } });
    }
    void answer
      .catch((error: unknown): Result<ReviewPage, Failure> => ({ ok: false, error: { kind: 'invalid-response', message: error instanceof Error ? error.message : String(error) } }))
      .then((result) => {
        // Only the latest request's answer is shown.
        if (mine !== seq) return;
        inFlight = null;
        if (!result.ok) {
          store.update((s) => ({ ...s, loading: null, error: options.texts?.loadFailed ?? reviewTextsIn('en-PH').loadFailed }));
          return;
        }
        const page = result.value;
        store.update((s) => {
          const items = kind === 'append' ? appendPage(s.items, page.items) : page.items;
          const remaining = page.lastPage ? 0 : options.excludeShown && kind === 'append' ? remainingCount(page.total, page.items.length) : remainingCount(page.total, items.length);
          return {
            ...s,
            shown: wanted,
            items,
            // For `Show more` without repeats the answer counts only those not shown; the list's total is what it had.
            total: options.excludeShown && kind === 'append' ? s.total : page.total,
            remaining,
            page: kind === 'append' && !options.excludeShown ? page.page : 1,
            loading: null,
            error: null,
          };
        });
        lastRequest = null;
        options.onLanded?.(store.getSnapshot(), kind);
      });
  };

  const change = (next: Partial<ListFilters>): void => {
    const current = store.getSnapshot().filters;
    request('replace', { ...current, ...next });
  };

  const commitSearch = (text: string): void => {
    cancelSearchTimer();
    const term = reviewSearchTerm(text);
    const state = store.getSnapshot();
    // The same term again does nothing, unless the last request for it failed or is not the one shown.
    if (term === state.filters.search && state.error === null && state.loading === null) return;
    change({ search: term });
  };

  return {
    store,
    pressRating(pressed) {
      change({ rating: histogramChoice(store.getSnapshot().filters.rating, pressed) });
    },
    setSort(sort) {
      if (sort === store.getSnapshot().filters.sort && store.getSnapshot().error === null) return;
      change({ sort });
    },
    typeSearch(text) {
      store.update((s) => ({ ...s, searchText: text }));
      cancelSearchTimer();
      searchTimer = timers.set(() => {
        searchTimer = null;
        commitSearch(text);
      }, debounceMs);
    },
    submitSearch(text) {
      const value = text ?? store.getSnapshot().searchText;
      if (text !== undefined) store.update((s) => ({ ...s, searchText: text }));
      commitSearch(value);
    },
    clearSearch() {
      store.update((s) => ({ ...s, searchText: '' }));
      commitSearch('');
    },
    toggleTag(id) {
      change({ tags: toggleTag(store.getSnapshot().filters.tags, id) });
    },
    showMore() {
      const state = store.getSnapshot();
      if (state.loading !== null || state.remaining === 0) return;
      request('append', state.shown);
    },
    retry() {
      const last = lastRequest;
      if (!last || store.getSnapshot().loading !== null) return;
      request(last.kind, last.filters);
    },
    dispose() {
      cancelSearchTimer();
      inFlight?.abort();
      seq += 1;
    },
  };
};
