/**
 * The floating badge itself. Compact: the button `Verified reviews: {avg}/5 from {n} reviews` and a
 * `Close` button; pressed, a region with the latest reviews and `Close` (back to compact, focus on
 * the badge's button); `Close` on the compact badge hides it and sets the 24-hour hide cookie. The
 * colours are the options' (`small` compact, `big` expanded). Every text is rendered as text.
 */
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import type { TrustBadge } from '../../../core/domain/reviews.js';
import type { ViewContextOf } from '../../../core/plugin.js';
import { HIDE_COOKIE_TEXT } from '../cookie.js';
import type trustBadge from '../index.js';
import type { Locale } from '../../../i18n/index.js';
import { useLocale, useTexts } from '../../../ui/i18n.js';
import { badgeTexts } from '../messages.js';
import { excerpt, scoreText } from '../rules.js';

type Ctx = ViewContextOf<typeof trustBadge>;

/** Only an address on this shop becomes a link (never a `javascript:` one). */
const isPagePath = (href: string): boolean => /^\/(?![/\\])/.test(href);

const formats = new Map<Locale, Intl.DateTimeFormat>();
/** A date in the page's language (`Mar 12, 2026`). */
const formatDate = (iso: string, locale: Locale): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Manila' })));
  return format.format(date);
};

type Mode = 'compact' | 'expanded' | 'hidden';

export function Badge({ badge, plugin }: { readonly badge: TrustBadge | null; readonly plugin: Ctx }) {
  const [mode, setMode] = useState<Mode>('compact');
  const t = useTexts(badgeTexts);
  const locale = useLocale();
  const openButton = useRef<HTMLButtonElement | null>(null);
  const closeButton = useRef<HTMLButtonElement | null>(null);
  const moved = useRef(false);
  const headingId = useId();
  useEffect(() => {
    // The badge is live (tests wait for it; the server's HTML did nothing before).
    document.documentElement.dataset['trustBadge'] = 'ready';
  }, []);
  useEffect(() => {
    // Focus follows the shopper's press (not on the first render).
    if (!moved.current) return;
    (mode === 'expanded' ? closeButton : openButton).current?.focus();
  }, [mode]);
  if (!badge || mode === 'hidden') return null;
  const change = (next: Mode) => {
    moved.current = true;
    setMode(next);
  };
  const colours = plugin.options.colours[mode === 'expanded' ? 'big' : 'small'];
  const style = { '--tb-border': colours.border, '--tb-top': colours.top, '--tb-middle': colours.middle, '--tb-bottom': colours.bottom } as CSSProperties;
  return (
    <aside id="trust-badge" aria-label={t.region} className={`trust-badge trust-badge--${plugin.options.position} trust-badge--${mode}`} style={style}>
      {mode === 'compact' ? (
        <>
          <button ref={openButton} type="button" className="trust-badge__open" onClick={() => change('expanded')}>
            {/* The visible text is the button's name: `Verified reviews: 4.6/5 from 23 reviews`. */}
            <span className="trust-badge__title">{t.titleColon}</span>{' '}
            <span className="trust-badge__score">
              <span className="rating-stars" style={{ '--rating': badge.averageHundredths / 100 } as CSSProperties} aria-hidden="true" /> {scoreText(badge.averageHundredths, badge.count, t)}
            </span>
          </button>
          <button
            type="button"
            className="trust-badge__close"
            aria-label={t.close}
            onClick={() => {
              document.cookie = HIDE_COOKIE_TEXT;
              change('hidden');
            }}
          >
            ×
          </button>
        </>
      ) : (
        <section className="trust-badge__panel" role="region" aria-labelledby={headingId}>
          <h2 id={headingId} className="trust-badge__heading">
            {t.title}
          </h2>
          <p className="trust-badge__summary">
            <span className="rating-stars" style={{ '--rating': badge.averageHundredths / 100 } as CSSProperties} aria-hidden="true" /> {scoreText(badge.averageHundredths, badge.count, t)}
          </p>
          <ul className="trust-badge__reviews">
            {badge.latest.map((review) => (
              <li key={review.id}>
                <p className="trust-badge__rating" role="img" aria-label={t.rated({ rating: review.rating })}>
                  <span className="rating-stars" style={{ '--rating': review.rating } as CSSProperties} aria-hidden="true" />
                </p>
                <p>{excerpt(review.text, 140)}</p>
                <p className="trust-badge__meta">
                  {review.author}
                  {review.verified ? `, ${t.verifiedOwner}` : ''} · <time dateTime={review.date}>{formatDate(review.date, locale)}</time>
                  {review.product && isPagePath(review.product.permalink) ? (
                    <>
                      {' · '}
                      <a href={review.product.permalink}>{review.product.name}</a>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
          <button ref={closeButton} type="button" className="button trust-badge__close-panel" onClick={() => change('compact')}>
            {t.close}
          </button>
        </section>
      )}
    </aside>
  );
}
