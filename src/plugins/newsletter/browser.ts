/**
 * What the newsletter capture reads from the browser: whether cookies are on, a provider's cart
 * hash in the address, and the capture's memory between pages (the tab's session storage, never a
 * cookie: the address need not travel with every request). Every reader is safe where there is no
 * browser (tests, server) and where storage throws (private modes, storage switched off).
 */
import { isCaptureEmail, type CaptureState } from './capture.js';

/** False only when the browser says its cookies are off. */
export const cookiesEnabled = (): boolean => typeof navigator === 'undefined' || (navigator as { cookieEnabled?: boolean }).cookieEnabled !== false;

/** The provider's cart hash (`mc_cart_id`) in the page's address, when it is one. */
export const cartHashInAddress = (): string | null => {
  if (typeof location === 'undefined') return null;
  const hash = new URLSearchParams(location.search).get('mc_cart_id');
  return hash !== null && /^[0-9a-f]{32}$/i.test(hash) ? hash : null;
};

const MEMORY_KEY = 'suki.newsletter';

/** What the capture remembers between pages: the addresses, not what is in flight or the opt-in. */
export type CaptureMemory = Pick<CaptureState, 'current' | 'previous' | 'lastSent'>;

const validOrNull = (value: unknown): string | null => (typeof value === 'string' && isCaptureEmail(value) ? value : null);

/** The remembered addresses (only valid ones), or none. */
export const recall = (): CaptureMemory => {
  try {
    const raw = globalThis.sessionStorage?.getItem(MEMORY_KEY);
    if (!raw) return { current: null, previous: null, lastSent: null };
    const parsed = JSON.parse(raw) as Partial<Record<keyof CaptureMemory, unknown>>;
    return { current: validOrNull(parsed.current), previous: validOrNull(parsed.previous), lastSent: validOrNull(parsed.lastSent) };
  } catch {
    return { current: null, previous: null, lastSent: null };
  }
};

/** Keeps the addresses for the next page of this tab; nothing happens where storage is unavailable. */
export const memorise = (state: CaptureMemory): void => {
  try {
    globalThis.sessionStorage?.setItem(MEMORY_KEY, JSON.stringify({ current: state.current, previous: state.previous, lastSent: state.lastSent }));
  } catch {
    // Storage full or switched off: the capture still works for this page.
  }
};
