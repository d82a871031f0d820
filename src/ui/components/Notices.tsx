import { useEffect, useRef, useState } from 'react';
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
  if (!error) return null;
  return (
    <div className="notice notice--error" data-testid="cart-error">
      <p>{error.message}</p>
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

/** The page's one polite live region; announces cart results and errors. */
export function Announcer() {
  const { runtime } = useUi();
  const [message, setMessage] = useState('');
  useEffect(() => {
    const sub = runtime.ofType('cart.added', 'cart.removed', 'cart.quantityChanged', 'cart.failed').subscribe((event) => {
      // Clear first so the same sentence twice in a row is spoken twice.
      setMessage('');
      requestAnimationFrame(() => setMessage(announcementFor(event)));
    });
    return () => sub.unsubscribe();
  }, [runtime]);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {message}
    </div>
  );
}
