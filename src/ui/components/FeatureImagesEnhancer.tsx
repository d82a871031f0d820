import { useEffect, useRef, useState } from 'react';
import Swiper from 'swiper';
import { A11y, Keyboard, Navigation } from 'swiper/modules';
import 'swiper/css';
import { CAROUSEL_DEFAULTS } from '../../core/rules/layout.js';
import { useTexts } from '../i18n.js';
import { carouselTexts } from '../messages/carousel.js';

/**
 * Turns a post's server-rendered picture strip into a Swiper carousel (300 ms, not infinite) with
 * named previous/next buttons; arrow keys move it while it is in view. Loaded only on posts with
 * more than one feature image.
 */
export default function FeatureImagesEnhancer({ title }: { title: string }) {
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const [ready, setReady] = useState(false);
  const t = useTexts(carouselTexts);
  const previousName = t.previousPicture({ title });
  const nextName = t.nextPicture({ title });
  useEffect(() => {
    const root = document.querySelector<HTMLElement>('[data-post-images]');
    const viewport = root?.querySelector<HTMLElement>('.swiper');
    if (!root || !viewport || !prev.current || !next.current) return;
    const swiper = new Swiper(viewport, {
      modules: [Navigation, A11y, Keyboard],
      slidesPerView: 1,
      speed: CAROUSEL_DEFAULTS.speedMs,
      loop: false,
      keyboard: { enabled: true, onlyInViewport: true },
      navigation: { prevEl: prev.current, nextEl: next.current },
      a11y: {
        enabled: true,
        slideRole: 'listitem',
        prevSlideMessage: previousName,
        nextSlideMessage: nextName,
        containerRoleDescriptionMessage: t.carousel,
        itemRoleDescriptionMessage: t.picture,
      },
    });
    root.classList.add('post-images--ready');
    setReady(true);
    return () => {
      root.classList.remove('post-images--ready');
      swiper.destroy(true, true);
    };
  }, [previousName, nextName, t]);
  return (
    <div className="carousel__nav" hidden={!ready}>
      <button ref={prev} type="button" className="carousel__btn" aria-label={previousName}>
        ‹
      </button>
      <button ref={next} type="button" className="carousel__btn" aria-label={nextName}>
        ›
      </button>
    </div>
  );
}
