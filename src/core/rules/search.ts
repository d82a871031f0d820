/**
 * Product search terms: what the shopper typed, made safe to send and to show. Spaces are
 * collapsed, control characters dropped, and the term cut at 100 characters (the Store API
 * takes 200); a term shorter than 2 characters does not search as you type.
 */

/** Longest term sent. */
export const SEARCH_MAX_LENGTH = 100;

/** Shortest term that searches as the shopper types (Enter searches any non-empty term). */
export const SEARCH_MIN_LENGTH = 2;

/** Wait after the last key before searching as the shopper types. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Results shown in the search box. */
export const SEARCH_SUGGESTIONS = 6;

/** The term to send: trimmed, single-spaced, without control characters, at most 100 code points. */
export const normaliseSearch = (raw: string): string =>
  [...raw.replace(/\p{Cc}/gu, ' ').replace(/\s+/gu, ' ').trim()].slice(0, SEARCH_MAX_LENGTH).join('').trim();

/** Whether a term searches as the shopper types. */
export const searchesAsYouType = (term: string): boolean => [...term].length >= SEARCH_MIN_LENGTH;
