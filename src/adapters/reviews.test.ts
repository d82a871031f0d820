/**
 * The reviews adapter against Suki's JSON route (`src/app/reviews-view.ts`), with a fake fetch and a
 * stand-in `XMLHttpRequest`: paths and queries; the Store API nonce on writes and its one refresh;
 * every answer checked (a malformed one is `invalid-response`, never a throw); 404 as `not-found`;
 * uploads with progress, abort, the nonce refresh and the refusal's message as the failure's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductReviewsView, Review, ReviewPage } from '../core/domain/reviews.js';
import { createHttpClient } from './http.js';
import { createReviewsAdapter, type UploadRequest } from './reviews.js';
import { SHOP, fakeShop, inOrder, json, type Answer } from './testing/fake-shop.js';

const REVIEW: Review = {
  id: 41,
  product: { id: 12, name: 'Suki logo tee', permalink: '/product/suki-logo-tee/', image: null },
  rating: 5,
  text: 'Soft and true to size. <3',
  author: 'Ana Reyes',
  date: '2026-03-12T08:00:00Z',
  verified: true,
  featured: false,
  tags: [{ id: 3, name: 'fit' }],
  media: [{ id: 7, kind: 'image', src: '/media/r/7.jpg', thumb: '/media/r/7-t.jpg', width: 800, height: 600, alt: 'Photo 1 by Ana Reyes', mime: 'image/jpeg' }],
  replies: [{ id: 90, author: 'Suki', date: '2026-03-13T08:00:00Z', text: 'Salamat!' }],
  votes: { up: 3, down: 1, current: 0 },
};
const PAGE: ReviewPage = { items: [REVIEW], total: 23, page: 1, perPage: 5, lastPage: false };
const FORM: ProductReviewsView['form'] = {
  accepting: 'anybody',
  questions: [],
  media: { enabled: true, limit: 5, maxBytes: 25 * 1024 * 1024, types: ['image/jpeg'], messages: { tooMany: 'Too many', fileType: 'Type', fileSize: 'Size' } },
  captchaSiteKey: null,
};
const BLOCK: ProductReviewsView = { productId: 12, summary: { averageHundredths: 460, count: 23, histogram: [1, 0, 2, 5, 15] }, tags: [{ id: 3, name: 'fit', count: 4 }], first: PAGE, sort: 'recent', form: FORM };

const setup = (answer: Answer, xhr?: () => UploadRequest) => {
  const shop = fakeShop(answer);
  const http = createHttpClient({ baseUrl: SHOP, fetch: shop.fetch });
  http.setNonce('n0nce1');
  return { port: createReviewsAdapter(http, xhr ? { xhr } : {}), requests: shop.requests, http };
};

const route = (path: string, query = '') => `${SHOP}/wp-json/suki/v1/reviews${path}?${query}${query ? '&' : ''}_locale=user`;

/** A stand-in XMLHttpRequest: records what was sent; the test answers it. */
class FakeXhr implements UploadRequest {
  static made: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  responseHeaders: Record<string, string> = {};
  aborted = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  readonly upload: UploadRequest['upload'] = { onprogress: null };
  constructor() {
    FakeXhr.made.push(this);
  }
  open(method: string, url: string | URL) {
    this.method = method;
    this.url = String(url);
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body?: Document | XMLHttpRequestBodyInit | null) {
    this.body = body instanceof FormData ? body : null;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.onload?.();
  }
}

const file = () => Object.assign(new Blob(['x'.repeat(1000)], { type: 'image/jpeg' }), { name: 'tee.jpg' });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('reviews adapter (Suki JSON route)', () => {
  it('lists a page with the query the route reads (defaults left out) and no nonce', async () => {
    const { port, requests } = setup(inOrder(() => json(PAGE), () => json(PAGE)));
    expect(await port.list({ scope: { kind: 'product', productId: 12 }, page: 2, perPage: 5, sort: 'helpful', rating: 4, search: 'soft fit', tags: [3, 5], exclude: [41] })).toEqual({ ok: true, value: PAGE });
    await port.list({ scope: { kind: 'all' }, page: 1, perPage: 6, sort: 'recent', rating: 0, search: '', tags: [] });
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', route('', 'product=12&page=2&per_page=5&sort=helpful&rating=4&search=soft+fit&tags=3%2C5&exclude=41')],
      ['GET', route('', 'product=all&page=1&per_page=6&sort=recent')],
    ]);
    expect(requests[0]?.headers['nonce']).toBeUndefined();
  });

  it('reads the page views: the product block, /reviews/, home and the badge', async () => {
    const all = { summary: BLOCK.summary, tags: [], reviews: PAGE, query: { rating: 5, search: 'x', sort: 'recent', page: 2 }, pagination: true, form: FORM };
    const home = { grid: { title: 'What shoppers say', summary: BLOCK.summary, cards: PAGE }, slider: null };
    const badge = { averageHundredths: 460, count: 23, latest: [REVIEW] };
    const { port, requests } = setup(inOrder(() => json(BLOCK), () => json(all), () => json(home), () => json(badge)));
    expect(await port.productBlock(12)).toEqual({ ok: true, value: BLOCK });
    expect(await port.allReviews({ page: 2, rating: 5, search: 'x', sort: 'recent' })).toEqual({ ok: true, value: all });
    expect(await port.home()).toEqual({ ok: true, value: home });
    expect(await port.badge()).toEqual({ ok: true, value: badge });
    expect(requests.map((r) => r.url)).toEqual([route('/block', 'product=12'), route('/all', 'page=2&sort=recent&rating=5&search=x'), route('/home'), route('/badge')]);
  });

  it('votes and submissions are writes with the nonce; a stale nonce is refreshed once', async () => {
    const stale = () => json({ code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', data: { status: 403 } }, 403);
    const { port, requests } = setup(
      inOrder(
        () => json({ up: 4, down: 1, current: 1 }),
        stale,
        () => json({ items: [] }, 200, { Nonce: 'fresh22' }),
        () => json({ code: 0, description: 'Thank you for your review!', button: 'Continue', status: 'hold' }),
      ),
    );
    expect(await port.vote(41, true)).toEqual({ ok: true, value: { up: 4, down: 1, current: 1 } });
    const submission = { productId: 12, rating: 5 as const, text: 'Great', name: 'Ana', email: 'ana@example.ph', answers: {}, media: [{ id: 3, key: 'a'.repeat(20) }] };
    expect(await port.submit(submission)).toEqual({ ok: true, value: { code: 0, description: 'Thank you for your review!', button: 'Continue', status: 'hold' } });
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', route('/41/vote'), '{"upvote":true}'],
      ['POST', route(''), JSON.stringify(submission)],
      ['GET', `${SHOP}/wp-json/wc/store/v1/cart?_locale=user`, ''],
      ['POST', route(''), JSON.stringify(submission)],
    ]);
    expect(requests[0]?.headers['nonce']).toBe('n0nce1');
    expect(requests[3]?.headers['nonce']).toBe('fresh22');
  });

  it('deleting an upload sends its key with the DELETE override; 404 is not-found', async () => {
    const { port, requests } = setup(inOrder(() => new Response(null, { status: 204 }), () => json({ code: 'suki_reviews_not_found', message: 'No such upload.', data: { status: 404 } }, 404)));
    expect(await port.deleteUpload({ id: 3, key: 'b'.repeat(20) })).toEqual({ ok: true, value: undefined });
    expect(await port.deleteUpload({ id: 4, key: 'b'.repeat(20) })).toEqual({ ok: false, error: { kind: 'not-found', message: 'No such upload.' } });
    expect(requests[0]).toMatchObject({ method: 'POST', url: route('/media/3'), body: `{"key":"${'b'.repeat(20)}"}` });
    expect(requests[0]?.headers['x-http-method-override']).toBe('DELETE');
  });

  it('any malformed answer is invalid-response, never a throw', async () => {
    const junk = fc.oneof(
      fc.anything(),
      fc.constant({ ...PAGE, items: [{ ...REVIEW, rating: 6 }] }),
      fc.constant({ ...PAGE, items: [{ ...REVIEW, votes: { up: -1, down: 0, current: 0 } }] }),
      fc.constant({ ...BLOCK, summary: { ...BLOCK.summary, histogram: [1, 2, 3] } }),
      fc.constant({ code: 9, description: '', button: '' }),
    );
    await fc.assert(
      fc.asyncProperty(junk, fc.constantFrom('list', 'productBlock', 'home', 'vote', 'submit'), async (body, method) => {
        const { port } = setup(() => new Response(JSON.stringify(body) ?? 'undefined', { status: 200, headers: { 'Content-Type': 'application/json' } }));
        const answer =
          method === 'list'
            ? await port.list({ scope: { kind: 'shop' }, page: 1, perPage: 5, sort: 'recent', rating: 0, search: '', tags: [] })
            : method === 'productBlock'
              ? await port.productBlock(1)
              : method === 'home'
                ? await port.home()
                : method === 'vote'
                  ? await port.vote(1, false)
                  : await port.submit({ productId: null, rating: 1, text: 't', name: 'n', email: 'e@x.ph', answers: {}, media: [] });
        if (!answer.ok) expect(answer.error.kind).toBe('invalid-response');
      }),
      { numRuns: 150 },
    );
  });

  it('an aborted list answers at once and its late reply is dropped', async () => {
    let release: (r: Response) => void = () => undefined;
    const { port } = setup(() => new Promise<Response>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const answer = port.list({ scope: { kind: 'shop' }, page: 1, perPage: 5, sort: 'recent', rating: 0, search: '', tags: [] }, controller.signal);
    controller.abort();
    expect(await answer).toMatchObject({ ok: false, error: { kind: 'network' } });
    release(json(PAGE));
  });

  describe('upload through XMLHttpRequest', () => {
    it('posts the file and the item with the nonce, reports progress, and remembers the answer’s nonce', async () => {
      FakeXhr.made = [];
      const { port, http } = setup(inOrder(), () => new FakeXhr());
      const seen: Array<[number, number]> = [];
      const answer = port.upload(file(), 12, (sent, total) => seen.push([sent, total]));
      const xhr = FakeXhr.made[0]!;
      expect(xhr).toMatchObject({ method: 'POST', url: route('/media'), withCredentials: true });
      expect(xhr.headers['nonce']).toBe('n0nce1');
      expect(xhr.body?.get('item')).toBe('12');
      expect((xhr.body?.get('file') as File).name).toBe('tee.jpg');
      xhr.upload.onprogress?.({ loaded: 400, total: 1000, lengthComputable: true });
      xhr.upload.onprogress?.({ loaded: 1000, total: 0, lengthComputable: false });
      xhr.answer(201, { id: 5, key: 'c'.repeat(20) }, { Nonce: 'next33' });
      expect(await answer).toEqual({ ok: true, value: { id: 5, key: 'c'.repeat(20) } });
      expect(seen).toEqual([
        [400, 1000],
        [1000, 1000],
      ]);
      expect(http.nonce()).toBe('next33');
    });

    it('a shop review is item -1', async () => {
      FakeXhr.made = [];
      const { port } = setup(inOrder(), () => new FakeXhr());
      const answer = port.upload(file(), 'shop', () => undefined);
      FakeXhr.made[0]!.answer(201, { id: 6, key: 'd'.repeat(20) });
      await answer;
      expect(FakeXhr.made[0]!.body?.get('item')).toBe('-1');
    });

    it('a refusal’s message is the failure’s message, as text', async () => {
      FakeXhr.made = [];
      const { port } = setup(inOrder(), () => new FakeXhr());
      const answer = port.upload(file(), 12, () => undefined);
      FakeXhr.made[0]!.answer(415, { code: 'suki_media_type', message: 'Only <b>JPEG</b> photos are accepted.', data: { status: 415 } });
      expect(await answer).toEqual({ ok: false, error: { kind: 'http', status: 415, code: 'suki_media_type', message: 'Only JPEG photos are accepted.' } });
      const again = port.upload(file(), 12, () => undefined);
      FakeXhr.made[1]!.answer(503, 'Service Unavailable');
      expect(await again).toMatchObject({ ok: false, error: { kind: 'http', status: 503, message: 'The file could not be uploaded.' } });
    });

    it('a stale nonce is refreshed once and the file sent again', async () => {
      FakeXhr.made = [];
      const { port, requests } = setup(inOrder(() => json({ items: [] }, 200, { Nonce: 'fresh22' })), () => new FakeXhr());
      const answer = port.upload(file(), 12, () => undefined);
      FakeXhr.made[0]!.answer(403, { code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', data: { status: 403 } });
      for (let i = 0; i < 5 && FakeXhr.made.length < 2; i += 1) await tick();
      expect(requests.map((r) => r.url)).toEqual([`${SHOP}/wp-json/wc/store/v1/cart?_locale=user`]);
      expect(FakeXhr.made[1]?.headers['nonce']).toBe('fresh22');
      FakeXhr.made[1]!.answer(403, { code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', data: { status: 403 } });
      expect(await answer).toMatchObject({ ok: false, error: { kind: 'http', status: 403 } });
      expect(FakeXhr.made).toHaveLength(2);
    });

    it('aborts by signal; a network error and a malformed answer are failures', async () => {
      FakeXhr.made = [];
      const { port } = setup(inOrder(), () => new FakeXhr());
      const controller = new AbortController();
      const answer = port.upload(file(), 12, () => undefined, controller.signal);
      controller.abort();
      expect(await answer).toMatchObject({ ok: false, error: { kind: 'network' } });
      expect(FakeXhr.made[0]!.aborted).toBe(true);
      const offline = port.upload(file(), 12, () => undefined);
      FakeXhr.made[1]!.onerror?.();
      expect(await offline).toMatchObject({ ok: false, error: { kind: 'network' } });
      const junk = port.upload(file(), 12, () => undefined);
      FakeXhr.made[2]!.answer(201, { id: 'x' });
      expect(await junk).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
    });
  });
});
