/**
 * The children rewrites that keep the server's text nodes and the browser's hydration in step.
 */
import { describe, expect, it } from 'vitest';
import { separateTexts, withoutEmptyTexts } from './hydration.js';

const SEP = '<sep>';

describe('separateTexts (server)', () => {
  it('puts a separator between adjacent texts, across nested lists, and nowhere else', () => {
    const element = { type: 'b' };
    expect(separateTexts([3, ' items', element, 'a', ['b', element], ''], () => SEP)).toEqual([3, SEP, ' items', element, 'a', SEP, 'b', element]);
  });

  it('drops empty strings, nulls and booleans, so no separator stands for nothing', () => {
    expect(separateTexts(['a', '', null, false, 'b'], () => SEP)).toEqual(['a', SEP, 'b']);
  });
});

describe('withoutEmptyTexts (browser)', () => {
  it('drops empty strings at any depth and keeps nested lists as lists', () => {
    expect(withoutEmptyTexts(['a', '', ['', 'b'], 0])).toEqual(['a', ['b'], 0]);
  });
});
