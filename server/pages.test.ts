import { describe, expect, it } from 'vitest';
import { shopperFetch } from './pages.js';

describe('shopperFetch', () => {
  it('sends the shopper cookies, keeps cookies the API sets, and collects them for the page', async () => {
    const seen: string[] = [];
    const api = async (request: Request) => {
      seen.push(request.headers.get('cookie') ?? '');
      const headers = new Headers();
      if (seen.length === 1) headers.append('set-cookie', 'wp_session=abc; Path=/; HttpOnly');
      return new Response('{}', { headers });
    };
    const shopper = shopperFetch('suki_consent=granted', api);
    await shopper.fetch('http://127.0.0.1/wp-json/wc/store/v1/cart');
    await shopper.fetch('http://127.0.0.1/wp-json/wc/store/v1/products');
    expect(seen[0]).toBe('suki_consent=granted');
    expect(seen[1]).toBe('suki_consent=granted; wp_session=abc');
    expect(shopper.setCookies).toEqual(['wp_session=abc; Path=/; HttpOnly']);
  });

  it('forwards method and body of writes', async () => {
    let body = '';
    const shopper = shopperFetch('', async (request) => {
      body = `${request.method} ${await request.text()}`;
      return new Response(null, { status: 204 });
    });
    await shopper.fetch('http://127.0.0.1/x', { method: 'POST', body: 'a=1' });
    expect(body).toBe('POST a=1');
  });
});
