/** Parameters of one analytics event. */
export type GtagParams = Readonly<Record<string, unknown>>;

type GtagFunction = (...args: unknown[]) => void;

interface GtagGlobals {
  gtag?: unknown;
  dataLayer?: unknown[];
  [key: `ga-disable-${string}`]: unknown;
}

const globals = (): GtagGlobals => globalThis as unknown as GtagGlobals;

/**
 * Sends one event through the page's `gtag`. Throws `Error('Function gtag not implemented.')` when
 * there is none, as the stock helper does; the runtime logs that under the plugin's name.
 */
export const trackEvent = (name: string, params: GtagParams): void => {
  const gtag = globals().gtag;
  if (typeof gtag !== 'function') throw new Error('Function gtag not implemented.');
  (gtag as GtagFunction)('event', name, params);
};

/** Address of Google's tag script for a measurement id. */
export const gtagScriptUrl = (measurementId: string): string =>
  `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;

/**
 * Installs the standard snippet: a `dataLayer`, a `gtag` that queues its arguments there (kept if
 * the page already has one), `gtag('js', now)`, `gtag('config', id)` and the async script. When the
 * script cannot load (offline, blocked), the calls stay queued and nothing else is affected.
 */
export const installGtag = (measurementId: string): void => {
  const g = globals();
  const dataLayer = (g.dataLayer ??= []);
  if (typeof g.gtag !== 'function') {
    g.gtag = function gtag() {
      // Google's loader reads the `arguments` objects themselves from the data layer.
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
  }
  const gtag = g.gtag as GtagFunction;
  // Consent Mode v2: everything denied by default, before the first event; the plugin updates it.
  gtag('consent', 'default', consentSignals('denied'));
  gtag('js', new Date());
  gtag('config', measurementId);
  if (typeof document === 'undefined') return;
  const src = gtagScriptUrl(measurementId);
  if ([...document.scripts].some((script) => script.src === src)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  (document.head ?? document.documentElement).appendChild(script);
};

/** Consent Mode v2's four signals, all set to one value. */
export const consentSignals = (value: 'granted' | 'denied'): Readonly<Record<string, 'granted' | 'denied'>> => ({
  ad_storage: value,
  analytics_storage: value,
  ad_user_data: value,
  ad_personalization: value,
});

/** Tells Google the shopper's answer (`gtag('consent', 'update', …)`); nothing when there is no gtag. */
export const updateConsent = (value: 'granted' | 'denied'): void => {
  const gtag = globals().gtag;
  if (typeof gtag === 'function') (gtag as GtagFunction)('consent', 'update', consentSignals(value));
};

/** Turns Google's own switch for a measurement id off (`window['ga-disable-<id>'] = true`). */
export const disableMeasurement = (measurementId: string): void => {
  globals()[`ga-disable-${measurementId}`] = true;
};

/** True when the cookie string has `<name>=1` or `<name>=true`. */
export const hasOptOutCookie = (cookie: string, name: string): boolean => {
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim().toLowerCase();
    if (value === '1' || value === 'true') return true;
  }
  return false;
};
