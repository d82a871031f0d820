/** Facts about the incoming request that several modules need. */
import type { Context } from 'hono';

/**
 * True when the shopper reached us over https, directly or through a proxy that says so. The proxy
 * header only ever adds `Secure` to cookies and turns permalinks to https, so trusting it is harmless.
 */
export function isHttps(c: Context): boolean {
  if (c.req.url.startsWith('https:')) return true;
  const forwarded = c.req.header('x-forwarded-proto');
  return forwarded !== undefined && forwarded.split(',')[0]?.trim().toLowerCase() === 'https';
}

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The shop's own origin as the shopper sees it, e.g. `http://127.0.0.1:3000`. A Host header that
 * is not a plain host name or address yields a placeholder origin, so it never reaches a link.
 */
export function requestOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const host = HOST.test(url.host) ? url.host : 'invalid.invalid';
  return `${isHttps(c) ? 'https:' : url.protocol}//${host}`;
}

/** Methods that change state and therefore get the origin check. */
export function isMutation(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/** The media type of the body without parameters, lower-cased; '' when absent. */
export function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
