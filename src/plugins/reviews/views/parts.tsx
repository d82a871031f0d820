/**
 * The pieces every reviews view shows: stars, the summary with its histogram, a review (text with
 * the search highlighted as text, initials avatar, date, verified owner, the shop's reply, photos
 * in a lightbox, videos in place, votes), the list's controls and its footer. They hold no rule:
 * the texts and transitions come from `rules.ts`, `list.ts` and `votes.ts`.
 */
import { memo, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { RatingFilter, RatingSummary, Review, ReviewMedia, ReviewSort, ReviewTag } from '../../../core/domain/reviews.js';
import type { ViewContextOf } from '../../../core/plugin.js';
import type { Locale } from '../../../i18n/index.js';
import { Lightbox } from '../../../ui/components/Lightbox.js';
import { shallowEqual, useSelector } from '../../../ui/runtime-context.js';
import type reviews from '../index.js';
import type { ListController, ListState } from '../list.js';
import {
  averageText,
  countText,
  highlightParts,
  histogramRows,
  initials,
  paragraphs,
  reviewDate,
  sortLabels,
  starsFilled,
  voteLabels,
} from '../rules.js';
import { useLocale, useTexts } from '../../../ui/i18n.js';
import { reviewTexts, reviewTextsIn } from '../messages.js';
import { createVotesController, type VotesController } from '../votes.js';

export type ReviewsCtx = ViewContextOf<typeof reviews>;

/** Marks the page once a reviews view is live in the browser (`data-reviews="ready"`, for tests and benches). */
export const useLive = (): void => {
  useEffect(() => {
    document.documentElement.dataset['reviews'] = 'ready';
  }, []);
};

/** Stars as a picture with its text (`4.6 out of 5`). */
export function Stars({ hundredths, label }: { hundredths: number; label?: string }) {
  const t = useTexts(reviewTexts);
  return (
    <span className="stars" role="img" aria-label={label ?? averageText(hundredths, t)}>
      <span className="stars__fill" style={{ width: `${(starsFilled(hundredths) / 5) * 100}%` }} />
    </span>
  );
}

/** The summary: `4.6 out of 5` with stars, the count, and the histogram's controls. */
export function Summary({
  summary,
  active,
  onPress,
  hrefFor,
}: {
  summary: RatingSummary;
  active: RatingFilter;
  /** Buttons (in place): a row, or `'all'` for `See all reviews`. */
  onPress?: (pressed: RatingFilter | 'all') => void;
  /** Links (navigation, works before scripts): the address of a row's filter (0 for all). */
  hrefFor?: (rating: RatingFilter) => string;
}) {
  const t = useTexts(reviewTexts);
  const rows = histogramRows(summary, active, t);
  const bar = (percent: number) => (
    <span className="histogram__bar" aria-hidden="true">
      <span style={{ width: `${percent}%` }} />
    </span>
  );
  return (
    <div className="reviews-summary">
      <p className="reviews-summary__average">
        <Stars hundredths={summary.averageHundredths} />
        <span>{averageText(summary.averageHundredths, t)}</span>
      </p>
      <p className="reviews-summary__count">{t.basedOn(summary.count)}</p>
      <ul className="histogram">
        {rows.map((row) => (
          <li key={row.stars}>
            {onPress ? (
              <button type="button" className="histogram__row" aria-pressed={row.pressed} disabled={row.count === 0 && !row.pressed} onClick={() => onPress(row.stars)}>
                <span>{row.label}</span>
                {bar(row.percent)}
              </button>
            ) : (
              <a className="histogram__row" href={hrefFor?.(row.pressed ? 0 : row.stars)} aria-current={row.pressed ? 'true' : undefined}>
                <span>{row.label}</span>
                {bar(row.percent)}
              </a>
            )}
          </li>
        ))}
      </ul>
      {active !== 0 &&
        (onPress ? (
          <button type="button" className="reviews-summary__all" onClick={() => onPress('all')}>
            {t.seeAll}
          </button>
        ) : (
          <a className="reviews-summary__all" href={hrefFor?.(0)}>
            {t.seeAll}
          </a>
        ))}
    </div>
  );
}

/** Text with the search's matches marked (`<mark>`), as text. */
export function Highlighted({ text, term }: { text: string; term: string }) {
  return (
    <>
      {highlightParts(text, term).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
    </>
  );
}

const votesByPlugin = new WeakMap<object, VotesController>();
/** One votes' controller per page (the same review in two lists shows one state). */
const votesOf = (plugin: ReviewsCtx, locale: Locale): VotesController => {
  let votes = votesByPlugin.get(plugin.execute);
  if (!votes) {
    votes = createVotesController(async (reviewId, upvote, productId) => plugin.execute('reviews.vote', { reviewId, upvote, productId }), reviewTextsIn(locale));
    votesByPlugin.set(plugin.execute, votes);
  }
  return votes;
};

/** `Helpful ({n})` / `Not helpful ({n})`, pressed for the viewer's vote. */
function VoteButtons({ review, plugin }: { review: Review; plugin: ReviewsCtx }) {
  const t = useTexts(reviewTexts);
  const controller = votesOf(plugin, useLocale());
  const view = useSelector(controller.store, (s) => s[review.id] ?? null) ?? { votes: review.votes, pending: false, error: null };
  const labels = voteLabels(view.votes, t);
  const press = (upvote: boolean) => void controller.press(review.id, review.votes, upvote, review.product?.id ?? null);
  return (
    <div className="review__votes" aria-busy={view.pending || undefined}>
      <span className="review__votes-label">{t.wasHelpful}</span>
      <button type="button" aria-pressed={view.votes.current === 1} aria-disabled={view.pending || undefined} onClick={() => press(true)}>
        {labels.up}
      </button>
      <button type="button" aria-pressed={view.votes.current === -1} aria-disabled={view.pending || undefined} onClick={() => press(false)}>
        {labels.down}
      </button>
      {view.error && (
        <p className="review__vote-error" role="alert">
          {view.error}
        </p>
      )}
    </div>
  );
}

/** Photos (thumbnails opening the lightbox) and videos (playing in place). */
function Media({ media, author }: { media: readonly ReviewMedia[]; author: string }) {
  const t = useTexts(reviewTexts);
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const photos = media.filter((m) => m.kind === 'image');
  const videos = media.filter((m) => m.kind === 'video');
  const images = photos.map((m) => ({ id: m.id, src: m.src, thumbnail: m.thumb ?? m.src, srcset: '', sizes: '', alt: m.alt, name: m.alt, width: m.width, height: m.height }));
  return (
    <div className="review__media">
      {photos.length > 0 && (
        <ul className="review__photos">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                className="review__photo"
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  setOpen(i);
                }}
              >
                <img src={photo.thumb ?? photo.src} alt={photo.alt} width={80} height={80} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {videos.map((video) => (
        <video key={video.id} className="review__video" controls preload="none" aria-label={video.alt} {...(video.thumb ? { poster: video.thumb } : {})}>
          <source src={video.src} type={video.mime} />
        </video>
      ))}
      {open !== null && <Lightbox images={images} start={open} name={t.reviewBy({ author })} opener={opener} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** One review (memoised: a list going busy or growing does not redraw the reviews already shown). */
export const ReviewItem = memo(function ReviewItem({ review, plugin, search = '', showProduct = false }: { review: Review; plugin: ReviewsCtx; search?: string; showProduct?: boolean }) {
  const t = useTexts(reviewTexts);
  const locale = useLocale();
  return (
    <article className="review">
      <header className="review__head">
        <span className="review__avatar" aria-hidden="true">
          {initials(review.author)}
        </span>
        <span className="review__author">{review.author}</span>
        {review.verified && <span className="review__verified">{t.verified}</span>}
        <time className="review__date" dateTime={review.date}>
          {reviewDate(review.date, locale)}
        </time>
      </header>
      <Stars hundredths={review.rating * 100} label={t.rated({ rating: review.rating })} />
      {showProduct && review.product && (
        <p className="review__product">
          <a href={review.product.permalink}>{review.product.name}</a>
        </p>
      )}
      <div className="review__text">
        {paragraphs(review.text).map((p, i) => (
          <p key={i}>
            <Highlighted text={p} term={search} />
          </p>
        ))}
      </div>
      {review.tags.length > 0 && (
        <ul className="review__tags" aria-label={t.tags}>
          {review.tags.map((t) => (
            <li key={t.id}>{t.name}</li>
          ))}
        </ul>
      )}
      {review.media.length > 0 && <Media media={review.media} author={review.author} />}
      {review.replies.map((reply) => (
        <div key={reply.id} className="review__reply">
          <p className="review__reply-head">
            {t.replyFrom({ author: reply.author })} <time dateTime={reply.date}>{reviewDate(reply.date, locale)}</time>
          </p>
          {paragraphs(reply.text).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      ))}
      <VoteButtons review={review} plugin={plugin} />
    </article>
  );
});

/** The sort combobox, the search box with its clear button, and the tag buttons (in place). */
export function ListControls({ controller, tags }: { controller: ListController; tags: readonly ReviewTag[] }) {
  // Only what the controls show: a list landing does not redraw them.
  const state = useSelector(controller.store, (s) => ({ filters: s.filters, searchText: s.searchText }), shallowEqual);
  const t = useTexts(reviewTexts);
  const id = useId();
  return (
    <div className="reviews-controls">
      <label className="reviews-controls__sort" htmlFor={`${id}-sort`}>
        {t.sortReviews}
        <select id={`${id}-sort`} value={state.filters.sort} onChange={(e) => controller.setSort(e.currentTarget.value as ReviewSort)}>
          {sortLabels(t).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <form
        role="search"
        className="reviews-controls__search"
        onSubmit={(e) => {
          e.preventDefault();
          controller.submitSearch();
        }}
      >
        <input
          type="search"
          aria-label={t.searchReviews}
          placeholder={t.searchReviews}
          value={state.searchText}
          maxLength={100}
          onChange={(e) => controller.typeSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && state.searchText !== '') controller.clearSearch();
          }}
        />
        {state.searchText !== '' && (
          <button type="button" onClick={() => controller.clearSearch()}>
            {t.clearSearch}
          </button>
        )}
      </form>
      {tags.length > 0 && (
        <ul className="reviews-controls__tags" aria-label={t.filterByTag}>
          {tags.map((tag) => (
            <li key={tag.id}>
              <button type="button" aria-pressed={state.filters.tags.includes(tag.id)} onClick={() => controller.toggleTag(tag.id)}>
                {tag.name} ({tag.count})
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The list as a controller keeps it: the live count, the reviews, the failure with `Retry`, and `Show more`. */
export function ControlledList({ controller, plugin, showProduct = false, moreLabel, empty }: { controller: ListController; plugin: ReviewsCtx; showProduct?: boolean; /** @default `Show more reviews` */ moreLabel?: string; empty?: ReactNode }) {
  const state: ListState = useSelector(controller.store, (s) => s);
  const t = useTexts(reviewTexts);
  const busy = state.loading !== null;
  return (
    <div className="reviews-list">
      <p className="reviews-list__count" role="status">
        {countText(1, state.items.length, state.total, t)}
      </p>
      {state.error && (
        <p className="reviews-list__error" role="alert">
          {state.error}{' '}
          <button type="button" onClick={() => controller.retry()}>
            {t.retry}
          </button>
        </p>
      )}
      {state.items.length === 0 ? (
        (empty ?? null)
      ) : (
        <ol className={`reviews-list__items${busy ? ' reviews-list__items--busy' : ''}`} aria-busy={busy || undefined}>
          {state.items.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} plugin={plugin} search={state.shown.search} showProduct={showProduct} />
            </li>
          ))}
        </ol>
      )}
      {state.remaining > 0 && (
        <button type="button" className="reviews-list__more" aria-disabled={busy || undefined} onClick={() => controller.showMore()}>
          {moreLabel ?? t.showMoreReviews} ({state.remaining})
        </button>
      )}
    </div>
  );
}
