import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartRetry } from '../../core/cart/cart-module.js';
import type { DomainEvent } from '../../core/events.js';
import { storeNoticeCookie, writeCookie } from '../cookies.js';
import { useSelector, useUi } from '../runtime-context.js';

/** One year, for the notice dismissal cookie. */
const NOTICE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/**
 * The store notice bar with its dismiss link. Dismissal sets the cookie to `hidden`, so the server
 * leaves the bar out of later pages. A notice with error status is reported as a non-fatal exception.
 */
export function StoreNotice() {
  const { runtime, state } = useUi();
  const notice = state.shop.storeNotice;
  const [shown, setShown] = useState(notice !== null);
  useEffect(() => {
    if (notice?.status === 'error') runtime.emit('notice.failed', { message: notice.text, source: 'store-notice' }, 'ui');
  }, [notice, runtime]);
  if (!notice || !shown) return null;
  return (
    <div className="store-notice" data-status={notice.status} role="region" aria-label="Store notice">
      <p className="store-notice__text">{notice.text}</p>
      <a
        href="#"
        className="store-notice__dismiss"
        onClick={(e) => {
          e.preventDefault();
          writeCookie(storeNoticeCookie(notice.id), 'hidden', NOTICE_COOKIE_MAX_AGE);
          setShown(false);
        }}
      >
        Dismiss
      </a>
    </div>
  );
}

/**
 * The visible error of the last failed cart change (optimistic change already rolled back). It is
 * an error notice, so the page-level instance (`report`) also reports it as a non-fatal exception.
 */
export function CartError({ report = false }: { report?: boolean }) {
  const { runtime } = useUi();
  const error = useSelector(runtime.stores.cart, (s) => s.error);
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (report && error && reported.current !== error.at) {
      reported.current = error.at;
      runtime.emit('notice.failed', { message: error.message, source: 'cart' }, 'ui');
    }
  }, [error, runtime, report]);
  if (!error) return <CartRetrying />;
  return (
    <div className="notice notice--error" data-testid="cart-error">
      <p>{error.message}</p>
    </div>
  );
}

/** Sentence shown while a cart change waits to be sent again. */
export const retryingMessage = (retry: CartRetry): string => {
  const what = retry.name ? `“${retry.name}”` : 'Your change';
  const why = retry.failure.kind === 'timeout' ? 'The shop is slow to answer' : 'The shop cannot be reached';
  return `${why}. ${what} is kept and will be sent again (attempt ${retry.attempt} of ${retry.of}).`;
};

/** While the shop is unreachable, says that the change on screen is kept and will be sent again. */
function CartRetrying() {
  const { runtime } = useUi();
  const retrying = useSelector(runtime.stores.cart, (s) => s.retrying);
  if (!retrying) return null;
  return (
    <div className="notice notice--info" data-testid="cart-retrying">
      <p>{retryingMessage(retrying)}</p>
    </div>
  );
}

/** Text spoken for a cart event in the polite live region. */
export const announcementFor = (event: DomainEvent<'cart.added' | 'cart.removed' | 'cart.quantityChanged' | 'cart.failed'>): string => {
  switch (event.type) {
    case 'cart.added':
      return `“${event.payload.item.name}” added to your cart`;
    case 'cart.removed':
      return `“${event.payload.item.name}” removed from your cart`;
    case 'cart.quantityChanged':
      return `Quantity of “${event.payload.item.name}” changed to ${event.payload.quantity}`;
    case 'cart.failed':
      return event.payload.failure.message || `Could not update your cart.`;
  }
};

/** The page's one polite live region; announces cart results and errors, and what views ask it to say. */
export function Announcer() {
  const { runtime, signals } = useUi();
  const [message, setMessage] = useState('');
  const retrying = useSelector(runtime.stores.cart, (s) => s.retrying);
  const say = useCallback((text: string) => {
    // Clear first so the same sentence twice in a row is spoken twice.
    setMessage('');
    requestAnimationFrame(() => setMessage(text));
  }, []);
  useEffect(() => {
    const sub = runtime.ofType('cart.added', 'cart.removed', 'cart.quantityChanged', 'cart.failed').subscribe((event) => say(announcementFor(event)));
    // A filtered list landed in place: say how many products it holds.
    const filtered = runtime.ofType('shop.filtered').subscribe((event) => {
      const n = event.payload.resultCount;
      say(n === 0 ? 'No products match these filters.' : `${n} ${n === 1 ? 'product matches' : 'products match'} these filters.`);
    });
    const asked = signals.on('announce', ({ message: text }) => say(text));
    return () => {
      sub.unsubscribe();
      filtered.unsubscribe();
      asked();
    };
  }, [runtime, signals, say]);
  // Said once per change that starts waiting, not on every attempt.
  const firstRetry = retrying?.attempt === 1 ? retrying : null;
  useEffect(() => {
    if (firstRetry) say(retryingMessage(firstRetry).replace(/ \(attempt \d+ of \d+\)/, ''));
  }, [firstRetry, say]);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {message}
    </div>
  );
}
