import { useEffect, useRef, useState } from 'react';
import { LAZY_IMAGE_MARGIN_PX } from '../../core/rules/layout.js';
import type { ImageSource } from '../../core/domain/catalog.js';
import { NoScript } from './NoScript.js';


interface LazyImageProps {
  readonly image: ImageSource;
  readonly className?: string;
  /** Eager images are in the server HTML with their src (above the fold, the largest first). */
  readonly eager?: boolean;
  readonly priority?: boolean;
  readonly alt?: string;
  readonly width?: number;
  readonly height?: number;
  /** How wide the picture is drawn (`sizes`), when the image's own (its full width) says too much. */
  readonly sizes?: string;
}

/**
 * An image that loads once it comes within 200 px of the viewport. Browsers' native lazy loading
 * uses much larger, browser-chosen margins, so the margin is enforced with an IntersectionObserver.
 * Without scripts the `<noscript>` copy loads.
 */
export function LazyImage({ image, className, eager = false, priority = false, alt, width = 600, height = 600, sizes }: LazyImageProps) {
  const [visible, setVisible] = useState(eager);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (visible) return;
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin: `${LAZY_IMAGE_MARGIN_PX}px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [visible]);
  const text = alt ?? image.alt ?? '';
  const img = (
    <img
        ref={ref}
        className={className}
        src={visible ? image.src : undefined}
        srcSet={visible && image.srcset ? image.srcset : undefined}
        sizes={visible && image.srcset ? (sizes ?? (image.sizes || undefined)) : undefined}
        data-src={visible ? undefined : image.src}
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
