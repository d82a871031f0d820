/**
 * Contract of the newsletter adapter with the provider's admin-ajax actions. There is no recording
 * of a stock shop with Mailchimp for WooCommerce, so the answers are the provider's own shapes as its
 * source builds them (`MailChimp_Service::get_user_by_hash` and `set_user_by_email` answer 200 with
 * `{success, email, …}`). Our own server's side of the same calls is tested over HTTP in
 * `server/newsletter.test.ts`, with this adapter.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from './http.js';
import { createNewsletterAdapter } from './newsletter.js';
import { SHOP, fakeShop, inOrder, json, type Answer } from './testing/fake-shop.js';

const setup = (answer: Answer) => {
  const shop = fakeShop(answer);
  return { port: createNewsletterAdapter(createHttpClient({ baseUrl: SHOP, fetch: shop.fetch })), requests: shop.requests };
};

describe('newsletter adapter (Mailchimp for WooCommerce capture calls)', () => {
  it('set user: a form POST of email, mc_language and subscribed to the set-user action', async () => {
    const { port, requests } = setup(inOrder(() => json({ success: true, email: 'maria+shop@example.com', previous: null, cart: [] })));
    const result = await port.setUser({ email: 'maria+shop@example.com', language: 'en', subscribed: true });
    expect(result).toEqual({ ok: true, value: undefined });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: `${SHOP}/wp-admin/admin-ajax.php?action=mailchimp_set_user_by_email`, method: 'POST', credentials: 'include' });
    expect(requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    expect(requests[0]?.headers['accept']).toContain('application/json');
    // The `+` is encoded, so it arrives as a `+` (the provider's script lost it to a space).
    expect(requests[0]?.body).toBe('email=maria%2Bshop%40example.com&mc_language=en&subscribed=1');
  });

  it('set user: the request outlives the page (`keepalive`), so a login or registration form posted at once does not cancel it', async () => {
    const { port, requests } = setup(inOrder(() => json({ success: true })));
    await port.setUser({ email: 'ana@example.ph', language: 'en', subscribed: false });
    expect(requests[0]?.keepalive).toBe(true);
  });

  it('set user: an unticked opt-in is `subscribed=0`', async () => {
    const { port, requests } = setup(inOrder(() => json({ success: true, email: 'juan@example.ph', previous: null, cart: [] })));
    await port.setUser({ email: 'juan@example.ph', language: 'tl', subscribed: false });
    expect(requests[0]?.form).toEqual([
      ['email', 'juan@example.ph'],
      ['mc_language', 'tl'],
      ['subscribed', '0'],
    ]);
  });

  it('set user: the provider’s `success: false` (carts disabled, cookies refused) is a refusal with its message', async () => {
    const { port } = setup(inOrder(() => json({ success: false, message: 'filter blocked due to carts being disabled' }), () => json({ success: false, email: false })));
    expect(await port.setUser({ email: 'juan@example.ph', language: 'en', subscribed: false })).toEqual({
      ok: false,
      error: { kind: 'refused', message: 'filter blocked due to carts being disabled' },
    });
    const second = await port.setUser({ email: 'juan@example.ph', language: 'en', subscribed: false });
    expect(second.ok ? null : second.error.kind).toBe('refused');
  });

  it('set user: an HTTP error, WordPress’s `0` for an unknown action, and a network failure are failures', async () => {
    const { port } = setup(
      inOrder(
        () => json({ success: false, email: false, message: 'Please enter a valid email address.' }, 400),
        () => new Response('0', { status: 400 }),
        () => {
          throw new TypeError('Failed to fetch');
        },
      ),
    );
    const user = { email: 'juan@example.ph', language: 'en', subscribed: false };
    const kinds = [];
    for (let i = 0; i < 3; i += 1) {
      const result = await port.setUser(user);
      kinds.push(result.ok ? 'ok' : result.error.kind);
    }
    expect(kinds).toEqual(['http', 'http', 'network']);
  });

  it('hash lookup: a POST with the hash in the query, no body and a JSON content type; reads `email`', async () => {
    const hash = '5d41402abc4b2a76b9719d911017c592';
    const { port, requests } = setup(inOrder(() => json({ success: true, email: 'juan@example.ph' }), () => json({ success: false, email: false })));
    expect(await port.lookUpByHash(hash)).toEqual({ ok: true, value: 'juan@example.ph' });
    expect(requests[0]).toMatchObject({ url: `${SHOP}/wp-admin/admin-ajax.php?action=mailchimp_get_user_by_hash&hash=${hash}`, method: 'POST', body: '' });
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(await port.lookUpByHash(hash)).toEqual({ ok: true, value: null });
  });

  it('hash lookup: anything but 32 hex digits is not sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 40 }).filter((s) => !/^[0-9a-f]{32}$/i.test(s)),
        async (hash) => {
          const { port, requests } = setup(() => json({ success: true, email: 'x@example.com' }));
          expect(await port.lookUpByHash(hash)).toEqual({ ok: true, value: null });
          expect(requests).toHaveLength(0);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('answers that are not the provider’s shape are invalid responses', async () => {
    const { port } = setup(inOrder(() => json({ ok: 1 }), () => new Response('<html>login</html>', { status: 200, headers: { 'content-type': 'text/html' } })));
    const first = await port.setUser({ email: 'juan@example.ph', language: 'en', subscribed: false });
    const second = await port.lookUpByHash('5d41402abc4b2a76b9719d911017c592');
    expect([first.ok ? 'ok' : first.error.kind, second.ok ? 'ok' : second.error.kind]).toEqual(['invalid-response', 'invalid-response']);
  });
});
