/** Pure helpers: escaping, money formatting, nonces and tokens, SQL literals, product pictures. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { literal, STATEMENTS, toSql } from '../db/statements.js';
import { initials, productImageSvg } from '../media/product-image.js';
import { cartToken, createNonce, deriveKeys, isIssuedSessionId, newSessionId, nonceTick, verifyNonce } from './crypto.js';
import { escapeHtml, escapeXml, paragraphs } from './escape.js';
import { formatAmount, priceHtml } from './money.js';

const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#039);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#039': "'" })[name] ?? '');

describe('escaping', () => {
  it('leaves no markup characters and loses no text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(unescape(escaped)).toBe(text);
      }),
    );
  });

  it('drops characters XML cannot carry', () => {
    expect(escapeXml('a\u0000b\u0007c<d>')).toBe('abc&lt;d&gt;');
    expect(escapeXml('tab\tnew\nline')).toBe('tab\tnew\nline');
  });

  it('turns plain text into escaped paragraphs', () => {
    expect(paragraphs('One <b>.\n\nTwo & three')).toBe('<p>One &lt;b&gt;.</p>\n<p>Two &amp; three</p>');
    expect(paragraphs('')).toBe('');
  });
});

describe('money', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [34900, '349.00'],
    [499900, '4,999.00'],
    [123456789, '1,234,567.89'],
  ])('formats %i centavos as %s', (minor, text) => {
    expect(formatAmount(minor)).toBe(text);
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (minor) => {
        expect(Number(formatAmount(minor).replace(/[,.]/g, ''))).toBe(minor);
      }),
    );
  });

  it('writes sale and range price HTML like WooCommerce', () => {
    expect(priceHtml({ regular: 189900, active: 159900, min: 159900, max: 159900 })).toBe(
      '<del aria-hidden="true"><span class="woocommerce-Price-amount amount"><span class="woocommerce-Price-currencySymbol">&#8369;</span>1,899.00</span></del> <span class="screen-reader-text">Original price was: &#8369;1,899.00.</span><ins aria-hidden="true"><span class="woocommerce-Price-amount amount"><span class="woocommerce-Price-currencySymbol">&#8369;</span>1,599.00</span></ins><span class="screen-reader-text">Current price is: &#8369;1,599.00.</span>',
    );
    expect(priceHtml({ regular: 59900, active: 59900, min: 59900, max: 64900 })).toContain(' &ndash; ');
  });
});

describe('nonces and tokens', () => {
  const keys = deriveKeys('a test secret that is long enough');
  const session = '0123456789abcdef0123456789abcdef';
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  const tick = 43_200_000;

  it('are valid for the current and the previous 12-hour tick only', () => {
    const nonce = createNonce(keys, session, 'wc_store_api', now);
    expect(nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(verifyNonce(keys, session, nonce, 'wc_store_api', now)).toBe(true);
    expect(verifyNonce(keys, session, nonce, 'wc_store_api', now + tick)).toBe(true);
    expect(verifyNonce(keys, session, nonce, 'wc_store_api', now + 2 * tick)).toBe(false);
    expect(nonceTick(now + tick)).toBe(nonceTick(now) + 1);
  });

  it('belong to one session, one action and one secret', () => {
    const nonce = createNonce(keys, session, 'wc_store_api', now);
    expect(verifyNonce(keys, 'f'.repeat(32), nonce, 'wc_store_api', now)).toBe(false);
    expect(verifyNonce(keys, session, nonce, 'other_action', now)).toBe(false);
    expect(verifyNonce(deriveKeys('another secret, also long enough'), session, nonce, 'wc_store_api', now)).toBe(false);
    expect(verifyNonce(keys, session, 'not-a-nonce', 'wc_store_api', now)).toBe(false);
  });

  it('never show the session id in the cart token', () => {
    const token = cartToken(keys, session, now);
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(token).not.toContain(session);
    expect(JSON.stringify(claims)).not.toContain(session);
    expect(claims).toMatchObject({ iss: 'store-api', iat: now / 1000, exp: now / 1000 + 172_800 });
  });
});

describe('hot statement parameters', () => {
  it('write SQL literals only for the declared shapes', () => {
    expect(literal(null)).toBe('NULL');
    expect(literal(true)).toBe('TRUE');
    expect(literal(42)).toBe('42');
    expect(literal("it's")).toBe("'it''s'");
    expect(() => literal(1.5)).toThrow();
    expect(() => literal(Number.NaN)).toThrow();
    expect(() => literal('a\0b')).toThrow();
  });

  it('bind every $n placeholder as a parameter', () => {
    const query = toSql(STATEMENTS.answerStore, ['s', 'k', 'f', 200, 'body', '[]', '2026-01-01T00:00:00Z']);
    expect(query.queryChunks.length).toBeGreaterThan(7);
  });
});

describe('product pictures', () => {
  it('escape the name and draw initials', () => {
    const svg = productImageSvg({ name: 'Kape <script>alert("x")</script> & Co', hex: '#2f3e74', category: 'Coffee & Pantry' }, 1);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('COFFEE &amp; PANTRY');
    expect(initials('Piña-Jusi Barong Tagalog')).toBe('PB');
    expect(initials('Baybayin "Salamat" Tee')).toBe('BS');
    const hover = productImageSvg({ name: 'Any', hex: 'not-a-colour', category: '' }, 2);
    expect(hover).toContain('<pattern');
  });
});

describe('signed session ids', () => {
  const keys = deriveKeys('a test secret that is long enough');
  const other = deriveKeys('another secret, also long enough');

  it('accepts every id it issued, and none issued under another secret', () => {
    fc.assert(
      fc.property(fc.constant(null), () => {
        const id = newSessionId(keys);
        return /^[0-9a-f]{64}$/.test(id) && isIssuedSessionId(keys, id) && !isIssuedSessionId(other, id);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses any string it did not issue (planted, forged, altered)', () => {
    fc.assert(fc.property(fc.string(), (value) => !isIssuedSessionId(keys, value)));
    fc.assert(fc.property(fc.stringMatching(/^[0-9a-f]{64}$/), (value) => !isIssuedSessionId(keys, value)));
    const id = newSessionId(keys);
    const flipped = `${id.slice(0, 63)}${id.endsWith('0') ? '1' : '0'}`;
    expect(isIssuedSessionId(keys, flipped)).toBe(false);
    expect(isIssuedSessionId(keys, id.toUpperCase())).toBe(false);
  });
});
