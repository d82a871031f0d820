/**
 * A list that loads in place (a shop section, the blog): the latest request always wins, a
 * slower, older answer never replaces a newer one, the loading state clears exactly once per
 * winning request, load-more appends only items not already shown, and a failure keeps the list
 * the shopper had.
 */

/** One page of a list as an adapter returns it. */
export interface ListPage<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly totalPages: number;
}

/** What a request does to the list when it lands. */
export type ListRequestKind = 'replace' | 'more';

/** The state of one list. */
export interface ListState<T> {
  readonly items: readonly T[];
  readonly total: number;
  /** The last page appended. */
  readonly page: number;
  readonly totalPages: number;
  /** The request being waited for, if any. */
  readonly loading: { readonly token: number; readonly kind: ListRequestKind } | null;
  /** The newest request token handed out. */
  readonly latest: number;
  /** The last request failed; the list shown is the one from before it. */
  readonly failed: boolean;
}

/** A list showing its first page. */
export const listFromPage = <T>(page: ListPage<T>): ListState<T> => ({
  items: page.items,
  total: page.total,
  page: page.page,
  totalPages: page.totalPages,
  loading: null,
  latest: 0,
  failed: false,
});

/** True while there are pages after the last one shown (a next link). */
export const hasMore = <T>(state: ListState<T>): boolean => state.page < state.totalPages;

/** Starts a request; it supersedes every earlier one. Returns the state and the request's token. */
export const requestList = <T>(state: ListState<T>, kind: ListRequestKind): { readonly state: ListState<T>; readonly token: number } => {
  // Stryker disable next-line ArithmeticOperator: equivalent (a token only has to differ from every earlier one; counting down does too)
  const token = state.latest + 1;
  return { state: { ...state, latest: token, loading: { token, kind }, failed: false }, token };
};

/** The page a load-more asks for. */
export const nextPage = <T>(state: ListState<T>): number => state.page + 1;

/**
 * An answer landed. Only the latest request's answer counts; a replace shows the page, a
 * load-more appends the items whose key is not already in the list.
 */
export const receiveList = <T>(state: ListState<T>, token: number, page: ListPage<T>, key: (item: T) => number | string): ListState<T> => {
  if (state.loading?.token !== token) return state;
  if (state.loading.kind === 'replace') return { ...listFromPage(page), latest: state.latest };
  const shown = new Set(state.items.map(key));
  const fresh = page.items.filter((item) => {
    const k = key(item);
    if (shown.has(k)) return false;
    shown.add(k);
    return true;
  });
  // Stryker disable next-line BooleanLiteral: equivalent (`failed` is already false: the request that is still loading cleared it, and a failure of it clears `loading`)
  return { ...state, items: [...state.items, ...fresh], total: page.total, page: Math.max(state.page, page.page), totalPages: page.totalPages, loading: null, failed: false };
};

/** A request failed: only the latest one's failure counts; the list stays as it was. */
export const failList = <T>(state: ListState<T>, token: number): ListState<T> => (state.loading?.token === token ? { ...state, loading: null, failed: true } : state);

/**
 * The address of page `n` of a list whose next-page link is `address` (path and query): the same
 * address with its paging parameter (`paged`, or a section's `<id>-paged`) set to `n`.
 */
export const pageAddress = (address: string, param: string, n: number): string => {
  const url = new URL(address, 'http://localhost');
  url.searchParams.set(param, String(n));
  return `${url.pathname}${url.search}`;
};
