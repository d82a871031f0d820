/**
 * The home page's reviews sections: the grid (masonry cards with the summary box; `Show more` loads
 * cards excluding those shown and hides when none are left) and the slider (Swiper over a
 * scroll-snap strip, brought in on interaction or once on screen and idle; `Read more` / `Read
 * less` per card). Their own chunk: on home nothing of it is fetched before the shopper interacts
 * or the section nears the screen once the page has settled (`deferred.ts`); the server renders them.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { HomeReviewsView, Review } from '../../../core/domain/reviews.js';
import type { PageData } from '../../../app/app-state.js';
import { wakeOnInteractionOrIdle } from '../../../ui/components/wake.js';
import { createListController } from '../list.js';
import { useLocale, useTexts } from '../../../ui/i18n.js';
import { reviewTexts } from '../messages.js';
import { averageText, needsReadMore, reviewDate, shortText } from '../rules.js';
import { ControlledList, Stars, type ReviewsCtx, useLive } from './parts.js';
import { useListController } from './ReviewsTab.js';

const CarouselEnhancer = lazy(() => import('../../../ui/components/CarouselEnhancer.js'));

/** Characters of a slider card's text shown before `Read more`. */
const SLIDER_EXCERPT = 60;

type Grid = NonNullable<HomeReviewsView['grid']>;
type Slider = NonNullable<HomeReviewsView['slider']>;

function ReviewsGrid({ grid, plugin }: { grid: Grid; plugin: ReviewsCtx }) {
  const t = useTexts(reviewTexts);
  const controller = useListController(
    plugin,
    (fetch, landed, texts) =>
      createListController({
        fetch,
        texts,
        scope: { kind: 'all' },
        perPage: grid.cards.perPage,
        initial: { page: grid.cards, filters: { rating: 0, sort: 'recent', search: '', tags: [] } },
        excludeShown: true,
        onLanded: landed,
      }),
    { kind: 'all', productId: null },
  );
  return (
    <section className="reviews-grid" aria-labelledby="reviews-grid-title">
      <h2 id="reviews-grid-title" className="listing__title">
        {grid.title || t.gridTitle}
      </h2>
      <div className="reviews-grid__summary">
        <Stars hundredths={grid.summary.averageHundredths} />
        <p>{averageText(grid.summary.averageHundredths, t)}</p>
        <p>{t.basedOn(grid.summary.count)}</p>
        <a href="/reviews/">{t.seeAll}</a>
      </div>
      <ControlledList controller={controller} plugin={plugin} showProduct moreLabel={t.showMore} />
    </section>
  );
}

function SliderCard({ review }: { review: Review }) {
  const [open, setOpen] = useState(false);
  const t = useTexts(reviewTexts);
  const locale = useLocale();
  const long = needsReadMore(review.text, SLIDER_EXCERPT);
  return (
    <article className="review review--card">
      <Stars hundredths={review.rating * 100} label={t.rated({ rating: review.rating })} />
      <p className="review__text">{open || !long ? review.text : shortText(review.text, SLIDER_EXCERPT)}</p>
      {long && (
        <button type="button" className="review__more" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t.readLess : t.readMore}
        </button>
      )}
      <p className="review__head">
        <span className="review__author">{review.author}</span>
        {review.verified && <span className="review__verified">{t.verified}</span>}
        <time className="review__date" dateTime={review.date}>
          {reviewDate(review.date, locale)}
        </time>
      </p>
      {review.product && (
        <p className="review__product">
          <a href={review.product.permalink}>{review.product.name}</a>
        </p>
      )}
    </article>
  );
}

function ReviewsSlider({ slider }: { slider: Slider }) {
  const t = useTexts(reviewTexts);
  const title = slider.title || t.sliderTitle;
  const [enhance, setEnhance] = useState(false);
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = strip.current;
    if (enhance || !root || slider.reviews.length === 0) return;
    return wakeOnInteractionOrIdle(root, () => setEnhance(true));
  }, [enhance, slider.reviews.length]);
  if (slider.reviews.length === 0) return null;
  return (
    <section className="listing listing--carousel reviews-slider" aria-labelledby="reviews-slider-title">
      <h2 id="reviews-slider-title" className="listing__title">
        {title}
      </h2>
      <div className="carousel" data-carousel="reviews-slider" ref={strip}>
        <div className="swiper carousel__viewport">
          <ul className="swiper-wrapper carousel__track">
            {slider.reviews.map((review) => (
              <li key={review.id} className="swiper-slide listing__item">
                <SliderCard review={review} />
              </li>
            ))}
          </ul>
        </div>
        {enhance && (
          <Suspense fallback={null}>
            <CarouselEnhancer sectionId="reviews-slider" label={title} noun="reviews" />
          </Suspense>
        )}
      </div>
    </section>
  );
}

/** The `home.after` slot: the sections the shop placed (none when the page has no reviews). */
export function HomeReviews({ page, plugin }: { page: Extract<PageData, { type: 'home' | 'shop' | 'category' | 'search' }>; plugin: ReviewsCtx }) {
  useLive();
  const view = page.type === 'home' ? page.reviews : undefined;
  if (!view || (!view.grid && !view.slider)) return null;
  return (
    <div id="home-reviews" className="home-reviews">
      {view.grid && view.grid.cards.items.length > 0 && <ReviewsGrid grid={view.grid} plugin={plugin} />}
      {view.slider && <ReviewsSlider slider={view.slider} />}
    </div>
  );
}
