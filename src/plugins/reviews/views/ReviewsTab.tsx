/**
 * The product page's `Reviews ({n})` tab: the summary with its histogram filter, the sort, the
 * search, the tag buttons, the list with `Show more`, each review with its votes, photos and
 * videos, and `Write a review` (the form is rform's `ReviewFormMount`). Its own chunk: the page
 * keeps the server's HTML until it arrives (`deferred.ts`).
 */
import { useEffect, useState } from 'react';
import type { Product } from '../../../core/domain/catalog.js';
import type { ProductReviewsView } from '../../../core/domain/reviews.js';
import { useLocale, useTexts } from '../../../ui/i18n.js';
import { useSelector, useUi } from '../../../ui/runtime-context.js';
import { reviewTexts, reviewTextsIn, type ReviewTexts } from '../messages.js';
import { createListController, type ListController, type ListState } from '../list.js';
import { preloadReviewForm, ReviewFormMount } from './form/ReviewFormMount.js';
import { ControlledList, ListControls, Summary, type ReviewsCtx, useLive } from './parts.js';

/** A list controller over the plugin's `reviews.list`, telling the bus what landed (`review.filtered`). */
export const useListController = (
  plugin: ReviewsCtx,
  make: (fetch: Parameters<typeof createListController>[0]['fetch'], landed: (state: ListState) => void, texts: ReviewTexts) => ListController,
  scope: { kind: 'product' | 'shop' | 'all'; productId: number | null },
): ListController => {
  const locale = useLocale();
  const [controller] = useState(() =>
    make(
      async (query, signal) => plugin.execute('reviews.list', { query, signal }),
      (state) =>
        plugin.emit('review.filtered', {
          scope: scope.kind,
          productId: scope.productId,
          rating: state.shown.rating,
          sort: state.shown.sort,
          search: state.shown.search,
          tags: state.shown.tags,
          page: state.page,
          count: state.total,
        }),
      reviewTextsIn(locale),
    ),
  );
  useEffect(() => () => controller.dispose(), [controller]);
  return controller;
};

function Tab({ view, product, plugin }: { view: ProductReviewsView; product: Product; plugin: ReviewsCtx }) {
  useLive();
  const t = useTexts(reviewTexts);
  const [writing, setWriting] = useState(false);
  const controller = useListController(
    plugin,
    (fetch, landed, texts) =>
      createListController({
        fetch,
        texts,
        scope: { kind: 'product', productId: view.productId },
        perPage: view.first.perPage,
        initial: { page: view.first, filters: { rating: 0, sort: view.sort, search: '', tags: [] } },
        onLanded: landed,
      }),
    { kind: 'product', productId: view.productId },
  );
  const rating = useSelector(controller.store, (s) => s.filters.rating);
  const write = (
    <button type="button" className="reviews__write" aria-expanded={writing} onFocus={() => void preloadReviewForm().catch(() => undefined)} onPointerEnter={() => void preloadReviewForm().catch(() => undefined)} onClick={() => setWriting(true)}>
      {t.write}
    </button>
  );
  const canWrite = view.form.accepting !== 'none' && !writing;
  const form = <ReviewFormMount plugin={plugin} productId={view.productId} productName={product.name} settings={view.form} open={writing} onDone={() => setWriting(false)} />;
  // A review posted without scripts: the server's answer, in the page's language.
  const posted = view.posted ? (
    <p className={`reviews__posted reviews__posted--${view.posted.ok ? 'ok' : 'error'}`} role={view.posted.ok ? 'status' : 'alert'}>
      {view.posted.text}
    </p>
  ) : null;
  if (view.summary.count === 0) {
    return (
      <div className="reviews" id="reviews">
        {posted}
        <p className="reviews__none">{t.none}</p>
        {canWrite && write}
        {form}
      </div>
    );
  }
  return (
    <div className="reviews" id="reviews">
      {posted}
      <div className="reviews__side">
        <Summary summary={view.summary} active={rating} onPress={(pressed) => controller.pressRating(pressed)} />
        {canWrite && write}
      </div>
      <div className="reviews__main">
        {form}
        <ListControls controller={controller} tags={view.tags} />
        <ControlledList controller={controller} plugin={plugin} />
      </div>
    </div>
  );
}

/** The tab's panel: the view the server loaded with the page, or why there is none. */
export function ReviewsTab({ product, plugin }: { product: Product; plugin: ReviewsCtx }) {
  const { state } = useUi();
  const t = useTexts(reviewTexts);
  const view = state.page.type === 'product' ? state.page.reviews : undefined;
  if (!view) {
    return (
      <div className="reviews" id="reviews">
        <p role="status">{t.tabFailed}</p>
      </div>
    );
  }
  return <Tab view={view} product={product} plugin={plugin} />;
}
