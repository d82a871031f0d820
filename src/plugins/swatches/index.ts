/**
 * Variation swatches: colour, image and label swatches in place of the attribute selects of a
 * variable product's form. The selection rules live in core (`rules/variation-selection`), shared
 * with the plain selects the page falls back to when this plugin is off.
 */
import { definePlugin } from '../../core/plugin.js';
import { defineViews } from '../../ui/slots.js';
import { SwatchPicker } from './views/Swatches.js';

declare module '../../core/events.js' {
  interface DomainEventMap {
    /** The shopper chose a swatch value. */
    'swatches.selected': { readonly productId: number; readonly attribute: string; readonly value: string };
    /** The shopper cleared an attribute by clicking its chosen swatch again. */
    'swatches.cleared': { readonly productId: number; readonly attribute: string };
  }
}

declare module '../../core/plugin.js' {
  interface PluginTypes {
    swatches: typeof swatches;
  }
}

const swatches = definePlugin({
  name: 'swatches',
  kind: 'feature',
  // The schema loads only where options are checked (the server); the browser gets them checked.
  config: { load: () => import('./options.js').then((m) => m.swatchesOptions) },
  // Its only view is the product form's attribute picker.
  pages: ['product'],
  setup({ config, logger }) {
    logger.debug(`swatches on (clear on reselect ${config.clearOnReselect ? 'on' : 'off'}, clickable out of stock ${config.clickableOutOfStock ? 'on' : 'off'})`);
    return () => undefined;
  },
});

export default swatches;

/** Views the shell mounts: the swatch picker in `product.attributePicker`. */
export const views = defineViews(swatches, { 'product.attributePicker': SwatchPicker });
