import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEntities, fullHtmlToText, htmlToText } from './text.js';

describe('decodeEntities', () => {
  it('decodes named, decimal and hex references', () => {
    expect(decodeEntities('Tee &amp; Mug &ndash; &#8220;new&#8221; &#x20B1;99 &#36;')).toBe('Tee & Mug \u2013 \u201cnew\u201d \u20b199 $');
  });

  it('leaves unknown names and invalid code points harmless', () => {
    expect(decodeEntities('&bogus; &#0; &#xD800; &#x110000;')).toBe('&bogus; \ufffd \ufffd \ufffd');
  });
});

describe('htmlToText', () => {
  it('strips tags, keeps block breaks, drops scripts and comments', () => {
    const html = '<p>First <strong>line</strong></p><!-- x --><script>alert(1)</script><ul><li>One</li><li>Two<br/>lines</li></ul>';
    expect(htmlToText(html)).toBe('First line\nOne\nTwo\nlines');
  });

  it('handles quoted > inside attributes and entity-encoded markup stays text', () => {
    expect(htmlToText('<a title="a>b" href=\'x>y\'>link</a> &lt;b&gt;bold&lt;/b&gt;')).toBe('link <b>bold</b>');
  });

  it('keeps a lone < that is not a tag', () => {
    expect(htmlToText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });

  it('property: the output never contains a tag that was in the input markup', () => {
    const tag = fc.constantFrom('<b>', '</p>', '<img src=x onerror=alert(1)>', '<a href="x">', '<br/>', '<script>x</script>');
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '&', ';', '1') });
    fc.assert(
      fc.property(fc.array(fc.oneof(tag, text)), (parts) => {
        const output = htmlToText(parts.join(''));
        expect(output).not.toMatch(/<\/?(?:b|p|img|a|br|script)\b/);
      }),
    );
  });
});

describe('htmlToText shortcut', () => {
  it('property: the shortcut for plain strings gives what the full conversion gives, for any string', () => {
    const pieces = fc.constantFrom('a', 'Tee', ' ', '  ', '\t', '\n', '\r', '\u00a0', '\u2028', '&amp;', '&', '<b>', '</p>', '<', '>', 'é', '₱');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(pieces).map((parts) => parts.join(''))), (text) => {
        expect(htmlToText(text)).toBe(fullHtmlToText(text));
      }),
      { numRuns: 2000 },
    );
  });
});
