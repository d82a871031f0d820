/** Product gallery and lightbox rules of the spec (sections 4 and 9), as pure functions. */
import type { ProductImage } from '../domain/catalog.js';

/** Gallery and lightbox constants. */
export const GALLERY_DEFAULTS = {
  /** Main slider transition. */
  speedMs: 300,
  /** The thumbnail slider is refreshed this long after the last resize. */
  thumbsRefreshMs: 500,
  /** Below this viewport width the thumbnails are a horizontal strip of 3. */
  narrowBelowPx: 768,
  lightboxWidth: 500,
  lightboxHeight: 344,
  slideshowMs: 5000,
  /** Above this many images the lightbox has no overlay gallery (thumbnail strip). */
  overlayGalleryMaxImages: 30,
} as const;

/** How the thumbnail slider is laid out at a viewport width: 3 in a row below 768 px, else 4 stacked. */
export const thumbnailLayout = (viewportWidth: number): { readonly count: 3 | 4; readonly direction: 'horizontal' | 'vertical' } =>
  viewportWidth < GALLERY_DEFAULTS.narrowBelowPx ? { count: 3, direction: 'horizontal' } : { count: 4, direction: 'vertical' };

/** Whether a thumbnail click should move the main slider: not while it animates, not to where it is. */
export const thumbnailMoves = (clicked: number, current: number, animating: boolean): boolean => !animating && clicked !== current;

/** Whether the lightbox shows its overlay gallery for this many images. */
export const overlayGalleryEnabled = (imageCount: number): boolean => imageCount <= GALLERY_DEFAULTS.overlayGalleryMaxImages;

/**
 * The gallery with a chosen variation's image in the main (first) place, as WooCommerce swaps it:
 * src, srcset, sizes, alt and title (name) come from the variation; the thumbnail strip keeps the
 * product's own first thumbnail so the shopper can still see it. With no variation image, or none
 * chosen, the product's own images come back unchanged.
 */
export const galleryWithVariation = (images: readonly ProductImage[], variationImage: ProductImage | null): readonly ProductImage[] => {
  if (!variationImage || images.length === 0) {
    return variationImage ? [variationImage] : images;
  }
  const [first, ...rest] = images as [ProductImage, ...ProductImage[]];
  if (first.id === variationImage.id && first.src === variationImage.src) return images;
  return [{ ...variationImage, thumbnail: variationImage.thumbnail || first.thumbnail }, ...rest];
};

/** Next index of a lightbox or slider that does not wrap around (not infinite). */
export const stepIndex = (current: number, delta: number, count: number): number => Math.min(Math.max(0, current + delta), Math.max(0, count - 1));
