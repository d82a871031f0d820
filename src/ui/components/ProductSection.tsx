import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ListedProduct } from '../../core/domain/catalog.js';
import type { ProductSection as Section } from '../../app/app-state.js';
import { useTexts } from '../i18n.js';
import { listingTexts } from '../messages/listing.js';
import { BuiltInBrowser, HydrateLater, onServer, pageHydrationDone } from './hydrate-later.js';
import { ProductTile } from './ProductTile.js';
import { wakeOnInteractionOrIdle } from './wake.js';
import { tileImageSizes } from '../../core/rules/layout.js';

const CarouselEnhancer = lazy(() => import('./CarouselEnhancer.js'));

interface ProductSectionProps {
  readonly section: Section;
  /** How many tiles carry their image in the server HTML. */
  readonly eagerCount: number;
  /** Whether this section holds the page's largest image (first tile gets high priority). */
  readonly firstOnPage: boolean;
  /** The products to show, when a plugin keeps the list (filtered, more loaded). @default section.products */
  readonly products?: readonly ListedProduct[];
  /** True while a new list is loading: the list fades and is marked busy. */
  readonly busy?: boolean;
  /** Shown instead of the list when it is empty. @default 'No products were found.' */
  readonly emptyMessage?: ReactNode;
  /** Above the list: a filter bar, which wide screens show as a sidebar (`listing--filters`). */
  readonly toolbar?: ReactNode;
  /** Below the list (load-more, notices). */
  readonly footer?: ReactNode;
}

/** Tiles hydrated together, in a task of their own after the page's first pass. */
const TILES_PER_TURN = 4;

/**
 * A grid's tiles in {@link HydrateLater} groups of {@link TILES_PER_TURN}, the first row's first:
 * a page of tiles is most of what hydration does. In one pass it made a long task; with the first
 * row in the page's first pass, that pass was still 50–55 ms at 4x CPU. A tap on a tile's add to
 * cart before its turn is kept and replayed once the tile is live (`early-clicks.ts`).
 */
const inTurns = (tiles: readonly ReactNode[]): ReactNode[] =>
  Array.from({ length: Math.ceil(tiles.length / TILES_PER_TURN) }, (_, i) => (
    <HydrateLater key={`turn-${i}`}>{tiles.slice(i * TILES_PER_TURN, (i + 1) * TILES_PER_TURN)}</HydrateLater>
  ));

/**
 * The grid's `<ul>`. One the browser builds once the page has hydrated (a filter's or a sort's new
 * list) is marked `listing__grid--built`, and its tiles are laid out at once rather than skipped
 * while off screen (`first-paint.css`): for tiles that arrive in a page already showing,
 * Chromium laid the new list out twice in the frame that showed it, once with the tiles skipped
 * and once more with those on screen. Its tiles are {@link BuiltInBrowser}.
 */
function Grid({ busy, children }: { readonly busy: boolean; readonly children: ReactNode }) {
  const [built] = useState(() => !onServer() && pageHydrationDone());
  return (
    <ul className={built ? 'listing__grid listing__grid--built' : 'listing__grid'} aria-busy={busy || undefined}>
      {built ? <BuiltInBrowser.Provider value>{children}</BuiltInBrowser.Provider> : children}
    </ul>
  );
}

/**
 * One list of products in one of the four layouts. The carousel is a scroll-snap strip in the
 * server HTML (usable without scripts); Swiper takes it over only when the shopper first reaches
 * for it, or once it is on screen and the browser is idle, so it never competes with the first
 * paint and hydration.
 */
export function ProductSection({ section, eagerCount, firstOnPage, products = section.products, busy = false, emptyMessage, toolbar, footer }: ProductSectionProps) {
  const headingId = `section-${section.id}`;
  const t = useTexts(listingTexts);
  const [enhance, setEnhance] = useState(false);
  const strip = useRef<HTMLDivElement>(null);
  const carousel = section.layout === 'carousel' && products.length > 0;
  useEffect(() => {
    const root = strip.current;
    if (!carousel || enhance || !root) return;
    return wakeOnInteractionOrIdle(root, () => setEnhance(true));
  }, [carousel, enhance]);

  // Only tiles the server rendered load their pictures at once. A list that replaced them in the
  // browser (a filter, a sort) loads its pictures once laid out: those that came at once were
  // parsed before the new list's first frame and held it back (~65 ms at 4x CPU for four pictures).
  const imageSizes = tileImageSizes(section.layout);
  const tiles = products.map((product, index) => (
    <li key={product.id} className={section.layout === 'carousel' ? 'swiper-slide listing__item' : 'listing__item'}>
      <ProductTile
        product={product}
        listName={section.listName}
        position={index + 1}
        eager={index < eagerCount && section.products[index]?.id === product.id}
        priority={firstOnPage && index === 0}
        imageSizes={imageSizes}
      />
    </li>
  ));

  return (
    <section className={`listing listing--${section.layout}${toolbar ? ' listing--filters' : ''}${busy ? ' listing--loading' : ''}`} aria-labelledby={headingId} data-layout={section.layout}>
      <h2 id={headingId} className="listing__title">
        {section.title}
      </h2>
      {toolbar}
      {products.length === 0 ? (
        <p className="listing__empty">{emptyMessage ?? t.noProducts}</p>
      ) : section.layout === 'carousel' ? (
        <div className="carousel" data-carousel={section.id} ref={strip}>
          <div className="swiper carousel__viewport">
            <ul className="swiper-wrapper carousel__track">{tiles}</ul>
          </div>
          {enhance && (
            <Suspense fallback={null}>
              <CarouselEnhancer sectionId={section.id} label={section.title} />
            </Suspense>
          )}
        </div>
      ) : (
        // Keyed by the first product: a list that replaces the tiles (a filter, a sort) is built
        // apart and goes in whole, and the old one leaves whole, instead of each tile leaving and
        // entering the list on screen one by one (filter click → list painted, 4x CPU, 10-14 paired
        // rounds: 99-102 → 87-100 ms for a first filter, 71-86 → 67-75 ms for a later one).
        // Load-more keeps the first product, so its tiles are only added.
        <Grid key={products[0]?.id} busy={busy}>
          {inTurns(tiles)}
        </Grid>
      )}
      {footer}
    </section>
  );
}
