import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { goToTopVisible, headerScrolling } from '../../core/rules/layout.js';
import { CONSENT_COOKIE, writeCookie } from '../cookies.js';
import { useSelector, useUi } from '../runtime-context.js';
import { SlotFills } from '../slots.js';
import { MiniCartButton } from './CartPanel.js';
import { SearchModal } from './SearchModal.js';
import { StoreNotice } from './Notices.js';
import { useModal } from './use-modal.js';
import { LANGUAGE_NAMES, LOCALES, LANG_PARAM } from '../../i18n/index.js';
import { useLocale, useTexts } from '../i18n.js';
import { chromeTexts } from '../messages/chrome.js';
import { NoScript } from './NoScript.js';


/**
 * Without scripts, the narrow-screen layout keeps the category links and the filter lists in the
 * page instead of behind buttons that would do nothing (rules kept free of quotes and `>`, which
 * the server would escape in text).
 */
const NO_SCRIPT_CSS =
  '@media (max-width: 767px){.site-nav{display:block!important;flex-basis:100%;order:1}.filters{display:flex!important}.site-header__menu,.filters-toggle{display:none!important}}';

/**
 * Keeps a state of `ref`'s element in step with the page's scroll (and size): `write` puts it on
 * the element itself when `now()` changes. As component state, the first scroll re-rendered the
 * header with all it holds (~13 ms at 4x CPU), in the way of the tap that often follows a scroll.
 * The element's JSX keeps the state's first value, so a re-render never undoes what was written.
 */
function useScrollFlag<E extends HTMLElement>(ref: RefObject<E | null>, now: () => boolean, write: (el: E, on: boolean) => void): void {
  useEffect(() => {
    let last = false;
    const update = () => {
      const el = ref.current;
      const on = now();
      if (!el || on === last) return;
      last = on;
      write(el, on);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
    // The three are fixed for the element's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** Site header: store notice, brand, category navigation (behind a Menu button on narrow screens), search and the mini-cart. */
export function Header() {
  const { state } = useUi();
  const t = useTexts(chromeTexts);
  const header = useRef<HTMLElement>(null);
  useScrollFlag(
    header,
    () => headerScrolling(window.scrollY),
    (el, on) => el.setAttribute('data-scrolling', String(on)),
  );
  return (
    <>
      <StoreNotice />
      <header className="site-header" data-scrolling="false" id="top" ref={header}>
        <a className="skip-link" href="#main">
          {t.skip}
        </a>
        <a className="site-header__brand" href="/">
          {state.shop.name}
        </a>
        <nav className="site-nav" aria-label={t.categories}>
          <CategoryLinks />
        </nav>
        <SiteMenu />
        <SearchModal />
        <SlotFills name="header.actions" props={{}} />
        <AccountLink />
        <MiniCartButton />
        <NoScript>
          <style>{NO_SCRIPT_CSS}</style>
        </NoScript>
      </header>
    </>
  );
}

/**
 * `My account`, and once signed in the shopper's name after it in the link's name (not shown: the
 * header stays short). The name starts with the words shown (WCAG 2.5.3).
 */
function AccountLink() {
  const { state } = useUi();
  const t = useTexts(chromeTexts);
  const account = state.account;
  const named = account?.signedIn === true && account.displayName !== '';
  return (
    <a
      className="site-header__account"
      href="/my-account/"
      aria-label={named ? t.myAccountOf({ name: account.displayName }) : undefined}
      aria-current={state.path === '/my-account/' ? 'page' : state.pageType === 'account' ? 'true' : undefined}
    >
      {t.myAccount}
    </a>
  );
}

/** The category links, in the header on wide screens and in the menu dialog on narrow ones. */
function CategoryLinks() {
  const { state } = useUi();
  const t = useTexts(chromeTexts);
  return (
    <ul>
      <li>
        <a href="/shop/" aria-current={state.pageType === 'shop' ? 'page' : undefined}>
          {t.shopAll}
        </a>
      </li>
      {state.shop.categories.map((c) => (
        <li key={c.id}>
          <a href={`/product-category/${c.slug}/`} aria-current={state.path === `/product-category/${c.slug}/` ? 'page' : undefined}>
            {c.name}
          </a>
        </li>
      ))}
      <li>
        <a href="/blog/" aria-current={state.path.startsWith('/blog/') ? 'page' : undefined}>
          {t.blog}
        </a>
      </li>
    </ul>
  );
}

/**
 * Narrow screens: the Menu button (hidden on wide ones) opens the category links as a modal
 * dialog; Tab stays inside, Escape or Close shuts it and focus goes back to the button.
 */
function SiteMenu() {
  const t = useTexts(chromeTexts);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useCallback(() => setOpen(false), []);
  useModal(open, panel, close, opener);
  return (
    <>
      <button ref={opener} type="button" className="site-header__menu button button--small" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {t.menu}
      </button>
      {/* In the body, so the sticky header's stacking does not put page parts above it. */}
      {open &&
        createPortal(
          <div className="menu-modal" onClick={(e) => e.target === e.currentTarget && close()}>
            <div ref={panel} className="menu-modal__panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
              <div className="menu-modal__head">
                <h2 id={titleId} className="menu-modal__title">
                  {t.menu}
                </h2>
                <button type="button" className="button button--small" onClick={close} data-autofocus="">
                  {t.close}
                </button>
              </div>
              <nav className="menu-modal__nav" aria-label={t.categories}>
                <CategoryLinks />
              </nav>
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}

/** Site footer with the go-to-top link, which hides near the bottom of the page. */
export function Footer() {
  const { state } = useUi();
  const t = useTexts(chromeTexts);
  const footer = useRef<HTMLElement>(null);
  const goToTop = useRef<HTMLAnchorElement>(null);
  useScrollFlag(
    goToTop,
    () => goToTopVisible(window.scrollY, window.innerHeight, document.documentElement.scrollHeight, footer.current?.offsetHeight ?? 0),
    (el, on) => {
      el.setAttribute('data-visible', String(on));
      el.setAttribute('aria-hidden', String(!on));
      el.tabIndex = on ? 0 : -1;
    },
  );
  return (
    <>
      <a
        ref={goToTop}
        className="go-to-top"
        href="#top"
        data-visible="false"
        aria-hidden="true"
        tabIndex={-1}
        onClick={(e) => {
          e.preventDefault();
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      >
        {t.goToTop}
      </a>
      <footer className="site-footer" ref={footer}>
        <SlotFills name="footer" props={{}} />
        {state.shop.contactPage ? (
          <p>
            <a href="/contact/">{t.contactUs}</a>
          </p>
        ) : null}
        <p>
          {state.shop.name} · {state.shop.tagline}
        </p>
        <p>{t.prices}</p>
        <LanguageSwitch />
      </footer>
    </>
  );
}

/** One year, for the consent cookie. */
const CONSENT_MAX_AGE = 365 * 24 * 3600;

/**
 * Consent banner shown while consent is `ask`; the answer is kept in a cookie. It is a compact bar
 * in the server HTML (no shift when it appears later): one short line of small text and two
 * buttons, so it is never the largest thing on screen and the browser does not take it for the
 * page's main content (its largest contentful paint) instead of the products.
 */
export function ConsentBanner() {
  const { runtime } = useUi();
  const t = useTexts(chromeTexts);
  const consent = useSelector(runtime.stores.consent, (s) => s.state);
  if (consent !== 'ask') return null;
  const answer = (state: 'granted' | 'denied') => {
    writeCookie(CONSENT_COOKIE, state, CONSENT_MAX_AGE);
    void runtime.execute('consent.set', { state });
  };
  return (
    <section className="consent" role="region" aria-label={t.consentRegion}>
      <p className="consent__text">{t.consentText}</p>
      <div className="consent__actions">
        <button type="button" className="button button--primary" onClick={() => answer('granted')}>
          {t.accept}
        </button>
        <button type="button" className="button" onClick={() => answer('denied')}>
          {t.reject}
        </button>
      </div>
    </section>
  );
}

/**
 * `English` / `Filipino`: this page in the other language (a link with `?lang=`, which the server
 * remembers in a cookie), each name in its own language. Works without scripts.
 */
function LanguageSwitch() {
  const { state } = useUi();
  const t = useTexts(chromeTexts);
  const current = useLocale();
  const address = (lang: string): string => {
    const params = new URLSearchParams(state.search);
    params.set('lang', lang);
    return `${state.path}?${params.toString()}`;
  };
  return (
    <nav className="language-switch" aria-label={t.language}>
      <ul>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a href={address(LANG_PARAM[locale])} hrefLang={locale} lang={locale} aria-current={locale === current ? 'true' : undefined}>
              {LANGUAGE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
