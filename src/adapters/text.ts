/**
 * Turning server HTML into plain text without a DOM, so the same code runs in the browser, under
 * SSR and in Node tests. The result is only ever rendered as text; this is about readable output,
 * not about sanitising markup for reuse as HTML.
 */

// The entities WordPress and WooCommerce actually emit (wptexturize, price and description
// output). Numeric references cover everything else.
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  laquo: '\u00ab',
  raquo: '\u00bb',
  prime: '\u2032',
  Prime: '\u2033',
  times: '\u00d7',
  divide: '\u00f7',
  minus: '\u2212',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  middot: '\u00b7',
  bull: '\u2022',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  sect: '\u00a7',
  para: '\u00b6',
  frac12: '\u00bd',
  frac14: '\u00bc',
  frac34: '\u00be',
};

const ENTITY = /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g;

function fromCodePoint(code: number): string {
  const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return valid ? String.fromCodePoint(code) : '\ufffd';
}

/** Decodes HTML character references (`&amp;`, `&#8211;`, `&#x20B1;`); unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return fromCodePoint(Number.parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return fromCodePoint(Number.parseInt(body.slice(1), 10));
    return NAMED_ENTITIES[body] ?? whole;
  });
}

// Elements whose content is never visible text.
const INVISIBLE = /<(script|style|template|noscript|iframe|object|svg)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const LINE_BREAK = /<br\b[^>]*>/gi;
const BLOCK_END = /<\/(?:p|div|li|ul|ol|h[1-6]|tr|table|blockquote|section|article|header|footer|dd|dt|figcaption|pre)\s*>/gi;
// A tag with quoted attribute values that may themselves contain `>`.
const TAG = /<\/?[A-Za-z][A-Za-z0-9:-]*(?:[^>"']|"[^"]*"|'[^']*')*>/g;
const DECLARATION = /<[!?][^>]*>/g;
// What `htmlToText` has to deal with: markup, entities, line breaks and runs of blanks.
const NEEDS_WORK = /[<&\r\n\t\f\v]| {2}/;

/**
 * Plain text of an HTML fragment: tags and invisible elements removed, block ends and `<br>` turned
 * into line breaks, entities decoded, runs of spaces collapsed, blank lines dropped.
 */
export function htmlToText(html: string): string {
  // Most names and labels are plain already: nothing to strip, decode, split or collapse.
  return NEEDS_WORK.test(html) ? fullHtmlToText(html) : html.trim();
}

/** {@link htmlToText} without its shortcut for plain strings (which must agree with it). */
export function fullHtmlToText(html: string): string {
  const stripped = html
    .replace(COMMENT, '')
    .replace(INVISIBLE, '')
    .replace(LINE_BREAK, '\n')
    .replace(BLOCK_END, '\n')
    .replace(TAG, '')
    .replace(DECLARATION, '');
  return stripped
    .split(/\r\n|\r|\n/)
    .map((line) => decodeEntities(line.replace(/[ \t\f\v]+/g, ' ')).trim())
    .filter((line) => line !== '')
    .join('\n');
}
