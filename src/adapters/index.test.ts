import { describe, expect, it } from 'vitest';
import { createAdapters } from './index.js';
import { SHOP, fakeShop, inOrder, recording, replay } from './testing/fake-shop.js';

describe('createAdapters', () => {
  it('shares one client: a nonce read by the catalog’s client is used by the cart', async () => {
    const shop = fakeShop(inOrder(() => replay(recording('storeapi-cart')), () => replay(recording('storeapi-cart-add-item'))));
    const adapters = createAdapters({ baseUrl: SHOP, fetch: shop.fetch, headers: () => ({ Cookie: 'a=1' }), timeoutMs: 500 });
    await adapters.cart.load();
    expect(adapters.http.nonce()).toBe('4003a4a4ad');
    const result = await adapters.cart.setQuantity({ key: '6512bd43d9caa6e02c990b0a82652dca', quantity: 3, idempotencyKey: 'k' });
    expect(result.ok).toBe(true);
    expect(shop.requests.map((r) => [r.headers['cookie'], r.headers['nonce']])).toEqual([
      ['a=1', undefined],
      ['a=1', '4003a4a4ad'],
    ]);
  });
});
