/**
 * The questions adapter against Suki's JSON route
 * (`src/app/reviews-view.ts`), with a fake fetch: paths, queries and bodies; the Store API nonce on
 * writes and its one refresh; every answer checked (a malformed one is `invalid-response`, never a
 * throw); 404 as `not-found`; texts kept as the plain text they are.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QuestionPage } from '../core/domain/reviews.js';
import { createHttpClient } from './http.js';
import { createQuestionsAdapter } from './questions.js';
import { SHOP, fakeShop, inOrder, json, type Answer } from './testing/fake-shop.js';

const PAGE: QuestionPage = {
  items: [
    {
      id: 41,
      productId: 12,
      author: 'Ana',
      date: '2026-11-01T10:00:00Z',
      text: 'Is it <b>washable</b>?',
      votes: { up: 2, down: 0, current: 1 },
      answers: [{ id: 42, author: 'Suki', date: '2026-11-02T10:00:00Z', text: 'Yes, by hand.', byShop: true, verified: false, votes: { up: 0, down: 1, current: 0 } }],
    },
  ],
  total: 6,
  page: 1,
  perPage: 5,
  lastPage: false,
};

const setup = (answer: Answer) => {
  const shop = fakeShop(answer);
  const http = createHttpClient({ baseUrl: SHOP, fetch: shop.fetch });
  http.setNonce('n0nce1');
  return { port: createQuestionsAdapter(http), requests: shop.requests };
};

describe('questions adapter (Suki JSON route)', () => {
  it('lists a page with its query and no nonce; texts stay as written', async () => {
    const { port, requests } = setup(inOrder(() => json(PAGE)));
    expect(await port.list({ productId: 12, page: 2, perPage: 5, search: 'wash (cold)' })).toEqual({ ok: true, value: PAGE });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/wp-json/suki/v1/questions');
    expect(Object.fromEntries(url.searchParams)).toEqual({ product: '12', page: '2', per_page: '5', search: 'wash (cold)', _locale: 'user' });
    expect(requests[0]?.headers['nonce']).toBeUndefined();
  });

  it('reads the product block (first page and the form’s settings)', async () => {
    const block = { productId: 12, first: PAGE, form: { accepting: true, captchaSiteKey: null } };
    const { port, requests } = setup(inOrder(() => json(block)));
    expect(await port.productBlock(12)).toEqual({ ok: true, value: block });
    expect(new URL(requests[0]!.url).pathname).toBe('/wp-json/suki/v1/questions/block');
    expect(new URL(requests[0]!.url).searchParams.get('product')).toBe('12');
  });

  it('asks and votes with the Store API nonce and a JSON body', async () => {
    const { port, requests } = setup(inOrder(() => json({ code: 0, description: 'The question was successfully added.' }), () => json({ up: 3, down: 0, current: 1 })));
    expect(await port.ask({ productId: 12, questionId: 41, text: 'Yes', name: 'Ana', email: 'ana@example.ph' })).toEqual({ ok: true, value: { code: 0, description: 'The question was successfully added.' } });
    expect(await port.vote(41, true)).toEqual({ ok: true, value: { up: 3, down: 0, current: 1 } });
    expect(requests.map((r) => [r.method, new URL(r.url).pathname, r.body, r.headers['nonce']])).toEqual([
      ['POST', '/wp-json/suki/v1/questions', JSON.stringify({ productId: 12, questionId: 41, text: 'Yes', name: 'Ana', email: 'ana@example.ph' }), 'n0nce1'],
      ['POST', '/wp-json/suki/v1/questions/41/vote', '{"upvote":true}', 'n0nce1'],
    ]);
  });

  it('a stale nonce is refreshed once and the write sent again', async () => {
    const stale = () => json({ code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', data: { status: 403 } }, 403);
    const { port, requests } = setup(inOrder(stale, () => json({ items: [] }, 200, { Nonce: 'fresh22' }), () => json({ up: 1, down: 0, current: 1 })));
    expect(await port.vote(41, true)).toMatchObject({ ok: true });
    expect(requests[2]?.headers['nonce']).toBe('fresh22');
    const again = setup(inOrder(stale, () => json({ items: [] }, 200, { Nonce: 'fresh22' }), stale));
    expect(await again.port.ask({ productId: 12, text: 'Q?', name: 'A', email: 'a@b.ph' })).toMatchObject({ ok: false, error: { kind: 'http', status: 403 } });
    expect(again.requests).toHaveLength(3);
  });

  it('a 404 is not-found with the shop’s message; a network failure is a failure', async () => {
    const { port } = setup(inOrder(() => json({ code: 'suki_reviews_not_found', message: 'No such question.', data: { status: 404 } }, 404)));
    expect(await port.vote(99, false)).toEqual({ ok: false, error: { kind: 'not-found', message: 'No such question.' } });
    const offline = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await offline.port.list({ productId: 1, page: 1, perPage: 5, search: '' })).toMatchObject({ ok: false, error: { kind: 'network' } });
  });

  it('any malformed answer is invalid-response, never a throw', async () => {
    const junk = fc.oneof(
      fc.anything(),
      fc.constant({ ...PAGE, items: [{ ...PAGE.items[0], votes: { up: 1, down: 0, current: 2 } }] }),
      fc.constant({ ...PAGE, total: -1 }),
      fc.constant({ code: 7, description: '' }),
      fc.constant({ up: 1.5, down: 0, current: 0 }),
    );
    await fc.assert(
      fc.asyncProperty(junk, fc.constantFrom('list', 'ask', 'vote', 'block'), async (body, method) => {
        const { port } = setup(() => new Response(JSON.stringify(body) ?? 'undefined', { status: 200, headers: { 'Content-Type': 'application/json' } }));
        const answer =
          method === 'list'
            ? await port.list({ productId: 1, page: 1, perPage: 5, search: '' })
            : method === 'ask'
              ? await port.ask({ productId: 1, text: 'Q', name: 'A', email: 'a@b.ph' })
              : method === 'vote'
                ? await port.vote(1, true)
                : await port.productBlock(1);
        if (!answer.ok) expect(answer.error.kind).toBe('invalid-response');
      }),
      { numRuns: 150 },
    );
  });
});
