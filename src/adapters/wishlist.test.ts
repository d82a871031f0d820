/**
 * The wishlist adapter against Suki's JSON route (`src/app/wishlist-page.ts`), with a fake fetch:
 * methods, paths and bodies; the Store API nonce on writes and its one refresh; every answer checked
 * (a malformed one is `invalid-response`, never a throw); 404 as `not-found`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WishlistState } from '../core/domain/wishlist.js';
import { createHttpClient } from './http.js';
import { SHOP, fakeShop, inOrder, json, type Answer } from './testing/fake-shop.js';
import { createWishlistAdapter } from './wishlist.js';

const STATE: WishlistState = {
  lists: [{ id: 7, token: 'a'.repeat(32), title: 'Gifts', privacy: 1, isDefault: true, itemCount: 1, url: '/wishlist/view/aaaa/' }],
  entries: [{ rowId: 9001, wishlistId: 7, productId: 12, parentId: 12, quantity: 1, position: 0 }],
  defaultListId: 7,
  features: { multipleLists: true, moveItems: true, sortItems: true, quantities: true, estimates: true, renameLists: true, changePrivacy: true },
};

const setup = (answer: Answer) => {
  const shop = fakeShop(answer);
  const http = createHttpClient({ baseUrl: SHOP, fetch: shop.fetch });
  http.setNonce('n0nce1');
  return { port: createWishlistAdapter(http), requests: shop.requests };
};

const route = (path: string) => `${SHOP}/wp-json/suki/v1/wishlist${path}?_locale=user`;

describe('wishlist adapter (Suki JSON route)', () => {
  it('reads the state with a GET and no nonce', async () => {
    const { port, requests } = setup(inOrder(() => json(STATE)));
    expect(await port.read()).toEqual({ ok: true, value: STATE });
    expect(requests[0]).toMatchObject({ url: route(''), method: 'GET', credentials: 'include' });
    expect(requests[0]?.headers['nonce']).toBeUndefined();
  });

  it('every write goes to its route with the Store API nonce and a JSON body', async () => {
    const answers = Array.from({ length: 9 }, () => () => json(STATE));
    answers[0] = () => json({ result: 'true', message: '', state: STATE });
    const { port, requests } = setup(inOrder(...answers));
    await port.add({ productId: 12, productType: 'simple', wishlistId: 'new', newList: { name: 'Gifts', privacy: 1 } });
    await port.removeItem(9001);
    await port.setQuantity(9001, 3);
    await port.moveItem(9001, 8);
    await port.createList({ name: 'Later', privacy: 2 });
    await port.updateList(7, { name: 'Birthday' });
    await port.deleteList(8);
    await port.sortItems(7, [9002, 9001]);
    const seen = requests.map((r) => [r.headers['x-http-method-override'] ?? r.method, r.url.replace(`${SHOP}/wp-json/suki/v1/wishlist`, '').replace('?_locale=user', ''), r.body]);
    expect(seen).toEqual([
      ['POST', '/items', JSON.stringify({ productId: 12, productType: 'simple', wishlistId: 'new', newList: { name: 'Gifts', privacy: 1 } })],
      ['DELETE', '/items/9001', '{}'],
      ['PATCH', '/items/9001', '{"quantity":3}'],
      ['PATCH', '/items/9001', '{"moveTo":8}'],
      ['POST', '/lists', '{"name":"Later","privacy":2}'],
      ['PATCH', '/lists/7', '{"name":"Birthday"}'],
      ['DELETE', '/lists/8', '{}'],
      ['PUT', '/lists/7/positions', '{"rowIds":[9002,9001]}'],
    ]);
    for (const r of requests) expect(r.headers['nonce']).toBe('n0nce1');
  });

  it('a stale nonce is refreshed once and the write sent again; a second refusal is a failure, not silence', async () => {
    const stale = () => json({ code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', data: { status: 403 } }, 403);
    const { port, requests } = setup(inOrder(stale, () => json({ items: [] }, 200, { Nonce: 'fresh22' }), () => json({ result: 'exists', message: '', state: STATE })));
    const answer = await port.add({ productId: 12, productType: 'simple', wishlistId: null });
    expect(answer).toMatchObject({ ok: true, value: { result: 'exists' } });
    expect(requests.map((r) => r.url)).toEqual([route('/items'), `${SHOP}/wp-json/wc/store/v1/cart?_locale=user`, route('/items')]);
    expect(requests[2]?.headers['nonce']).toBe('fresh22');

    const again = setup(inOrder(stale, () => json({ items: [] }, 200, { Nonce: 'fresh22' }), stale));
    const refused = await again.port.removeItem(1);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'http', status: 403, code: 'woocommerce_rest_invalid_nonce' } });
    expect(again.requests).toHaveLength(3);
  });

  it('someone else’s list or row (404) is not-found; a refusal keeps the shop’s message as text', async () => {
    const { port } = setup(
      inOrder(
        () => json({ code: 'suki_wishlist_not_found', message: 'No such wishlist.', data: { status: 404 } }, 404),
        () => json({ code: 'suki_wishlist_invalid', message: 'The <b>name</b> is required.', data: { status: 400, params: { name: 'Required' } } }, 400),
      ),
    );
    expect(await port.deleteList(99)).toEqual({ ok: false, error: { kind: 'not-found', message: 'No such wishlist.' } });
    expect(await port.updateList(7, { name: '' })).toMatchObject({ ok: false, error: { kind: 'http', status: 400, message: 'The name is required.' } });
  });

  it('the add answer’s message is plain text', async () => {
    const { port } = setup(inOrder(() => json({ result: 'error', message: '<p>Could not <script>x</script>add</p>', state: STATE })));
    const answer = await port.add({ productId: 1, productType: 'simple', wishlistId: null });
    expect(answer.ok && answer.value.message).not.toContain('<');
  });

  it('the estimate answers its confirmation', async () => {
    const { port, requests } = setup(inOrder(() => json({ result: true, message: 'Thanks, we will be in touch.' }, 201)));
    expect(await port.askEstimate(7, { email: 'ana@example.ph', message: 'Two please' })).toEqual({ ok: true, value: { message: 'Thanks, we will be in touch.' } });
    expect(requests[0]?.body).toBe('{"email":"ana@example.ph","message":"Two please"}');
  });

  it('network failures are failures', async () => {
    const { port } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await port.read()).toMatchObject({ ok: false, error: { kind: 'network' } });
  });

  it('any malformed answer is invalid-response, never a throw', async () => {
    const junk = fc.oneof(
      fc.anything(),
      fc.record({ lists: fc.anything(), entries: fc.anything(), defaultListId: fc.anything(), features: fc.anything() }),
      fc.constant({ ...STATE, entries: [{ ...STATE.entries[0], quantity: 0 }] }),
      fc.constant({ ...STATE, lists: [{ ...STATE.lists[0], privacy: 3 }] }),
      fc.constant({ result: 'maybe', message: '', state: STATE }),
    );
    await fc.assert(
      fc.asyncProperty(junk, fc.constantFrom('read', 'add', 'getList', 'removeItem', 'askEstimate'), async (body, method) => {
        const { port } = setup(() => new Response(JSON.stringify(body) ?? 'undefined', { status: 200, headers: { 'Content-Type': 'application/json' } }));
        const call =
          method === 'read'
            ? port.read()
            : method === 'add'
              ? port.add({ productId: 1, productType: 'simple', wishlistId: null })
              : method === 'getList'
                ? port.getList(7)
                : method === 'removeItem'
                  ? port.removeItem(1)
                  : port.askEstimate(7, { email: 'a@b.ph', message: '' });
        const answer = await call;
        if (!answer.ok) expect(['invalid-response']).toContain(answer.error.kind);
      }),
      { numRuns: 150 },
    );
    const { port } = setup(() => new Response('<html>login</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    expect(await port.read()).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
  });
});
