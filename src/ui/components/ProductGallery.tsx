import { lazy, Suspense, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { ProductImage } from '../../core/domain/catalog.js';
import { stepIndex, thumbnailMoves } from '../../core/rules/gallery.js';
import { useTexts } from '../i18n.js';
import { galleryTexts } from '../messages/gallery.js';
import { Lightbox } from './Lightbox.js';
import { wakeOnInteractionOrIdle } from './wake.js';

const GalleryEnhancer = lazy(() => import('./GalleryEnhancer.js'));

/** The main slider's controls, once Swiper has taken over the server-rendered strip. */
export interface GallerySlider {
  slideTo(index: number): void;
  isAnimating(): boolean;
}

interface ProductGalleryProps {
  readonly name: string;
  /** The images to show; the first may be a chosen variation's image. */
  readonly images: readonly ProductImage[];
}

/**
 * The product gallery: a main image slider (fade, 300 ms, not infinite) with a thumbnail strip of
 * buttons, and a lightbox. The server renders a scroll-snap strip that works without scripts;
 * Swiper takes over in the browser. Thumbnails are buttons reachable by Tab; arrow keys move the
 * main slider.
 */
export function ProductGallery({ name, images }: ProductGalleryProps) {
  const [current, setCurrent] = useState(0);
  const t = useTexts(galleryTexts);
  const [enhance, setEnhance] = useState(false);
  const [lightboxAt, setLightboxAt] = useState<number | null>(null);
  const slider = useRef<GallerySlider | null>(null);
  const opener = useRef<Element | null>(null);

  // Swiper comes on the first interaction with the gallery, or once the page has settled; until
  // then the strip, its thumbnails and arrow keys work without it.
  const root = useRef<HTMLDivElement>(null);
  const many = images.length > 1;
  useEffect(() => {
    const el = root.current;
    if (!many || enhance || !el) return;
    return wakeOnInteractionOrIdle(el, () => setEnhance(true));
  }, [many, enhance]);

  // A new main image (a variation chosen or reset) brings the slider back to it, as WooCommerce does.
  const firstSrc = images[0]?.src;
  useEffect(() => {
    slider.current?.slideTo(0);
    setCurrent(0);
  }, [firstSrc]);

  const onReady = useCallback((controls: GallerySlider | null) => {
    slider.current = controls;
  }, []);

  const show = (index: number) => {
    if (!thumbnailMoves(index, current, slider.current?.isAnimating() ?? false)) return;
    if (slider.current) slider.current.slideTo(index);
    else document.getElementById(`gallery-slide-${index}`)?.scrollIntoView({ block: 'nearest', inline: 'start' });
    setCurrent(index);
  };

  // Arrow keys move the main slider from anywhere in the gallery (the zoom buttons, the thumbnails),
  // before and after Swiper takes over; the lightbox handles its own keys.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    if (event.target instanceof Element && event.target.closest('.lightbox')) return;
    const next = stepIndex(current, event.key === 'ArrowRight' ? 1 : -1, images.length);
    if (next === current) return;
    event.preventDefault();
    if (slider.current) slider.current.slideTo(next);
    else document.getElementById(`gallery-slide-${next}`)?.scrollIntoView({ block: 'nearest', inline: 'start' });
    setCurrent(next);
  };

  // The button itself is the opener: Swiper cancels the pointerdown on the image inside it, so the
  // button may not hold focus after a click and document.activeElement would be the page.
  const openLightbox = (index: number, button: HTMLButtonElement) => {
    opener.current = button;
    setLightboxAt(index);
  };
  const closeLightbox = useCallback(() => setLightboxAt(null), []);

  if (images.length === 0) return <div className="gallery gallery--empty" aria-hidden="true" />;
  const count = images.length;
  return (
    <div ref={root} className="gallery" data-gallery role="region" aria-roledescription={t.gallery} aria-label={t.imagesOf({ name })} onKeyDown={onKeyDown}>
      <div className="gallery__main swiper">
        <ul className="swiper-wrapper gallery__track">
          {images.map((image, index) => (
            <li className="swiper-slide gallery__slide" id={`gallery-slide-${index}`} key={`${image.id}-${index}`} aria-label={t.imageOf({ index: index + 1, count })}>
              <button type="button" className="gallery__zoom" onClick={(event) => openLightbox(index, event.currentTarget)} aria-label={image.alt ? t.enlargeWithAlt({ index: index + 1, count, alt: image.alt }) : t.enlarge({ index: index + 1, count })}>
                {/* In a <picture>: React's server renderer adds no second preload of the main image (the head has it). */}
                <picture>
                  <img
                    src={image.src}
                    srcSet={image.srcset || undefined}
                    sizes={image.sizes || undefined}
                    alt={image.alt || name}
                    title={image.name || undefined}
                    width={800}
                    height={800}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    {...(index === 0 ? { fetchPriority: 'high' as const } : {})}
                    data-main-image={index === 0 ? '' : undefined}
                  />
                </picture>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {count > 1 && (
        <div className="gallery__thumbs">
          <ul className="gallery__thumb-list" aria-label={t.choose}>
            {images.map((image, index) => (
              <li key={`${image.id}-${index}`} className="gallery__thumb-item">
                <button
                  type="button"
                  className="gallery__thumb"
                  aria-label={t.show({ index: index + 1, count })}
                  aria-current={index === current ? 'true' : undefined}
                  onClick={() => show(index)}
                >
                  <img src={image.thumbnail || image.src} alt="" width={120} height={120} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {enhance && (
        <Suspense fallback={null}>
          <GalleryEnhancer onReady={onReady} onChange={setCurrent} start={current} />
        </Suspense>
      )}
      {lightboxAt !== null && (
        <Lightbox
          images={images}
          start={lightboxAt}
          name={name}
          opener={opener}
          onClose={closeLightbox}
        />
      )}
    </div>
  );
}
