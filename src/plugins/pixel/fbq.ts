type FbqFunction = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue?: unknown[];
  push?: unknown;
  loaded?: boolean;
  version?: string;
};

interface PixelGlobals {
  fbq?: unknown;
  _fbq?: unknown;
}

const globals = (): PixelGlobals => globalThis as unknown as PixelGlobals;

/** Address of the pixel's script. */
export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

/**
 * Calls the page's `fbq` with `args`. Returns false (sending nothing) when the page has none.
 */
export const trackPixel = (...args: unknown[]): boolean => {
  const fbq = globals().fbq;
  if (typeof fbq !== 'function') return false;
  (fbq as FbqFunction)(...args);
  return true;
};

/**
 * Installs the standard stub when the page has no `fbq`: calls are queued until the real script
 * (loaded async) takes over. Then initialises the pixel id. If the script never loads, calls just
 * stay queued.
 */
export const installPixel = (pixelId: string): void => {
  const g = globals();
  if (typeof g.fbq !== 'function') {
    const stub: FbqFunction = (...args: unknown[]) => {
      if (stub.callMethod) stub.callMethod(...args);
      else stub.queue?.push(args);
    };
    stub.push = stub;
    stub.loaded = true;
    stub.version = '2.0';
    stub.queue = [];
    g.fbq = stub;
    g._fbq ??= stub;
    if (typeof document !== 'undefined' && ![...document.scripts].some((script) => script.src === PIXEL_SCRIPT_URL)) {
      const script = document.createElement('script');
      script.async = true;
      script.src = PIXEL_SCRIPT_URL;
      (document.head ?? document.documentElement).appendChild(script);
    }
  }
  (g.fbq as FbqFunction)('init', pixelId);
};
