/**
 * The badge's hide cookie, as the stock plugin sets it when the shopper closes the compact badge:
 * `cr_hide_trustbadge=true`, for 24 hours. The server renders no badge while it is there (and the
 * render cache keeps that variant apart: `renderVariant` in `src/entry-server.tsx`).
 */
export const HIDE_COOKIE = 'cr_hide_trustbadge';
/** The cookie as the browser sets it. */
export const HIDE_COOKIE_TEXT = `${HIDE_COOKIE}=true; path=/; max-age=86400; samesite=lax`;
