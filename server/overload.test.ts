/**
 * Overload: the admission gate (a model-based test against a plain model), 503 with Retry-After
 * past the queue depth over real HTTP (JSON for the APIs, a page for the rest), and work for
 * clients that have gone: a queued request whose client disconnects is never handled, a page
 * whose client disconnects mid-render makes no further API calls and is not written, and a shared
 * render is cancelled only when every request waiting for it has gone.
 */
import fc from 'fast-check';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdmissionGate, type Admission } from './lib/load-shedding.js';
import { listen, type RunningServer } from './listen.js';
import { createPagesHandler, type RenderModule } from './pages.js';
import { RenderCache } from './services/render-cache.js';
import { memoryLogger } from './test/harness.js';
import type { RenderedPage } from '../src/entry-server.js';
import { parseShopConfig } from '../src/app/shop-config.js';
import shopConfig from '../plugins.config.js';

/** A promise with its resolver, to hold a handler until the test lets it go. */
function latch(): { promise: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Waits (without timing assertions) until `check` holds, polling the event loop. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

// ---------------------------------------------------------------- the gate as a state machine

interface GateModel {
  active: number;
  /** Waiting requests in arrival order, by id. */
  queue: number[];
  outcomes: Map<number, Admission | 'waiting'>;
}

interface GateReal {
  gate: AdmissionGate;
  signals: Map<number, AbortController>;
  outcomes: Map<number, Admission | 'waiting'>;
  next: number;
}

const MAX_CONCURRENT = 2;
const MAX_QUEUE = 3;

class Enter implements fc.AsyncCommand<GateModel, GateReal> {
  check = () => true;
  async run(model: GateModel, real: GateReal) {
    const id = real.next++;
    const controller = new AbortController();
    real.signals.set(id, controller);
    const outcome = real.gate.enter(controller.signal);
    if (typeof outcome === 'string') real.outcomes.set(id, outcome);
    else {
      real.outcomes.set(id, 'waiting');
      void outcome.then((settled) => real.outcomes.set(id, settled));
    }
    await Promise.resolve();
    if (model.active < MAX_CONCURRENT) {
      model.active += 1;
      model.outcomes.set(id, 'admitted');
    } else if (model.queue.length < MAX_QUEUE) {
      model.queue.push(id);
      model.outcomes.set(id, 'waiting');
    } else model.outcomes.set(id, 'refused');
    expect(real.outcomes.get(id)).toBe(model.outcomes.get(id));
  }
  toString = () => 'enter';
}

class Leave implements fc.AsyncCommand<GateModel, GateReal> {
  check = (model: Readonly<GateModel>) => model.active > 0;
  async run(model: GateModel, real: GateReal) {
    real.gate.leave();
    await Promise.resolve();
    await Promise.resolve();
    const next = model.queue.shift();
    if (next === undefined) model.active -= 1;
    else model.outcomes.set(next, 'admitted');
    if (next !== undefined) expect(real.outcomes.get(next)).toBe('admitted');
    expect(real.gate.inFlight).toBe(model.active);
  }
  toString = () => 'leave';
}

class Disconnect implements fc.AsyncCommand<GateModel, GateReal> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<GateModel>) => model.queue.length > 0;
  async run(model: GateModel, real: GateReal) {
    const id = model.queue[this.pick % model.queue.length]!;
    real.signals.get(id)!.abort();
    await Promise.resolve();
    await Promise.resolve();
    model.queue.splice(model.queue.indexOf(id), 1);
    model.outcomes.set(id, 'abandoned');
    expect(real.outcomes.get(id)).toBe('abandoned');
    expect(real.gate.queued).toBe(model.queue.length);
  }
  toString = () => `disconnect(${this.pick})`;
}

describe('the admission gate', () => {
  it('admits up to the limit, queues up to the depth in order, refuses past it, and drops clients that leave', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands([fc.constant(new Enter()), fc.constant(new Leave()), fc.nat(10).map((n) => new Disconnect(n))], { maxCommands: 60 }), async (commands) => {
        const real: GateReal = { gate: new AdmissionGate(MAX_CONCURRENT, MAX_QUEUE), signals: new Map(), outcomes: new Map(), next: 0 };
        const model: GateModel = { active: 0, queue: [], outcomes: new Map() };
        await fc.asyncModelRun(() => ({ model, real }), commands);
        expect(real.gate.inFlight).toBe(model.active);
        expect(real.gate.queued).toBe(model.queue.length);
      }),
      { numRuns: 150 },
    );
  });
});

describe('a request that waits too long', () => {
  it('is refused when its wait passes the limit, and its place goes to no one', async () => {
    vi.useFakeTimers();
    try {
      const gate = new AdmissionGate(1, 5, 100);
      expect(gate.enter()).toBe('admitted');
      const waiting = gate.enter();
      expect(typeof waiting).not.toBe('string');
      await vi.advanceTimersByTimeAsync(100);
      expect(await waiting).toBe('refused');
      expect(gate.queued).toBe(0);
      gate.leave();
      expect(gate.inFlight).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

// ---------------------------------------------------------------- over HTTP

const servers: RunningServer[] = [];
afterEach(async () => {
  while (servers.length > 0) await servers.pop()?.close();
});

describe('shedding over HTTP', () => {
  it('answers 503 with Retry-After past the queue depth: JSON on API paths, a page elsewhere', async () => {
    const hold = latch();
    let handled = 0;
    const app = new Hono();
    app.get('/assets/*', (c) => c.text('asset'));
    app.get('*', async (c) => {
      handled += 1;
      await hold.promise;
      return c.text('done');
    });
    const server = await listen(app, { port: 0, shedding: { maxConcurrent: 2, maxQueue: 3 } });
    servers.push(server);
    const gate = server.gate!;

    const waiting = Array.from({ length: 5 }, (_, i) => fetch(`${server.url}/shop/?n=${i}`));
    await until(() => gate.inFlight === 2 && gate.queued === 3);
    const page = await fetch(`${server.url}/shop/`);
    const api = await fetch(`${server.url}/wp-json/wc/store/v1/products`);
    const ajax = await fetch(`${server.url}/?wc-ajax=get_refreshed_fragments`);

    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('The shop is busy');
    for (const answer of [api, ajax]) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(await answer.json()).toMatchObject({ code: 'suki_overloaded', data: { status: 503 } });
    }
    // The static build skips the gate.
    expect((await fetch(`${server.url}/assets/entry.js`)).status).toBe(200);
    expect(handled).toBe(2);

    hold.open();
    const answers = await Promise.all(waiting);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    await Promise.all(answers.map((a) => a.text()));
    expect(gate.inFlight).toBe(0);
    expect(gate.stats.refused).toBe(3);
  });

  it('never handles a queued request whose client has disconnected', async () => {
    const hold = latch();
    const seen: string[] = [];
    const app = new Hono();
    app.get('*', async (c) => {
      seen.push(new URL(c.req.url).pathname);
      if (c.req.path === '/first/') await hold.promise;
      return c.text('done');
    });
    const server = await listen(app, { port: 0, shedding: { maxConcurrent: 1, maxQueue: 5 } });
    servers.push(server);
    const gate = server.gate!;

    const first = fetch(`${server.url}/first/`);
    await until(() => gate.inFlight === 1);
    const leaving = new AbortController();
    const gone = fetch(`${server.url}/gone/`, { signal: leaving.signal }).catch(() => 'aborted');
    const staying = fetch(`${server.url}/staying/`);
    await until(() => gate.queued === 2);
    leaving.abort();
    expect(await gone).toBe('aborted');
    await until(() => gate.queued === 1);

    hold.open();
    expect(await (await first).text()).toBe('done');
    expect(await (await staying).text()).toBe('done');
    expect(seen).toEqual(['/first/', '/staying/']);
    expect(gate.stats.abandoned).toBe(1);
  });
});

// ---------------------------------------------------------------- pages whose client has gone

const config = parseShopConfig(shopConfig);

const fakePage = (html: string): RenderedPage =>
  ({
    status: 200,
    html,
    state: { cartNonce: 'n' },
    title: 't',
    description: '',
    preloadImage: null,
  }) as unknown as RenderedPage;

describe('pages whose client disconnects', () => {
  it('stop at the next API call and are not written', async () => {
    const firstCall = latch();
    const released = latch();
    const apiCalls: string[] = [];
    let documents = 0;
    const renderer: RenderModule = {
      async renderPage({ url, fetch }) {
        await fetch(new URL('/wp-json/wc/store/v1/products/categories', url.origin));
        await fetch(new URL('/wp-json/wc/store/v1/products', url.origin));
        return fakePage('<p>listing</p>');
      },
      renderDocument: (page) => {
        documents += 1;
        return page.html;
      },
    };
    const logger = memoryLogger();
    const pages = createPagesHandler({
      apiFetch: async (request) => {
        apiCalls.push(new URL(request.url).pathname);
        firstCall.open();
        await released.promise;
        return new Response('[]', { headers: { 'content-type': 'application/json' } });
      },
      loadRenderer: async () => renderer,
      assets: async () => ({ scripts: [], styles: [], modulePreloads: [] }),
      config,
      plugins: [],
      logger,
      session: async () => ({ cookie: '' }),
    });
    const app = new Hono();
    app.get('*', pages);
    const server = await listen(app, { port: 0 });
    servers.push(server);

    const client = new AbortController();
    const request = fetch(`${server.url}/shop/`, { signal: client.signal }).catch(() => 'aborted');
    await firstCall.promise;
    client.abort();
    expect(await request).toBe('aborted');
    // Give the server's socket close a turn to reach the request's signal, then let the API answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    released.open();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(apiCalls).toEqual(['/wp-json/wc/store/v1/products/categories']);
    expect(documents).toBe(0);
    expect(logger.errors).toEqual([]);

    // A client that stays gets its page.
    const kept = await fetch(`${server.url}/shop/`);
    expect(await kept.text()).toBe('<p>listing</p>');
  });

  it('a shared render is cancelled only when every request waiting for it has gone', async () => {
    const cache = new RenderCache({ readGeneration: async () => 1, checkEveryMs: 60_000 });
    const generation = (await cache.generation())!;
    const started = latch();
    let renderSignal: AbortSignal | null = null;
    const produce = async (signal: AbortSignal) => {
      renderSignal = signal;
      started.open();
      await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
      return null;
    };
    const one = new AbortController();
    const two = new AbortController();
    const first = cache.getOrFill('page /shop/', generation, produce, one.signal).catch(() => 'left');
    const second = cache.getOrFill('page /shop/', generation, produce, two.signal).catch(() => 'left');
    await started.promise;
    expect(cache.stats.fills).toBe(1);

    one.abort();
    expect(await first).toBe('left');
    expect(renderSignal!.aborted).toBe(false);

    two.abort();
    expect(await second).toBe('left');
    expect(renderSignal!.aborted).toBe(true);
    expect(cache.stats.abandoned).toBe(1);
  });
});
