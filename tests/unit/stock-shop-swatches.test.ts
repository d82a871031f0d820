/**
 * A stock shop's variable product, as its Store API describes it (recorded from WooCommerce 9.1:
 * Peer Hoodie with `pa_color` Red/Blue and `pa_size` S/M/L), gets colour swatches for its colour
 * attribute without any setting naming `pa_color`, and labels for its sizes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storeProductSchema, toProduct } from '../../src/adapters/catalog.js';
import { variationAttributes } from '../../src/core/rules/variation-data.js';
import { swatchesOptions } from '../../src/plugins/swatches/options.js';
import { swatchTypeOf, termColour } from '../../src/plugins/swatches/swatch-type.js';
import * as v from 'valibot';

const recording = readFileSync(new URL('../fixtures/stock-woocommerce-9.1/peer-2/storeapi-products.http', import.meta.url), 'utf8');
const products = JSON.parse(recording.slice(recording.indexOf('\n[') + 1)) as unknown[];
const hoodie = toProduct(v.parse(storeProductSchema, products.find((p) => (p as { slug: string }).slug === 'peer-hoodie')));

describe('swatches for a stock shop’s pa_color', () => {
  const attributes = variationAttributes(hoodie);

  it('reads the recorded product’s attributes as a stock shop names them', () => {
    expect(attributes.map((a) => [a.name, a.label, a.values.map((v) => v.slug)])).toEqual([
      ['pa_color', 'Color', ['red', 'blue']],
      ['pa_size', 'Size', ['s', 'm', 'l']],
    ]);
  });

  it('draws pa_color as colour swatches and pa_size as labels, with the defaults and with this shop’s own types', () => {
    for (const options of [swatchesOptions.parse({}), swatchesOptions.parse({ types: { pa_colour: 'color', pa_size: 'label' }, colors: { natural: '#c9b18a' } })]) {
      const [color, size] = attributes;
      expect(swatchTypeOf(color!, options)).toBe('color');
      expect(color!.values.map((v) => termColour(v, options.colors))).toEqual(['red', 'blue']);
      expect(swatchTypeOf(size!, options)).toBe('label');
    }
  });

  it('the integrator’s colours and types still decide', () => {
    const [color] = attributes;
    const options = swatchesOptions.parse({ colors: { red: '#a31f24' } });
    expect(color!.values.map((v) => termColour(v, options.colors))).toEqual(['#a31f24', 'blue']);
    expect(swatchTypeOf(color!, swatchesOptions.parse({ types: { pa_color: 'label' } }))).toBe('label');
    expect(swatchTypeOf(color!, swatchesOptions.parse({ colourAttributes: ['kulay'] }))).toBe('label');
  });
});
