/** WordPress's `_fields`: which names are kept, nested names, lists, and what is left alone. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFields, pickFields, type FieldTree } from './rest-fields.js';

const product = {
  id: 7,
  name: 'Barong',
  prices: { price: '150000', regular_price: '150000', currency_code: 'PHP' },
  images: [{ id: 1, src: 'a.webp' }],
  variations: [{ id: 8 }],
};

describe('_fields', () => {
  it('keeps the named top-level fields of an object, in the answer’s own values', () => {
    expect(pickFields(product, parseFields('id,name')!)).toEqual({ id: 7, name: 'Barong' });
  });

  it('cuts every item of a list, and leaves out names an item does not have', () => {
    const list = [product, { id: 9, name: 'Tsinelas' }];
    expect(pickFields(list, parseFields('id, images')!)).toEqual([
      { id: 7, images: [{ id: 1, src: 'a.webp' }] },
      { id: 9 },
    ]);
  });

  it('keeps part of a nested object by dots, and the whole of it when it is also named alone', () => {
    expect(pickFields(product, parseFields('id,prices.price')!)).toEqual({ id: 7, prices: { price: '150000' } });
    expect(pickFields(product, parseFields('prices.price,prices')!)).toEqual({ prices: product.prices });
    expect(pickFields(product, parseFields('prices,prices.price')!)).toEqual({ prices: product.prices });
  });

  it('names nothing when the value is blank or only separators, so the answer stays whole', () => {
    expect(parseFields('')).toBeNull();
    expect(parseFields(' , ,')).toBeNull();
  });

  it('does not reach into a list by a nested name, and keeps scalars where an object was expected', () => {
    expect(pickFields(product, parseFields('images.src')!)).toEqual({ images: product.images });
    expect(pickFields({ id: 1, prices: null }, parseFields('prices.price')!)).toEqual({ prices: null });
    expect(pickFields([1, 'two'], parseFields('id')!)).toEqual([1, 'two']);
  });

  it('never answers a name it inherits rather than owns, and reads `__proto__` as a plain name', () => {
    expect(pickFields({ id: 1 }, parseFields('id,constructor,__proto__,toString')!)).toEqual({ id: 1 });
    const tree = parseFields('__proto__.polluted,id')!;
    expect(Object.getPrototypeOf(tree)).toBeNull();
    expect(Object.keys(tree).sort()).toEqual(['__proto__', 'id']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(pickFields({ id: 2, name: 'x' }, tree)).toEqual({ id: 2 });
  });

  const name = fc.constantFrom('id', 'name', 'prices', 'price', 'images', 'a', 'b');
  const tree: fc.Arbitrary<FieldTree> = fc.letrec<{ tree: FieldTree }>((tie) => ({
    tree: fc.dictionary(name, fc.oneof({ depthSize: 'small' }, fc.constant(true as const), tie('tree')), { maxKeys: 4 }),
  })).tree;
  const value = fc.jsonValue({ maxDepth: 3 });
  const keysOf = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.keys(v) : []);

  it('keeps only named fields, keeps them unchanged when named whole, and cutting twice is cutting once', () => {
    fc.assert(
      fc.property(value, tree, (answer, fields) => {
        const once = pickFields(answer, fields);
        expect(pickFields(once, fields)).toEqual(once);
        const items = Array.isArray(answer) ? answer : [answer];
        const cut = Array.isArray(once) ? once : [once];
        items.forEach((item, i) => {
          if (keysOf(item).length === 0) return;
          for (const key of keysOf(cut[i])) {
            expect(Object.hasOwn(fields, key)).toBe(true);
            if (fields[key] === true) expect((cut[i] as Record<string, unknown>)[key]).toEqual((item as Record<string, unknown>)[key]);
          }
        });
      }),
    );
  });

  it('reads a list of names as the tree of those names, however they are spaced or repeated', () => {
    fc.assert(
      fc.property(fc.array(fc.array(name, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 }), fc.constantFrom(',', ' ', ', ', ',,'), (paths, separator) => {
        const parsed = parseFields(paths.map((p) => p.join('.')).join(separator))!;
        for (const path of paths) {
          // Each named path is kept: walking it ends at `true` (itself, or a shorter path named whole).
          let at: true | FieldTree | undefined = parsed;
          for (const part of path) {
            if (at === true) break;
            at = at?.[part];
          }
          expect(at).toBe(true);
        }
      }),
    );
  });
});
