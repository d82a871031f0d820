import { describe, expect, it, vi } from 'vitest';
import type { BoundEmit } from '../bus.js';
import type { DomainEvent } from '../events.js';
import { silentLogger } from '../logger.js';
import type { CartPort, PortFailure } from '../ports.js';
import { err, ok, type Result } from '../result.js';
import { createRuntime } from '../runtime.js';
import type { Cart } from '../domain/cart.js';
import { cartOf, facts, line, stubCartPort, stubPorts } from '../testing/cart-fixtures.js';
import { BASE_LOCALE, textsIn } from '../../i18n/index.js';
import { cartFailureMessage, createCartModule, type CartState } from './cart-module.js';
import { cartFailureTexts } from './messages.js';

/** A cart port whose calls wait until the test answers them. */
const manualPort = () => {
  const calls: Array<{ method: string; request: unknown; answer: (r: Result<Cart, PortFailure>) => void }> = [];
  const call = (method: string) => (request?: unknown) =>
    new Promise<Result<Cart, PortFailure>>((answer) => calls.push({ method, request, answer }));
  const port: CartPort = { load: call('load'), add: call('add'), remove: call('remove'), setQuantity: call('setQuantity') };
  return { port, calls };
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An emit that drops the events (these tests read the store). */
const noEmit = (() => undefined) as unknown as BoundEmit;

const boot = (port: Partial<CartPort>, initialCart: Cart | null = null, retryDelaysMs: readonly number[] = [0]) => {
  const waits: number[] = [];
  let n = 0;
  const runtime = createRuntime({
    ports: stubPorts(port),
    consent: { default: 'granted' },
    logger: silentLogger(),
    ids: () => `key${++n}`,
    now: () => 7,
    ...(initialCart ? { initialState: { cart: { cart: initialCart } } } : {}),
    cart: {
      retryDelaysMs,
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
  });
  const events: DomainEvent[] = [];
  runtime.ofDomain('cart').subscribe((e) => events.push(e));
  return { runtime, events, waits, state: () => runtime.stores.cart.getSnapshot() };
};

describe('cart module', () => {
  it('shows an add at once, sends requests one at a time in order, then shows the server cart', async () => {
    const { port, calls } = manualPort();
    const { runtime, state, events } = boot(port, cartOf([line(1, 1)]));
    const first = runtime.execute('cart.add', { productId: 2, quantity: 1, item: facts(2) });
    const second = runtime.execute('cart.add', { productId: 1, quantity: 2, item: facts(1) });
    expect(state().cart?.lines.map((l) => [l.key, l.quantity, l.pending])).toEqual([
      ['k1', 3, true],
      ['pending:key1', 1, true],
    ]);
    expect(state()).toMatchObject({ pendingProducts: { 1: 1, 2: 1 }, queueLength: 2, status: 'saving' });
    await flush();
    expect(calls.map((c) => c.method)).toEqual(['add']);
    expect(calls[0]!.request).toMatchObject({ productId: 2, quantity: 1, idempotencyKey: 'key1' });
    calls[0]!.answer(ok(cartOf([line(1, 1), line(2, 1)])));
    expect(await first).toEqual(ok(cartOf([line(1, 1), line(2, 1)])));
    expect(state().cart?.lines.map((l) => [l.key, l.quantity, l.pending])).toEqual([
      ['k1', 3, true],
      ['k2', 1, false],
    ]);
    await flush();
    expect(calls.map((c) => c.method)).toEqual(['add', 'add']);
    calls[1]!.answer(ok(cartOf([line(1, 3), line(2, 1)])));
    await second;
    expect(state()).toMatchObject({ pendingProducts: {}, addedProducts: [2, 1], queueLength: 0, status: 'ready', error: null });
    expect(events.map((e) => e.type)).toEqual(['cart.added', 'cart.added']);
  });

  it('rolls back exactly the failed intent and shows a visible error', async () => {
    const { port, calls } = manualPort();
    const { runtime, state, events } = boot(port, cartOf([line(1, 1)]));
    const failing = runtime.execute('cart.add', { productId: 2, quantity: 1, item: facts(2) });
    const kept = runtime.execute('cart.setQuantity', { key: 'k1', quantity: 4 });
    await flush();
    calls[0]!.answer(err({ kind: 'http', status: 400, code: 'woocommerce_rest_cart_product_no_stock', message: 'Out of stock.' }));
    expect(await failing).toMatchObject({ ok: false, error: { kind: 'http' } });
    expect(state().cart?.lines.map((l) => [l.key, l.quantity])).toEqual([['k1', 4]]);
    expect(state().error).toEqual({
      intent: 'add',
      name: 'Product 2',
      message: 'Out of stock.',
      failure: { kind: 'http', status: 400, code: 'woocommerce_rest_cart_product_no_stock', message: 'Out of stock.' },
      at: 7,
    });
    expect(events.at(-1)).toMatchObject({ type: 'cart.failed', payload: { intent: 'add', name: 'Product 2' } });
    await flush();
    calls[1]!.answer(ok(cartOf([line(1, 4)])));
    await kept;
    expect(events.at(-1)).toMatchObject({
      type: 'cart.quantityChanged',
      payload: { previousQuantity: 1, quantity: 4, item: { id: 1, name: 'Product 1' } },
    });
  });

  it('keeps a change through network and timeout failures and sends it again with the same key after each wait', async () => {
    const add = vi
      .fn<CartPort['add']>()
      .mockResolvedValueOnce(err({ kind: 'timeout', message: 't' }))
      .mockResolvedValueOnce(err({ kind: 'network', message: 'n' }))
      .mockResolvedValueOnce(ok(cartOf([line(3, 1)])));
    // Read back between attempts: the add has not arrived.
    const load = vi.fn<CartPort['load']>().mockResolvedValue(ok(cartOf([])));
    const { runtime, waits, events } = boot({ add, load }, null, [100, 300]);
    const result = await runtime.execute('cart.add', { productId: 3, quantity: 1, item: facts(3), idempotencyKey: 'mine' });
    expect(result.ok).toBe(true);
    expect(add.mock.calls.map(([request]) => request.idempotencyKey)).toEqual(['mine', 'mine', 'mine']);
    expect(waits).toEqual([100, 300]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(events.filter((e) => e.type === 'cart.added')).toHaveLength(1);

    const flaky = vi.fn<CartPort['add']>().mockResolvedValue(err({ kind: 'network', message: 'offline' }));
    const other = boot({ add: flaky, load: vi.fn<CartPort['load']>().mockResolvedValue(ok(cartOf([]))) }, cartOf([]), [5, 5, 5]);
    const failed = await other.runtime.execute('cart.add', { productId: 3, quantity: 1, item: facts(3) });
    expect(failed).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(flaky).toHaveBeenCalledTimes(4);
    expect(other.state().error?.message).toMatch(/could not be reached/);
    expect(other.state().retrying).toBeNull();
    expect(other.state().cart?.lines).toEqual([]);
  });

  it('shows that a change is kept and retried while it waits, with the line still on screen', async () => {
    let release = () => {};
    const add = vi.fn<CartPort['add']>().mockResolvedValueOnce(err({ kind: 'network', message: 'n' })).mockResolvedValueOnce(ok(cartOf([line(3, 1)])));
    const load = vi.fn<CartPort['load']>().mockResolvedValue(ok(cartOf([])));
    let n = 0;
    const runtime = createRuntime({
      ports: stubPorts({ add, load }),
      consent: { default: 'granted' },
      logger: silentLogger(),
      ids: () => `key${++n}`,
      cart: { retryDelaysMs: [1000], sleep: () => new Promise<void>((resolve) => (release = resolve)) },
    });
    const pending = runtime.execute('cart.add', { productId: 3, quantity: 1, item: facts(3) });
    await vi.waitFor(() => expect(runtime.stores.cart.getSnapshot().retrying).not.toBeNull());
    const waiting = runtime.stores.cart.getSnapshot();
    expect(waiting.retrying).toMatchObject({ intent: 'add', name: 'Product 3', attempt: 1, of: 1, failure: { kind: 'network' } });
    expect(waiting.cart?.lines.map((l) => l.id)).toEqual([3]);
    expect(waiting.status).toBe('saving');
    release();
    expect((await pending).ok).toBe(true);
    expect(runtime.stores.cart.getSnapshot().retrying).toBeNull();
  });

  it('never applies an add twice on a shop that ignores idempotency keys: a lost answer is found by reading the cart back', async () => {
    // The shop made the change, but its answer was lost (a gateway timeout).
    const add = vi.fn<CartPort['add']>().mockResolvedValue(err({ kind: 'timeout', message: 'The shop did not answer within 8 s.' }));
    const load = vi.fn<CartPort['load']>().mockResolvedValue(ok(cartOf([line(3, 3)])));
    const { runtime, state, events } = boot({ add, load }, cartOf([line(3, 1)]));
    const result = await runtime.execute('cart.add', { productId: 3, quantity: 2, item: facts(3) });
    expect(result.ok).toBe(true);
    expect(add).toHaveBeenCalledTimes(1);
    expect(state().cart?.lines.map((l) => [l.id, l.quantity])).toEqual([[3, 3]]);
    expect(events.map((e) => e.type)).toEqual(['cart.added']);
  });

  it('never applies a remove twice: a line already gone counts as removed', async () => {
    const remove = vi.fn<CartPort['remove']>().mockResolvedValue(err({ kind: 'network', message: 'n' }));
    const load = vi.fn<CartPort['load']>().mockResolvedValue(ok(cartOf([line(2, 1)])));
    const { runtime, state, events } = boot({ remove, load }, cartOf([line(1, 1), line(2, 1)]));
    const result = await runtime.execute('cart.remove', { key: 'k1' });
    expect(result.ok).toBe(true);
    expect(remove).toHaveBeenCalledTimes(1);
    expect(state().cart?.lines.map((l) => l.id)).toEqual([2]);
    expect(events.map((e) => e.type)).toEqual(['cart.removed']);
  });

  it('sends a quantity change again without reading back, since setting a quantity twice is harmless', async () => {
    const setQuantity = vi.fn<CartPort['setQuantity']>().mockResolvedValueOnce(err({ kind: 'timeout', message: 't' })).mockResolvedValueOnce(ok(cartOf([line(1, 4)])));
    const load = vi.fn<CartPort['load']>();
    const { runtime } = boot({ setQuantity, load }, cartOf([line(1, 1)]));
    expect((await runtime.execute('cart.setQuantity', { key: 'k1', quantity: 4 })).ok).toBe(true);
    expect(setQuantity).toHaveBeenCalledTimes(2);
    expect(load).not.toHaveBeenCalled();
  });

  it('after giving up on a change of unknown outcome, the next add reads the cart first for its baseline', async () => {
    const add = vi.fn<CartPort['add']>().mockResolvedValue(err({ kind: 'timeout', message: 't' }));
    // The shop is unreachable for reads while the first add is retried; then it answers again and
    // shows that the first add did arrive.
    const load = vi
      .fn<CartPort['load']>()
      .mockResolvedValueOnce(err({ kind: 'network', message: 'n' }))
      .mockResolvedValue(ok(cartOf([line(3, 1)])));
    const { runtime, state } = boot({ add, load }, cartOf([]), [0]);
    const first = await runtime.execute('cart.add', { productId: 3, quantity: 1, item: facts(3) });
    expect(first.ok).toBe(false);
    expect(add).toHaveBeenCalledTimes(1);
    // The second add of the same product starts from the cart as the shop has it (quantity 1) and,
    // when its own answer is lost too, is recognised by the move from 1.
    const second = await runtime.execute('cart.add', { productId: 3, quantity: 1, item: facts(3) });
    expect(load).toHaveBeenCalledTimes(3);
    expect(second.ok).toBe(false);
    expect(add).toHaveBeenCalledTimes(3);
    // The third add's answer is lost as well, but this time the read-back shows it arrived.
    load.mockResolvedValueOnce(ok(cartOf([line(3, 1)]))).mockResolvedValueOnce(ok(cartOf([line(3, 2)])));
    const third = await runtime.execute('cart.add', { productId: 3, quantity: 1, item: facts(3) });
    expect(third.ok).toBe(true);
    expect(add).toHaveBeenCalledTimes(4);
    expect(state().cart?.lines.map((l) => [l.id, l.quantity])).toEqual([[3, 2]]);
  });

  it('gives up at once when reading back gets a broken answer', async () => {
    const add = vi.fn<CartPort['add']>().mockResolvedValue(err({ kind: 'timeout', message: 't' }));
    const load = vi.fn<CartPort['load']>().mockResolvedValue(err({ kind: 'invalid-response', message: 'HTML where JSON was expected' }));
    const { runtime, state } = boot({ add, load }, cartOf([]), [0, 0, 0]);
    const result = await runtime.execute('cart.add', { productId: 3, quantity: 1, item: facts(3) });
    expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(add).toHaveBeenCalledTimes(1);
    expect(state().cart?.lines).toEqual([]);
  });

  it('a port that answers with something other than a result counts as a failed connection, and the queue goes on', async () => {
    const add = vi.fn<CartPort['add']>().mockResolvedValue(undefined as unknown as Result<Cart, PortFailure>);
    const load = vi.fn<CartPort['load']>().mockResolvedValue(ok(cartOf([line(1, 1)])));
    const { runtime } = boot({ add, load }, cartOf([]), []);
    expect(await runtime.execute('cart.add', { productId: 3, quantity: 1, item: facts(3) })).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect((await runtime.execute('cart.refresh', undefined)).ok).toBe(true);
  });

  it('does not retry refusals', async () => {
    const add = vi.fn<CartPort['add']>().mockResolvedValue(err({ kind: 'product-url', url: '/p/x', message: '' }));
    const { runtime, state } = boot({ add });
    await runtime.execute('cart.add', { productId: 3, quantity: 1, item: facts(3) });
    expect(add).toHaveBeenCalledTimes(1);
    expect(state().cart).toBeNull();
    expect(state().status).toBe('unknown');
  });

  it('puts categories learned from list views into events about lines', async () => {
    const remove = vi.fn<CartPort['remove']>().mockResolvedValue(ok(cartOf([])));
    const { runtime, events } = boot({ remove }, cartOf([line(9, 2)]));
    runtime.emit('catalog.listViewed', { listName: 'Shop', offset: 0, items: [facts(9, { categories: ['Pasalubong'] })] });
    await runtime.execute('cart.remove', { key: 'k9' });
    expect(events.at(-1)).toMatchObject({
      type: 'cart.removed',
      payload: { quantity: 2, item: { id: 9, sku: 'SKU-9', categories: ['Pasalubong'], price: 10_009 } },
    });
  });

  it('queues refreshes with the changes and emits cart.loaded', async () => {
    const { port, calls } = manualPort();
    const { runtime, state, events } = boot(port);
    expect(state().status).toBe('unknown');
    const loaded = runtime.execute('cart.refresh');
    expect(state().status).toBe('loading');
    const added = runtime.execute('cart.add', { productId: 1, quantity: 1, item: facts(1) });
    await flush();
    expect(calls).toHaveLength(1);
    calls[0]!.answer(ok(cartOf([])));
    await loaded;
    await flush();
    expect(calls.map((c) => c.method)).toEqual(['load', 'add']);
    calls[1]!.answer(ok(cartOf([line(1, 1)])));
    await added;
    expect(events.map((e) => e.type)).toEqual(['cart.loaded', 'cart.added']);
  });

  it('maps a change on a line added optimistically to the key the server gave it', async () => {
    const { port, calls } = manualPort();
    const { runtime } = boot(port, cartOf([]));
    const added = runtime.execute('cart.add', { productId: 4, quantity: 1, item: facts(4) });
    const changed = runtime.execute('cart.setQuantity', { key: 'pending:key1', quantity: 3 });
    await flush();
    calls[0]!.answer(ok(cartOf([line(4, 1, { key: 'server-4' })])));
    await added;
    await flush();
    expect(calls[1]!.request).toMatchObject({ key: 'server-4', quantity: 3 });
    calls[1]!.answer(ok(cartOf([line(4, 3, { key: 'server-4' })])));
    expect((await changed).ok).toBe(true);
  });

  it('keeps showing a queued change on a line once its add is confirmed under the server’s key', async () => {
    const { port, calls } = manualPort();
    const { runtime, state } = boot(port, cartOf([line(1, 1)]));
    void runtime.execute('cart.add', { productId: 4, quantity: 1, item: facts(4) });
    void runtime.execute('cart.setQuantity', { key: 'pending:key1', quantity: 3 });
    void runtime.execute('cart.add', { productId: 5, quantity: 1, item: facts(5) });
    void runtime.execute('cart.remove', { key: 'pending:key3' });
    expect(state().cart?.lines.map((l) => [l.key, l.quantity])).toEqual([['k1', 1], ['pending:key1', 3]]);
    await flush();
    calls[0]!.answer(ok(cartOf([line(1, 1), line(4, 1, { key: 'server-4' })])));
    await flush();
    // The add is confirmed with quantity 1; the quantity change on its way still shows 3.
    expect(state().cart?.lines.map((l) => [l.key, l.quantity, l.pending])).toEqual([['k1', 1, false], ['server-4', 3, true]]);
    expect(calls[1]!.request).toMatchObject({ key: 'server-4', quantity: 3 });
    calls[1]!.answer(ok(cartOf([line(1, 1), line(4, 3, { key: 'server-4' })])));
    await flush();
    calls[2]!.answer(ok(cartOf([line(1, 1), line(4, 3, { key: 'server-4' }), line(5, 1, { key: 'server-5' })])));
    await flush();
    // The queued remove of the second add's line still hides it, under its new key.
    expect(state().cart?.lines.map((l) => l.key)).toEqual(['k1', 'server-4']);
    expect(calls[3]!.request).toMatchObject({ key: 'server-5' });
  });

  it('a failed remove or quantity change names the product of its line, or none for a line not shown', async () => {
    const { port, calls } = manualPort();
    const { runtime, state, events } = boot(port, cartOf([line(1, 2)]));
    const removed = runtime.execute('cart.remove', { key: 'k1' });
    await flush();
    calls[0]!.answer(err({ kind: 'http', status: 500, code: 'x', message: '' }));
    await removed;
    expect(state().error).toMatchObject({ intent: 'remove', name: 'Product 1', message: cartFailureMessage('remove', 'Product 1', { kind: 'http', status: 500, code: 'x', message: '' }) });
    expect(events.at(-1)).toMatchObject({ type: 'cart.failed', payload: { intent: 'remove', name: 'Product 1' } });
    const changed = runtime.execute('cart.setQuantity', { key: 'k1', quantity: 5 });
    await flush();
    calls[1]!.answer(err({ kind: 'http', status: 500, code: 'x', message: '' }));
    await changed;
    expect(state().error).toMatchObject({ intent: 'quantity', name: 'Product 1' });
    const unknown = runtime.execute('cart.setQuantity', { key: 'k9', quantity: 5 });
    await flush();
    calls[2]!.answer(err({ kind: 'http', status: 500, code: 'x', message: '' }));
    await unknown;
    expect(state().error).toMatchObject({ intent: 'quantity', name: '', message: cartFailureMessage('quantity', '', { kind: 'http', status: 500, code: 'x', message: '' }) });
  });

  it('a new change clears the last error at once; a refresh does not', async () => {
    const { port, calls } = manualPort();
    const { runtime, state } = boot(port, cartOf([line(1, 2)]));
    const failed = runtime.execute('cart.remove', { key: 'k1' });
    await flush();
    calls[0]!.answer(err({ kind: 'http', status: 500, code: 'x', message: 'No.' }));
    await failed;
    expect(state().error).not.toBeNull();
    void runtime.execute('cart.refresh', undefined);
    expect(state().error).not.toBeNull();
    void runtime.execute('cart.setQuantity', { key: 'k1', quantity: 3 });
    expect(state().error).toBeNull();
  });

  it('a port that throws counts as a failed connection, and the error is logged', async () => {
    const errors: unknown[][] = [];
    const logger = { ...silentLogger(), error: (...args: unknown[]) => void errors.push(args) };
    const boom = new Error('socket hang up');
    const cart = createCartModule({
      port: stubCartPort({ add: () => Promise.reject(boom), load: () => Promise.reject(boom) }),
      emit: noEmit,
      ids: () => 'id',
      now: () => 7,
      logger,
      retryDelaysMs: [0],
      sleep: async () => undefined,
    });
    expect(await cart.add({ productId: 1, quantity: 1, item: facts(1) })).toEqual(err({ kind: 'network', message: 'socket hang up' }));
    expect(await cart.refresh()).toEqual(err({ kind: 'network', message: 'socket hang up' }));
    expect(errors.length).toBeGreaterThanOrEqual(2);
    for (const [message, detail] of errors) {
      expect(message).toMatch(/port threw/);
      expect(detail).toBe(boom);
    }
  });

  it('an answer that is not a result, or whose ok is not a boolean, counts as a failed connection', async () => {
    for (const answer of [{}, { ok: 'yes', value: cartOf([]) }, null, 'ok']) {
      const cart = createCartModule({ port: stubCartPort({ load: async () => answer as unknown as Result<Cart, PortFailure> }), emit: noEmit, ids: () => 'id', now: () => 7, logger: silentLogger(), retryDelaysMs: [] });
      expect(await cart.refresh()).toEqual(err({ kind: 'network', message: 'The cart could not be reached.' }));
    }
  });

  it('refuses a non-positive add without queueing it', async () => {
    const add = vi.fn<CartPort['add']>();
    const { runtime, state } = boot({ add });
    expect(await runtime.execute('cart.add', { productId: 1, quantity: 0, item: facts(1) })).toMatchObject({ ok: false, error: { kind: 'refused' } });
    expect(add).not.toHaveBeenCalled();
    expect(state().queueLength).toBe(0);
  });

  it('fails intents still waiting when the runtime stops', async () => {
    const { port, calls } = manualPort();
    const { runtime } = boot(port);
    const inFlight = runtime.execute('cart.add', { productId: 1, quantity: 1, item: facts(1) });
    const waiting = runtime.execute('cart.add', { productId: 2, quantity: 1, item: facts(2) });
    await flush();
    const stopped = runtime.stop();
    expect(await waiting).toMatchObject({ ok: false, error: { kind: 'network' } });
    calls[0]!.answer(ok(cartOf([line(1, 1)])));
    expect((await inFlight).ok).toBe(true);
    await stopped;
    expect(calls).toHaveLength(1);
  });
});

describe('a change kept while the shop cannot be reached', () => {
  /** A shop that is offline until `online` is set, with a way to say the connection is back. */
  const offlineShop = () => {
    const shop = { online: false, carts: [] as Cart[], reconnect: () => {} };
    const offline = err({ kind: 'network' as const, message: 'offline' });
    const add = vi.fn<CartPort['add']>(async (request) => {
      if (!shop.online) return offline;
      const next = cartOf([...(shop.carts.at(-1)?.lines ?? []), line(request.productId, request.quantity)]);
      shop.carts.push(next);
      return ok(next);
    });
    const load = vi.fn<CartPort['load']>(async () => (shop.online ? ok(shop.carts.at(-1) ?? cartOf([])) : offline));
    const listeners = new Set<() => void>();
    const onReconnect = vi.fn((listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    });
    shop.reconnect = () => {
      for (const listener of listeners) listener();
    };
    return { shop, add, load, onReconnect, listeners };
  };

  const KEPT_MS = 99_999;

  const bootKept = (port: Partial<CartPort>, keptWaits: { resolve?: () => void } = {}) => {
    const events: DomainEvent[] = [];
    const waits: number[] = [];
    let n = 0;
    const module = createCartModule({
      port: stubCartPort(port),
      emit: (type, payload) => {
        const event = { type, payload, meta: { id: String(events.length), at: 0, source: 'cart' } };
        events.push(event as unknown as DomainEvent);
        return event as unknown as DomainEvent<typeof type>;
      },
      ids: () => `key${++n}`,
      now: () => 7,
      logger: silentLogger(),
      retryDelaysMs: [10, 20],
      keptRetryMs: KEPT_MS,
      // Timed retries pass at once; the long wait of a kept change ends only when the test says.
      sleep: (ms) => {
        waits.push(ms);
        return ms === KEPT_MS ? new Promise<void>((resolve) => (keptWaits.resolve = resolve)) : Promise.resolve();
      },
      initial: { cart: cartOf([]) },
    });
    return { module, events, waits, state: () => module.store.getSnapshot() };
  };

  it('keeps the add on screen past its retries, says so, and sends it once when the connection is back', async () => {
    const { shop, add, load, onReconnect } = offlineShop();
    const { module, events, waits, state } = bootKept({ add, load, onReconnect });
    const result = module.add({ productId: 3, quantity: 1, item: facts(3) });
    await vi.waitFor(() => expect(state().retrying?.untilReconnect).toBe(true));
    expect(state().retrying).toMatchObject({ intent: 'add', name: 'Product 3', failure: { kind: 'network' } });
    expect(state()).toMatchObject({ error: null, status: 'saving', pendingProducts: { 3: 1 } });
    expect(state().cart?.lines.map((l) => [l.id, l.pending])).toEqual([[3, true]]);
    expect(events).toEqual([]);
    expect(waits).toEqual([10, 20, KEPT_MS]);

    shop.online = true;
    shop.reconnect();
    expect((await result).ok).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['cart.added']);
    expect(state()).toMatchObject({ retrying: null, error: null, status: 'ready', pendingProducts: {} });
    expect(state().cart?.lines.map((l) => [l.id, l.quantity, l.pending])).toEqual([[3, 1, false]]);
    // Sent once on the way back, with the key of the first try.
    expect(add.mock.calls.filter(([request]) => request.idempotencyKey === 'key1')).toHaveLength(add.mock.calls.length);
    expect(shop.carts.at(-1)?.lines).toHaveLength(1);
  });

  it('the shopper’s next change sends the kept one first, then itself', async () => {
    const { shop, add, load, onReconnect } = offlineShop();
    const { module, state } = bootKept({ add, load, onReconnect });
    const first = module.add({ productId: 3, quantity: 1, item: facts(3) });
    await vi.waitFor(() => expect(state().retrying?.untilReconnect).toBe(true));
    shop.online = true;
    const second = module.add({ productId: 4, quantity: 2, item: facts(4) });
    expect((await first).ok).toBe(true);
    expect((await second).ok).toBe(true);
    expect(state().cart?.lines.map((l) => [l.id, l.quantity])).toEqual([
      [3, 1],
      [4, 2],
    ]);
  });

  it('tries a kept change again after the long wait even without a sign, with a new round of retries', async () => {
    const { shop, add, load, onReconnect } = offlineShop();
    const kept: { resolve?: () => void } = {};
    const { module, waits, state } = bootKept({ add, load, onReconnect }, kept);
    const result = module.add({ productId: 3, quantity: 1, item: facts(3) });
    await vi.waitFor(() => expect(kept.resolve).toBeDefined());
    const endLongWait = kept.resolve;
    kept.resolve = undefined;
    const waited = waits.length;
    endLongWait?.();
    // Still offline: another round of timed retries, then kept again, and no error.
    await vi.waitFor(() => expect(kept.resolve).toBeDefined());
    expect(waits.slice(waited)).toEqual([10, 20, KEPT_MS]);
    expect(state()).toMatchObject({ error: null, retrying: { untilReconnect: true } });
    shop.online = true;
    shop.reconnect();
    expect((await result).ok).toBe(true);
  });

  it('gives a change up after its retries where nothing can tell that the connection is back, or when the shop is only slow', async () => {
    const { add, load } = offlineShop();
    const { module, events, state } = bootKept({ add, load });
    expect(await module.add({ productId: 3, quantity: 1, item: facts(3) })).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(events.map((e) => e.type)).toEqual(['cart.failed']);
    expect(state().cart?.lines).toEqual([]);

    const slow = vi.fn<CartPort['setQuantity']>().mockResolvedValue(err({ kind: 'timeout', message: 'slow' }));
    const other = bootKept({ setQuantity: slow, load: vi.fn<CartPort['load']>().mockResolvedValue(ok(cartOf([]))), onReconnect: () => () => undefined });
    expect(await other.module.setQuantity({ key: 'k1', quantity: 2 })).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(slow).toHaveBeenCalledTimes(3);
    expect(other.state().error?.message).toMatch(/took too long/);
  });

  it('a change that fails while the shop answers reads (a blocked endpoint) is given up, not kept', async () => {
    const remove = vi.fn<CartPort['remove']>().mockResolvedValue(err({ kind: 'network', message: 'blocked' }));
    const load = vi.fn<CartPort['load']>().mockResolvedValue(ok(cartOf([line(1, 1)])));
    const { module, events, state } = bootKept({ remove, load, onReconnect: () => () => undefined });
    expect(await module.remove({ key: 'k1' })).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(remove).toHaveBeenCalledTimes(3);
    expect(events.map((e) => e.type)).toEqual(['cart.failed']);
    expect(state().retrying).toBeNull();
    expect(state().cart?.lines.map((l) => l.id)).toEqual([1]);
  });

  it('a kept change is given up when the cart stops, and stops listening for the connection', async () => {
    const { add, load, onReconnect, listeners } = offlineShop();
    const { module, state } = bootKept({ add, load, onReconnect });
    expect(listeners.size).toBe(1);
    const result = module.add({ productId: 3, quantity: 1, item: facts(3) });
    await vi.waitFor(() => expect(state().retrying?.untilReconnect).toBe(true));
    module.dispose();
    expect(await result).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(listeners.size).toBe(0);
    expect(state().cart?.lines).toEqual([]);
  });

  it('the connection coming back also cuts a timed retry short', async () => {
    const { shop, add, load, onReconnect } = offlineShop();
    const events: DomainEvent[] = [];
    const module = createCartModule({
      port: stubCartPort({ add, load, onReconnect }),
      emit: (type, payload) => {
        const event = { type, payload, meta: { id: '', at: 0, source: 'cart' } };
        events.push(event as unknown as DomainEvent);
        return event as unknown as DomainEvent<typeof type>;
      },
      ids: () => 'key',
      now: () => 0,
      logger: silentLogger(),
      retryDelaysMs: [60_000],
      // A timed wait that never ends by itself.
      sleep: () => new Promise<void>(() => undefined),
      initial: { cart: cartOf([]) },
    });
    const result = module.add({ productId: 3, quantity: 1, item: facts(3) });
    await vi.waitFor(() => expect(module.store.getSnapshot().retrying).toMatchObject({ attempt: 1, untilReconnect: false }));
    shop.online = true;
    shop.reconnect();
    expect((await result).ok).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['cart.added']);
  });
});

describe('categories of cart lines in events', () => {
  it('asks the shop for the category of a line nothing on the page described, beside the change itself', async () => {
    const productCategory = vi.fn<NonNullable<CartPort['productCategory']>>().mockResolvedValue(ok('Bags'));
    const remove = vi.fn<CartPort['remove']>().mockResolvedValue(ok(cartOf([line(2, 1)])));
    const { runtime, events } = boot({ remove, productCategory }, cartOf([line(1, 2), line(2, 1)]));
    await runtime.execute('cart.remove', { key: 'k1' });
    expect(productCategory).toHaveBeenCalledWith(1);
    expect(events.at(-1)).toMatchObject({ type: 'cart.removed', payload: { item: { id: 1, categories: ['Bags'] } } });
  });

  it('does not ask when the category is known, and leaves it out when the shop cannot say', async () => {
    const productCategory = vi.fn<NonNullable<CartPort['productCategory']>>().mockResolvedValue(err({ kind: 'network', message: 'n' }));
    const setQuantity = vi.fn<CartPort['setQuantity']>().mockResolvedValue(ok(cartOf([line(1, 3), line(2, 1, { category: 'Home' })])));
    const { runtime, events } = boot({ setQuantity, productCategory }, cartOf([line(1, 2), line(2, 1, { category: 'Home' })]));
    await runtime.execute('cart.setQuantity', { key: 'k2', quantity: 4 });
    expect(productCategory).not.toHaveBeenCalled();
    expect(events.at(-1)).toMatchObject({ type: 'cart.quantityChanged', payload: { item: { id: 2, categories: ['Home'] } } });

    await runtime.execute('cart.setQuantity', { key: 'k1', quantity: 3 });
    expect(productCategory).toHaveBeenCalledWith(1);
    expect(events.at(-1)).toMatchObject({ type: 'cart.quantityChanged', payload: { item: { id: 1, categories: [] } } });
  });

  it('an add’s categories describe its line later, and blank names are never taken as a category', async () => {
    const productCategory = vi.fn<NonNullable<CartPort['productCategory']>>().mockResolvedValue(ok(null));
    const add = vi.fn<CartPort['add']>().mockResolvedValue(ok(cartOf([line(5, 1)])));
    const remove = vi.fn<CartPort['remove']>().mockResolvedValue(ok(cartOf([])));
    const { runtime, events } = boot({ add, remove, productCategory }, cartOf([]));
    runtime.emit('catalog.listViewed', { listName: 'Shop', offset: 0, items: [facts(5, { categories: [' '] })] });
    await runtime.execute('cart.add', { productId: 5, quantity: 1, item: facts(5, { categories: ['', 'Pantry'] }) });
    await runtime.execute('cart.remove', { key: 'k5' });
    expect(productCategory).not.toHaveBeenCalled();
    expect(events.at(-1)).toMatchObject({ type: 'cart.removed', payload: { item: { id: 5, categories: ['Pantry'] } } });
  });
});

describe('categories looked up ahead of time', () => {
  it('asks once per unknown line, in parallel; a later remove and quantity change then ask nothing', async () => {
    const answers: Array<(value: Result<string | null, PortFailure>) => void> = [];
    const productCategory = vi.fn<NonNullable<CartPort['productCategory']>>(() => new Promise((resolve) => answers.push(resolve)));
    const remove = vi.fn<CartPort['remove']>().mockResolvedValue(ok(cartOf([line(2, 1), line(3, 1, { category: 'Home' })])));
    const setQuantity = vi.fn<CartPort['setQuantity']>().mockResolvedValue(ok(cartOf([line(2, 4), line(3, 1, { category: 'Home' })])));
    const { runtime, events } = boot({ remove, setQuantity, productCategory }, cartOf([line(1, 2), line(2, 1), line(3, 1, { category: 'Home' })]));
    const first = runtime.execute('cart.lookUpCategories', undefined);
    const second = runtime.execute('cart.lookUpCategories', undefined);
    // Both lines without a category are asked about at once, and only once.
    expect(productCategory.mock.calls.map(([id]) => id)).toEqual([1, 2]);
    answers[0]!(ok('Bags'));
    answers[1]!(err({ kind: 'network', message: 'offline' }));
    expect(await first).toEqual(ok(undefined));
    expect(await second).toEqual(ok(undefined));
    await runtime.execute('cart.remove', { key: 'k1' });
    expect(events.at(-1)).toMatchObject({ type: 'cart.removed', payload: { item: { id: 1, categories: ['Bags'] } } });
    // The failed one is asked again, beside its change, as before.
    const asking = runtime.execute('cart.setQuantity', { key: 'k2', quantity: 4 });
    await flush();
    expect(productCategory.mock.calls.map(([id]) => id)).toEqual([1, 2, 2]);
    answers[2]!(ok('Pantry'));
    await asking;
    expect(events.at(-1)).toMatchObject({ type: 'cart.quantityChanged', payload: { item: { id: 2, categories: ['Pantry'] } } });
    await runtime.execute('cart.lookUpCategories', undefined);
    expect(productCategory).toHaveBeenCalledTimes(3);
  });

  it('without a way to ask, or with nothing unknown, it does nothing', async () => {
    const { runtime } = boot({}, cartOf([line(1, 1)]));
    expect(await runtime.execute('cart.lookUpCategories', undefined)).toEqual(ok(undefined));
    const productCategory = vi.fn<NonNullable<CartPort['productCategory']>>().mockResolvedValue(ok('X'));
    const known = boot({ productCategory }, cartOf([line(1, 1, { category: 'Home' })]));
    await known.runtime.execute('cart.lookUpCategories', undefined);
    expect(productCategory).not.toHaveBeenCalled();
  });
});

describe('a refusal that carries the cart (the Store API’s 409)', () => {
  it('takes that cart as the truth, rolls the change back onto it, and keeps the cart out of the error and the event', async () => {
    const told = cartOf([line(2, 5)]);
    const setQuantity = vi.fn<CartPort['setQuantity']>().mockResolvedValue(err({ kind: 'refused', message: 'Cart item no longer exists or is invalid.', cart: told }));
    const { runtime, state, events } = boot({ setQuantity }, cartOf([line(1, 1), line(2, 1)]));
    const result = await runtime.execute('cart.setQuantity', { key: 'k1', quantity: 3 });
    expect(result.ok).toBe(false);
    expect(state().cart).toEqual(told);
    expect(state().error).toMatchObject({ intent: 'quantity', failure: { kind: 'refused', message: 'Cart item no longer exists or is invalid.' } });
    expect(state().error?.failure).not.toHaveProperty('cart');
    expect(events.at(-1)).toMatchObject({ type: 'cart.failed', payload: { failure: { kind: 'refused' } } });
    expect((events.at(-1)?.payload as { failure: object }).failure).not.toHaveProperty('cart');
  });
});

describe('cart module: what each change sends (what the mutation run found unchecked)', () => {
  it('a variation add sends the variation, its attributes and the product page; a plain add sends none of them', async () => {
    const { port, calls } = manualPort();
    const { runtime } = boot(port, cartOf([]));
    void runtime.execute('cart.add', { productId: 5, quantity: 2, variationId: 51, variation: { attribute_pa_size: 'l' }, productUrl: '/product/shirt/', item: facts(51) });
    await flush();
    expect(calls[0]).toMatchObject({ method: 'add' });
    expect(calls[0]!.request).toEqual({ productId: 5, quantity: 2, variationId: 51, variation: { attribute_pa_size: 'l' }, productUrl: '/product/shirt/', idempotencyKey: 'key1' });
    calls[0]!.answer(ok(cartOf([line(51, 2)])));
    void runtime.execute('cart.add', { productId: 6, quantity: 1, item: facts(6) });
    await flush();
    expect(calls[1]!.request).toStrictEqual({ productId: 6, quantity: 1, idempotencyKey: 'key2' });
  });

  it('a remove sends the line key, and a quantity change the line key and the quantity', async () => {
    const { port, calls } = manualPort();
    const { runtime } = boot(port, cartOf([line(1, 1), line(2, 3)]));
    void runtime.execute('cart.remove', { key: 'k2' });
    await flush();
    expect([calls[0]?.method, calls[0]?.request]).toEqual(['remove', { key: 'k2', idempotencyKey: 'key1' }]);
    calls[0]!.answer(ok(cartOf([line(1, 1)])));
    void runtime.execute('cart.setQuantity', { key: 'k1', quantity: 4 });
    await flush();
    expect([calls[1]?.method, calls[1]?.request]).toEqual(['setQuantity', { key: 'k1', quantity: 4, idempotencyKey: 'key2' }]);
  });
});

describe('cart module: failure sentences, refused input and the hydrated cart', () => {
  const texts = textsIn(cartFailureTexts, BASE_LOCALE);
  const module = (port: Partial<CartPort>, initial?: unknown, now = () => 7) =>
    createCartModule({ port: stubCartPort(port), emit: noEmit, ids: () => 'id', now, logger: silentLogger(), retryDelaysMs: [], ...(initial !== undefined ? { initial } : {}) });

  it('says what failed, how, and about which product', () => {
    const what = texts.quoted({ name: 'Peer Tee' });
    for (const intent of ['add', 'remove', 'quantity'] as const) {
      expect(cartFailureMessage(intent, 'Peer Tee', { kind: 'network', message: 'offline' })).toBe(texts[`${intent}Unreachable`]({ what }));
      expect(cartFailureMessage(intent, 'Peer Tee', { kind: 'timeout', message: 'slow' })).toBe(texts[`${intent}Slow`]({ what }));
      expect(cartFailureMessage(intent, 'Peer Tee', { kind: 'http', status: 500, code: 'x', message: '' })).toBe(texts[`${intent}Failed`]({ what }));
      expect(cartFailureMessage(intent, '', { kind: 'invalid-response', message: '' })).toBe(texts[`${intent}Failed`]({ what: texts.theItem }));
      // The shop's own words win when it gave some.
      expect(cartFailureMessage(intent, 'Peer Tee', { kind: 'refused', message: 'Only 2 left.' })).toBe('Only 2 left.');
    }
    expect(cartFailureMessage('add', 'Peer Tee', { kind: 'product-url', message: '', url: '/product/peer-tee/' } as PortFailure)).toBe(texts.needsChoice({ what }));
    expect(cartFailureMessage('add', 'Peer Tee', { kind: 'product-url', message: 'Choose a size.', url: '/product/peer-tee/' } as PortFailure)).toBe('Choose a size.');
    // The sentences are distinct, so the shopper can tell the cases apart.
    const all = (['add', 'remove', 'quantity'] as const).flatMap((intent) => (['network', 'timeout', 'http'] as const).map((kind) => cartFailureMessage(intent, 'X', { kind, message: '' } as PortFailure)));
    expect(new Set(all).size).toBe(all.length);
  });

  it('gives two failures in the same millisecond different, increasing times', async () => {
    const cart = module({ add: async () => err({ kind: 'http', status: 400, code: 'x', message: 'No.' }) }, undefined, () => 7);
    await cart.add({ productId: 1, quantity: 1, item: facts(1) });
    const first = cart.store.getSnapshot().error?.at;
    await cart.add({ productId: 1, quantity: 1, item: facts(1) });
    const second = cart.store.getSnapshot().error?.at;
    expect(first).toBe(7);
    expect(second).toBe(8);
  });

  it('refuses an add of a quantity that is not a positive number, and a negative or non-number quantity, without sending anything', async () => {
    const add = vi.fn<CartPort['add']>();
    const setQuantity = vi.fn<CartPort['setQuantity']>();
    const cart = module({ add, setQuantity }, { cart: cartOf([line(1, 2)]) });
    for (const quantity of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(await cart.add({ productId: 1, quantity, item: facts(1) })).toMatchObject({ ok: false, error: { kind: 'refused' } });
    }
    for (const quantity of [-1, -0.5, Number.NaN, Number.NEGATIVE_INFINITY]) {
      expect(await cart.setQuantity({ key: 'k1', quantity })).toMatchObject({ ok: false, error: { kind: 'refused' } });
    }
    expect(add).not.toHaveBeenCalled();
    expect(setQuantity).not.toHaveBeenCalled();
    expect(cart.store.getSnapshot()).toMatchObject({ queueLength: 0, status: 'ready', pendingProducts: {} });
    // Zero is a quantity change (the line goes): it is sent.
    setQuantity.mockResolvedValue(ok(cartOf([])));
    expect((await cart.setQuantity({ key: 'k1', quantity: 0 })).ok).toBe(true);
    expect(setQuantity).toHaveBeenCalledWith({ key: 'k1', quantity: 0, idempotencyKey: 'id' });
  });

  it('starts from a hydrated cart only when it is one, and is unknown otherwise', () => {
    const cart = cartOf([line(1, 2)]);
    expect(module({}, { cart }).store.getSnapshot()).toMatchObject({ cart, status: 'ready' });
    expect(module({}, { cart }).confirmed()).toBe(cart);
    for (const initial of [null, 5, 'cart', {}, { cart: null }, { cart: 'x' }, { cart: {} }, { cart: { lines: 'none' } }]) {
      const snapshot = module({}, initial).store.getSnapshot();
      expect(snapshot.cart).toBeNull();
      expect(snapshot.status).toBe('unknown');
    }
  });

  it('a refresh that fails leaves no error for the shopper and the cart as it was', async () => {
    const cart = cartOf([line(1, 2)]);
    const m = module({ load: async () => err({ kind: 'network', message: 'offline' }) }, { cart });
    const pending = m.refresh();
    expect(m.store.getSnapshot().status).toBe('loading');
    expect((await pending).ok).toBe(false);
    expect(m.store.getSnapshot()).toMatchObject({ cart, error: null, status: 'ready', queueLength: 0 });
  });
});

describe('cart module: waits, refresh retries and the added list', () => {
  const module = (port: Partial<CartPort>, extra: Partial<Parameters<typeof createCartModule>[0]> = {}) =>
    createCartModule({ port: stubCartPort(port), emit: noEmit, ids: () => 'id', now: () => 7, logger: silentLogger(), ...extra });

  it('a negative wait is no wait', async () => {
    const waits: number[] = [];
    const add = vi.fn<CartPort['add']>().mockResolvedValueOnce(err({ kind: 'timeout', message: 't' })).mockResolvedValueOnce(ok(cartOf([line(3, 1)])));
    const cart = module({ add, load: async () => ok(cartOf([])) }, { retryDelaysMs: [-50], sleep: async (ms) => void waits.push(ms) });
    expect((await cart.add({ productId: 3, quantity: 1, item: facts(3) })).ok).toBe(true);
    expect(waits).toEqual([0]);
  });

  it('a refresh is retried without telling the shopper, and given up after its retries', async () => {
    const seen: Array<CartState['retrying']> = [];
    const load = vi.fn<CartPort['load']>().mockResolvedValue(err({ kind: 'network', message: 'offline' }));
    const cart = module({ load }, { retryDelaysMs: [0, 0], sleep: async () => undefined });
    cart.store.subscribe(() => seen.push(cart.store.getSnapshot().retrying));
    expect((await cart.refresh()).ok).toBe(false);
    expect(load).toHaveBeenCalledTimes(3);
    expect(seen.every((r) => r === null)).toBe(true);
    expect(cart.store.getSnapshot()).toMatchObject({ error: null, status: 'unknown', queueLength: 0 });
  });

  it('lists a product added twice once, in the order first added', async () => {
    let lines: ReturnType<typeof line>[] = [];
    const add = vi.fn<CartPort['add']>().mockImplementation(async (request) => {
      lines = [...lines.filter((l) => l.id !== request.productId), line(request.productId, 1)];
      return ok(cartOf(lines));
    });
    const cart = module({ add });
    for (const id of [2, 1, 2]) await cart.add({ productId: id, quantity: 1, item: facts(id) });
    expect(cart.store.getSnapshot().addedProducts).toEqual([2, 1]);
  });
});

describe('cart module: what it logs, and what does not cut a timed retry short', () => {
  const recording = () => {
    const lines: Array<[string, string]> = [];
    const logger = {
      debug: (message: string) => void lines.push(['debug', message]),
      info: (message: string) => void lines.push(['info', message]),
      warn: (message: string) => void lines.push(['warn', message]),
      error: (message: string) => void lines.push(['error', message]),
    };
    return { lines, logger };
  };

  it('logs each retry with its count, a change kept, and a refresh given up', async () => {
    const { lines, logger } = recording();
    const load = vi.fn<CartPort['load']>().mockResolvedValue(err({ kind: 'network', message: 'offline' }));
    const add = vi.fn<CartPort['add']>().mockResolvedValue(err({ kind: 'timeout', message: 'slow' }));
    const cart = createCartModule({ port: stubCartPort({ add, load }), emit: noEmit, ids: () => 'id', now: () => 7, logger, retryDelaysMs: [0, 0], sleep: async () => undefined });
    await cart.refresh();
    expect(lines).toEqual([
      ['warn', 'cart refresh failed (network); trying again (1 of 2)'],
      ['warn', 'cart refresh failed (network); trying again (2 of 2)'],
      ['warn', 'reading the cart failed (network)'],
    ]);
    lines.length = 0;
    await cart.add({ productId: 1, quantity: 1, item: facts(1) });
    expect(lines.filter(([level]) => level === 'warn').map(([, m]) => m)).toEqual(['cart add failed (timeout); trying again (1 of 2)', 'cart add failed (timeout); trying again (2 of 2)']);
  });

  it('logs a change kept until the shop can be reached', async () => {
    const { lines, logger } = recording();
    let resolveKept = () => {};
    const add = vi.fn<CartPort['add']>().mockResolvedValue(err({ kind: 'network', message: 'offline' }));
    const load = vi.fn<CartPort['load']>().mockResolvedValue(err({ kind: 'network', message: 'offline' }));
    const cart = createCartModule({
      port: stubCartPort({ add, load, onReconnect: () => () => undefined }),
      emit: noEmit,
      ids: () => 'id',
      now: () => 7,
      logger,
      retryDelaysMs: [0],
      keptRetryMs: 5,
      sleep: (ms) => (ms === 5 ? new Promise<void>((resolve) => (resolveKept = resolve)) : Promise.resolve()),
    });
    void cart.add({ productId: 1, quantity: 1, item: facts(1) });
    await vi.waitFor(() => expect(cart.store.getSnapshot().retrying?.untilReconnect).toBe(true));
    expect(lines).toContainEqual(['warn', 'cart add failed (network) 1 times; kept until the shop can be reached']);
    cart.dispose();
    resolveKept();
  });

  it('logs a change about a line that was not shown, and a category that could not be read', async () => {
    const { lines, logger } = recording();
    const productCategory = vi
      .fn<NonNullable<CartPort['productCategory']>>()
      .mockResolvedValueOnce(err({ kind: 'timeout', message: 'slow' }))
      .mockRejectedValueOnce(new Error('boom'));
    const cart = createCartModule({
      port: stubCartPort({ remove: async () => ok(cartOf([])), setQuantity: async () => ok(cartOf([])), productCategory }),
      emit: noEmit,
      ids: () => 'id',
      now: () => 7,
      logger,
      initial: { cart: cartOf([line(1, 1), line(2, 1)]) },
    });
    await cart.lookUpCategories();
    expect(lines).toContainEqual(['debug', 'the category of product 1 could not be read (timeout)']);
    expect(lines).toContainEqual(['warn', 'the category of product 2 could not be read: boom']);
    await cart.remove({ key: 'k7' });
    await cart.setQuantity({ key: 'k8', quantity: 2 });
    expect(lines).toContainEqual(['debug', 'removed line k7 was not in the cart shown; no event']);
    expect(lines).toContainEqual(['debug', 'changed line k8 was not in the cart shown; no event']);
  });

  it('looks up nothing before there is a cart, nor for lines still pending', async () => {
    const productCategory = vi.fn<NonNullable<CartPort['productCategory']>>().mockResolvedValue(ok('Snacks'));
    const none = createCartModule({ port: stubCartPort({ productCategory }), emit: noEmit, ids: () => 'id', now: () => 7, logger: silentLogger() });
    await none.lookUpCategories();
    const pending = createCartModule({ port: stubCartPort({ productCategory }), emit: noEmit, ids: () => 'id', now: () => 7, logger: silentLogger(), initial: { cart: cartOf([line(3, 1, { pending: true })]) } });
    await pending.lookUpCategories();
    expect(productCategory).not.toHaveBeenCalled();
  });

  it('a timed retry waits its time whatever the shopper does, and the cart stopping does not hurry it', async () => {
    let release = () => {};
    const add = vi.fn<CartPort['add']>().mockResolvedValueOnce(err({ kind: 'timeout', message: 'slow' })).mockResolvedValue(ok(cartOf([line(1, 1)])));
    const load = vi.fn<CartPort['load']>().mockResolvedValue(ok(cartOf([])));
    const cart = createCartModule({
      port: stubCartPort({ add, load, setQuantity: async () => ok(cartOf([line(1, 4)])), onReconnect: () => () => undefined }),
      emit: noEmit,
      ids: () => 'id',
      now: () => 7,
      logger: silentLogger(),
      retryDelaysMs: [1000],
      sleep: () => new Promise<void>((resolve) => (release = resolve)),
    });
    const first = cart.add({ productId: 1, quantity: 1, item: facts(1) });
    await vi.waitFor(() => expect(cart.store.getSnapshot().retrying).not.toBeNull());
    void cart.setQuantity({ key: 'k1', quantity: 4 });
    await flush();
    expect(add).toHaveBeenCalledTimes(1);
    cart.dispose();
    cart.dispose();
    await flush();
    expect(add).toHaveBeenCalledTimes(1);
    release();
    expect((await first).ok).toBe(true);
    expect(add).toHaveBeenCalledTimes(2);
  });
});

describe('cart module: events, a stopped cart, and categories known to be none', () => {
  const module = (port: Partial<CartPort>, extra: Partial<Parameters<typeof createCartModule>[0]> = {}) => {
    const events: Array<{ type: string; payload: unknown }> = [];
    const cart = createCartModule({
      port: stubCartPort(port),
      emit: ((type: string, payload: unknown) => void events.push({ type, payload })) as never,
      ids: () => 'id',
      now: () => 7,
      logger: silentLogger(),
      ...extra,
    });
    return { cart, events };
  };

  it('says what was added and what was loaded, with the cart; an add whose line the answer lacks still settles', async () => {
    const answer = cartOf([line(2, 1)]);
    const { cart, events } = module({ add: async () => ok(answer), load: async () => ok(answer) });
    expect((await cart.add({ productId: 7, quantity: 3, item: facts(7) })).ok).toBe(true);
    await cart.refresh();
    expect(events).toEqual([
      { type: 'cart.added', payload: { item: facts(7), quantity: 3, cart: answer } },
      { type: 'cart.loaded', payload: { cart: answer } },
    ]);
    expect(cart.store.getSnapshot()).toMatchObject({ addedProducts: [7], cart: answer, status: 'ready' });
  });

  it('a change before any cart is known is sent, and its line is not looked for', async () => {
    const remove = vi.fn<CartPort['remove']>().mockResolvedValue(ok(cartOf([])));
    const { cart } = module({ remove });
    expect((await cart.remove({ key: 'k1' })).ok).toBe(true);
    expect(remove).toHaveBeenCalledWith({ key: 'k1', idempotencyKey: 'id' });
  });

  it('once stopped, a change is refused without being sent; the changes still waiting fail with a reason', async () => {
    const { port, calls } = manualPort();
    const { cart } = module(port);
    void cart.add({ productId: 1, quantity: 1, item: facts(1) });
    const waiting = cart.add({ productId: 2, quantity: 1, item: facts(2) });
    await flush();
    cart.dispose();
    expect(await waiting).toEqual(err({ kind: 'network', message: 'The cart stopped before this change was sent.' }));
    expect(await cart.add({ productId: 3, quantity: 1, item: facts(3) })).toEqual(err({ kind: 'network', message: 'The cart has stopped; the change was not sent.' }));
    expect(await cart.setQuantity({ key: 'k1', quantity: 2 })).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(calls).toHaveLength(1);
  });

  it('the connection coming back while nothing waits changes nothing', async () => {
    let reconnect = () => {};
    const { cart } = module({ load: async () => ok(cartOf([])), onReconnect: (listener) => ((reconnect = listener), () => undefined) });
    reconnect();
    expect((await cart.refresh()).ok).toBe(true);
    reconnect();
  });

  it('waits with the real clock when no sleep is given', async () => {
    const add = vi.fn<CartPort['add']>().mockResolvedValueOnce(err({ kind: 'timeout', message: 'slow' })).mockResolvedValue(ok(cartOf([line(1, 1)])));
    const { cart } = module({ add, load: async () => ok(cartOf([])) }, { retryDelaysMs: [1] });
    expect((await cart.add({ productId: 1, quantity: 1, item: facts(1) })).ok).toBe(true);
    expect(add).toHaveBeenCalledTimes(2);
  });

  it('a product the shop says is in no category is asked about once, and its events carry none', async () => {
    const productCategory = vi.fn<NonNullable<CartPort['productCategory']>>().mockResolvedValue(ok(null));
    const { cart, events } = module({ productCategory, setQuantity: async () => ok(cartOf([line(1, 3)])) }, { initial: { cart: cartOf([line(1, 2)]) } });
    await cart.setQuantity({ key: 'k1', quantity: 3 });
    await cart.setQuantity({ key: 'k1', quantity: 3 });
    expect(productCategory).toHaveBeenCalledTimes(1);
    expect(events.at(-1)).toMatchObject({ type: 'cart.quantityChanged', payload: { item: { id: 1, categories: [] } } });
  });

  it('categories learned stay when a later add says none, and blank names are none', async () => {
    const { cart, events } = module({ add: async () => ok(cartOf([line(4, 1)])) });
    cart.learn(facts(4, { categories: ['Pantry'] }));
    await cart.add({ productId: 4, quantity: 1, item: facts(4, { categories: ['  '] }) });
    expect(events.at(-1)).toMatchObject({ type: 'cart.added', payload: { item: { id: 4, categories: ['Pantry'] } } });
  });
});

describe('cart module: when a change is kept, and when the next add reads the cart first', () => {
  const module = (port: Partial<CartPort>, extra: Partial<Parameters<typeof createCartModule>[0]> = {}) =>
    createCartModule({ port: stubCartPort(port), emit: noEmit, ids: () => 'id', now: () => 7, logger: silentLogger(), sleep: async () => undefined, ...extra });

  it('a refused add or a failed refresh leaves nothing uncertain: the next add does not read the cart first', async () => {
    const load = vi.fn<CartPort['load']>().mockResolvedValue(err({ kind: 'network', message: 'offline' }));
    const add = vi.fn<CartPort['add']>().mockResolvedValueOnce(err({ kind: 'http', status: 400, code: 'x', message: 'No.' })).mockResolvedValue(ok(cartOf([line(1, 1)])));
    const cart = module({ load, add }, { retryDelaysMs: [0] });
    await cart.add({ productId: 1, quantity: 1, item: facts(1) });
    await cart.refresh();
    expect(load).toHaveBeenCalledTimes(2);
    expect((await cart.add({ productId: 1, quantity: 1, item: facts(1) })).ok).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a quantity change that cannot reach the shop is kept where the port can tell the connection is back', async () => {
    const setQuantity = vi.fn<CartPort['setQuantity']>().mockResolvedValue(err({ kind: 'network', message: 'offline' }));
    let stopKept = () => {};
    const cart = module(
      { setQuantity, onReconnect: () => () => undefined },
      { retryDelaysMs: [0], keptRetryMs: 5, sleep: (ms) => (ms === 5 ? new Promise<void>((resolve) => (stopKept = resolve)) : Promise.resolve()), initial: { cart: cartOf([line(1, 1)]) } },
    );
    const pending = cart.setQuantity({ key: 'k1', quantity: 3 });
    await vi.waitFor(() => expect(cart.store.getSnapshot().retrying).toMatchObject({ intent: 'quantity', untilReconnect: true }));
    expect(cart.store.getSnapshot().cart?.lines[0]?.quantity).toBe(3);
    const calls = setQuantity.mock.calls.length;
    cart.dispose();
    stopKept();
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'network' } });
    // Stopped while kept: given up, not sent again.
    expect(setQuantity).toHaveBeenCalledTimes(calls);
  });

  it('a refresh is never kept, nor is a change when there are no retries at all', async () => {
    const load = vi.fn<CartPort['load']>().mockResolvedValue(err({ kind: 'network', message: 'offline' }));
    const sleep = vi.fn(async (_ms: number) => undefined);
    const cart = module({ load, onReconnect: () => () => undefined }, { retryDelaysMs: [0], keptRetryMs: 5, sleep });
    expect((await cart.refresh()).ok).toBe(false);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([0]);
    const add = vi.fn<CartPort['add']>().mockResolvedValue(err({ kind: 'network', message: 'offline' }));
    const none = module({ add, onReconnect: () => () => undefined }, { retryDelaysMs: [], keptRetryMs: 5, sleep });
    expect((await none.add({ productId: 1, quantity: 1, item: facts(1) })).ok).toBe(false);
    expect(add).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalledTimes(1);
  });
});
