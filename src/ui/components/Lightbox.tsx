import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { ProductImage } from '../../core/domain/catalog.js';
import { GALLERY_DEFAULTS, overlayGalleryEnabled, stepIndex } from '../../core/rules/gallery.js';
import { useTexts } from '../i18n.js';
import { galleryTexts } from '../messages/gallery.js';
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
  const t = useTexts(galleryTexts);
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
      <div ref={dialog} className="lightbox__dialog" role="dialog" aria-modal="true" aria-label={t.imagesOf({ name })} style={{ minWidth: `min(${GALLERY_DEFAULTS.lightboxWidth}px, 100%)`, minHeight: GALLERY_DEFAULTS.lightboxHeight }}>
        <figure className="lightbox__figure">
          <img
            key={image.src}
            src={image.src}
            alt={image.alt || name}
            onError={() => {
              window.alert(t.loadError);
              close();
            }}
          />
          <figcaption aria-live="polite">
            {image.alt ? t.imageOfWithAlt({ index: index + 1, count, alt: image.alt }) : t.imageOf({ index: index + 1, count })}
          </figcaption>
        </figure>
        <div className="lightbox__controls">
          {/* At either end the button is marked disabled but keeps focus (a disabled button would drop it to the page). */}
          <button type="button" onClick={() => index > 0 && setIndex((i) => stepIndex(i, -1, count))} aria-disabled={index === 0 || undefined} aria-label={t.previous}>
            ‹
          </button>
          {count > 1 && (
            <button type="button" onClick={() => setPlaying((p) => !p)} aria-pressed={playing}>
              {playing ? t.pause : t.play}
            </button>
          )}
          <button type="button" onClick={() => index < count - 1 && setIndex((i) => stepIndex(i, 1, count))} aria-disabled={index === count - 1 || undefined} aria-label={t.next}>
            ›
          </button>
          <button type="button" className="lightbox__close" onClick={close} data-autofocus aria-label={t.close}>
            ×
          </button>
        </div>
        {count > 1 && overlayGalleryEnabled(count) && (
          <ul className="lightbox__thumbs" aria-label={t.all}>
            {images.map((thumb, i) => (
              <li key={`${thumb.id}-${i}`}>
                <button type="button" aria-label={t.imageOf({ index: i + 1, count })} aria-current={i === index ? 'true' : undefined} onClick={() => setIndex(i)}>
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
