import { useEffect, useRef } from 'react';
import { LAZY_IMAGE_MARGIN_PX } from '../../core/rules/layout.js';
import type { ImageSource } from '../../core/domain/catalog.js';
import { NoScript } from './NoScript.js';

interface LazyImageProps {
  readonly image: ImageSource;
  readonly className?: string;
  /**
   * Eager images are in the server HTML with their src (above the fold, the largest first), and
   * all are fetched as soon as the HTML names them. The browser's own lazy loading on all but the
   * first was tried: the first paint gained a little, but the largest contentful paint lost more
   * (a later tile of the first row, a fraction of a pixel wider, is the last LCP candidate, and it
   * came a frame or more later: 548 against 432 ms p50 over 21 rounds at 4x CPU).
   */
  readonly eager?: boolean;
  readonly priority?: boolean;
  /**
   * When a lazy picture loads: `near` once it comes within {@link LAZY_IMAGE_MARGIN_PX} of the
   * viewport; `hover` once a mouse or pen enters, or focus moves into, the tile (`<article>`)
   * around it, for a picture that only shows then (a tile's second picture). A finger does not
   * count: it has no hover, and a scroll often starts on a tile.
   * @default 'near'
   */
  readonly loadOn?: 'near' | 'hover';
  readonly alt?: string;
  readonly width?: number;
  readonly height?: number;
  /** How wide the picture is drawn (`sizes`), when the image's own (its full width) says too much. */
  readonly sizes?: string;
}

/** What a lazy `<img>` gets when it loads. */
interface Pending {
  readonly src: string;
  readonly srcset: string | undefined;
  readonly sizes: string | undefined;
}

const pending = new WeakMap<Element, Pending>();
let nearby: IntersectionObserver | null = null;

/** Gives a lazy `<img>` its picture: written to the element, so loading one re-renders nothing. */
function load(el: HTMLImageElement): void {
  const next = pending.get(el);
  if (!next) return;
  pending.delete(el);
  nearby?.unobserve(el);
  if (next.srcset) {
    if (next.sizes) el.sizes = next.sizes;
    el.srcset = next.srcset;
  }
  el.src = next.src;
  el.removeAttribute('data-src');
}

/**
 * One observer for every lazy picture on the page: a grid of tiles made two dozen of them, and
 * each answered with a render of its own when the shopper scrolled (~40 ms at 4x CPU, in the way
 * of a tap on add to cart).
 */
function observeNear(el: HTMLImageElement): () => void {
  nearby ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) load(entry.target as HTMLImageElement);
    },
    { rootMargin: `${LAZY_IMAGE_MARGIN_PX}px` },
  );
  nearby.observe(el);
  return () => nearby?.unobserve(el);
}

function observeHover(el: HTMLImageElement): () => void {
  const root = el.closest('article') ?? el.parentElement;
  if (!root) return () => undefined;
  // In a task of its own: the pointer entering a tile is often the start of a tap on its add to
  // cart, which should not wait for a picture's sources to be written.
  let later: ReturnType<typeof setTimeout> | undefined;
  // `pointermove` too: a list that changed under a resting pointer gets no `pointerenter` (asking
  // the tile whether it is hovered instead costs a style recalculation per tile as a list renders).
  const events = ['pointerenter', 'pointermove', 'focusin'] as const;
  const stop = () => {
    for (const type of events) root.removeEventListener(type, now);
  };
  function now(event: Event) {
    // A finger has no hover: a tap or a scroll that starts on the tile shows no second picture.
    if (event instanceof PointerEvent && event.pointerType === 'touch') return;
    // Heard once: the pointer moving on over the tile has nothing more to ask for.
    stop();
    later = setTimeout(() => load(el), 0);
  }
  for (const type of events) root.addEventListener(type, now, { passive: true });
  return () => {
    clearTimeout(later);
    stop();
  };
}

/**
 * An image that loads once it comes within 200 px of the viewport (or, with `loadOn="hover"`,
 * once its tile is hovered or focused). Browsers' native lazy loading uses much larger,
 * browser-chosen margins, so the margin is enforced with an IntersectionObserver. Without
 * scripts the `<noscript>` copy loads.
 */
export function LazyImage({ image, className, eager = false, priority = false, loadOn = 'near', alt, width = 600, height = 600, sizes }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const { src, srcset } = image;
  const picked = srcset ? (sizes ?? (image.sizes || undefined)) : undefined;
  useEffect(() => {
    const el = ref.current;
    if (eager || !el) return;
    if (el.getAttribute('src') === src) return;
    pending.set(el, { src, srcset, sizes: picked });
    if (typeof IntersectionObserver === 'undefined') {
      load(el);
      return;
    }
    const stop = loadOn === 'hover' ? observeHover(el) : observeNear(el);
    return () => {
      stop();
      pending.delete(el);
    };
  }, [eager, src, srcset, picked, loadOn]);
  const text = alt ?? image.alt ?? '';
  const img = (
    <img
      ref={ref}
      className={className}
      src={eager ? src : undefined}
      srcSet={eager && srcset ? srcset : undefined}
      sizes={eager ? picked : undefined}
      data-src={eager ? undefined : src}
      alt={text}
      width={width}
      height={height}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  return (
    <>
      {/* The page's one preload is in the head (the largest picture only). The <picture> wrapper
          dates from React's server renderer, which preloaded every eager image outside one; the
          styles and tests know eager images by it. */}
      {eager ? <picture>{img}</picture> : img}
      {!eager && (
        <NoScript>
          <img className={className} src={image.src} alt={text} width={width} height={height} loading="lazy" />
        </NoScript>
      )}
    </>
  );
}
