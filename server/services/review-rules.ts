/**
 * The pure rules of reviews and questions on the server: reading list parameters (rating, sort,
 * search, pages), vote transitions, the stock list answer's counters (`count_row`,
 * `show_more_label`, `last_page`), and checking a review or a question before it is stored. No I/O;
 * every rule has fast-check properties (`review-rules.test.ts`).
 */
import { REVIEW_SORTS, type RatingFilter, type ReviewSort, type StarRating, type VoteDirection } from '../../src/core/domain/reviews.js';
import { isBlankText, isStorableText } from '../../src/core/rules/text.js';

/** Longest search term kept (code points); longer input is cut. */
export const SEARCH_MAX = 100;
/** Longest review, question or answer text (code points). */
export const TEXT_MAX = 5000;
/** Longest name (code points). */
export const NAME_MAX = 100;
/** Longest email. */
export const EMAIL_MAX = 254;
/** Highest page number asked for. */
export const PAGE_MAX = 10_000;
/** Largest page size. */
export const PER_PAGE_MAX = 50;

const codePoints = (text: string): number => [...text].length;

/**
 * A rating filter from a query value: an integer 0–5 (missing or empty is 0), else null (the
 * caller answers 400). `"3.0"`, `"-1"`, `"6"`, `"abc"`, `"1e0"` are all refused.
 */
export function readRatingFilter(raw: string | null | undefined): RatingFilter | null {
  if (raw === null || raw === undefined || raw === '') return 0;
  if (!/^[0-5]$/.test(raw.trim())) return null;
  return Number(raw.trim()) as RatingFilter;
}

/** A sort from a query value; anything unknown (or missing) falls back to `fallback` (`recent`). */
export function readSort(raw: string | null | undefined, fallback: ReviewSort = 'recent'): ReviewSort {
  const value = (raw ?? '').trim();
  return (REVIEW_SORTS as readonly string[]).includes(value) ? (value as ReviewSort) : fallback;
}

/** A search term: invisible characters count as nothing, trimmed, at most {@link SEARCH_MAX} code points. */
export function readSearch(raw: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters become spaces
  const value = (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ');
  if (isBlankText(value)) return '';
  return [...value.trim()].slice(0, SEARCH_MAX).join('').trim();
}

/** A whole number within [min, max] from a query value (missing → `fallback`), else null. */
export function readBoundedInt(raw: string | null | undefined, min: number, max: number, fallback: number): number | null {
  if (raw === null || raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d{1,6}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return value >= min && value <= max ? value : null;
}

/** A comma-separated list of ids (`tags=1,2`, `exclude=7,9`): at most `max` positive ids, else null. */
export function readIdList(raw: string | null | undefined, max = 100): number[] | null {
  if (raw === null || raw === undefined || raw.trim() === '') return [];
  const parts = raw.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length > max) return null;
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,10}$/.test(part)) return null;
    const id = Number(part);
    if (id < 1 || id > 2_147_483_647) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** What a vote does: the voter's new direction and how the two counters move. */
export interface VoteChange {
  readonly next: VoteDirection;
  readonly up: -1 | 0 | 1;
  readonly down: -1 | 0 | 1;
}

/**
 * A vote on a target the voter last voted `current` on: the same direction again withdraws it,
 * the opposite one moves it, a first vote adds it.
 */
export function voteChange(current: VoteDirection, upvote: boolean): VoteChange {
  const wanted: VoteDirection = upvote ? 1 : -1;
  const next: VoteDirection = current === wanted ? 0 : wanted;
  const count = (direction: VoteDirection, side: 1 | -1): number => (direction === side ? 1 : 0);
  return { next, up: (count(next, 1) - count(current, 1)) as -1 | 0 | 1, down: (count(next, -1) - count(current, -1)) as -1 | 0 | 1 };
}

/** Pages in a list of `total` with `perPage` per page (at least 1). */
export const pageCount = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));

/** True when `page` (1-based) is the last page or beyond. */
export const isLastPage = (total: number, perPage: number, page: number): boolean => Math.ceil(total / perPage) <= page;

/**
 * The stock list answer's counters after showing pages 1..`page` of `total` reviews (`wire-protocol`
 * §2.2): `count_row` "1-10 of 23 reviews" (cumulative, as the stock plugin's show more appends),
 * "0 of 0 reviews" when empty, with " (3 stars)" when a rating filter is on (its "See all" link is
 * added by the view); `show_more_label` "Show more reviews (N)" with N the remaining reviews (the
 * stock plugin lets N go negative on the last page; ours stops at 0).
 */
export function stockCounters(total: number, perPage: number, page: number): { readonly from: number; readonly to: number; readonly remaining: number; readonly lastPage: boolean } {
  const to = Math.min(total, page * perPage);
  return { from: total === 0 ? 0 : 1, to, remaining: Math.max(0, total - to), lastPage: isLastPage(total, perPage, page) };
}

/** "review" or "reviews". */
export const reviewsWord = (n: number): string => (n === 1 ? 'review' : 'reviews');

/** The count row's text (without the filter's "See all" link). */
export function countRowText(total: number, perPage: number, page: number, rating: RatingFilter): string {
  const { from, to } = stockCounters(total, perPage, page);
  const head = total === 0 ? '0 of 0 reviews' : `${from}-${to} of ${total} ${reviewsWord(total)}`;
  return rating > 0 ? `${head} (${rating} ${rating === 1 ? 'star' : 'stars'})` : head;
}

/** The show-more label. */
export const showMoreLabel = (remaining: number): string => `Show more reviews (${remaining})`;

// ---------------------------------------------------------------- submissions

/**
 * The review form's email rule (the stock form's: a dotted or quoted local part, a domain of labels
 * and a top-level domain of at least two letters, or a bracketed IPv4 address).
 */
const REVIEW_EMAIL =
  /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*|"[^"\\\r\n]{1,62}")@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/;

/** True when the review form would take the address. */
export const isReviewEmail = (email: string): boolean => email.length <= EMAIL_MAX && REVIEW_EMAIL.test(email);

/** The Q&A form's email rule: non-space characters, `@`, non-space characters, `.`, non-space characters. */
export const isQuestionEmail = (email: string): boolean => email.length <= EMAIL_MAX && /^\S+@\S+\.\S+$/.test(email);

/** Cleans a text field: CR LF to LF, other control characters dropped, NFC, trimmed; blank → ''. */
export function cleanText(raw: string, keepNewlines: boolean): string {
  const value = raw
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- control characters are never part of a review
    .replace(keepNewlines ? /[\u0000-\u0008\u000b-\u001f\u007f]/g : /[\u0000-\u001f\u007f]/g, keepNewlines ? '' : ' ');
  return isBlankText(value) ? '' : value.normalize('NFC').trim();
}

/** An on-site question of the form as the rules need it. */
export interface OnsiteRule {
  readonly name: string;
  readonly type: 'text' | 'number' | 'rating';
  readonly required: boolean;
}

/** A review as sent, before checking. */
export interface ReviewDraft {
  readonly rating: unknown;
  readonly text: unknown;
  readonly name: unknown;
  readonly email: unknown;
  readonly answers: unknown;
}

/** A review that passed the rules. */
export interface CheckedReview {
  readonly rating: StarRating;
  readonly text: string;
  readonly name: string;
  readonly email: string;
  readonly answers: Readonly<Record<string, string>>;
}

/**
 * Checks a review: rating 1–5, text non-empty after trimming (and not only invisible characters),
 * name likewise, the email pattern, and the on-site questions (required ones answered, ratings
 * 1–5, numbers numeric, unknown names refused). Returns the cleaned review or the problems by field.
 */
export function checkReview(draft: ReviewDraft, questions: readonly OnsiteRule[]): { readonly ok: true; readonly review: CheckedReview } | { readonly ok: false; readonly problems: Readonly<Record<string, string>> } {
  const problems: Record<string, string> = {};
  const rating = typeof draft.rating === 'number' ? draft.rating : typeof draft.rating === 'string' && /^\s*[1-5]\s*$/.test(draft.rating) ? Number(draft.rating) : Number.NaN;
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) problems['rating'] = 'Choose a rating from 1 to 5 stars.';
  const text = typeof draft.text === 'string' && isStorableText(draft.text) ? cleanText(draft.text, true) : '';
  if (text === '') problems['text'] = 'Please write your review.';
  else if (codePoints(text) > TEXT_MAX) problems['text'] = `A review may be at most ${TEXT_MAX} characters long.`;
  const name = typeof draft.name === 'string' && isStorableText(draft.name) ? cleanText(draft.name, false) : '';
  if (name === '') problems['name'] = 'Please enter your name.';
  else if (codePoints(name) > NAME_MAX) problems['name'] = `A name may be at most ${NAME_MAX} characters long.`;
  const email = typeof draft.email === 'string' ? draft.email.trim() : '';
  if (!isReviewEmail(email)) problems['email'] = 'Please enter a valid email address.';
  const answers: Record<string, string> = {};
  const given = draft.answers === undefined || draft.answers === null ? {} : draft.answers;
  if (typeof given !== 'object' || Array.isArray(given)) problems['answers'] = 'The answers must be an object of question names and values.';
  else {
    const entries = Object.entries(given as Record<string, unknown>);
    for (const [key, value] of entries) {
      if (!questions.some((q) => q.name === key)) problems[`answers.${key.slice(0, 40)}`] = `${key.slice(0, 40)} is not a question of this form.`;
      else if (typeof value !== 'string' && typeof value !== 'number') problems[`answers.${key}`] = 'An answer must be text.';
    }
    for (const question of questions) {
      const raw = (given as Record<string, unknown>)[question.name];
      const value = typeof raw === 'number' ? String(raw) : typeof raw === 'string' && isStorableText(raw) ? cleanText(raw, false) : '';
      if (value === '') {
        if (question.required) problems[`answers.${question.name}`] = 'Please answer this question.';
        continue;
      }
      if (question.type === 'rating' && !/^[1-5]$/.test(value)) problems[`answers.${question.name}`] = 'Choose a rating from 1 to 5 stars.';
      else if (question.type === 'number' && !/^-?\d{1,9}(?:[.,]\d{1,4})?$/.test(value)) problems[`answers.${question.name}`] = 'Please enter a number.';
      else if (codePoints(value) > 500) problems[`answers.${question.name}`] = 'An answer may be at most 500 characters long.';
      else answers[question.name] = value;
    }
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, review: { rating: rating as StarRating, text, name, email, answers } };
}

/** A question or answer as sent. */
export interface QuestionDraft {
  readonly text: unknown;
  readonly name: unknown;
  readonly email: unknown;
}

/** Checks a question or answer: text and name non-empty (not only invisible characters), the Q&A email rule. */
export function checkQuestion(draft: QuestionDraft): { readonly ok: true; readonly text: string; readonly name: string; readonly email: string } | { readonly ok: false; readonly problems: Readonly<Record<string, string>> } {
  const problems: Record<string, string> = {};
  const text = typeof draft.text === 'string' && isStorableText(draft.text) ? cleanText(draft.text, true) : '';
  if (text === '') problems['text'] = 'Please write your question.';
  else if (codePoints(text) > TEXT_MAX) problems['text'] = `At most ${TEXT_MAX} characters.`;
  const name = typeof draft.name === 'string' && isStorableText(draft.name) ? cleanText(draft.name, false) : '';
  if (name === '') problems['name'] = 'Please enter your name.';
  else if (codePoints(name) > NAME_MAX) problems['name'] = `A name may be at most ${NAME_MAX} characters long.`;
  const email = typeof draft.email === 'string' ? draft.email.trim() : '';
  if (!isQuestionEmail(email)) problems['email'] = 'Please enter a valid email address.';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, text, name, email };
}

/** Initials for an avatar ("Ana Santos" → "AS"; one word → its first letter). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/u).filter((w) => /\p{L}|\p{N}/u.test(w));
  const letters = words.length === 0 ? [] : words.length === 1 ? [words[0]] : [words[0], words[words.length - 1]];
  return letters.map((w) => [...(w ?? '')].find((ch) => /\p{L}|\p{N}/u.test(ch)) ?? '').join('').toLocaleUpperCase('en-PH');
}
