/** The central text check: which argument of a query or body holds text the database cannot store. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStorableText } from '../../src/core/rules/text.js';
import { holdsUnstorableText, jsonArguments, unstorableArgument } from './text-input.js';

/** Every string (keys included) of a JSON value, by plain recursion: the reference. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsOf)
      : typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, inner]) => [key, ...stringsOf(inner)])
        : [];

const text = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('\u0000', 'a\ud800', '\udc00', 'ok', '🇵🇭'));
const json = fc.jsonValue();
const tainted = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.constant(null), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(text, tie('value'), { maxKeys: 4 })),
})).value;

describe('holdsUnstorableText', () => {
  it('finds an unstorable key or string exactly when there is one, at any depth', () => {
    fc.assert(fc.property(tainted, (value) => holdsUnstorableText(value) === stringsOf(value).some((s) => !isStorableText(s))));
  });

  it('passes every ordinary JSON document', () => {
    fc.assert(fc.property(json, (value) => holdsUnstorableText(value) === stringsOf(value).some((s) => !isStorableText(s))));
  });
});

describe('unstorableArgument', () => {
  it('names the first bad argument, printable, and null when all are good', () => {
    expect(unstorableArgument(new URLSearchParams('a=1&b=%00&c=%00'))).toBe('b');
    expect(unstorableArgument(new URLSearchParams('x%00=1'))).toBe('x\uFFFD');
    expect(unstorableArgument(jsonArguments({ id: 1, variation: [{ value: 'a\ud800' }] }))).toBe('variation');
    expect(unstorableArgument(jsonArguments(['\u0000']))).toBe('body');
    expect(unstorableArgument(jsonArguments({ name: 'Nena 🇵🇭' }))).toBeNull();
  });
});
