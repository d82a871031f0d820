import { useEffect, useRef, useState } from 'react';
import Swiper from 'swiper';
import { A11y, Autoplay, Navigation } from 'swiper/modules';
import 'swiper/css';
import { carouselBreakpoints, CAROUSEL_DEFAULTS } from '../../core/rules/layout.js';
import { useTexts } from '../i18n.js';
import { carouselTexts } from '../messages/carousel.js';

/**
 * Turns a server-rendered carousel strip into a Swiper carousel with accessible previous/next
 * buttons. Loaded only on pages that show a carousel.
 */
export default function CarouselEnhancer({ sectionId, label, noun = 'products' }: { sectionId: string; label: string; /** What the slides are (the buttons' names). @default 'products' */ noun?: 'products' | 'reviews' }) {
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const [ready, setReady] = useState(false);
  const t = useTexts(carouselTexts);
  const previousName = noun === 'reviews' ? t.previousReviews({ label }) : t.previousProducts({ label });
  const nextName = noun === 'reviews' ? t.nextReviews({ label }) : t.nextProducts({ label });
  useEffect(() => {
    const root = document.querySelector<HTMLElement>(`[data-carousel="${CSS.escape(sectionId)}"]`);
    const viewport = root?.querySelector<HTMLElement>('.swiper');
    if (!root || !viewport || !prev.current || !next.current) return;
    // The shopper may already have scrolled the strip: Swiper starts on the slide in view.
    const track = viewport.querySelector<HTMLElement>('.carousel__track');
    const first = track?.querySelector<HTMLElement>('li');
    const step = track && first ? first.offsetWidth + (parseFloat(getComputedStyle(track).columnGap) || 0) : 0;
    const initialSlide = track && step > 0 ? Math.round(track.scrollLeft / step) : 0;
    const swiper = new Swiper(viewport, {
      initialSlide,
      modules: [Navigation, Autoplay, A11y],
      slidesPerView: 1,
      spaceBetween: CAROUSEL_DEFAULTS.margin,
      breakpoints: carouselBreakpoints(4),
      threshold: CAROUSEL_DEFAULTS.swipeThresholdPx,
      speed: 300,
      autoplay: { delay: CAROUSEL_DEFAULTS.intervalMs, pauseOnMouseEnter: true, disableOnInteraction: false },
      navigation: { prevEl: prev.current, nextEl: next.current },
      a11y: {
        enabled: true,
        slideRole: 'listitem',
        prevSlideMessage: previousName,
        nextSlideMessage: nextName,
        containerRoleDescriptionMessage: t.carousel,
        itemRoleDescriptionMessage: t.slide,
      },
      watchOverflow: true,
    });
    // Pause while keyboard focus is inside, like on hover.
    const pause = () => swiper.autoplay?.stop();
    const resume = () => swiper.autoplay?.start();
    root.addEventListener('focusin', pause);
    root.addEventListener('focusout', resume);
    // After a touch, autoplay resumes 500 ms plus the interval later.
    let touchTimer: ReturnType<typeof setTimeout> | undefined;
    swiper.on('touchEnd', () => {
      swiper.autoplay?.stop();
      clearTimeout(touchTimer);
      touchTimer = setTimeout(resume, CAROUSEL_DEFAULTS.touchRestartMs + CAROUSEL_DEFAULTS.intervalMs);
    });
    root.classList.add('carousel--ready');
    setReady(true);
    return () => {
      clearTimeout(touchTimer);
      root.removeEventListener('focusin', pause);
      root.removeEventListener('focusout', resume);
      root.classList.remove('carousel--ready');
      swiper.destroy(true, true);
    };
  }, [sectionId, previousName, nextName, t]);
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
