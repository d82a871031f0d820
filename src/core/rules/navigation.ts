import type { Result } from '../result.js';
import type { PortFailure } from '../ports.js';

/**
 * Returns `url` resolved against `origin` when it stays on that origin, else null. Server replies
 * may carry any URL; only same-origin ones are ever followed.
 */
export const sameOriginUrl = (url: string | null | undefined, origin: string): string | null => {
  if (!url) return null;
  let base: URL;
  try {
    base = new URL(origin);
  } catch {
    return null;
  }
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  if (target.origin !== base.origin) return null;
  return target.href;
};

/** Settings that decide where the browser goes after an add. */
export interface AfterAddSettings {
  /** @default false */
  readonly redirectAfterAdd: boolean;
  readonly cartUrl: string;
}

// Stryker disable BlockStatement,BooleanLiteral: unreachable catch (both addresses were parsed by sameOriginUrl first)
/** Whether two absolute addresses name the same page (the fragment aside). */
const samePage = (a: string, b: string): boolean => {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return x.origin === y.origin && x.pathname === y.pathname && x.search === y.search;
  } catch {
    return false;
  }
};
// Stryker restore BlockStatement,BooleanLiteral

/**
 * Where the browser should go after an add-to-cart attempt, or null to stay: a refusal naming a
 * same-origin product page goes there, unless the shopper is on that page already (the error is
 * shown and announced where they are); a success goes to the cart only when the setting is on.
 * `here` is the current address (or just the shop's origin).
 */
export const afterAddNavigation = (
  result: Result<unknown, PortFailure | { readonly kind: string }>,
  settings: AfterAddSettings,
  here: string,
): string | null => {
  if (result.ok) return settings.redirectAfterAdd ? sameOriginUrl(settings.cartUrl, here) : null;
  const failure = result.error;
  if (failure.kind !== 'product-url' || !('url' in failure)) return null;
  const target = sameOriginUrl(failure.url, here);
  // Stryker disable next-line ConditionalExpression: equivalent (samePage of a null target is false, and null is returned either way)
  return target !== null && samePage(target, here) ? null : target;
};
