/** Facts about the incoming request that several modules need. */
import type { Context } from 'hono';
import { isOwnOrigin } from './address.js';

/**
 * True when the shopper reaches the shop over https. The address middleware (`lib/address.ts`) has
 * already put the public origin in the request's URL, from `SUKI_PUBLIC_URL` or a trusted proxy's
 * `X-Forwarded-Proto`; an untrusted client's forwarded headers never get here.
 */
export function isHttps(c: Context): boolean {
  return c.req.url.startsWith('https:');
}

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The shop's own origin as the shopper sees it, e.g. `http://127.0.0.1:3000`: the public origin
 * the address middleware put in the URL. A host that is not a plain host name or address yields a
 * placeholder origin, so it never reaches a link.
 */
export function requestOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const host = HOST.test(url.host) ? url.host : 'invalid.invalid';
  return `${url.protocol}//${host}`;
}

/** Methods that change state and therefore get the origin check. */
export function isMutation(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/** The headers a browser tells a request's origin with. */
export interface SiteHeaders {
  readonly origin?: string | undefined;
  readonly secFetchSite?: string | undefined;
  readonly referer?: string | undefined;
}

/**
 * True when a state-changing request may come from another site and must be refused:
 * - an `Origin` that is not ours (`null` included);
 * - `Sec-Fetch-Site` other than `same-origin` or `none` (`cross-site`, `same-site`: a sibling
 *   subdomain is another site here);
 * - with neither of those, a `Referer` that is not on our origin.
 * A request with none of the three is not from a browser (curl, server-to-server calls, our own
 * in-process calls while rendering a page) and is taken: browsers send `Origin` on every POST and
 * `Sec-Fetch-Site` on every request since 2020–2023, and the session cookie is `SameSite=Lax`, so a
 * cross-site form from an older browser would not carry the shopper's session anyway.
 */
export function isCrossSiteWrite(headers: SiteHeaders, ownOrigin: string): boolean {
  if (headers.origin !== undefined && !isOwnOrigin(headers.origin, ownOrigin)) return true;
  const site = headers.secFetchSite?.trim().toLowerCase();
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  if (headers.origin === undefined && site === undefined && headers.referer !== undefined) {
    let from: string;
    try {
      from = new URL(headers.referer).origin;
    } catch {
      return true;
    }
    return !isOwnOrigin(from, ownOrigin);
  }
  return false;
}

/** The site headers of a request. */
export function siteHeaders(c: Context): SiteHeaders {
  return { origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site'), referer: c.req.header('referer') };
}

/** The media type of the body without parameters, lower-cased; '' when absent. */
export function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
