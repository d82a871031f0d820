/**
 * The inspector's bounded buffer: a pure append that keeps the newest `limit` items in order, so
 * a long session never grows the page's memory past what the panel can show.
 */

/**
 * `buffer` followed by `items`, cut to the newest `limit` (at least 0; fractions round down). The
 * arguments are not changed; `buffer` itself comes back when nothing is added and it fits.
 */
export const appendBounded = <T>(buffer: readonly T[], items: readonly T[], limit: number): readonly T[] => {
  const keep = Math.max(0, Math.floor(limit));
  if (items.length === 0 && buffer.length <= keep) return buffer;
  const all = [...buffer, ...items];
  return all.length > keep ? all.slice(all.length - keep) : all;
};
