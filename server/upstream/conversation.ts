/**
 * One shopper's conversation with a stock shop in upstream mode: requests made as the shopper (with
 * every cookie the shopper and the stock shop have set so far), the stock shop's cookies kept for
 * our answer (the forwarder rewrites them for our host), pages read with their redirects, and
 * admin-ajax actions answered in JSON. The wishlist and the reviews translations share it.
 */
import { createHash } from 'node:crypto';
import type { Forwarder } from './forward.js';

/** Why a translated call failed, as our JSON error says it. */
export interface Failure {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

/** The failures a conversation reports, in the words of the feature that holds it. */
export interface ConversationFailures {
  /** The stock shop did not answer, or answered with a server error (`status`: its status). */
  readonly unreachable: (status: number) => Failure;
  /** The stock shop answered with something that is not what was asked for. */
  readonly badAnswer: Failure;
}

const AJAX = '/wp-admin/admin-ajax.php';

/** The name=value pairs of a Cookie header, in order (later ones win). */
export const parseCookieHeader = (header: string): Map<string, string> => {
  const jar = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return jar;
};

/** Applies one `Set-Cookie` line to a jar: set, or removed when it expires it. */
export const applySetCookie = (jar: Map<string, string>, line: string, nowMs: number): void => {
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  const expired = attributes.some((raw) => {
    const [key = '', ...rest] = raw.split('=');
    const attr = key.trim().toLowerCase();
    const val = rest.join('=').trim();
    if (attr === 'max-age') return Number(val) <= 0;
    if (attr === 'expires') return Date.parse(val) <= nowMs;
    return false;
  });
  if (expired || value === '') jar.delete(name);
  else jar.set(name, value);
};

/**
 * The part of a shopper's cookies a WordPress nonce depends on: the logged-in cookie (user and
 * session token) and, for a guest, WooCommerce's session cookie (its customer id stands in for the
 * user id). Hashed, so a cache keyed by it never holds a cookie.
 */
export const nonceKey = (jar: ReadonlyMap<string, string>): string => {
  const parts = [...jar]
    .filter(([name]) => /^(?:wordpress_logged_in_|wp_woocommerce_session_)/.test(name))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`);
  return createHash('sha256').update(parts.join('; ')).digest('base64url');
};

/** A page read from the stock shop: its HTML and where it ended up, missing, or why it failed. */
export type HtmlRead =
  | { readonly kind: 'html'; readonly html: string; readonly path: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'failed'; readonly failure: Failure };

export class StockConversation {
  readonly jar: Map<string, string>;
  /** The stock shop's cookies (rewritten for our host), for our answer. */
  readonly setCookies: string[] = [];

  constructor(
    private readonly forward: Forwarder,
    readonly origin: string,
    cookie: string,
    private readonly now: () => number,
    protected readonly failures: ConversationFailures,
  ) {
    this.jar = parseCookieHeader(cookie);
  }

  private cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One request to the stock shop as the shopper (with every cookie it has set so far). */
  async send(path: string, init: { readonly method?: string; readonly form?: URLSearchParams; readonly accept?: string } = {}): Promise<Response> {
    const cookie = this.cookieHeader();
    const answer = await this.forward(
      new Request(new URL(path, this.origin), {
        method: init.method ?? (init.form ? 'POST' : 'GET'),
        headers: {
          accept: init.accept ?? 'text/html',
          ...(cookie ? { cookie } : {}),
          ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' } : {}),
        },
        ...(init.form ? { body: init.form.toString() } : {}),
      }),
      this.origin,
    );
    for (const line of answer.headers.getSetCookie()) {
      this.setCookies.push(line);
      applySetCookie(this.jar, line, this.now());
    }
    return answer;
  }

  /** A stock page's HTML. Redirects within our host are followed twice at most. */
  async html(path: string): Promise<HtmlRead> {
    let target = path;
    for (let hop = 0; hop < 3; hop += 1) {
      const answer = await this.send(target);
      if (answer.status >= 300 && answer.status < 400) {
        await answer.body?.cancel();
        const next = new URL(answer.headers.get('location') ?? '', new URL(target, this.origin));
        if (next.origin !== this.origin) return { kind: 'failed', failure: this.failures.badAnswer };
        target = `${next.pathname}${next.search}`;
        continue;
      }
      if (answer.status === 404 || answer.status === 410) {
        await answer.body?.cancel();
        return { kind: 'missing' };
      }
      if (!answer.ok) {
        await answer.body?.cancel();
        return { kind: 'failed', failure: this.failures.unreachable(answer.status) };
      }
      return { kind: 'html', html: await answer.text(), path: new URL(target, this.origin).pathname };
    }
    return { kind: 'failed', failure: this.failures.badAnswer };
  }

  /** An admin-ajax action's JSON answer, or why there is none. */
  async ajax(form: URLSearchParams): Promise<{ readonly ok: true; readonly body: unknown } | { readonly ok: false; readonly failure: Failure }> {
    const answer = await this.send(AJAX, { form, accept: 'application/json, text/javascript, */*; q=0.01' });
    if (!answer.ok) {
      await answer.body?.cancel();
      return { ok: false, failure: answer.status >= 500 ? this.failures.unreachable(answer.status) : this.failures.badAnswer };
    }
    try {
      return { ok: true, body: JSON.parse(await answer.text()) as unknown };
    } catch {
      return { ok: false, failure: this.failures.badAnswer };
    }
  }
}
