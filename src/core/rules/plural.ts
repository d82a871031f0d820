/**
 * A count with its noun in English: only exactly one takes the singular (`1 item`, `0 items`,
 * `2 items`). `other` defaults to the noun with an `s`.
 */
export const countOf = (count: number, one: string, other = `${one}s`): string => `${count} ${count === 1 ? one : other}`;
