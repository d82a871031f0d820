import { useEffect, useRef } from 'react';
import Swiper from 'swiper';
import { A11y, EffectFade } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/effect-fade';
import { GALLERY_DEFAULTS, thumbnailLayout } from '../../core/rules/gallery.js';
import { useTexts } from '../i18n.js';
import { galleryTexts } from '../messages/gallery.js';
import type { GallerySlider } from './ProductGallery.js';

/**
 * Turns the server-rendered gallery strip into a Swiper slider: fade, 300 ms, not infinite. The
 * thumbnail strip's layout (3 in a row below 768 px, 4 stacked otherwise) is refreshed 500 ms
 * after the last resize. Arrow keys are handled by the gallery itself, so they work before this
 * loads. Loaded only on product pages with more than one image.
 *
 * It starts on `start`, the image the strip shows when it takes over: a shopper who moved the
 * strip (arrow keys, a thumbnail) before Swiper arrived stays on that image, instead of being
 * taken back to the first while the thumbnails still mark the one chosen.
 */
export default function GalleryEnhancer({ onReady, onChange, start }: { onReady: (slider: GallerySlider | null) => void; onChange: (index: number) => void; start: number }) {
  const t = useTexts(galleryTexts);
  // Read once, when Swiper is made; later moves go through `slideTo`.
  const startAt = useRef(start);
  useEffect(() => {
    const root = document.querySelector<HTMLElement>('[data-gallery]');
    const viewport = root?.querySelector<HTMLElement>('.gallery__main');
    if (!root || !viewport) return;
    const swiper = new Swiper(viewport, {
      modules: [EffectFade, A11y],
      effect: 'fade',
      fadeEffect: { crossFade: true },
      speed: GALLERY_DEFAULTS.speedMs,
      loop: false,
      slidesPerView: 1,
      initialSlide: startAt.current,
      a11y: { enabled: true, slideRole: 'listitem', containerRoleDescriptionMessage: t.gallery, itemRoleDescriptionMessage: t.image },
      watchOverflow: true,
    });
    swiper.on('slideChange', () => onChange(swiper.activeIndex));
    const layoutThumbs = () => {
      const { count, direction } = thumbnailLayout(window.innerWidth);
      root.dataset['thumbs'] = direction;
      root.style.setProperty('--thumbs-shown', String(count));
    };
    layoutThumbs();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        layoutThumbs();
        swiper.update();
      }, GALLERY_DEFAULTS.thumbsRefreshMs);
    };
    window.addEventListener('resize', onResize);
    root.classList.add('gallery--ready');
    onReady({ slideTo: (index) => swiper.slideTo(index), isAnimating: () => swiper.animating });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      root.classList.remove('gallery--ready');
      onReady(null);
      swiper.destroy(true, true);
    };
  }, [onReady, onChange, t]);
  return null;
}
