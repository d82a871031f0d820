/**
 * Escaping for the contexts the server writes text into. Product names and other catalogue text
 * are data, never markup: they go through one of these on every way out.
 */

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#039;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * Escapes text for XML (SVG) content and attributes. Characters XML 1.0 cannot carry at all are
 * dropped, since an SVG with one of them would not render.
 */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing the control characters is the point
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** Wraps plain text in paragraphs (blank line = new paragraph), escaping it; like WordPress's wpautop output. */
export function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br />\n')}</p>`)
    .join('\n');
}
