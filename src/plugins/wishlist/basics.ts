/**
 * The wishlist rules the first-load code needs (kept apart from `rules.ts` so the buttons' chunk
 * does not pull the rest in): the count cookie, the header's text, and the stock plugin's cookie
 * test (its alert, `labels.cookie_disabled`, is the catalogue's `cookieDisabled`) before every add. Properties in `rules.test.ts`.
 */

/** The readable count cookie (`suki_wishlist_count`), or null when absent or not a count. */
export const COUNT_COOKIE = 'suki_wishlist_count';
export const countFromCookie = (cookieHeader: string): number | null => {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.split('=');
    if (name?.trim() !== COUNT_COOKIE) continue;
    const value = rest.join('=').trim();
    return /^\d{1,9}$/.test(value) ? Number(value) : null;
  }
  return null;
};

/** The header link's text, from the catalogue's `Wishlist` and its counted form (`Wishlist (n items)`). */
export const headerText = (count: number | null, texts: { readonly header: string; readonly headerCount: (n: number) => string }): string => (count === null ? texts.header : texts.headerCount(count));

/**
 * Whether cookies can be used: the browser says so, or a test cookie written can be read back
 * (`navigator.cookieEnabled` is false in some browsers that still keep cookies).
 */
export const cookiesUsable = (cookieEnabled: boolean, writeAndReadBack: () => boolean): boolean => cookieEnabled || writeAndReadBack();

