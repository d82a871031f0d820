import { z } from 'zod/mini';
import { definePlugin } from '../../core/plugin.js';
import { installPixel, trackPixel } from './fbq.js';

/** Options of the pixel plugin. */
export const pixelOptions = z.strictObject({
  /** The pixel id (digits); with one, the plugin installs the standard `fbq` stub and script. @default none */
  pixelId: z.optional(z.string().check(z.regex(/^\d{5,20}$/, 'must be the digits of a pixel id'))),
});

/** Parsed options of the pixel plugin. */
export type PixelOptions = z.output<typeof pixelOptions>;

/** Sends a `PageView` to the social ecommerce pixel on every `page.viewed`. Requires consent. */
const pixel = definePlugin({
  name: 'pixel',
  kind: 'destination',
  requiresConsent: true,
  config: pixelOptions,
  setup({ config, ofType, logger }) {
    if (config.pixelId) installPixel(config.pixelId);
    const subscription = ofType('page.viewed').subscribe(() => {
      if (!trackPixel('track', 'PageView')) logger.warn('no fbq on the page; PageView not sent');
    });
    return () => subscription.unsubscribe();
  },
});

export default pixel;
