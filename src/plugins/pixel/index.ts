import { definePlugin } from '../../core/plugin.js';
import { installPixel, trackPixel } from './fbq.js';
export type { PixelOptions } from './options.js';

/** Sends a `PageView` to the social ecommerce pixel on every `page.viewed`. Requires consent. */
const pixel = definePlugin({
  name: 'pixel',
  kind: 'destination',
  requiresConsent: true,
  // The schema loads only where options are checked (the server); the browser gets them checked.
  config: { load: () => import('./options.js').then((m) => m.pixelOptions) },
  // The pixel's script and the address its events go to, only when the pixel is installed.
  externalSources: (config) =>
    config.pixelId ? { scripts: ['https://connect.facebook.net'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'], images: ['https://www.facebook.com'] } : {},
  setup({ config, ofType, subscribe, logger }) {
    if (config.pixelId) installPixel(config.pixelId);
    subscribe(ofType('page.viewed'), () => {
      if (!trackPixel('track', 'PageView')) logger.warn('no fbq on the page; PageView not sent');
    });
  },
});

export default pixel;

declare module '../../core/plugin.js' {
  interface PluginTypes {
    pixel: typeof pixel;
  }
}
