/**
 * Who is asking and where the shop lives, decided once per request.
 *
 * - The client is the connection's peer (`getConnInfo`). Only when that peer is a proxy named in
 *   `SUKI_TRUST_PROXY` is `X-Forwarded-For` read, right to left, skipping the trusted proxies: the
 *   first address that is not one of them is the client. Flood and rate limits key on it.
 * - The public origin (every absolute link, the Secure cookie flag, the origin check) is
 *   `SUKI_PUBLIC_URL` when set; otherwise, behind a trusted proxy, its `X-Forwarded-Host` and
 *   `X-Forwarded-Proto`; otherwise the listen address. A `Host` header alone never makes a link.
 *
 * The app's first middleware ({@link addressMiddleware}) sends a request whose address is not the
 * public origin on through the app again with the public origin in its URL, so every module that
 * reads `c.req.url` (links, sitemaps, JSON-LD, canonical addresses of rendered pages) sees the
 * right one without knowing about proxies.
 */
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';

/** How the app finds its public origin and its clients. */
export interface AddressOptions {
  /** `SUKI_PUBLIC_URL`: the origin shoppers use, e.g. `https://shop.example`. */
  readonly publicUrl?: string | undefined;
  /** `SUKI_TRUST_PROXY`: addresses or CIDR ranges of the proxies whose forwarded headers are believed. */
  readonly trustProxy?: readonly string[] | undefined;
  /**
   * The listen address (`http://127.0.0.1:3000`), the public origin when nothing else names one.
   * Without it (tests, the dev server) the request's own address is used.
   */
  readonly listenUrl?: (() => string) | undefined;
}

/** What one request is, once decided. */
export interface RequestFacts {
  /** The public origin, e.g. `https://shop.example`. */
  readonly origin: string;
  /** The client's address, or `unknown` for in-process calls. */
  readonly client: string;
}

/**
 * One entry of `SUKI_TRUST_PROXY`: an IPv4 or IPv6 address, or a CIDR range (`10.0.0.0/8`,
 * `fd00::/8`). Returns null when it is neither.
 */
export const parseProxyEntry = (entry: string): { address: string; prefix: number | null; family: 'ipv4' | 'ipv6' } | null => {
  const [address = '', prefixText, ...rest] = entry.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, prefix: null, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= (version === 4 ? 32 : 128) ? { address, prefix, family } : null;
};

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`), as dual-stack sockets report it, unwrapped. */
const unmapped = (address: string): string => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

/** A test for "is this address one of the trusted proxies". */
export const proxyMatcher = (entries: readonly string[]): ((address: string) => boolean) => {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseProxyEntry(entry);
    if (!parsed) throw new Error(`"${entry}" is not an IP address or CIDR range.`);
    if (parsed.prefix === null) list.addAddress(unmapped(parsed.address), parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return (address) => {
    const plain = unmapped(address);
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
};

/**
 * The client behind a chain of proxies: `peer` is the connection's address, `forwardedFor` the
 * `X-Forwarded-For` header. Entries are read from the right (the nearest proxy appends last) and
 * trusted proxies are skipped; anything left of the first untrusted address could be made up by
 * the client and is ignored.
 */
export const clientBehind = (peer: string, forwardedFor: string | undefined, trusted: (address: string) => boolean): string => {
  if (!trusted(peer) || forwardedFor === undefined) return unmapped(peer);
  const hops = forwardedFor.split(',').map((hop) => unmapped(hop.trim().replace(/^\[(.*)\]$/, '$1')));
  let client = unmapped(peer);
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i] ?? '';
    if (isIP(hop) === 0) break;
    client = hop;
    if (!trusted(hop)) break;
  }
  return client;
};

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The first value of a forwarded header (proxies append with commas). */
const first = (value: string | undefined): string | undefined => value?.split(',')[0]?.trim().toLowerCase();

/**
 * The public origin of a request. `requestUrl` is its address as received, `trustedPeer` whether
 * the connection comes from a trusted proxy, `forwardedHost`/`forwardedProto` its headers.
 */
export const publicOrigin = (input: {
  readonly requestUrl: URL;
  readonly publicUrl?: string | undefined;
  readonly listenUrl?: string | undefined;
  readonly trustedPeer: boolean;
  readonly forwardedHost?: string | undefined;
  readonly forwardedProto?: string | undefined;
}): string => {
  if (input.publicUrl) return new URL(input.publicUrl).origin;
  if (input.trustedPeer) {
    const host = first(input.forwardedHost);
    const proto = first(input.forwardedProto);
    const scheme = proto === 'https' || proto === 'http' ? `${proto}:` : input.requestUrl.protocol;
    const name = host !== undefined && HOST.test(host) ? host : input.requestUrl.host;
    if (host !== undefined || proto !== undefined) return new URL(`${scheme}//${name}`).origin;
    return input.requestUrl.origin;
  }
  if (input.listenUrl) return new URL(input.listenUrl).origin;
  return HOST.test(input.requestUrl.host) ? input.requestUrl.origin : `${input.requestUrl.protocol}//invalid.invalid`;
};

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * True when `candidate` is the shop's own origin. A shop whose public origin is a loopback address
 * (the default, listening on 127.0.0.1) also answers to the other loopback names on the same scheme
 * and port, so `http://localhost:3000` works for `http://127.0.0.1:3000`.
 */
export const isOwnOrigin = (candidate: string, own: string): boolean => {
  if (candidate === own) return true;
  let a: URL;
  let b: URL;
  try {
    a = new URL(candidate);
    b = new URL(own);
  } catch {
    return false;
  }
  if (a.origin !== candidate) return false;
  return a.protocol === b.protocol && a.port === b.port && LOOPBACK_HOST.test(a.hostname) && LOOPBACK_HOST.test(b.hostname);
};

// Facts per request (its Context: a body-limit wrapper may replace `c.req.raw` later), decided once.
const facts = new WeakMap<Context, RequestFacts>();

/** The connection's peer address, or `unknown` for in-process calls (no socket). */
const peerOf = (c: Context): string => {
  const env = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined;
  if (!env || (!env.incoming && !env.server?.incoming)) return 'unknown';
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
};

/** Decides a request's facts (see the module comment). */
export const decideFacts = (c: Context, options: AddressOptions, trusted: (address: string) => boolean): RequestFacts => {
  const peer = peerOf(c);
  const trustedPeer = trusted(peer);
  return {
    client: clientBehind(peer, c.req.header('x-forwarded-for'), trusted),
    origin: publicOrigin({
      requestUrl: new URL(c.req.url),
      publicUrl: options.publicUrl,
      listenUrl: options.listenUrl?.(),
      trustedPeer,
      forwardedHost: trustedPeer ? c.req.header('x-forwarded-host') : undefined,
      forwardedProto: trustedPeer ? c.req.header('x-forwarded-proto') : undefined,
    }),
  };
};

/** The facts the address middleware decided for this request (computed on the spot when it did not run). */
export const requestFacts = (c: Context): RequestFacts => facts.get(c) ?? decideFacts(c, {}, () => false);

/** The client's address for flood and rate limits. */
export const clientAddress = (c: Context): string => requestFacts(c).client;

/**
 * The app's first middleware: decides the request's facts, and when the request's address is not
 * the public origin, runs the request again with the public origin in its URL (same method,
 * headers, body and abort signal; the connection info stays with it).
 */
export const addressMiddleware = (options: AddressOptions, again: (request: Request, env: unknown) => Response | Promise<Response>): MiddlewareHandler => {
  const trusted = proxyMatcher(options.trustProxy ?? []);
  return async (c, next) => {
    const decided = decideFacts(c, options, trusted);
    const url = new URL(c.req.url);
    if (decided.origin === url.origin) {
      facts.set(c, decided);
      return next();
    }
    const target = new URL(`${url.pathname}${url.search}`, decided.origin);
    const raw = c.req.raw;
    const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD' && raw.body !== null;
    const init: RequestInit & { duplex?: 'half' } = { method: raw.method, headers: raw.headers, signal: raw.signal, ...(hasBody ? { body: raw.body, duplex: 'half' } : {}) };
    return again(new Request(target, init), c.env);
  };
};
