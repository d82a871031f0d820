/**
 * The Content-Security-Policy of rendered pages. Scripts run only from our own origin and from the
 * hosts an enabled plugin declares (`externalSources`, e.g. Google's tag when a measurement id is
 * set). The production document has no inline script at all: the hydration state
 * (`application/json`) and JSON-LD (`application/ld+json`) are data blocks the browser never runs,
 * and React cannot emit an executable `<script>`. So the policy is the same for every page and is
 * made once at start-up: it costs nothing per request (the body is never read) and holds unchanged
 * for a body from a render cache. `server/security-policy.test.ts` renders every kind of page and
 * checks {@link inlineScriptHashes} finds nothing; a page that ever needs an inline script must add
 * its hash (`contentSecurityPolicy(options, inlineScriptHashes(html))`), and that test says so.
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

/** The whole policy, allowing the given inline-script hashes (none in production pages). */
export const contentSecurityPolicy = (options: PagePolicyOptions = {}, inlineHashes: readonly string[] = []): string => {
  const sources = options.sources ?? [];
  const scripts = sources.flatMap((s) => s.scripts ?? []);
  const connect = sources.flatMap((s) => s.connect ?? []);
  const images = sources.flatMap((s) => s.images ?? []);
  const scriptSrc = options.dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", ...inlineHashes];
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

/** Wraps a page handler: every HTML answer leaves with the pages' Content-Security-Policy. */
export const withPagePolicy = (pages: (c: Context) => Promise<Response>, options: PagePolicyOptions = {}) => {
  const policy = contentSecurityPolicy(options);
  return async (c: Context): Promise<Response> => {
    let response = await pages(c);
    if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || response.headers.has('content-security-policy')) return response;
    try {
      response.headers.set('Content-Security-Policy', policy);
    } catch {
      // A response with frozen headers: copy it (the body streams through, unread).
      response = new Response(response.body, response);
      response.headers.set('Content-Security-Policy', policy);
    }
    return response;
  };
};

/** Powerful browser features the shop never uses are switched off for it and anything it frames. */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=(), payment=(self)';
