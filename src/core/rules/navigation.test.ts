import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { afterAddNavigation, sameOriginUrl } from './navigation.js';

const origin = 'http://127.0.0.1:3000';

describe('sameOriginUrl', () => {
  it('keeps same-origin absolute and relative URLs', () => {
    expect(sameOriginUrl('/product/banig-tote/', origin)).toBe('http://127.0.0.1:3000/product/banig-tote/');
    expect(sameOriginUrl('http://127.0.0.1:3000/cart/', origin)).toBe('http://127.0.0.1:3000/cart/');
  });
  it('refuses other origins, schemes and junk', () => {
    for (const bad of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', 'http://127.0.0.1:3001/', 'data:text/html,x', '', null]) {
      expect(sameOriginUrl(bad, origin)).toBeNull();
    }
  });
  it('never returns a URL on another origin (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string()), (url) => {
        const out = sameOriginUrl(url, origin);
        return out === null || new URL(out).origin === origin;
      }),
    );
  });
});

describe('afterAddNavigation', () => {
  it('follows a same-origin product_url and ignores a foreign one', () => {
    const refused = (url: string | null) => ({ ok: false as const, error: { kind: 'product-url' as const, url, message: '' } });
    const settings = { redirectAfterAdd: false, cartUrl: '/cart/' };
    expect(afterAddNavigation(refused('/product/x/'), settings, origin)).toBe(`${origin}/product/x/`);
    expect(afterAddNavigation(refused('https://evil.example/'), settings, origin)).toBeNull();
    expect(afterAddNavigation(refused(null), settings, origin)).toBeNull();
  });
  it('goes to the cart after success only when the setting is on', () => {
    const success = { ok: true as const, value: {} };
    expect(afterAddNavigation(success, { redirectAfterAdd: false, cartUrl: '/cart/' }, origin)).toBeNull();
    expect(afterAddNavigation(success, { redirectAfterAdd: true, cartUrl: '/cart/' }, origin)).toBe(`${origin}/cart/`);
  });
  it('stays on the product page a refusal names when the shopper is on it already', () => {
    const refused = { ok: false as const, error: { kind: 'product-url' as const, url: `${origin}/product/x/`, message: 'Not enough stock.' } };
    const settings = { redirectAfterAdd: false, cartUrl: '/cart/' };
    expect(afterAddNavigation(refused, settings, `${origin}/product/x/`)).toBeNull();
    expect(afterAddNavigation(refused, settings, `${origin}/product/x/#reviews`)).toBeNull();
    expect(afterAddNavigation(refused, settings, `${origin}/product/x/?attribute_pa_size=m`)).toBe(`${origin}/product/x/`);
    expect(afterAddNavigation(refused, settings, `${origin}/shop/`)).toBe(`${origin}/product/x/`);
  });
  it('property: a refusal leads only to another page of the same shop, or nowhere', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string(), fc.constant(null)), fc.constantFrom('/', '/shop/', '/product/x/', '/product/x/?a=1'), (url, path) => {
        const here = `${origin}${path}`;
        const target = afterAddNavigation({ ok: false, error: { kind: 'product-url', url, message: '' } }, { redirectAfterAdd: true, cartUrl: '/cart/' }, here);
        if (target === null) return;
        expect(new URL(target).origin).toBe(origin);
        expect(target.replace(/#.*$/, '')).not.toBe(here);
      }),
    );
  });
  it('stays on other failures', () => {
    const failure = { ok: false as const, error: { kind: 'network' as const, message: 'offline' } };
    expect(afterAddNavigation(failure, { redirectAfterAdd: true, cartUrl: '/cart/' }, origin)).toBeNull();
  });
});

describe('navigation: what the mutation run found unchecked', () => {
  it('follows only http(s) addresses, even on a shop whose own origin is opaque', () => {
    expect(sameOriginUrl('file:///etc/passwd', 'file:///')).toBeNull();
    expect(sameOriginUrl('/cart/', 'not an origin')).toBeNull();
    expect(sameOriginUrl('https://shop.example/cart/', 'not an origin')).toBeNull();
    expect(sameOriginUrl('https://shop.example/cart/', 'https://shop.example')).toBe('https://shop.example/cart/');
    expect(sameOriginUrl('/cart/', 'http://shop.example')).toBe('http://shop.example/cart/');
    expect(sameOriginUrl('http://[', 'https://shop.example')).toBeNull();
  });

  it('only a product-url refusal sends the shopper anywhere, whatever else a failure carries', () => {
    const settings = { redirectAfterAdd: false, cartUrl: '/cart/' };
    const other = { ok: false as const, error: { kind: 'refused', url: 'https://shop.example/product/mug/' } };
    expect(afterAddNavigation(other, settings, 'https://shop.example/shop/')).toBeNull();
  });
});
