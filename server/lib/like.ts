/** Escapes LIKE wildcards so a search for `100%` or `a_b` means those characters, not a pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
