/**
 * The central check of request text before it can reach the database: the path, every query
 * parameter (names and values), and JSON or form bodies (every key and string, however deep).
 * A NUL or an unpaired surrogate is refused with WordPress's `rest_invalid_param`, naming the
 * argument, instead of failing as a database error.
 */
import { isStorableText } from '../../src/core/rules/text.js';

/** Replaces what cannot be shown back (NUL, lone surrogates) so an argument's name can be echoed. */
const printable = (name: string): string =>
  // eslint-disable-next-line no-control-regex -- NUL is the character being replaced
  name.replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD').slice(0, 100);

/**
 * True when a decoded JSON value holds, at any depth, a key or string that cannot be stored. Walks
 * with its own stack, so a body nested thousands deep cannot exhaust the call stack.
 */
export const holdsUnstorableText = (value: unknown): boolean => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (!isStorableText(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, inner] of Object.entries(current)) {
        if (!isStorableText(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
};

/**
 * The name of the first argument that holds unstorable text, or null when all is well. `fields`
 * are name/value pairs (query parameters, form fields, or a JSON object's top-level entries).
 */
export const unstorableArgument = (fields: Iterable<readonly [string, unknown]>): string | null => {
  for (const [name, value] of fields) {
    if (!isStorableText(name) || holdsUnstorableText(value)) return printable(name);
  }
  return null;
};

/** The top-level entries of a JSON body: an object's own entries; any other value is `body`. */
export const jsonArguments = (value: unknown): Array<readonly [string, unknown]> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [['body', value]];

/** The message for an argument that holds unstorable text. */
export const unstorableMessage = (name: string): string => `${name} contains a NUL character or an invalid (unpaired) surrogate.`;
