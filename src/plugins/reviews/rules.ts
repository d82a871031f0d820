/**
 * The reviews plugin's rules: pure functions with fast-check properties beside them
 * (`rules.test.ts`). Views call them and hold no rule of their own.
 */
import type { RatingFilter, RatingSummary, Review, ReviewSort, VoteDirection, Votes } from '../../core/domain/reviews.js';
import { normaliseSearch } from '../../core/rules/search.js';
import type { Locale } from '../../i18n/index.js';
import { reviewTextsIn, type ReviewTexts } from './messages.js';

/** English texts, where a caller gives none (tests; every view gives the page's). */
// Stryker disable next-line StringLiteral: equivalent (an unknown locale falls back to English)
const english = (): ReviewTexts => reviewTextsIn('en-PH');

/** Wait after the last key before a review search is sent (Enter sends it at once). */
export const REVIEW_SEARCH_DEBOUNCE_MS = 1000;

/** The sorts, in the stock plugin's order. */
export const SORTS: readonly ReviewSort[] = ['recent', 'helpful', 'ratinghigh', 'ratinglow'];

/** The sort combobox's options, in the stock plugin's order, named in the page's language. */
export const sortLabels = (t: ReviewTexts = english()): ReadonlyArray<readonly [ReviewSort, string]> => [
  ['recent', t.sortRecent],
  ['helpful', t.sortHelpful],
  ['ratinghigh', t.sortHigh],
  ['ratinglow', t.sortLow],
];

/** A sort from the address or a form (anything unknown is the default). */
export const parseSort = (raw: string | null | undefined, fallback: ReviewSort = 'recent'): ReviewSort =>
  SORTS.some((value) => value === raw) ? (raw as ReviewSort) : fallback;

/** The term a review search sends: the product search's rules (trimmed, single-spaced, ≤ 100). */
export const reviewSearchTerm = (raw: string): string => normaliseSearch(raw);

/** A failed call as the plugin sees it (a port's failure, or a command without a handler). */
export interface Failure {
  readonly kind: string;
  readonly message: string;
}

// ---------------------------------------------------------------------------------------------
// Votes

/** The viewer's vote as the server counted it. */
export const voteDirection = (votes: Votes): VoteDirection => votes.current;

/**
 * A press on `Helpful` (`upvote`) or `Not helpful`: the same direction again withdraws the vote, the
 * other direction moves it, none casts it. Counts never go below zero.
 */
export const applyVote = (votes: Votes, upvote: boolean): Votes => {
  const direction: VoteDirection = upvote ? 1 : -1;
  const take = (n: number) => Math.max(0, n - 1);
  let { up, down } = votes;
  if (votes.current === 1) up = take(up);
  if (votes.current === -1) down = take(down);
  if (votes.current === direction) return { up, down, current: 0 };
  return direction === 1 ? { up: up + 1, down, current: 1 } : { up, down: down + 1, current: -1 };
};

/** The vote buttons' names: `Helpful (3)` and `Not helpful (1)`. */
export const voteLabels = (votes: Votes, t: ReviewTexts = english()): { readonly up: string; readonly down: string } => ({ up: t.helpful({ count: votes.up }), down: t.notHelpful({ count: votes.down }) });

/** What a failed vote says (the previous state is back). */
export const voteFailureText = (failure: Failure, t: ReviewTexts = english()): string =>
  failure.kind === 'not-found' ? t.voteGone : t.voteFailed({ reason: failure.message || t.pleaseTryAgain }).trim();

// ---------------------------------------------------------------------------------------------
// Summary and histogram

/** `4.6 out of 5` (one decimal). */
export const averageText = (averageHundredths: number, t: ReviewTexts = english()): string => t.average({ average: (Math.round(averageHundredths / 10) / 10).toFixed(1) });

/** How many stars to fill, to the nearest half. */
export const starsFilled = (averageHundredths: number): number => Math.round(averageHundredths / 50) / 2;

/** `23 reviews`, `1 review`. */
export const reviewCountText = (n: number, t: ReviewTexts = english()): string => t.reviewCount(n);

/** One histogram row: the control `5 stars, 12 reviews` with its share of the reviews. */
export interface HistogramRow {
  readonly stars: 1 | 2 | 3 | 4 | 5;
  readonly count: number;
  /** Whole percent of all reviews (0 without reviews). */
  readonly percent: number;
  readonly label: string;
  readonly pressed: boolean;
}

/** The histogram's rows, five stars first; the active filter's row is pressed. */
export const histogramRows = (summary: RatingSummary, active: RatingFilter, t: ReviewTexts = english()): HistogramRow[] => {
  const total = summary.histogram.reduce((a, b) => a + b, 0);
  return ([5, 4, 3, 2, 1] as const).map((stars) => {
    const count = summary.histogram[stars - 1] ?? 0;
    return { stars, count, percent: total === 0 ? 0 : Math.round((count * 100) / total), label: t.histogramRow({ stars: t.stars(stars), reviews: t.reviewCount(count) }), pressed: active === stars };
  });
};

/** Pressing a histogram row: the active one (or `See all reviews`, `'all'`) clears the filter, another sets it. */
export const histogramChoice = (active: RatingFilter, pressed: RatingFilter | 'all'): RatingFilter => (pressed === 'all' || pressed === active ? 0 : pressed);

/** A rating from the address (`ivrating`): an integer 1–5, else every rating. */
export const parseRating = (raw: string | null | undefined): RatingFilter => {
  const n = Number(raw ?? '');
  return /^[0-5]$/.test(raw ?? '') ? (n as RatingFilter) : 0;
};

// ---------------------------------------------------------------------------------------------
// Lists

/** A tag button pressed: on when off, off when on (order of the others kept). */
export const toggleTag = (tags: readonly number[], id: number): number[] => (tags.includes(id) ? tags.filter((t) => t !== id) : [...tags, id]);

/** The live count: `1–5 of 23 reviews` (`first` is the 1-based position of the first shown). */
export const countText = (first: number, shown: number, total: number, t: ReviewTexts = english()): string => {
  if (total === 0 || shown === 0) return t.noneMatch;
  const last = Math.min(total, first + shown - 1);
  return t.range({ first, last, reviews: t.reviewCount(total) });
};

/** Reviews matching beyond those shown (the `Show more reviews ({n})` count). */
export const remainingCount = (total: number, shown: number): number => Math.max(0, total - shown);

/** Items after `Show more`: the shown ones, then the page's new ones (a review already shown is not repeated). */
export const appendPage = (shown: readonly Review[], next: readonly Review[]): Review[] => {
  const seen = new Set(shown.map((r) => r.id));
  return [...shown, ...next.filter((r) => !seen.has(r.id) && (seen.add(r.id), true))];
};

/** Numbered pages of `/reviews/`: page count for a total. */
export const pageCount = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / Math.max(1, perPage)));

/**
 * The numbered links to show around the current page: the first, the last, and up to `around` on
 * each side of the current one, with `null` for a gap (`1 … 4 5 [6] 7 8 … 20`).
 */
export const pageLinks = (current: number, pages: number, around = 2): Array<number | null> => {
  const out: Array<number | null> = [];
  for (let p = 1; p <= pages; p += 1) {
    if (p === 1 || p === pages || Math.abs(p - current) <= around) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
};

/**
 * The address of `/reviews/` for a state: searching sets `crsearch` (and starts at page 1), a rating
 * `ivrating`, a page beyond the first `crpage`, a sort other than the default `crsort`; the bare
 * address when none is set.
 */
export const allReviewsHref = (state: { readonly search: string; readonly rating: RatingFilter; readonly sort: ReviewSort; readonly page: number }): string => {
  const params = new URLSearchParams();
  if (state.search !== '') params.set('crsearch', state.search);
  if (state.rating !== 0) params.set('ivrating', String(state.rating));
  if (state.sort !== 'recent') params.set('crsort', state.sort);
  if (state.page > 1) params.set('crpage', String(state.page));
  const query = params.toString();
  return query === '' ? '/reviews/' : `/reviews/?${query}`;
};

// ---------------------------------------------------------------------------------------------
// Text

/** A piece of text, marked when it matched the search. */
export interface TextPart {
  readonly text: string;
  readonly match: boolean;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits `text` into parts where `term` matches literally, ignoring case (regular expression
 * characters are text). The parts joined are `text`; no part is empty.
 */
export const highlightParts = (text: string, term: string): TextPart[] => {
  if (term === '' || text === '') return text === '' ? [] : [{ text, match: false }];
  const pattern = new RegExp(escapeRegExp(term), 'giu');
  const parts: TextPart[] = [];
  let at = 0;
  for (const found of text.matchAll(pattern)) {
    if (found[0] === '') continue;
    if (found.index > at) parts.push({ text: text.slice(at, found.index), match: false });
    parts.push({ text: found[0], match: true });
    at = found.index + found[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
};

/** Initials for the avatar: the first letters of the first and last words (one for one word), upper case. */
export const initials = (name: string): string => {
  const words = name.trim().split(/\s+/u).filter((w) => w !== '');
  const first = words[0];
  if (!first) return '?';
  const letter = (w: string) => [...w][0]?.toLocaleUpperCase() ?? '';
  return words.length === 1 ? letter(first) : letter(first) + letter(words[words.length - 1] ?? '');
};

/**
 * A review's date as shown, in the page's language (`12 March 2026`, `12 Marso 2026`); the ISO text
 * itself when it is not a date. English keeps the day-month-year order it always had.
 */
export const reviewDate = (iso: string, locale: Locale = 'en-PH'): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  let format = reviewDateFormats.get(locale);
  if (!format) {
    // `toLocaleDateString` with options would make a formatter per call: one per language instead.
    format = new Intl.DateTimeFormat(locale === 'en-PH' ? 'en-GB' : locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    reviewDateFormats.set(locale, format);
  }
  return format.format(d);
};
const reviewDateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** Paragraphs of a review (blank lines separate them). */
export const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/u)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** Whether a slider card's text needs `Read more` (longer than `limit` characters). */
export const needsReadMore = (text: string, limit = 160): boolean => [...text].length > limit;

/** A card's text cut at a word before `limit` characters, with an ellipsis. */
export const shortText = (text: string, limit = 160): string => {
  const chars = [...text];
  if (chars.length <= limit) return text;
  const cut = chars.slice(0, limit).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};
