import fc from 'fast-check';
import { describe, it } from 'vitest';
import { containsMarkup, isBlankText, isStorableText } from './text.js';

/** `String.prototype.isWellFormed` (ES2024; the project's type library stops at ES2023). */
const wellFormed = (text: string): boolean => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Characters that show nothing, from every family the rule names. */
const INVISIBLES = [' ', '\t', '\n', '\u00a0', '\u2007', '\u3000', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u202a', '\u202e', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c', '\u115f', '\u1160', '\u3164', '\uffa0', '\u180e', '\u034f', '\ufe0f', '\u2800', '\u0000', '\u001f', '\u{e0020}'];
const invisible = fc.constantFrom(...INVISIBLES);
const invisibleText = fc.array(invisible, { maxLength: 20 }).map((chars) => chars.join(''));
/** A character that certainly shows: letters, digits, punctuation, emoji. */
const visible = fc.constantFrom('a', 'Ñ', 'é', '7', '.', '!', '日', 'ß', '🐟', '🇵🇭', 'я');

describe('isBlankText', () => {
  it('is true for any string made only of invisible characters', () => {
    fc.assert(fc.property(invisibleText, (text) => isBlankText(text)));
  });

  it('is false as soon as one visible character is anywhere among them', () => {
    fc.assert(fc.property(invisibleText, visible, invisibleText, (before, shown, after) => !isBlankText(before + shown + after)));
  });

  it('agrees with trim() on ASCII text', () => {
    // eslint-disable-next-line no-control-regex -- ASCII controls are among the invisible characters
    fc.assert(fc.property(fc.string({ unit: 'binary-ascii' }), (text) => isBlankText(text) === (text.replace(/[\u0000-\u0020\u007f]/g, '') === '')));
  });
});

describe('isStorableText', () => {
  it('accepts every well-formed string without NUL', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => isStorableText(text.replaceAll('\u0000', '')) && wellFormed(text.replaceAll('\u0000', ''))));
  });

  it('refuses any string with a NUL in it', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (before, after) => !isStorableText(`${before}\u0000${after}`)));
  });

  it('refuses exactly the strings that are not well-formed UTF-16', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => isStorableText(text) === (wellFormed(text) && !text.includes('\u0000'))));
  });

  it('refuses a lone high or low surrogate wherever it stands', () => {
    const lone = fc.oneof(fc.integer({ min: 0xd800, max: 0xdbff }), fc.integer({ min: 0xdc00, max: 0xdfff })).map((code) => String.fromCharCode(code));
    const safe = fc.string({ unit: 'grapheme-ascii' });
    fc.assert(fc.property(safe, lone, safe, (before, surrogate, after) => !isStorableText(before + surrogate + after)));
  });
});

describe('containsMarkup', () => {
  it('is false for any text without a "<"', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => containsMarkup(text.replaceAll('<', '')) === false));
  });

  it('is true wherever a tag, end tag, comment or declaration starts', () => {
    const opening = fc.constantFrom('<b', '<script', '</', '<!--', '<?php', '<IMG', '<a');
    // `=== true`: fast-check passes a property that returns undefined, so the answer is compared.
    fc.assert(fc.property(fc.string(), opening, fc.string(), (before, tag, after) => containsMarkup(before + tag + after) === true));
  });

  it('leaves a lone "<" before a digit, space or symbol alone', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('0', '9', ' ', '=', '3', '-', '.') }), (rest) => containsMarkup(`a <${rest}`) === false));
  });
});
