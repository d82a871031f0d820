import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseSwatch,
  chosenVariation,
  clearSwatch,
  swatchItems,
  type Selection,
  type SelectionOptions,
  type SwatchAttribute,
  type SwatchItemState,
  type SwatchVariation,
} from './variation-selection.js';

/** A random variable product: up to 3 attributes of up to 4 values, some combinations missing, some "any", some out of stock. */
interface Matrix {
  readonly attributes: SwatchAttribute[];
  readonly variations: SwatchVariation[];
  readonly options: SelectionOptions;
}

const matrix: fc.Arbitrary<Matrix> = fc
  .tuple(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }), fc.boolean(), fc.boolean())
  .chain(([sizes, clearOnReselect, clickableOutOfStock]) => {
    const attributes = sizes.map((n, i) => ({
      name: `pa_a${i}`,
      label: `A${i}`,
      values: Array.from({ length: n }, (_, j) => ({ slug: `v${j}`, name: `V${j}` })),
    }));
    // Every combination, each kept or not, in stock or not, and with each attribute possibly "any".
    const combos: Array<Record<string, string>> = [{}];
    for (const attribute of attributes) {
      const next: Array<Record<string, string>> = [];
      for (const combo of combos) for (const value of attribute.values) next.push({ ...combo, [attribute.name]: value.slug });
      combos.splice(0, combos.length, ...next);
    }
    return fc
      .tuple(...combos.map(() => fc.tuple(fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 9 }))))
      .map((flags) => {
        const variations: SwatchVariation[] = [];
        flags.forEach(([keep, inStock, anyMask], i) => {
          if (!keep) return;
          const attrs = { ...combos[i]! };
          // Now and then one attribute says "any value".
          if (anyMask === 0 && attributes[0]) attrs[attributes[0].name] = '';
          variations.push({ id: i + 1, attributes: attrs, isInStock: inStock });
        });
        return { attributes, variations, options: { clearOnReselect, clickableOutOfStock } };
      });
  });

/** The reference: written from the spec's sentences, by brute force, independently of the module. */
const reference = {
  matches(v: SwatchVariation, sel: Selection): boolean {
    return Object.entries(sel).every(([k, val]) => val === '' || (v.attributes[k] ?? '') === '' || v.attributes[k] === val);
  },
  state(m: Matrix, sel: Selection, attribute: string, slug: string): { state: SwatchItemState; clickable: boolean } {
    if (sel[attribute] === slug) return { state: 'selected', clickable: true };
    const others = Object.fromEntries(Object.entries(sel).filter(([k, v]) => k !== attribute && v !== ''));
    const offered = m.variations.some((v) => (v.attributes[attribute] ?? '') === '' || v.attributes[attribute] === slug);
    if (!offered) return { state: 'disabled', clickable: false };
    const candidate = { ...others, [attribute]: slug };
    const all = m.variations.filter((v) => reference.matches(v, candidate));
    if (all.length === 0) return { state: 'disabled', clickable: false };
    if (!all.some((v) => v.isInStock)) return { state: 'no-stock', clickable: m.options.clickableOutOfStock };
    return { state: 'enabled', clickable: true };
  },
  consistent(m: Matrix, sel: Selection): boolean {
    return Object.keys(sel).length === 0 || m.variations.some((v) => reference.matches(v, sel));
  },
};

interface Model {
  selection: Record<string, string>;
}
interface Real {
  selection: Selection;
  readonly m: Matrix;
}

const compare = (model: Model, real: Real) => {
  const { m } = real;
  expect(real.selection).toEqual(model.selection);
  expect(reference.consistent(m, real.selection)).toBe(true);
  const items = swatchItems(m.attributes, m.variations, real.selection, m.options);
  for (const attribute of m.attributes) {
    for (const item of items[attribute.name] ?? []) {
      expect({ slug: item.slug, ...reference.state(m, real.selection, attribute.name, item.slug) }).toEqual({ slug: item.slug, state: item.state, clickable: item.clickable });
      expect(item.reason === null).toBe(item.state === 'selected' || item.state === 'enabled');
    }
  }
  const complete = m.attributes.every((a) => (real.selection[a.name] ?? '') !== '');
  const expected = complete ? (m.variations.find((v) => reference.matches(v, real.selection)) ?? null) : null;
  expect(chosenVariation(m.attributes, m.variations, real.selection)).toBe(expected);
};

class Choose implements fc.Command<Model, Real> {
  constructor(
    readonly attributeIndex: number,
    readonly valueIndex: number,
  ) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const attribute = real.m.attributes[this.attributeIndex % real.m.attributes.length]!;
    const value = attribute.values[this.valueIndex % attribute.values.length]!.slug;
    const { state, clickable } = reference.state(real.m, model.selection, attribute.name, value);
    if (clickable) {
      if (state === 'selected') {
        if (real.m.options.clearOnReselect) delete model.selection[attribute.name];
      } else {
        model.selection[attribute.name] = value;
      }
    }
    real.selection = chooseSwatch(real.m.attributes, real.m.variations, real.selection, attribute.name, value, real.m.options);
    compare(model, real);
  }
  toString = () => `choose(${this.attributeIndex}, ${this.valueIndex})`;
}

class Clear implements fc.Command<Model, Real> {
  constructor(readonly attributeIndex: number) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const attribute = real.m.attributes[this.attributeIndex % real.m.attributes.length]!;
    delete model.selection[attribute.name];
    real.selection = clearSwatch(real.selection, attribute.name);
    compare(model, real);
  }
  toString = () => `clear(${this.attributeIndex})`;
}

class Reset implements fc.Command<Model, Real> {
  check = () => true;
  run(model: Model, real: Real): void {
    model.selection = {};
    real.selection = {};
    compare(model, real);
  }
  toString = () => 'reset()';
}

const commands = [
  fc.tuple(fc.nat(5), fc.nat(5)).map(([a, v]) => new Choose(a, v)),
  fc.nat(5).map((a) => new Clear(a)),
  fc.constant(new Reset()),
];

describe('variation selection (model-based)', () => {
  it('matches a brute-force model of the swatch rules over random variation matrices', () => {
    fc.assert(
      fc.property(matrix, fc.commands(commands, { maxCommands: 30 }), (m, cmds) => {
        fc.modelRun(() => ({ model: { selection: {} }, real: { selection: {}, m } }), cmds);
      }),
      { numRuns: 300 },
    );
  });
});
