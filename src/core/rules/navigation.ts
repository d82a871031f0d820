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

/**
 * Where the browser should go after an add-to-cart attempt, or null to stay: a refusal naming a
 * same-origin product page goes there; a success goes to the cart only when the setting is on.
 */
export const afterAddNavigation = (
  result: Result<unknown, PortFailure | { readonly kind: string }>,
  settings: AfterAddSettings,
  origin: string,
): string | null => {
  if (result.ok) return settings.redirectAfterAdd ? sameOriginUrl(settings.cartUrl, origin) : null;
  const failure = result.error;
  if (failure.kind === 'product-url' && 'url' in failure) return sameOriginUrl(failure.url, origin);
  return null;
};
