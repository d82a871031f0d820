import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SwatchAttribute } from '../../core/rules/variation-selection.js';
import { swatchesOptions } from './options.js';
import { isColourAttribute, swatchTypeOf, termColour, type SwatchType, type SwatchTypeOptions } from './swatch-type.js';

const DEFAULTS = swatchesOptions.parse({});

const term = fc.record({ slug: fc.stringMatching(/^[a-z0-9-]{1,12}$/), name: fc.string({ minLength: 1, maxLength: 12 }) });
/** Terms whose slug and name are no colour by themselves (digits and `x` make no CSS colour name). */
const plainTerm = fc.record({ slug: fc.stringMatching(/^x[0-9]{1,6}$/), name: fc.stringMatching(/^X[0-9]{1,6}$/) });
const type = fc.constantFrom<SwatchType>('color', 'image', 'label');
const hex = fc.stringMatching(/^#[0-9a-f]{6}$/);
/** A colour word in any case, with or without the `pa_` prefix, as a key or as a label. */
const spelled = (word: string) =>
  fc.tuple(fc.boolean(), fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length })).map(([prefixed, upper]) => {
    const cased = [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
    return prefixed ? `pa_${cased}` : cased;
  });
const options = (overrides: Partial<SwatchTypeOptions> = {}): SwatchTypeOptions => ({ types: {}, colors: {}, colourAttributes: ['colour', 'color'], ...overrides });
const attribute = (name: string, values: SwatchAttribute['values'], label = name): SwatchAttribute => ({ name, label, values });

describe('swatch type of an attribute', () => {
  it('the types option wins, whatever the attribute is called and whatever colours its terms have', () => {
    fc.assert(
      fc.property(fc.oneof(spelled('color'), spelled('colour'), fc.stringMatching(/^pa_[a-z]{1,10}$/)), fc.array(term, { maxLength: 5 }), type, fc.dictionary(fc.string(), hex), (name, values, chosen, colors) => {
        expect(swatchTypeOf(attribute(name, values), options({ types: { [name]: chosen }, colors }))).toBe(chosen);
      }),
    );
  });

  it('a colour-named attribute is colour swatches once one of its terms has a colour (from colors or its own name)', () => {
    fc.assert(
      fc.property(
        fc.oneof(spelled('color'), spelled('colour'), spelled('kulay')),
        fc.array(plainTerm, { maxLength: 4 }),
        fc.oneof(
          hex.map((colour) => ({ known: { slug: 'x-known', name: 'Known' }, colors: { 'x-known': colour } })),
          fc.constantFrom('red', 'Navy', 'light-blue', 'Light Blue').map((word) => ({ known: { slug: `t-${word.length}`, name: word }, colors: {} })),
        ),
        fc.boolean(),
        (name, plain, { known, colors }, asLabel) => {
          const named = asLabel ? attribute('pa_1', [...plain, known], name) : attribute(name, [...plain, known]);
          expect(swatchTypeOf(named, options({ colors, colourAttributes: ['colour', 'color', 'kulay'] }))).toBe('color');
        },
      ),
    );
  });

  it('a colour-named attribute whose terms have no colour, and any other attribute, are labels', () => {
    fc.assert(
      fc.property(fc.oneof(spelled('color'), spelled('colour')), fc.array(plainTerm, { maxLength: 5 }), (name, values) => {
        expect(swatchTypeOf(attribute(name, values), options())).toBe('label');
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^(pa_)?(size|material|fit|x[a-z]{0,8})$/), fc.array(term, { maxLength: 5 }), fc.dictionary(fc.string(), hex), (name, values, colors) => {
        expect(swatchTypeOf(attribute(name, values), options({ colors }))).toBe('label');
      }),
    );
  });

  it('only the configured names mean colour: kulay once added, color no longer when left out', () => {
    const kulay = attribute('pa_kulay', [{ slug: 'pula', name: 'Pula' }], 'Kulay');
    expect(swatchTypeOf(kulay, options({ colors: { pula: '#c0392b' } }))).toBe('label');
    expect(swatchTypeOf(kulay, options({ colors: { pula: '#c0392b' }, colourAttributes: ['colour', 'color', 'kulay'] }))).toBe('color');
    expect(isColourAttribute({ name: 'pa_color', label: 'Color' }, ['kulay'])).toBe(false);
    expect(isColourAttribute({ name: 'kulay', label: 'Kúlay' }, ['KULAY'])).toBe(true);
  });

  it('a term’s colour: the colors option first, then its slug or name as a CSS colour, else none', () => {
    expect(termColour({ slug: 'red', name: 'Red' }, { red: '#b00' })).toBe('#b00');
    expect(termColour({ slug: 'red', name: 'Red' }, {})).toBe('red');
    expect(termColour({ slug: 'sky', name: 'Light Blue' }, {})).toBe('lightblue');
    expect(termColour({ slug: 'ube', name: 'Ube' }, {})).toBeNull();
    // Names of the object prototype are no colours.
    expect(termColour({ slug: 'constructor', name: 'toString' }, {})).toBeNull();
  });

  it('by default pa_colour and a stock shop’s pa_color need no setting, and pa_size stays labels', () => {
    expect(DEFAULTS.types).toEqual({});
    expect(DEFAULTS.colourAttributes).toEqual(['colour', 'color']);
    const colours = [
      { slug: 'red', name: 'Red' },
      { slug: 'blue', name: 'Blue' },
    ];
    expect(swatchTypeOf(attribute('pa_color', colours, 'Color'), DEFAULTS)).toBe('color');
    expect(swatchTypeOf(attribute('pa_colour', [{ slug: 'ube', name: 'Ube' }], 'Colour'), { ...DEFAULTS, colors: { ube: '#5e4391' } })).toBe('color');
    expect(swatchTypeOf(attribute('pa_size', [{ slug: 's', name: 'S' }], 'Size'), DEFAULTS)).toBe('label');
  });

  it('checks the colour names option', () => {
    expect(swatchesOptions.safeParse({ colourAttributes: ['colour', 'color', 'kulay', 'Farbe'] }).success).toBe(true);
    expect(swatchesOptions.safeParse({ colourAttributes: ['<b>'] }).success).toBe(false);
    expect(swatchesOptions.safeParse({ colourAttributes: 'colour' }).success).toBe(false);
  });
});
