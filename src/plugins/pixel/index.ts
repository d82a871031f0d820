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
  setup({ config, ofType, logger }) {
    if (config.pixelId) installPixel(config.pixelId);
    const subscription = ofType('page.viewed').subscribe(() => {
      if (!trackPixel('track', 'PageView')) logger.warn('no fbq on the page; PageView not sent');
    });
    return () => subscription.unsubscribe();
  },
});

export default pixel;

declare module '../../core/plugin.js' {
  interface PluginTypes {
    pixel: typeof pixel;
  }
}
