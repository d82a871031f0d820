/**
 * The catalogues are whole and the views take their texts from them:
 * - every `defineMessages` is readable (literal texts), its name is used once, and the Filipino
 *   catalogue has exactly its keys, with the same `{values}` and the plural forms Filipino uses;
 * - `src/i18n/locales/en-PH.json` (for translators) is what the declarations say (`npm run i18n`);
 * - no view writes a shopper-visible text itself (JSX text, literal `aria-label`/`placeholder`/
 *   `title`/`alt`/`aria-valuetext`, literal strings among an element's children), except the files
 *   still listed below while they move to the catalogues: a file leaves the list once it is clean,
 *   and the test fails if a listed file is already clean (so the list only shrinks).
 * - `params` fills values in one pass and takes them as text; plurals follow each language's rules.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bypasses, declarations, englishCatalogue, filipinoSources, placeholders, sourceFiles, splitCatalogue } from './catalogue-source.js';
import { count, defineMessages, params, setCatalogue, textsIn } from './index.js';
import pagesFilipino from './locales/fil-PH.json' with { type: 'json' };
import serverFilipino from './locales/fil-PH.server.json' with { type: 'json' };

const root = path.resolve('src');
/** The event inspector (`?suki-debug=1`) is a tool for integrators, in English only: not a shopper's page. */
const DEVELOPER_TOOLS = /[\\/]src[\\/]ui[\\/]inspector[\\/]/;
// The server's own texts (emails, the contact forms' answers) are declared under `server/`.
const serverFiles = sourceFiles(path.resolve('server'));
const files = [...sourceFiles(root), ...serverFiles].filter((file) => !DEVELOPER_TOOLS.test(file));
const { found, errors } = declarations(files);
const serverOnly = new Set(declarations(serverFiles).found.map((d) => d.component));
/** The whole Filipino catalogue: the pages' and the server's own. */
const filipino = { ...pagesFilipino, ...serverFilipino };
const relative = (file: string): string => path.relative(path.resolve('.'), file).split(path.sep).join('/');

/** Views not yet moved to the catalogues (issue 16): this list only shrinks. */
const NOT_YET_TRANSLATED = new Set<string>([]);

describe('message catalogues', () => {
  it('every declaration is readable and named once', () => {
    expect(errors).toEqual([]);
    const names = found.map((d) => d.component);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(found.length).toBeGreaterThan(0);
  });

  it('the Filipino catalogue has every key of every declaration, with the same values and its plural forms, and nothing else', () => {
    const fil = filipino as Record<string, Record<string, string | Record<string, string>>>;
    const problems: string[] = [];
    for (const d of found) {
      const table = fil[d.component];
      if (!table) {
        problems.push(`${d.component}: missing`);
        continue;
      }
      for (const [key, text] of Object.entries(d.texts)) {
        const tr = table[key];
        if (tr === undefined) problems.push(`${d.component}.${key}: missing`);
        else if (text.kind === 'count') {
          if (typeof tr === 'string' || !tr['one'] || !tr['other']) problems.push(`${d.component}.${key}: needs the forms one and other`);
          else for (const form of ['one', 'other']) if (!tr[form]!.includes('{count}') && Object.values(text.forms).every((f) => f.includes('{count}'))) problems.push(`${d.component}.${key}.${form}: lost {count}`);
        } else if (typeof tr !== 'string') problems.push(`${d.component}.${key}: must be a string`);
        else if (placeholders(tr).join() !== placeholders(text.text).join()) problems.push(`${d.component}.${key}: values ${placeholders(tr).join()} instead of ${placeholders(text.text).join()}`);
        else if (tr.trim() === '') problems.push(`${d.component}.${key}: empty`);
      }
      for (const key of Object.keys(table)) if (!(key in d.texts)) problems.push(`${d.component}.${key}: not declared`);
    }
    for (const name of Object.keys(fil)) if (!found.some((d) => d.component === name)) problems.push(`${name}: not declared`);
    expect(problems).toEqual([]);
  });

  it('fil-PH.json and fil-PH.server.json are their per-area sources merged (npm run i18n), each area in its own file', () => {
    const sources = filipinoSources('src/i18n/locales/fil-PH');
    expect(sources.errors).toEqual([]);
    const split = splitCatalogue(sources.merged, serverOnly);
    expect(pagesFilipino).toEqual(split.pages);
    expect(serverFilipino).toEqual(split.server);
  });

  it('the pages’ catalogue (which Filipino pages fetch) holds none of the server’s own texts', () => {
    expect(serverOnly.size).toBeGreaterThan(0);
    expect(Object.keys(pagesFilipino).filter((component) => serverOnly.has(component))).toEqual([]);
    expect(Object.keys(serverFilipino).sort()).toEqual([...serverOnly].sort());
  });

  it('en-PH.json is up to date (npm run i18n)', () => {
    const written = JSON.parse(readFileSync('src/i18n/locales/en-PH.json', 'utf8')) as unknown;
    expect(written).toEqual(englishCatalogue(found));
  });

  it('no view writes a shopper-visible text itself (except the files still listed)', () => {
    const found = bypasses(files);
    const offending = found.filter((b) => !NOT_YET_TRANSLATED.has(relative(b.file))).map((b) => `${relative(b.file)}:${b.line} ${b.text}`);
    expect(offending).toEqual([]);
    const stillDirty = new Set(found.map((b) => relative(b.file)));
    expect([...NOT_YET_TRANSLATED].filter((f) => !stillDirty.has(f))).toEqual([]);
  });

  it('the scanner finds texts written into views (so the test above can fail)', () => {
    const sample = path.join(root, 'i18n', '__sample__.tsx');
    const probe = bypasses([sample]);
    expect(probe.map((b) => b.text)).toEqual(['Add to cart', 'Close', 'Open', 'Search products']);
  });
});

describe('texts', () => {
  const set = defineMessages('test/texts', {
    hello: params('Salamat, {name}!'),
    items: count({ one: '{count} item', other: '{count} items' }),
  });

  it('params takes values as text, in one pass', () => {
    const t = textsIn(set, 'en-PH');
    expect(t.hello({ name: 'Ana $& {name} $1' })).toBe('Salamat, Ana $& {name} $1!');
  });

  it('count follows Filipino’s own plural rules in Filipino (one for 1, 2, 3, 5, 10; other for 4, 6, 9, 14)', () => {
    setCatalogue('fil-PH', { ...filipino, 'test/texts': { hello: 'Salamat, {name}!', items: { one: '{count} isa', other: '{count} iba' } } });
    try {
      const t = textsIn(set, 'fil-PH');
      expect([1, 2, 3, 4, 5, 6, 9, 10, 14].map((n) => t.items(n))).toEqual(['1 isa', '2 isa', '3 isa', '4 iba', '5 isa', '6 iba', '9 iba', '10 isa', '14 iba']);
    } finally {
      setCatalogue('fil-PH', filipino);
    }
  });

  it('count follows the language: English one/other', () => {
    const t = textsIn(set, 'en-PH');
    expect([1, 2, 0].map((n) => t.items(n))).toEqual(['1 item', '2 items', '0 items']);
  });

  it('count picks the form the language’s plural rules pick, for any number, in both languages, one after another', () => {
    setCatalogue('fil-PH', { ...filipino, 'test/texts': { hello: 'Salamat, {name}!', items: { one: '{count} isa', other: '{count} iba' } } });
    try {
      const words = { 'en-PH': { one: 'item', other: 'items' }, 'fil-PH': { one: 'isa', other: 'iba' } } as const;
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.constantFrom('en-PH' as const, 'fil-PH' as const), fc.nat({ max: 100_000 })), { minLength: 1, maxLength: 20 }), (asks) => {
          for (const [locale, n] of asks) {
            const form = new Intl.PluralRules(locale).select(n) === 'one' ? 'one' : 'other';
            expect(textsIn(set, locale).items(n)).toBe(`${n} ${words[locale][form]}`);
          }
        }),
      );
    } finally {
      setCatalogue('fil-PH', filipino);
    }
  });
});
