/**
 * `/reviews/`: the shop's and every product's reviews. Works before scripts: the histogram rows are
 * links (`?ivrating=`), the search and sort are a GET form (`?crsearch=`, `?crsort=`), and pages are
 * numbered links (`?crpage=`). Searching navigates to `?crsearch=term`; clearing returns to the bare
 * address. When the shop chose `Show more` instead of pages, it appends in place. Its own chunk,
 * loaded before hydration on this page only.
 */
import { useId, useRef, useState } from 'react';
import type { AllReviewsView, RatingFilter } from '../../../core/domain/reviews.js';
import type { PageData } from '../../../app/app-state.js';
import { createListController } from '../list.js';
import { useTexts } from '../../../ui/i18n.js';
import { reviewTexts } from '../messages.js';
import { allReviewsHref, countText, pageCount, pageLinks, parseSort, reviewSearchTerm, sortLabels } from '../rules.js';
import { preloadReviewForm, ReviewFormMount } from './form/ReviewFormMount.js';
import { ControlledList, ReviewItem, Summary, type ReviewsCtx, useLive } from './parts.js';
import { useListController } from './ReviewsTab.js';

function InPlaceList({ view, plugin }: { view: AllReviewsView; plugin: ReviewsCtx }) {
  const controller = useListController(
    plugin,
    (fetch, landed, texts) =>
      createListController({
        fetch,
        texts,
        scope: { kind: 'all' },
        perPage: view.reviews.perPage,
        initial: { page: view.reviews, filters: { rating: view.query.rating, sort: view.query.sort, search: view.query.search, tags: [] } },
        onLanded: landed,
      }),
    { kind: 'all', productId: null },
  );
  return <ControlledList controller={controller} plugin={plugin} showProduct />;
}

function Pages({ view }: { view: AllReviewsView }) {
  const t = useTexts(reviewTexts);
  const pages = pageCount(view.reviews.total, view.reviews.perPage);
  if (pages <= 1) return null;
  const current = view.query.page;
  const href = (page: number) => allReviewsHref({ ...view.query, page });
  return (
    <nav className="pagination" aria-label={t.pages}>
      <ul>
        {current > 1 && (
          <li>
            <a href={href(current - 1)} rel="prev">
              {t.previousPage}
            </a>
          </li>
        )}
        {pageLinks(current, pages).map((page, i) =>
          page === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <a href={href(page)} aria-current={page === current ? 'page' : undefined}>
                {page}
              </a>
            </li>
          ),
        )}
        {current < pages && (
          <li>
            <a href={href(current + 1)} rel="next">
              {t.nextPage}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The page's body (the `page.reviews` slot). */
export function ReviewsPage({ page, plugin }: { page: Extract<PageData, { type: 'reviews' }>; plugin: ReviewsCtx }) {
  useLive();
  const t = useTexts(reviewTexts);
  const view = page.reviews;
  const { query } = view;
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [term, setTerm] = useState(query.search);
  const [writing, setWriting] = useState(false);
  const canWrite = view.form.accepting !== 'none' && !writing;
  const hrefFor = (rating: RatingFilter) => allReviewsHref({ ...query, rating, page: 1 });
  const first = (query.page - 1) * view.reviews.perPage + 1;
  /** Goes to the address of the form's state (the bare address when nothing is set). */
  const go = (search: string, sort: string) => window.location.assign(allReviewsHref({ ...query, search: reviewSearchTerm(search), sort: parseSort(sort), page: 1 }));
  return (
    <div className="all-reviews">
      <h1>{t.heading}</h1>
      <div className="reviews">
        <div className="reviews__side">
          <Summary summary={view.summary} active={query.rating} hrefFor={hrefFor} />
          {canWrite && (
            <button type="button" className="reviews__write" aria-expanded={writing} onFocus={() => void preloadReviewForm().catch(() => undefined)} onPointerEnter={() => void preloadReviewForm().catch(() => undefined)} onClick={() => setWriting(true)}>
              {t.write}
            </button>
          )}
        </div>
        <div className="reviews__main">
          <ReviewFormMount plugin={plugin} productId={null} productName={null} settings={view.form} open={writing} onDone={() => setWriting(false)} />
          <form
            ref={form}
            method="get"
            action="/reviews/"
            role="search"
            className="reviews-controls"
            onSubmit={(e) => {
              e.preventDefault();
              const data = new FormData(e.currentTarget);
              go(String(data.get('crsearch') ?? ''), String(data.get('crsort') ?? 'recent'));
            }}
          >
            <label htmlFor={`${id}-sort`} className="reviews-controls__sort">
              {t.sortReviews}
              <select id={`${id}-sort`} name="crsort" defaultValue={query.sort} onChange={(e) => go(term, e.currentTarget.value)}>
                {sortLabels(t).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            {query.rating !== 0 && <input type="hidden" name="ivrating" value={query.rating} />}
            <span className="reviews-controls__search">
              <input type="search" name="crsearch" aria-label={t.searchReviews} placeholder={t.searchReviews} maxLength={100} value={term} onChange={(e) => setTerm(e.currentTarget.value)} />
              <button type="submit">{t.search}</button>
              {query.search !== '' && <a href={allReviewsHref({ ...query, search: '', page: 1 })}>{t.clearSearch}</a>}
            </span>
          </form>
          {view.pagination ? (
            <div className="reviews-list">
              <p className="reviews-list__count" role="status">
                {countText(first, view.reviews.items.length, view.reviews.total, t)}
              </p>
              {view.reviews.items.length > 0 && (
                <ol className="reviews-list__items">
                  {view.reviews.items.map((review) => (
                    <li key={review.id}>
                      <ReviewItem review={review} plugin={plugin} search={query.search} showProduct />
                    </li>
                  ))}
                </ol>
              )}
              <Pages view={view} />
            </div>
          ) : (
            <InPlaceList view={view} plugin={plugin} />
          )}
        </div>
      </div>
    </div>
  );
}
