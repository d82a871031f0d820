/**
 * Forwards one request to an upstream WooCommerce shop and turns its answer into one our host can
 * serve: the shopper's cookies go both ways (rewritten for our host), the upstream's origin in
 * links, media addresses and `Link` headers becomes ours, and a down or slow upstream becomes a
 * clear JSON error within a bounded time instead of a hang.
 */

/** Options of {@link createForwarder}. */
export interface ForwarderOptions {
  /** The upstream shop, e.g. `https://shop.example` (a path prefix is kept). */
  readonly upstream: URL;
  /** Longest wait for the upstream's answer. @default 8000 */
  readonly timeoutMs?: number;
  /** Largest request body passed on. @default 65536 */
  readonly maxBodyBytes?: number;
  /**
   * Largest textual answer read from the upstream (a page we parse); past it the answer is a 502
   * instead of a body held in memory. @default no limit
   */
  readonly maxAnswerBytes?: number;
  /** For tests. @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

/** Sends `request` (addressed to our host) to the upstream; `ourOrigin` is how the shopper reaches us. */
export type Forwarder = (request: Request, ourOrigin: string) => Promise<Response>;

// Request headers worth passing on; everything else (hop-by-hop, Host, our proxies' headers) stays here.
const REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'cookie',
  'nonce',
  'x-wp-nonce',
  'x-wc-store-api-nonce',
  'idempotency-key',
  'x-http-method-override',
  'cart-token',
  'user-agent',
  'if-none-match',
  'if-modified-since',
];

// Answer headers the browser and our adapters read.
const RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'expires',
  'etag',
  'last-modified',
  'nonce',
  'nonce-timestamp',
  'x-wc-store-api-nonce',
  'cart-token',
  'user-id',
  'x-wp-total',
  'x-wp-totalpages',
  'x-robots-tag',
  'idempotent-replayed',
];

const TEXTUAL = /^(?:application\/(?:json|javascript|xml|ld\+json)|text\/|image\/svg\+xml)/i;

/** JSON.stringify of a URL origin as PHP's json_encode writes it (`http:\/\/host`). */
const phpEscaped = (origin: string): string => origin.replace(/\//g, '\\/');

/** Replaces the upstream origin (plain and PHP-escaped) with ours in a text body or header. */
export const rewriteOrigin = (text: string, upstreamOrigin: string, ourOrigin: string): string =>
  text.split(upstreamOrigin).join(ourOrigin).split(phpEscaped(upstreamOrigin)).join(phpEscaped(ourOrigin));

/**
 * Rewrites one upstream `Set-Cookie` line for our host: no `Domain` (so the cookie belongs to our
 * host), no `Secure` when we are plain http (else the browser would drop it), and `SameSite=None`
 * only together with `Secure`.
 */
export const rewriteSetCookie = (line: string, ourOriginIsHttps: boolean): string => {
  const [pair, ...attributes] = line.split(';');
  const kept: string[] = [];
  let sameSiteNone = false;
  for (const raw of attributes) {
    const attribute = raw.trim();
    const name = attribute.split('=')[0]?.trim().toLowerCase() ?? '';
    if (name === 'domain') continue;
    if (name === 'secure' && !ourOriginIsHttps) continue;
    if (name === 'samesite' && /=\s*none$/i.test(attribute)) {
      sameSiteNone = true;
      if (!ourOriginIsHttps) continue;
    }
    if (attribute) kept.push(attribute);
  }
  if (sameSiteNone && !ourOriginIsHttps) kept.push('SameSite=Lax');
  return [pair?.trim() ?? '', ...kept].join('; ');
};

const errorAnswer = (status: number, code: string, message: string): Response =>
  new Response(JSON.stringify({ code, message, data: { status } }), {
    status,
    headers: { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' },
  });

/** A body's bytes, or null once it passes `max` bytes (the rest is not read). */
export const readCapped = async (body: ReadableStream<Uint8Array> | null, max: number, declaredLength?: string | null): Promise<Buffer | null> => {
  const declared = Number(declaredLength ?? '0');
  if (declared > max || !body) {
    await body?.cancel();
    return declared > max ? null : Buffer.alloc(0);
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
};

/** Builds the forwarder. */
export const createForwarder = (options: ForwarderOptions): Forwarder => {
  const upstream = options.upstream;
  const prefix = upstream.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 8000;
  const maxBody = options.maxBodyBytes ?? 64 * 1024;
  const send = options.fetch ?? fetch;

  return async (request, ourOrigin) => {
    const incoming = new URL(request.url);
    const target = new URL(`${prefix}${incoming.pathname}${incoming.search}`, upstream.origin);
    const headers = new Headers();
    for (const name of REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    // Writes that passed our own origin check are made on the shopper's behalf by the same site.
    if (request.headers.has('origin')) headers.set('origin', upstream.origin);
    let body: ArrayBuffer | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      body = await request.arrayBuffer();
      if (body.byteLength > maxBody) return errorAnswer(413, 'suki_payload_too_large', 'The request body is too large.');
    }

    let answer: Response;
    try {
      answer = await send(target, { method: request.method, headers, body: body ?? null, redirect: 'manual', signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) });
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return timedOut
        ? errorAnswer(504, 'suki_upstream_timeout', `The shop did not answer within ${Math.round(timeoutMs / 1000)} s. Please try again.`)
        : errorAnswer(502, 'suki_upstream_unavailable', 'The shop cannot be reached right now. Please try again in a moment.');
    }

    const out = new Headers();
    for (const name of RESPONSE_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) out.set(name, value);
    }
    const ourIsHttps = ourOrigin.startsWith('https:');
    for (const line of answer.headers.getSetCookie()) out.append('set-cookie', rewriteSetCookie(line, ourIsHttps));
    const link = answer.headers.get('link');
    if (link !== null) out.set('link', rewriteOrigin(link, upstream.origin, ourOrigin));
    const location = answer.headers.get('location');
    if (location !== null) out.set('location', rewriteOrigin(location, upstream.origin, ourOrigin));

    const type = answer.headers.get('content-type') ?? '';
    if (answer.status === 204 || answer.status === 304 || request.method === 'HEAD') {
      await answer.body?.cancel();
      return new Response(null, { status: answer.status, headers: out });
    }
    if (!TEXTUAL.test(type)) return new Response(answer.body, { status: answer.status, headers: out });
    let text: string;
    try {
      if (options.maxAnswerBytes === undefined) text = await answer.text();
      else {
        const read = await readCapped(answer.body, options.maxAnswerBytes, answer.headers.get('content-length'));
        if (read === null) return errorAnswer(502, 'suki_upstream_too_large', 'The shop’s answer was too large to show.');
        text = read.toString('utf8');
      }
    } catch {
      return errorAnswer(504, 'suki_upstream_timeout', 'The shop stopped answering part-way. Please try again.');
    }
    return new Response(rewriteOrigin(text, upstream.origin, ourOrigin), { status: answer.status, headers: out });
  };
};
