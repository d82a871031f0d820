/**
 * The wishlist rules the first-load code needs (kept apart from `rules.ts` so the buttons' chunk
 * does not pull the rest in): the count cookie, the header's text, and the stock plugin's cookie
 * test before every add. Properties in `rules.test.ts`.
 */

/** The stock plugin's alert when cookies are off (`labels.cookie_disabled`). */
export const COOKIE_DISABLED_TEXT = 'We are sorry, but this feature is available only if cookies on your browser are enabled.';

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

/** The header link's text. */
export const headerText = (count: number | null): string => (count === null ? 'Wishlist' : `Wishlist (${count} ${count === 1 ? 'item' : 'items'})`);

/**
 * Whether cookies can be used: the browser says so, or a test cookie written can be read back
 * (`navigator.cookieEnabled` is false in some browsers that still keep cookies).
 */
export const cookiesUsable = (cookieEnabled: boolean, writeAndReadBack: () => boolean): boolean => cookieEnabled || writeAndReadBack();

