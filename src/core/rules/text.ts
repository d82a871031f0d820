/**
 * Text rules shared by the browser's forms and the server's input checks.
 *
 * - {@link isStorableText}: PostgreSQL text cannot hold NUL, and a UTF-16 string with an unpaired
 *   surrogate has no UTF-8 form; either makes the database refuse the statement.
 * - {@link isBlankText}: a name or comment made only of characters that show nothing (spaces,
 *   zero-width and joiner characters, bidi controls, soft hyphens, Hangul and Braille fillers...)
 *   is as empty as one made of spaces.
 */

/** An unpaired surrogate: a high one not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text can be stored as it is: no NUL character and no unpaired surrogate. */
export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * Characters that show nothing on their own: white space and separators (`\p{White_Space}`,
 * `\p{Z}`), format characters (`\p{Cf}`: zero-width space, joiners, word joiner, BOM, bidi
 * controls, soft hyphen...), other default-ignorable characters (variation selectors, combining
 * grapheme joiner, Hangul fillers U+115F/U+1160/U+3164/U+FFA0, Mongolian vowel separator), control
 * characters (`\p{Cc}`) and the blank Braille pattern U+2800, which fonts draw as nothing.
 */
const INVISIBLE = /[\p{White_Space}\p{Z}\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** True when nothing of the text would show: empty, or only invisible characters. */
export const isBlankText = (text: string): boolean => text.replace(INVISIBLE, '') === '';

/**
 * True when the text has the start of HTML markup in it: a tag, an end tag, a comment or a
 * declaration (`<b`, `</`, `<!`, `<?`). Names, addresses and notes never need one, so the
 * checkout refuses them instead of storing markup that every page and email must then defuse.
 * A lone `<` (`<3`, `a < b`) is ordinary text.
 */
export const containsMarkup = (text: string): boolean => /<[A-Za-z/!?]/.test(text);
