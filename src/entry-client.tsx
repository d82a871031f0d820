import { useLayoutEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createLazyAdapters } from './adapters/lazy.js';
import { createRuntime } from './core/index.js';
import { keepPageSnapshots, markPageHydrating } from './core/store.js';
import { setCatalogue } from './i18n/index.js';
import { itemFactsOf } from './core/events.js';
import { adoptMoneyFormats } from './core/rules/money.js';
import { readMoneyFormats } from './core/rules/money-pattern.js';
import { loadPlugins, pluginSources } from './plugins/loader.js';
import type { AppState } from './app/app-state.js';
import { App } from './ui/App.js';
import { RuntimeProvider } from './ui/runtime-context.js';
import { createUiSignals } from './ui/signals.js';
import { createViewRegistry } from './ui/slots.js';
import { whenSettled } from './ui/components/wake.js';
import { finishPageHydration, startPageHydration } from './ui/components/hydrate-later.js';
import type * as Debug from './ui/inspector/debug.js';
import { installHydrationTexts } from './ui/hydration.js';
import { keepEarlyClicks } from './ui/early-clicks.js';
import './ui/styles.css';

// Hydration drops the empty texts the server never wrote (`src/ui/hydration.ts`).
installHydrationTexts(false);

const readState = (): AppState => {
  const node = document.getElementById('suki-state');
  if (!node?.textContent) throw new Error('Suki: the page has no serialized state.');
  return JSON.parse(node.textContent) as AppState;
};

/** Calls `done` as the hydration commits (before the components' own effects run). */
function OnHydrated({ done, children }: { done: () => void; children: ReactNode }) {
  useLayoutEffect(done, [done]);
  return children;
}

/** Boots the browser: plugins of the page, runtime hydrated from the server's stores, React hydration. */
async function boot(): Promise<void> {
  // A tap on a control whose part of the page has not hydrated yet is kept and replayed once it has.
  keepEarlyClicks();
  // Every store made from here on remembers the snapshot the page hydrates from (views whose code
  // comes later hydrate from it: `ReadableStore.getServerSnapshot`).
  keepPageSnapshots();
  const state = readState();
  // The page's amounts are written from the patterns the server learnt from Intl: hydrating a
  // listing builds no `Intl.NumberFormat`, whose first one costs a long task on a slow phone.
  adoptMoneyFormats(readMoneyFormats(state.moneyFormats));
  // A page in Filipino hydrates with the Filipino catalogue (a chunk of its own: English pages never fetch it).
  if (state.locale === 'fil-PH') setCatalogue('fil-PH', (await import('./i18n/locales/fil-PH.json')).default);
  // The event inspector (`src/ui/inspector/`), fetched before the runtime is made, so its recorder
  // hears everything, and only when the shop allows it (`debug` in plugins.config.ts; a
  // development build always does) and the address carries `?suki-debug=1`, remembered for the
  // tab until `?suki-debug=0` (session storage; none, no inspector). Inline and terse: every page
  // carries these bytes.
  let debug: Promise<typeof Debug> | undefined;
  try {
    const mode = import.meta.env.DEV ? (state.shop.debug ?? 'request') : state.shop.debug;
    if (mode === 'on' || (mode && (sessionStorage['sukiDebug'] = /[?&]suki-debug=(\d)/.exec(location.search)?.[1] ?? sessionStorage['sukiDebug']) === '1')) {
      debug = import('./ui/inspector/debug.js');
    }
  } catch {
    // No session storage (a sandboxed frame, storage switched off).
  }
  const adapters = createLazyAdapters({ baseUrl: '' });
  if (state.cartNonce) adapters.setNonce(state.cartNonce);
  // The catalogue's code (filters, load-more, search) comes on the shopper's first sign of life (a
  // pointer moving, a touch, a scroll, a key), well before a click lands, or once the page has
  // settled (below), whichever is first. The cart's path is in this script (`vite.config.ts`);
  // `preloadCart` makes its HTTP client.
  const WARMERS = ['pointermove', 'pointerdown', 'touchstart', 'scroll', 'keydown', 'focusin'] as const;
  const warm = (): void => {
    for (const type of WARMERS) window.removeEventListener(type, warm, true);
    void adapters.preloadCart();
    // The catalogue's code once the act that woke it has been answered: the sign of life is often
    // the tap itself (a touch screen) or comes a moment before it, and that act's own work and
    // paint come first. A filter's click is seldom sooner; if it is, it loads the code itself.
    whenIdle(() => void adapters.preload(), 500);
  };
  for (const type of WARMERS) window.addEventListener(type, warm, { capture: true, passive: true });
  // Every plugin folder is its own chunk; only those the server listed for this page are fetched.
  const sources = pluginSources(import.meta.glob(['./plugins/*/index.ts', '../examples/*/index.ts']), 'src');
  // The product page's body is its own chunk (the server modulepreloads it there).
  const productPage = state.page.type === 'product' ? (await import('./ui/pages/ProductPage.js')).ProductPage : undefined;
  const blogPages = state.page.type === 'blog' || state.page.type === 'post' ? await import('./ui/pages/BlogPages.js') : undefined;
  // The checkout pages and their adapter: one chunk of their own (the server modulepreloads it there).
  const checkout = state.page.type === 'checkout' || state.page.type === 'order-received' ? await import('./checkout-client.js') : undefined;
  // The checkout's adapter needs the HTTP client before the page hydrates.
  const checkoutHttp = checkout ? await adapters.http() : undefined;
  if (checkoutHttp && !checkoutHttp.ok) throw new Error(checkoutHttp.error.message);
  const cartPage = state.page.type === 'cart' ? (await import('./ui/pages/CartPage.js')).CartPage : undefined;
  const trackingPage = state.page.type === 'order-tracking' ? (await import('./ui/pages/OrderTrackingPage.js')).OrderTrackingPage : undefined;
  // The My Account pages: their own chunk (the server modulepreloads it there).
  const accountPage = state.page.type === 'account' ? (await import('./ui/pages/AccountPages.js')).AccountPage : undefined;
  const onError = (name: string, error: unknown) => console.error(`[${name}] could not be loaded`, error);
  const plugins = await loadPlugins(
    sources,
    state.plugins.filter((p) => !p.afterConsent),
    { onError },
  );
  // Tracking destinations: their code is fetched once the shopper consents (at once if they have).
  const afterConsent = state.plugins.filter((p) => p.afterConsent);
  const consentedPlugins = async () => (await loadPlugins(sources, afterConsent, { onError })).map(({ plugin, options }) => ({ plugin, options }));
  const runtime = createRuntime({
    // With the inspector: its tap and its logger.
    ...(await debug),
    // The cart's failure sentences in the page's language.
    ...(state.locale ? { locale: state.locale } : {}),
    // Lazy ports: their code comes with their first call, which only their plugin makes.
    ports: {
      catalog: adapters.catalog,
      cart: adapters.cart,
      blog: adapters.blog,
      newsletter: adapters.newsletter,
      wishlist: adapters.wishlist,
      reviews: adapters.reviews,
      // Questions: given only while the plugin is on.
      ...(state.plugins.some((p) => p.name === 'questions') ? { questions: adapters.questions } : {}),
      ...(state.pageType === 'contact' ? { contactForm: adapters.contactForm } : {}),
    },
    plugins: plugins.map(({ plugin, options }) => ({ plugin, options })),
    ...(afterConsent.length > 0 ? { consentedPlugins } : {}),
    consent: { default: state.shop.consentDefault, ...(state.shop.consentStored ? { stored: state.shop.consentStored } : {}) },
    initialState: state.stores,
    // The server validated every plugin's options; the browser never loads the schemas.
    pluginOptionsValidated: true,
  });
  await runtime.start();
  // A task of its own for the hydration: the plugins' setup and the runtime's start above run in
  // the task that brought the last chunk, and together they would make one long task.
  await nextTask();
  const root = document.getElementById('app');
  if (!root) throw new Error('Suki: the page has no #app element.');
  // Hydration (Preact, under React's name): the page in one pass, except the parts left for later
  // (`HydrateLater`: most of a grid's tiles), each hydrated in a task of its own right after; the
  // plugin views whose code comes later hydrate on their own once it arrives
  // (`src/ui/components/views-chunk.ts`).
  markPageHydrating();
  startPageHydration();
  const hydratedNow = new Promise<void>((resolve) => {
    hydrateRoot(
      root,
      <RuntimeProvider value={{ runtime, state, signals: createUiSignals(), views: createViewRegistry(plugins, runtime.viewContext), pages: { ...(productPage ? { product: productPage } : {}), ...(blogPages ? { blog: blogPages.BlogPage, post: blogPages.PostPage } : {}), ...(checkout ? { checkout: checkout.CheckoutPage, orderReceived: checkout.OrderReceivedPage } : {}), ...(trackingPage ? { orderTracking: trackingPage } : {}), ...(accountPage ? { account: accountPage } : {}), ...(cartPage ? { cart: cartPage } : {}) }, ...(checkout && checkoutHttp?.ok ? { checkout: checkout.createCheckoutAdapter(checkoutHttp.value) } : {}) }}>
        <OnHydrated done={resolve}>
          <App />
        </OnHydrated>
      </RuntimeProvider>,
    );
  });
  await hydratedNow;
  await finishPageHydration(nextTask);
  runtime.emit('page.viewed', { path: state.path, title: document.title, pageType: state.pageType }, 'ui');
  const page = state.page;
  if (page.type === 'product') runtime.emit('catalog.itemViewed', { item: itemFactsOf(page.product) }, 'ui');
  const sections = page.type === 'product' ? (page.related ? [page.related] : []) : 'sections' in page ? page.sections : [];
  for (const section of sections) {
    if (section.products.length === 0) continue;
    runtime.emit('catalog.listViewed', { listName: section.listName, items: section.products.map(itemFactsOf), offset: 0 }, 'ui');
  }
  if (page.type === 'search') {
    const term = new URLSearchParams(state.search).get('s')?.trim() ?? '';
    if (term) runtime.emit('catalog.searched', { term, resultCount: page.sections[0]?.total ?? null }, 'ui');
  }
  document.documentElement.dataset['hydrated'] = 'true';
  // The cart's HTTP client once the browser is idle after hydration: made inside the shopper's
  // first sign of life (`warm` above), it cost that event ~8 ms at 4x CPU, and that event is often
  // the scroll or the pointer's arrival just before a tap on add to cart.
  whenIdle(() => void adapters.preloadCart(), 1000);
  // The catalogue's code (filters, load-more, search) once the page has settled: a first filter
  // then sends its request at once, and the code does not count against the page's own loading.
  // The page is marked settled (`data-settled`) once it is in, for tests that count requests.
  whenSettled(() => {
    void Promise.all([adapters.preloadCart(), adapters.preload()]).then(() => {
      document.documentElement.dataset['settled'] = 'true';
    });
  });
  // On the cart page, once it is idle: the categories of lines the page did not tell, so a later
  // remove or quantity change sends its one request and nothing beside it.
  if (page.type === 'cart') whenIdle(() => void runtime.execute('cart.lookUpCategories', undefined));
}

/** Resolves in a new task (`scheduler.yield` where the browser has it), letting input and paint in between. */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/** Runs `task` when the browser is idle (within `within` ms at the latest), or soon where it cannot tell. */
const whenIdle = (task: () => void, within = 2000): void => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: within });
  else setTimeout(task, Math.min(200, within));
};

boot().catch((error: unknown) => {
  console.error('Suki could not start in the browser; the page keeps working as plain HTML.', error);
});
