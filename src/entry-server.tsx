import type { AccountSummary } from './app/account-page.js';
import { renderToString } from 'react-dom/server';
import { createAdapters } from './adapters/index.js';
import { createRuntime } from './core/index.js';
import type { AppState } from './app/app-state.js';
import { App } from './ui/App.js';
import { CONSENT_COOKIE, readCookie, storeNoticeCookie } from './ui/cookies.js';
import type { RenderedPage } from './ui/document.js';
import type { SectionFilterConfig } from './core/catalog/section.js';
import { loadPage, type LoadPageOptions } from './app/load-page.js';
import { categoryEntry } from './core/rules/listed-product.js';
import { moneyFormatsFor } from './core/rules/money-pattern.js';
import { RuntimeProvider } from './ui/runtime-context.js';
import { DEFAULT_CHECKOUT, inspectorMode, type ShopConfig } from './app/shop-config.js';
import { createUiSignals } from './ui/signals.js';
import { createViewRegistry } from './ui/slots.js';
import { pluginLoadsOn, prepareViews, waitsForConsent, type LoadedPlugin } from './plugins/loader.js';
import { productStructuredData, serializeJsonLd } from './ui/structured-data.js';
import { documentTitle, pageSeo } from './ui/seo.js';
import { ProductPage } from './ui/pages/ProductPage.js';
import { BlogPage, PostPage } from './ui/pages/BlogPages.js';
import { CheckoutPage, OrderReceivedPage } from './ui/pages/CheckoutPages.js';
import { createCheckoutAdapter } from './adapters/checkout.js';
import { createReviewsAdapter } from './adapters/reviews.js';
import { createContactFormAdapter } from './adapters/contact-form.js';
import type { ContactFormIds, ContactPagePost } from './app/contact-page.js';
import { submitCheckout } from './app/checkout-submit.js';
import { OrderTrackingPage } from './ui/pages/OrderTrackingPage.js';
import { AccountPage } from './ui/pages/AccountPages.js';
import { CartPage } from './ui/pages/CartPage.js';
import { createQuestionsAdapter } from './adapters/questions.js';
import { HIDE_COOKIE } from './plugins/trust-badge/cookie.js';
import { BASE_LOCALE, LANG_COOKIE, LANG_PARAM, localeFromCookie, setCatalogue } from './i18n/index.js';
import filipino from './i18n/locales/fil-PH.json' with { type: 'json' };
import { tileImageSizes } from './core/rules/layout.js';
import { installHydrationTexts } from './ui/hydration.js';

// The server renders both languages: the Filipino catalogue is in from the start.
setCatalogue('fil-PH', filipino);
// Text nodes the browser's hydration can match one by one (`src/ui/hydration.ts`).
installHydrationTexts(true);

export { renderDocument } from './ui/document.js';
export type { DocumentAssets, RenderedPage } from './ui/document.js';

/** What the server hands the renderer for one request. */
export interface RenderInput {
  /** The page address as the shopper requested it. */
  readonly url: URL;
  /** The shopper's Cookie header. */
  readonly cookie: string;
  /** Reaches the shop's API (in-process for the embedded shop), carrying the shopper's cookies. */
  readonly fetch: typeof fetch;
  readonly config: ShopConfig;
  /**
   * Enabled plugins, loaded and checked at start-up (`server/plugins.ts`), in start order, with
   * their checked options. Those that work on the page's type render their views and are passed on
   * to the browser.
   */
  readonly plugins: readonly LoadedPlugin[];
  /** The checkout form posted to `/checkout/` without scripts (its fields), to place the order. */
  readonly checkoutForm?: Readonly<Record<string, unknown>>;
  /** The billing email posted to an order-received page that asked for it. */
  readonly orderEmail?: string;
  /** The order-tracking form's answer, when the server handled a tracking request. */
  readonly orderTracking?: LoadPageOptions['orderTracking'];
  /** A My Account page's state, from the route that answered it (embedded or upstream). */
  readonly account?: LoadPageOptions['account'];
  /** The header's account link: signed in or not (absent: a guest). */
  readonly accountSummary?: AccountSummary;
  /** A wishlist page's state, from the route that answered it (`server/routes/wishlist.ts`, or the upstream one). */
  readonly wishlist?: LoadPageOptions['wishlist'];
  /** A contact form posted to its page without scripts, with the answer (`server/routes/contact-forms.ts`, or the upstream one). */
  readonly contact?: ContactPagePost;
}

/** The contact-form plugin's form ids, from its options (validated at start-up); absent when it is off. */
function contactFormsOf(plugins: RenderInput['plugins']): ContactFormIds | undefined {
  const loaded = plugins.find((p) => p.name === 'contact-form');
  if (!loaded) return undefined;
  const options = loaded.options as { readonly contactFormId: number; readonly wholesaleFormId: number | null };
  return { contact: options.contactFormId, wholesale: options.wholesaleFormId };
}

/** The sections the shop-filters plugin filters, from its options (already validated at start-up). */
function filterSectionsOf(plugins: RenderInput['plugins']): Readonly<Record<string, SectionFilterConfig>> {
  const options = plugins.find((p) => p.name === 'shop-filters')?.options;
  if (typeof options !== 'object' || options === null || !('sections' in options)) return {};
  return (options as { readonly sections: Readonly<Record<string, SectionFilterConfig>> }).sections;
}

/** A page that is only a redirect (a placed order's received page, as a path on this shop). */
function redirectTo(address: string): RenderedPage {
  const url = new URL(address, 'http://shop.invalid');
  return {
    status: 303,
    html: '',
    state: {} as RenderedPage['state'],
    title: '',
    description: '',
    preloadImage: null,
    redirect: `${url.pathname}${url.search}`,
  };
}

/** What of a shopper's cookies changes a render: see {@link renderVariant}. */
export interface RenderVariant {
  /** Names the variant, for a cache key. */
  readonly key: string;
  /** The smallest Cookie header that renders the same variant (no session, so an empty cart). */
  readonly cookie: string;
}

/**
 * The part of a shopper's Cookie header that {@link renderPage} reads besides the session: the
 * consent answer, a dismissed store notice, a closed trust badge and the language. A page rendered with `cookie` (and no session) is
 * the page every shopper of this variant with an empty cart sees, nonce aside, which is what the
 * server's render cache shares between them.
 */
export function renderVariant(cookie: string, config: ShopConfig): RenderVariant {
  const stored = readCookie(cookie, CONSENT_COOKIE);
  const consent = stored === 'granted' || stored === 'denied' ? stored : null;
  const notice = config.shop.storeNotice;
  const noticeName = notice ? storeNoticeCookie(notice.id) : null;
  const hidden = noticeName !== null && readCookie(cookie, noticeName) === 'hidden';
  // A trust badge the shopper closed stays closed: its page is another variant.
  const badgeHidden = readCookie(cookie, HIDE_COOKIE) === 'true';
  // The page's language is another variant.
  const locale = localeFromCookie(cookie);
  const pairs = [
    ...(consent ? [`${CONSENT_COOKIE}=${consent}`] : []),
    ...(hidden ? [`${noticeName}=hidden`] : []),
    ...(badgeHidden ? [`${HIDE_COOKIE}=true`] : []),
    ...(locale !== BASE_LOCALE ? [`${LANG_COOKIE}=${LANG_PARAM[locale]}`] : []),
  ];
  return { key: `consent=${consent ?? '-'}&notice=${hidden ? 'hidden' : '-'}&badge=${badgeHidden ? 'hidden' : '-'}&lang=${locale}`, cookie: pairs.join('; ') };
}

/**
 * Renders one page on the server: one runtime per request, data loaded through the same adapters
 * the browser uses, and the store state serialized so the browser hydrates without refetching.
 */
export async function renderPage(input: RenderInput): Promise<RenderedPage> {
  const { url, cookie, config } = input;
  const adapters = createAdapters({ baseUrl: url.origin, fetch: input.fetch });
  const stored = readCookie(cookie, CONSENT_COOKIE);
  // The reviews' route, read in-process, when a plugin that shows reviews is on.
  const reviews = input.plugins.some((p) => p.name === 'reviews' || p.name === 'trust-badge') ? createReviewsAdapter(adapters.http) : undefined;
  const runtime = createRuntime({
    ports: { catalog: adapters.catalog, cart: adapters.cart, blog: adapters.blog, ...(reviews ? { reviews } : {}) },
    // Planned for their stores and views only: no plugin's setup runs on the server.
    plugins: input.plugins.map(({ plugin, options }) => ({ plugin, options })),
    pluginOptionsValidated: true,
    renderOnly: true,
    consent: { default: config.consent.default, ...(stored === 'granted' || stored === 'denied' ? { stored } : {}) },
    // A page must answer within its deadline; the browser is the one that retries.
    cart: { retryDelaysMs: [] },
  });
  await runtime.start();
  try {
    // The trust badge's content, unless the shopper closed it (its cookie); a badge that cannot be read is left out.
    const badgeOn = input.plugins.some((p) => p.name === 'trust-badge') && readCookie(cookie, HIDE_COOKIE) !== 'true';
    const [categories, cartResult, badge] = await Promise.all([
      adapters.catalog.listCategories(),
      runtime.execute('cart.refresh', undefined),
      badgeOn && reviews ? reviews.badge() : Promise.resolve(null),
    ]);
    const categoryList = categories.ok ? categories.value.filter((c) => c.count > 0) : [];
    const checkout = createCheckoutAdapter(adapters.http);
    // A checkout posted without scripts: placed (the shopper goes on to the order), or shown again.
    const posted = input.checkoutForm && url.pathname === '/checkout/' ? await submitCheckout(checkout, input.checkoutForm, (u) => adapters.http.sameOrigin(u), localeFromCookie(cookie)) : null;
    if (posted?.kind === 'placed') return redirectTo(posted.redirect);
    // The reviews' views (tab, `/reviews/`, home sections) only with the reviews plugin on; the trust badge reads its own.
    const reviewsPlugin = input.plugins.some((p) => p.name === 'reviews');
    // The Q&A tab, while the questions plugin is on.
    const questions = input.plugins.some((p) => p.name === 'questions') ? createQuestionsAdapter(adapters.http) : null;
    // The contact pages' schemas, while the contact-form plugin is on.
    const contactForms = contactFormsOf(input.plugins);
    const contactForm = contactForms ? createContactFormAdapter(adapters.http) : null;
    const loaded = await loadPage(url, { catalog: adapters.catalog, blog: adapters.blog, checkout, ...(reviews && reviewsPlugin ? { reviews } : {}), ...(questions ? { questions } : {}), ...(contactForm ? { contactForm } : {}) }, categoryList, {
      filterSections: filterSectionsOf(input.plugins),
      bankDetails: (config.checkout ?? DEFAULT_CHECKOUT).bankDetails,
      attempt: globalThis.crypto.randomUUID(),
      ...(input.orderEmail !== undefined ? { orderEmail: input.orderEmail } : {}),
      ...(posted ? { submission: posted.submission } : {}),
      ...(input.orderTracking ? { orderTracking: input.orderTracking } : {}),
      ...(input.account ? { account: input.account } : {}),
      ...(input.wishlist ? { wishlist: input.wishlist } : {}),
      ...(contactForms ? { contactForms } : {}),
      ...(input.contact ? { contactPost: input.contact } : {}),
      locale: localeFromCookie(cookie),
    });
    const pagePlugins = input.plugins.filter(({ plugin }) => pluginLoadsOn(plugin, loaded.pageType));
    await prepareViews(pagePlugins, loaded.pageType);
    const offPage = new Set(input.plugins.filter((p) => !pagePlugins.includes(p)).map((p) => p.name));
    const stores = Object.fromEntries(Object.entries(runtime.serialize()).filter(([name]) => !offPage.has(name)));
    const notice = config.shop.storeNotice;
    const debugMode = inspectorMode(config.debug);
    const noticeHidden = notice ? readCookie(cookie, storeNoticeCookie(notice.id)) === 'hidden' : true;
    const drawn: AppState = {
      locale: localeFromCookie(cookie),
      path: url.pathname,
      search: url.search,
      pageType: loaded.pageType,
      page: loaded.page,
      shop: {
        name: config.shop.name,
        tagline: config.shop.tagline,
        storeNotice: noticeHidden ? null : notice,
        redirectAfterAdd: config.cart.redirectAfterAdd,
        consentDefault: config.consent.default,
        consentStored: stored === 'granted' || stored === 'denied' ? stored : null,
        categories: categoryList.map(categoryEntry),
        ...(debugMode ? { debug: debugMode } : {}),
        ...(contactForms ? { contactPage: true as const } : {}),
      },
      stores,
      plugins: pagePlugins.map((loaded) => ({ name: loaded.name, options: loaded.options, ...(waitsForConsent(loaded) ? { afterConsent: true as const } : {}) })),
      cartNonce: cartResult.ok ? adapters.http.nonce() ?? '' : '',
      ...(input.accountSummary ? { account: input.accountSummary } : {}),
      ...(badge?.ok && badge.value.count > 0 && pagePlugins.some((p) => p.name === 'trust-badge') ? { trustBadge: badge.value } : {}),
    };
    // Prices are always written for en-PH (`formatMoney`), in the page's language or not.
    const moneyFormats = moneyFormatsFor(drawn, 'en-PH');
    const state: AppState = moneyFormats ? { ...drawn, moneyFormats } : drawn;
    const html = renderToString(
      <RuntimeProvider value={{ runtime, state, signals: createUiSignals(), views: createViewRegistry(pagePlugins, runtime.viewContext), pages: { product: ProductPage, blog: BlogPage, post: PostPage, checkout: CheckoutPage, orderReceived: OrderReceivedPage, orderTracking: OrderTrackingPage, account: AccountPage, cart: CartPage } }}>
        <App />
      </RuntimeProvider>,
    );
    const page = loaded.page;
    // The first listing's first tile is drawn at its layout's size (`tileImageSizes`): the preload
    // says the same, or the browser would fetch one file for the preload and another for the tile.
    const firstSection = page.type === 'home' || page.type === 'shop' || page.type === 'category' ? page.sections[0] : undefined;
    const listed = firstSection?.products[0]?.images[0];
    const firstImage = page.type === 'product' ? page.product.images[0] : listed && firstSection ? { ...listed, sizes: tileImageSizes(firstSection.layout) } : undefined;
    return {
      status: posted && loaded.status === 200 ? posted.status : loaded.status,
      html,
      state,
      title: documentTitle(page, config.shop.name),
      description: page.description,
      preloadImage: firstImage ? { src: firstImage.src, srcset: firstImage.srcset, sizes: firstImage.sizes } : null,
      structuredData: page.type === 'product' ? serializeJsonLd(productStructuredData(page.product, page.variations ?? [], url.origin, page.reviews ?? null)) : null,
      seo: pageSeo(page, url, config.shop.name, state.locale),
    };
  } finally {
    await runtime.stop();
  }
}
