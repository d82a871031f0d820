import { describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../events.js';
import { silentLogger } from '../logger.js';
import type { CartPort, PortFailure } from '../ports.js';
import { err, ok, type Result } from '../result.js';
import { createRuntime } from '../runtime.js';
import type { Cart } from '../domain/cart.js';
import { cartOf, facts, line, stubPorts } from '../testing/cart-fixtures.js';

/** A cart port whose calls wait until the test answers them. */
const manualPort = () => {
  const calls: Array<{ method: string; request: unknown; answer: (r: Result<Cart, PortFailure>) => void }> = [];
  const call = (method: string) => (request?: unknown) =>
    new Promise<Result<Cart, PortFailure>>((answer) => calls.push({ method, request, answer }));
  const port: CartPort = { load: call('load'), add: call('add'), remove: call('remove'), setQuantity: call('setQuantity') };
  return { port, calls };
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const boot = (port: Partial<CartPort>, initialCart: Cart | null = null, autoRetry?: number) => {
  let n = 0;
  const runtime = createRuntime({
    ports: stubPorts(port),
    consent: { default: 'granted' },
    logger: silentLogger(),
    ids: () => `key${++n}`,
    now: () => 7,
    ...(initialCart ? { initialState: { cart: { cart: initialCart } } } : {}),
    ...(autoRetry !== undefined ? { cart: { autoRetry } } : {}),
  });
  const events: DomainEvent[] = [];
  runtime.ofDomain('cart').subscribe((e) => events.push(e));
  return { runtime, events, state: () => runtime.stores.cart.getSnapshot() };
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

  it('retries network and timeout failures with the same idempotency key, at most autoRetry times', async () => {
    const add = vi
      .fn<CartPort['add']>()
      .mockResolvedValueOnce(err({ kind: 'timeout', message: 't' }))
      .mockResolvedValueOnce(err({ kind: 'network', message: 'n' }))
      .mockResolvedValueOnce(ok(cartOf([line(3, 1)])));
    const { runtime } = boot({ add }, null, 2);
    const result = await runtime.execute('cart.add', { productId: 3, quantity: 1, item: facts(3), idempotencyKey: 'mine' });
    expect(result.ok).toBe(true);
    expect(add.mock.calls.map(([request]) => request.idempotencyKey)).toEqual(['mine', 'mine', 'mine']);

    const flaky = vi.fn<CartPort['add']>().mockResolvedValue(err({ kind: 'network', message: 'offline' }));
    const other = boot({ add: flaky });
    const failed = await other.runtime.execute('cart.add', { productId: 3, quantity: 1, item: facts(3) });
    expect(failed).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(flaky).toHaveBeenCalledTimes(2);
    expect(other.state().error?.message).toMatch(/could not be reached/);
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
