import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartRetry } from '../../core/cart/cart-module.js';
import type { DomainEvent } from '../../core/events.js';
import { storeNoticeCookie, writeCookie } from '../cookies.js';
import { BASE_LOCALE, textsIn } from '../../i18n/index.js';
import { useTexts } from '../i18n.js';
import { noticeTexts } from '../messages/notices.js';
import { useSelector, useUi } from '../runtime-context.js';
import { afterNextPaint } from './wake.js';

type NoticeTexts = (typeof noticeTexts)['base'];

/** One year, for the notice dismissal cookie. */
const NOTICE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/**
 * The store notice bar with its dismiss link. Dismissal sets the cookie to `hidden`, so the server
 * leaves the bar out of later pages. A notice with error status is reported as a non-fatal exception.
 */
export function StoreNotice() {
  const { runtime, state } = useUi();
  const notice = state.shop.storeNotice;
  const t = useTexts(noticeTexts);
  const [shown, setShown] = useState(notice !== null);
  useEffect(() => {
    if (notice?.status === 'error') runtime.emit('notice.failed', { message: notice.text, source: 'store-notice' }, 'ui');
  }, [notice, runtime]);
  if (!notice || !shown) return null;
  return (
    <div className="store-notice" data-status={notice.status} role="region" aria-label={t.storeNotice}>
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
        {t.dismiss}
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

/**
 * Sentence shown while a cart change waits to be sent again; `said` leaves out the attempt count
 * (the live region's version).
 */
export const retryingMessage = (retry: CartRetry, t: NoticeTexts, said = false): string => {
  const what = retry.name ? t.quoted({ name: retry.name }) : t.yourChange;
  const why = retry.failure.kind === 'timeout' ? t.slow : t.unreachable;
  if (retry.untilReconnect) return t.keptUntilReconnect({ why, what });
  return said ? t.keptRetryingSaid({ why, what }) : t.keptRetrying({ why, what, attempt: retry.attempt, of: retry.of });
};

/** While the shop is unreachable, says that the change on screen is kept and will be sent again. */
function CartRetrying() {
  const { runtime } = useUi();
  const retrying = useSelector(runtime.stores.cart, (s) => s.retrying);
  const t = useTexts(noticeTexts);
  if (!retrying) return null;
  return (
    <div className="notice notice--info" data-testid="cart-retrying">
      <p>{retryingMessage(retrying, t)}</p>
    </div>
  );
}

/** Text spoken for a cart event in the polite live region. */
export const announcementFor = (event: DomainEvent<'cart.added' | 'cart.removed' | 'cart.quantityChanged' | 'cart.failed'>, t: NoticeTexts): string => {
  switch (event.type) {
    case 'cart.added':
      return t.added({ name: event.payload.item.name });
    case 'cart.removed':
      return t.removed({ name: event.payload.item.name });
    case 'cart.quantityChanged':
      return t.quantityChanged({ name: event.payload.item.name, quantity: event.payload.quantity });
    case 'cart.failed':
      return event.payload.failure.message || t.cartFailed;
  }
};

/** Text spoken when a filtered list lands in place (in English unless given the page's texts). */
export const filteredMessage = (n: number, t: NoticeTexts = textsIn(noticeTexts, BASE_LOCALE)): string => (n === 0 ? t.noneFiltered : t.filtered(n));

/** The page's one polite live region; announces cart results and errors. */
export function Announcer() {
  const { runtime, signals } = useUi();
  const [message, setMessage] = useState('');
  const t = useTexts(noticeTexts);
  const retrying = useSelector(runtime.stores.cart, (s) => s.retrying);
  const say = useCallback((text: string) => {
    // Clear first so the same sentence twice in a row is spoken twice. The sentence comes after the
    // next paint: in an animation-frame callback its render held back the frame that shows what
    // it tells (a filter's new list), and a frame later is nothing to a listener.
    setMessage('');
    afterNextPaint(() => setMessage(text));
  }, []);
  useEffect(() => {
    const sub = runtime.ofType('cart.added', 'cart.removed', 'cart.quantityChanged', 'cart.failed').subscribe((event) => say(announcementFor(event, t)));
    // A filtered list landed in place: say how many products it holds.
    const filtered = runtime.ofType('shop.filtered').subscribe((event) => {
      say(filteredMessage(event.payload.resultCount, t));
    });
    const announced = signals.on('announce', ({ message: text }) => say(text));
    return () => {
      sub.unsubscribe();
      filtered.unsubscribe();
      announced();
    };
  }, [runtime, signals, say, t]);
  // Said when a change starts waiting and when it is kept past its timed retries, not on every attempt.
  const retryNote = retrying && (retrying.attempt === 1 || retrying.untilReconnect) ? retryingMessage(retrying, t, true) : null;
  useEffect(() => {
    if (retryNote) say(retryNote);
  }, [retryNote, say]);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {message}
    </div>
  );
}
