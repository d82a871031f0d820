import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { ProductImage } from '../../core/domain/catalog.js';
import { GALLERY_DEFAULTS, IMAGE_LOAD_ERROR, overlayGalleryEnabled, stepIndex } from '../../core/rules/gallery.js';
import { useModal } from './use-modal.js';

interface LightboxProps {
  readonly images: readonly ProductImage[];
  readonly start: number;
  readonly name: string;
  /** Gets focus back when the lightbox closes. */
  readonly opener: RefObject<Element | null>;
  readonly onClose: () => void;
}

/**
 * The image popup over the gallery: a modal dialog with previous/next, a slideshow (5 s), and an
 * overlay gallery of thumbnails up to 30 images. Escape closes it and focus returns to what opened
 * it. There are no hash deep links (the original lightbox's XSS route). An image that fails to load
 * is reported with the original's alert and the lightbox closes.
 */
export function Lightbox({ images, start, name, opener, onClose }: LightboxProps) {
  const [index, setIndex] = useState(start);
  const [playing, setPlaying] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const count = images.length;
  const image = images[index];
  const close = useCallback(() => onClose(), [onClose]);
  useModal(true, dialog, close, opener);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setIndex((i) => (i + 1 < count ? i + 1 : 0)), GALLERY_DEFAULTS.slideshowMs);
    return () => clearInterval(timer);
  }, [playing, count]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowRight') setIndex((i) => stepIndex(i, 1, count));
    if (e.key === 'ArrowLeft') setIndex((i) => stepIndex(i, -1, count));
  };

  if (!image) return null;
  return (
    <div className="lightbox" onKeyDown={onKeyDown}>
      <div className="lightbox__overlay" aria-hidden="true" onClick={close} />
      <div ref={dialog} className="lightbox__dialog" role="dialog" aria-modal="true" aria-label={`Images of ${name}`} style={{ minWidth: `min(${GALLERY_DEFAULTS.lightboxWidth}px, 100%)`, minHeight: GALLERY_DEFAULTS.lightboxHeight }}>
        <figure className="lightbox__figure">
          <img
            key={image.src}
            src={image.src}
            alt={image.alt || name}
            onError={() => {
              window.alert(IMAGE_LOAD_ERROR);
              close();
            }}
          />
          <figcaption aria-live="polite">
            Image {index + 1} of {count}
            {image.alt ? `: ${image.alt}` : ''}
          </figcaption>
        </figure>
        <div className="lightbox__controls">
          {/* At either end the button is marked disabled but keeps focus (a disabled button would drop it to the page). */}
          <button type="button" onClick={() => index > 0 && setIndex((i) => stepIndex(i, -1, count))} aria-disabled={index === 0 || undefined} aria-label="Previous image">
            ‹
          </button>
          {count > 1 && (
            <button type="button" onClick={() => setPlaying((p) => !p)} aria-pressed={playing}>
              {playing ? 'Pause slideshow' : 'Play slideshow'}
            </button>
          )}
          <button type="button" onClick={() => index < count - 1 && setIndex((i) => stepIndex(i, 1, count))} aria-disabled={index === count - 1 || undefined} aria-label="Next image">
            ›
          </button>
          <button type="button" className="lightbox__close" onClick={close} data-autofocus aria-label="Close">
            ×
          </button>
        </div>
        {count > 1 && overlayGalleryEnabled(count) && (
          <ul className="lightbox__thumbs" aria-label="All images">
            {images.map((thumb, i) => (
              <li key={`${thumb.id}-${i}`}>
                <button type="button" aria-label={`Image ${i + 1} of ${count}`} aria-current={i === index ? 'true' : undefined} onClick={() => setIndex(i)}>
                  <img src={thumb.thumbnail || thumb.src} alt="" width={64} height={64} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
