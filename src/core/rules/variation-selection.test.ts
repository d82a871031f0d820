import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attributeLabel,
  chooseSwatch,
  chosenVariation,
  NOT_OFFERED_REASON,
  OUT_OF_STOCK_REASON,
  selectionFromQuery,
  selectionToQuery,
  swatchItems,
  UNAVAILABLE_REASON,
  type SwatchAttribute,
  type SwatchVariation,
} from './variation-selection.js';

const COLOUR: SwatchAttribute = { name: 'pa_colour', label: 'Colour', values: [{ slug: 'red', name: 'Red' }, { slug: 'blue', name: 'Blue' }, { slug: 'green', name: 'Green' }] };
const SIZE: SwatchAttribute = { name: 'pa_size', label: 'Size', values: [{ slug: 's', name: 'S' }, { slug: 'm', name: 'M' }, { slug: 'l', name: 'L' }] };
const ATTRS = [COLOUR, SIZE];
// Red in S/M/L (M out of stock), blue in S/M only; green is never sold.
const VARIATIONS: SwatchVariation[] = [
  { id: 1, attributes: { pa_colour: 'red', pa_size: 's' }, isInStock: true },
  { id: 2, attributes: { pa_colour: 'red', pa_size: 'm' }, isInStock: false },
  { id: 3, attributes: { pa_colour: 'red', pa_size: 'l' }, isInStock: true },
  { id: 4, attributes: { pa_colour: 'blue', pa_size: 's' }, isInStock: true },
  { id: 5, attributes: { pa_colour: 'blue', pa_size: 'm' }, isInStock: true },
];
const STRICT = { clearOnReselect: true, clickableOutOfStock: false };

const stateOf = (selection: Record<string, string>, attribute: string, slug: string, options = STRICT) =>
  swatchItems(ATTRS, VARIATIONS, selection, options)[attribute]?.find((i) => i.slug === slug);

describe('swatch states', () => {
  it('a value never sold is disabled; one impossible with the other choice is disabled with the reason', () => {
    expect(stateOf({}, 'pa_colour', 'green')).toMatchObject({ state: 'disabled', clickable: false, reason: NOT_OFFERED_REASON });
    expect(stateOf({ pa_colour: 'blue' }, 'pa_size', 'l')).toMatchObject({ state: 'disabled', clickable: false, reason: UNAVAILABLE_REASON });
    expect(stateOf({ pa_size: 'l' }, 'pa_colour', 'blue')).toMatchObject({ state: 'disabled', reason: UNAVAILABLE_REASON });
  });

  it('an out-of-stock combination shows the tooltip and is clickable only with clickable-out-of-stock', () => {
    expect(stateOf({ pa_colour: 'red' }, 'pa_size', 'm')).toMatchObject({ state: 'no-stock', clickable: false, reason: OUT_OF_STOCK_REASON });
    expect(stateOf({ pa_colour: 'red' }, 'pa_size', 'm', { ...STRICT, clickableOutOfStock: true })).toMatchObject({ state: 'no-stock', clickable: true });
    // Medium is still available in blue, so with no colour chosen it is enabled.
    expect(stateOf({}, 'pa_size', 'm')).toMatchObject({ state: 'enabled', reason: null });
  });

  it('clicking the chosen value clears it with clear-on-reselect, and does nothing without', () => {
    const chosen = { pa_colour: 'red' };
    expect(chooseSwatch(ATTRS, VARIATIONS, chosen, 'pa_colour', 'red', STRICT)).toEqual({});
    expect(chooseSwatch(ATTRS, VARIATIONS, chosen, 'pa_colour', 'red', { ...STRICT, clearOnReselect: false })).toBe(chosen);
  });

  it('unclickable and unknown values change nothing', () => {
    const chosen = { pa_colour: 'blue' };
    expect(chooseSwatch(ATTRS, VARIATIONS, chosen, 'pa_size', 'l', STRICT)).toBe(chosen);
    expect(chooseSwatch(ATTRS, VARIATIONS, chosen, 'pa_size', 'xxl', STRICT)).toBe(chosen);
    expect(chooseSwatch(ATTRS, VARIATIONS, chosen, 'pa_nope', 's', STRICT)).toBe(chosen);
  });

  it('the chosen variation needs every attribute; "any" values match everything', () => {
    expect(chosenVariation(ATTRS, VARIATIONS, { pa_colour: 'blue' })).toBeNull();
    expect(chosenVariation(ATTRS, VARIATIONS, { pa_colour: 'blue', pa_size: 'm' })?.id).toBe(5);
    const anySize: SwatchVariation[] = [{ id: 9, attributes: { pa_colour: 'red', pa_size: '' }, isInStock: true }];
    expect(chosenVariation(ATTRS, anySize, { pa_colour: 'red', pa_size: 'l' })?.id).toBe(9);
    expect(stateOf({}, 'pa_size', 'l')).toMatchObject({ state: 'enabled' });
  });
});

describe('the choice in the address', () => {
  const consistent = fc.constantFrom<Record<string, string>>({}, { pa_colour: 'red' }, { pa_size: 's' }, { pa_colour: 'blue', pa_size: 'm' }, { pa_colour: 'red', pa_size: 'l' });

  it('address → choice → address keeps every consistent choice and unrelated parameters', () => {
    fc.assert(
      fc.property(consistent, fc.dictionary(fc.constantFrom('utm_source', 'ref', 'q'), fc.string({ maxLength: 10 })), (selection, extra) => {
        const params = selectionToQuery(ATTRS, selection, new URLSearchParams(extra));
        expect(selectionFromQuery(ATTRS, VARIATIONS, params)).toEqual(selection);
        for (const [key, value] of Object.entries(extra)) expect(params.get(key)).toBe(value);
        // Unchosen attributes leave no parameter behind.
        for (const attribute of ATTRS) expect(params.has(`attribute_${attribute.name}`)).toBe(selection[attribute.name] !== undefined);
      }),
    );
  });

  it('hostile or impossible values are ignored', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (colour, size) => {
        const params = new URLSearchParams({ attribute_pa_colour: colour, attribute_pa_size: size, attribute_pa_other: 'x' });
        const selection = selectionFromQuery(ATTRS, VARIATIONS, params);
        for (const [name, value] of Object.entries(selection)) {
          expect(ATTRS.find((a) => a.name === name)?.values.some((v) => v.slug === value)).toBe(true);
        }
        expect(Object.keys(selection).length === 0 || VARIATIONS.some((v) => Object.entries(selection).every(([k, val]) => v.attributes[k] === val))).toBe(true);
      }),
    );
    expect(selectionFromQuery(ATTRS, VARIATIONS, new URLSearchParams('attribute_pa_colour=%3Cscript%3E'))).toEqual({});
    // Blue in L does not exist: the colour (first attribute) is dropped, the size kept.
    expect(selectionFromQuery(ATTRS, VARIATIONS, new URLSearchParams('attribute_pa_colour=blue&attribute_pa_size=l'))).toEqual({ pa_size: 'l' });
  });
});

describe('attribute label', () => {
  it('label, separator right after it, a space, then the chosen name', () => {
    expect(attributeLabel(COLOUR, { pa_colour: 'blue' }, ':', true)).toBe('Colour: Blue');
    expect(attributeLabel(COLOUR, { pa_colour: 'blue' }, ' —', true)).toBe('Colour — Blue');
    expect(attributeLabel(COLOUR, { pa_colour: 'blue' }, ':', false)).toBe('Colour');
    expect(attributeLabel(COLOUR, {}, ':', true)).toBe('Colour');
  });
});
