/**
 * The Content-Security-Policy of rendered pages. Scripts run only from our own origin, from the
 * hosts an enabled plugin declares (`externalSources`, e.g. Google's tag when a measurement id is
 * set), and inline only by the SHA-256 of their text, computed from the page's final HTML. The
 * policy is worked out from the body on the way out, so a body from a render cache gets the same
 * policy as a fresh one. The hydration state (`application/json`) and JSON-LD
 * (`application/ld+json`) are data blocks the browser never runs, so they need no hash.
 *
 * In development (Vite's dev server) inline scripts and eval are allowed instead: Vite and React
 * Refresh inject code the policy cannot know ahead.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ExternalSources } from '../src/core/plugin.js';
import type { LoadedPlugin } from '../src/plugins/loader.js';

/** What the page policy allows besides our own origin. */
export interface PagePolicyOptions {
  /** Hosts of the enabled plugins (see {@link externalSourcesOf}). */
  readonly sources?: readonly ExternalSources[];
  /** The dev server's looser policy (inline scripts, eval, the HMR socket). */
  readonly dev?: boolean;
}

/** `type` values of a `<script>` that the browser runs; anything else is a data block. */
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = (name: string) => new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i');

/** The `'sha256-…'` sources of the inline scripts of a page that the browser would run. */
export const inlineScriptHashes = (html: string): string[] => {
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? '';
    if (ATTRIBUTE('src').test(attributes)) continue;
    const type = ATTRIBUTE('type').exec(attributes);
    const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (!SCRIPT_TYPES.has(value)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
};

const join = (...lists: ReadonlyArray<readonly string[] | undefined>): string => [...new Set(lists.flatMap((list) => list ?? []))].join(' ');

/** The whole policy for one page's HTML. */
export const contentSecurityPolicy = (html: string, options: PagePolicyOptions = {}): string => {
  const sources = options.sources ?? [];
  const scripts = sources.flatMap((s) => s.scripts ?? []);
  const connect = sources.flatMap((s) => s.connect ?? []);
  const images = sources.flatMap((s) => s.images ?? []);
  const scriptSrc = options.dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", ...inlineScriptHashes(html)];
  return [
    "default-src 'self'",
    `script-src ${join(scriptSrc, scripts)}`,
    // React writes `style` attributes in server HTML; Vite's dev server injects <style> elements.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${join(["'self'", 'data:'], images)}`,
    `connect-src ${join(["'self'"], options.dev ? ['ws:', 'wss:'] : [], connect)}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
};

/** The external sources of the enabled plugins, with their checked options. */
export const externalSourcesOf = (plugins: readonly LoadedPlugin[]): ExternalSources[] =>
  plugins.flatMap((loaded) => (loaded.plugin.externalSources ? [loaded.plugin.externalSources(loaded.options as never)] : []));

/** Wraps a page handler: every HTML answer leaves with its Content-Security-Policy. */
export const withPagePolicy =
  (pages: (c: Context) => Promise<Response>, options: PagePolicyOptions = {}) =>
  async (c: Context): Promise<Response> => {
    const response = await pages(c);
    if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || response.headers.has('content-security-policy')) return response;
    const html = await response.text();
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', contentSecurityPolicy(html, options));
    return new Response(c.req.method === 'HEAD' ? null : html, { status: response.status, statusText: response.statusText, headers });
  };

/** Powerful browser features the shop never uses are switched off for it and anything it frames. */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=(), payment=(self)';
