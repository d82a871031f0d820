import { debounce, distinctUntilChanged, Observable, of, startWith, switchMap, timer } from 'rxjs';

/** Where a search as you type stands. */
export type LatestSearch<R> =
  /** Nothing to show: no term yet, or one too short to search. */
  | { readonly status: 'idle' }
  /** The search for `term` is on its way. */
  | { readonly status: 'searching'; readonly term: string }
  /** The answer for `term`, the latest term the shopper stopped at. */
  | { readonly status: 'done'; readonly term: string; readonly result: R }
  /** The search for `term` threw or rejected. */
  | { readonly status: 'failed'; readonly term: string; readonly error: unknown };

/** Options of {@link latestSearch}. */
export interface LatestSearchOptions {
  /** Quiet time after the last change before a term is searched. */
  readonly debounceMs: number;
  /** Whether a term searches at all; any other term shows `idle` at once. @default non-empty */
  readonly searchable?: (term: string) => boolean;
}

const IDLE = { status: 'idle' } as const;

/**
 * Debounced, latest-wins search as you type. Each term waits `debounceMs` after the last change
 * (an unsearchable term clears at once); a term equal to the one searched last does not search
 * again; a newer term aborts the search in flight (its `signal`) and its answer is never shown.
 * Terms should arrive normalised (trimmed, single-spaced) so that equal searches compare equal.
 * The result never errors: a failing search becomes a `failed` state and the next term searches.
 */
export const latestSearch = <R>(
  terms$: Observable<string>,
  search: (term: string, signal: AbortSignal) => Promise<R>,
  options: LatestSearchOptions,
): Observable<LatestSearch<R>> => {
  const searchable = options.searchable ?? ((term: string) => term !== '');
  return terms$.pipe(
    debounce((term) => (searchable(term) ? timer(options.debounceMs) : of(0))),
    distinctUntilChanged(),
    switchMap((term) => (searchable(term) ? answerTo(term, search).pipe(startWith({ status: 'searching', term } as const)) : of(IDLE))),
  );
};

/** One search as a stream: its answer, then complete; unsubscribing aborts it. */
const answerTo = <R>(term: string, search: (term: string, signal: AbortSignal) => Promise<R>): Observable<LatestSearch<R>> =>
  new Observable<LatestSearch<R>>((subscriber) => {
    const controller = new AbortController();
    const settle = (state: LatestSearch<R>): void => {
      subscriber.next(state);
      subscriber.complete();
    };
    try {
      search(term, controller.signal).then(
        (result) => settle({ status: 'done', term, result }),
        (error: unknown) => settle({ status: 'failed', term, error }),
      );
    } catch (error) {
      settle({ status: 'failed', term, error });
    }
    return () => controller.abort();
  });
