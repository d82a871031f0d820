import { z } from 'zod/mini';

/**
 * A lenient boolean, as the original swatches plugin reads its options: true for `true`, 1 and the
 * strings "1", "true", "yes", "on" (any case); every other value is false.
 */
export const lenientBoolean = (value: unknown): boolean => {
  if (value === true || value === 1) return true;
  if (typeof value === 'string') return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
  return false;
};

const flag = (fallback: boolean) => z._default(z.pipe(z.unknown(), z.transform(lenientBoolean)), fallback);

/** How one attribute's values are drawn. */
export const swatchType = z.enum(['color', 'image', 'label']);

/**
 * Options of the swatches plugin, with the spec's defaults. Adding to the cart is always done in
 * place (the spec's "ajax add to cart: yes"), and going to the cart afterwards follows the shop's
 * own `cart.redirectAfterAdd` (default no), so the swatches have no separate switches for them.
 */
export const swatchesOptions = z.strictObject({
  /** Show the chosen value after the attribute label ("Colour: Blue"). @default true */
  showLabel: flag(true),
  /** Clicking the selected swatch clears the choice. @default true */
  clearOnReselect: flag(true),
  /** Between the label and the chosen value. @default ':' */
  labelSeparator: z._default(z.string().check(z.maxLength(5, 'must be at most 5 characters')), ':'),
  /** "Only N left" shows at or below this stock. @default 5 */
  stockLabelThreshold: z._default(z.int().check(z.minimum(0, 'must be 0 or more'), z.maximum(1000, 'must be at most 1000')), 5),
  /** Show "N left" on the values of the last attribute to choose. @default false */
  showStock: flag(false),
  /** Out-of-stock values stay clickable (marked no-stock). @default false */
  clickableOutOfStock: flag(false),
  /** Values shown per attribute before a "More" button; 0 shows all. @default 0 */
  displayLimit: z._default(z.int().check(z.minimum(0, 'must be 0 or more'), z.maximum(100, 'must be at most 100')), 0),
  /**
   * Swatch type per attribute key (`pa_size: 'label'`); it wins over the colour rule. Attributes not
   * listed are colour swatches when named like colour (see `colourAttributes`) and one of their terms
   * has a colour, and labels otherwise. @default {}
   */
  types: z._default(z.record(z.string(), swatchType), {}),
  /**
   * Attribute names that mean colour, compared with the attribute's key (`pa_` aside) and label,
   * case and accents ignored: `pa_colour` here, `pa_color` on a stock shop. Add the shop's own
   * words, e.g. `['colour', 'color', 'kulay']`. @default ['colour', 'color']
   */
  colourAttributes: z._default(
    z
      .array(z.string().check(z.regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]{0,39}$/u, 'must be an attribute name such as colour')))
      .check(z.maxLength(20, 'must list at most 20 names')),
    ['colour', 'color'],
  ),
  /**
   * CSS colours of colour values by term slug. A value without one is drawn in the colour its slug
   * or name is (`red`, `Light Blue`), else as a label. @default {}
   */
  colors: z._default(z.record(z.string(), z.string().check(z.regex(/^(#[0-9a-fA-F]{3,8}|[a-z]{3,20})$/, 'must be a hex colour or a colour name'))), {}),
});

/** Parsed options of the swatches plugin. */
export type SwatchesOptions = z.output<typeof swatchesOptions>;
