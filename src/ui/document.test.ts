import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AppState } from '../app/app-state.js';
import { escapeHtml, renderDocument, seoTags, serializeState } from './document.js';

const stateWith = (text: string): AppState => ({
  locale: 'en-PH',
  path: '/',
  search: '',
  pageType: 'not-found',
  page: { type: 'not-found', title: text, description: text, message: text },
  shop: { name: text, tagline: text, storeNotice: null, redirectAfterAdd: false, consentDefault: 'ask', consentStored: null, categories: [] },
  stores: {},
  plugins: [],
  cartNonce: '',
});

describe('serializeState', () => {
  it('never lets a string close the script block, and round-trips (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('</script><script>alert(1)</script>', '<!--', '\u2028\u2029', '</SCRIPT >')), (text) => {
        const out = serializeState(stateWith(text));
        expect(out.toLowerCase()).not.toContain('</script');
        expect(out).not.toContain('<!--');
        expect(JSON.parse(out)).toEqual(stateWith(text));
      }),
    );
  });
});

describe('escapeHtml', () => {
  it('leaves no markup characters (property)', () => {
    fc.assert(fc.property(fc.string(), (text) => !/[<>"']/.test(escapeHtml(text))));
  });
});

describe('renderDocument', () => {
  it('escapes the title and description and links assets', () => {
    const html = renderDocument(
      { status: 200, html: '<p>x</p>', state: stateWith('a'), title: '<b>Barong</b> & co', description: '"quoted"', preloadImage: { src: '/img.svg', srcset: '', sizes: '' } },
      { scripts: ['/assets/main.js'], styles: ['/assets/main.css'], modulePreloads: ['/assets/chunk.js'] },
    );
    expect(html).toContain('<title>&lt;b&gt;Barong&lt;/b&gt; &amp; co</title>');
    expect(html).toContain('content="&quot;quoted&quot;"');
    expect(html).toContain('<link rel="preload" as="image" href="/img.svg" fetchpriority="high">');
    expect(html).toContain('<script type="module" src="/assets/main.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/chunk.js">');
    expect(html).toContain('<html lang="en-PH">');
  });

  it('inlines the first-paint styles on listing pages and links the rest after the content; links both in the head elsewhere', () => {
    const assets = { scripts: ['/assets/main.js'], styles: ['/assets/main.css'], modulePreloads: ['/assets/chunk.js'], firstPaint: { href: '/assets/first-paint.css', css: '.tile{display:flex}' } };
    const page = (state: AppState) => ({ status: 200, html: '<p>x</p>', state, title: 't', description: 'd', preloadImage: null });
    const listing = stateWith('a');
    for (const type of ['shop', 'category', 'search'] as const) {
      const html = renderDocument(page({ ...listing, page: { ...listing.page, type } as unknown as AppState['page'] }), assets);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain('<style>.tile{display:flex}</style>');
      expect(head).not.toContain('stylesheet');
      // The rest: after the content and the state, before the scripts.
      expect(html.indexOf('<link rel="stylesheet" href="/assets/main.css">')).toBeGreaterThan(html.indexOf('id="suki-state"'));
      expect(html.indexOf('<link rel="stylesheet" href="/assets/main.css">')).toBeLessThan(html.indexOf('<script type="module"'));
      expect(html).not.toContain('/assets/first-paint.css');
      // The module preloads too: beside the scripts, after the content.
      expect(head).not.toContain('modulepreload');
      expect(html.indexOf('<link rel="modulepreload" href="/assets/chunk.js">')).toBeGreaterThan(html.indexOf('id="suki-state"'));
      expect(html.indexOf('<link rel="modulepreload" href="/assets/chunk.js">')).toBeLessThan(html.indexOf('<script type="module"'));
    }
    for (const type of ['home', 'product', 'checkout', 'not-found'] as const) {
      const html = renderDocument(page({ ...listing, page: { ...listing.page, type } as unknown as AppState['page'] }), assets);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain('<link rel="stylesheet" href="/assets/first-paint.css">\n<link rel="stylesheet" href="/assets/main.css">');
      expect(head).toContain('<link rel="modulepreload" href="/assets/chunk.js">');
      expect(html).not.toContain('<style>');
    }
  });

  it('refuses first-paint styles that would close the <style> element', () => {
    const shop = { ...stateWith('a'), page: { type: 'shop' } as unknown as AppState['page'] };
    expect(() =>
      renderDocument({ status: 200, html: '', state: shop, title: 't', description: 'd', preloadImage: null }, { scripts: [], styles: [], modulePreloads: [], firstPaint: { href: '/f.css', css: 'a{}</STYLE><script>x()</script>' } }),
    ).toThrow(/<\/style/);
  });

  it('names the page’s language on <html>', () => {
    const html = renderDocument({ status: 200, html: '', state: { ...stateWith('a'), locale: 'fil-PH' }, title: 't', description: 'd', preloadImage: null }, { scripts: [], styles: [], modulePreloads: [] });
    expect(html).toContain('<html lang="fil-PH">');
  });
});

describe('seoTags', () => {
  it('writes the canonical link, the robots directive and Open Graph properties, escaped', () => {
    const tags = seoTags({
      canonical: 'https://shop.example/shop/?paged=2&x="y"',
      robots: 'noindex',
      openGraph: [
        ['og:title', 'Jusi barong "classic" <b>& co</b>'],
        ['og:site_name', 'Suki'],
      ],
    });
    expect(tags).toEqual([
      '<link rel="canonical" href="https://shop.example/shop/?paged=2&amp;x=&quot;y&quot;">',
      '<meta name="robots" content="noindex">',
      '<meta property="og:title" content="Jusi barong &quot;classic&quot; &lt;b&gt;&amp; co&lt;/b&gt;">',
      '<meta property="og:site_name" content="Suki">',
    ]);
    expect(seoTags({ canonical: null, robots: null, openGraph: [], alternates: [['fil-PH', 'https://shop.example/?lang=fil&x="y"']] })).toEqual([
      '<link rel="alternate" hreflang="fil-PH" href="https://shop.example/?lang=fil&amp;x=&quot;y&quot;">',
    ]);
    expect(seoTags(undefined)).toEqual([]);
    expect(seoTags({ canonical: null, robots: null, openGraph: [] })).toEqual([]);
  });

  it('never lets a value end its attribute (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (property, content) => {
        for (const tag of seoTags({ canonical: content, robots: null, openGraph: [[property, content]] })) {
          expect(tag.match(/"/g)?.length).toBe(4);
          expect(tag.slice(1, -1)).not.toMatch(/[<>]/);
        }
      }),
    );
  });
});
