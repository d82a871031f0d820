import { z } from 'zod/mini';
import * as zodClassic from 'zod';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from './events.js';
import type { Logger } from './logger.js';
import { definePlugin, type PluginEntry } from './plugin.js';
import { ok } from './result.js';
import { createRuntime, type RuntimeOptions } from './runtime.js';
import { cartOf, line, stubPorts } from './testing/cart-fixtures.js';

// Importing full `zod` above sets its English locale for the whole process; test files share their
// worker's modules, so it is taken back once this file is done, whichever of its tests ran.
afterAll(() => void zodClassic.config({ localeError: undefined }));

const recordingLogger = () => {
  const lines: string[] = [];
  const logger: Logger = {
    debug: () => {},
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
  return { logger, lines };
};

const make = (plugins: PluginEntry[], extra: Partial<RuntimeOptions> = {}) => {
  const { logger, lines } = recordingLogger();
  let n = 0;
  const runtime = createRuntime({
    ports: stubPorts(),
    plugins,
    consent: { default: 'granted' },
    logger,
    ids: () => `id${++n}`,
    now: () => 42,
    ...extra,
  });
  return { runtime, lines };
};

const noop = (name: string, extra: { dependsOn?: string[]; log?: string[] } = {}) =>
  definePlugin({
    name,
    kind: 'feature',
    config: z.object({}),
    ...(extra.dependsOn ? { dependsOn: extra.dependsOn } : {}),
    setup() {
      extra.log?.push(`start ${name}`);
      return () => {
        extra.log?.push(`stop ${name}`);
      };
    },
  });

describe('runtime start-up', () => {
  it('lists every invalid option of every plugin in one error', async () => {
    const a = definePlugin({
      name: 'alpha',
      kind: 'destination',
      config: z.strictObject({ id: z.string().check(z.regex(/^G-/)), size: z.number() }),
      setup() {},
    });
    const b = definePlugin({
      name: 'beta',
      kind: 'feature',
      config: z.object({ nested: z.object({ on: z.boolean() }) }),
      setup() {},
    });
    const { runtime } = make([
      { plugin: a, options: { id: 'UA-1', size: 'big', extra: 1 } },
      { plugin: b, options: { nested: { on: 'yes' } } },
    ]);
    const error = await runtime.start().then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    const lines = error!.message.split('\n').slice(1);
    expect(lines).toEqual([
      '[alpha] id: must match /^G-/',
      '[alpha] size: expected number',
      '[alpha] (root): unknown option "extra"',
      '[beta] nested.on: expected boolean',
    ]);
  });

  it('words option problems the same when full zod has set its English messages for the whole process, and keeps a schema’s own message', async () => {
    // Loading full `zod` anywhere in the process (a server module, another test file in the same
    // worker) sets its English locale for every schema, zod mini's included.
    zodClassic.config(zodClassic.locales.en());
    const a = definePlugin({
      name: 'alpha',
      kind: 'feature',
      config: z.strictObject({ on: z.boolean(), greeting: z.string({ error: 'say a greeting in words' }) }),
      setup() {},
    });
    const error = await make([{ plugin: a, options: { on: 'yes', greeting: 5, lable: 'Oops' } }]).runtime.start().then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error!.message.split('\n').slice(1)).toEqual(['[alpha] on: expected boolean', '[alpha] greeting: say a greeting in words', '[alpha] (root): unknown option "lable"']);
  });

  it('loads a plugin’s options schema on demand, or takes options the server validated without loading it', async () => {
    const schema = z.strictObject({ greeting: z._default(z.string(), 'kumusta') });
    const seen: unknown[] = [];
    const load = vi.fn(async () => schema);
    const lazy = definePlugin({ name: 'lazy-options', kind: 'destination', config: { load }, setup: ({ config }) => void seen.push(config) });
    await make([{ plugin: lazy, options: {} }]).runtime.start();
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([{ greeting: 'kumusta' }]);
    // Bad options are still caught once the schema is loaded.
    await expect(make([{ plugin: lazy, options: { greeting: 5 } }]).runtime.start()).rejects.toThrow(/\[lazy-options\] greeting/);
    // In the browser: options come checked and completed; the schema is never loaded.
    load.mockClear();
    await make([{ plugin: lazy, options: { greeting: 'mabuhay' } }], { pluginOptionsValidated: true }).runtime.start();
    expect(load).not.toHaveBeenCalled();
    expect(seen.at(-1)).toEqual({ greeting: 'mabuhay' });
  });

  it('reports unknown dependencies and cycles as start-up errors', async () => {
    const { runtime } = make([
      { plugin: noop('a', { dependsOn: ['b'] }) },
      { plugin: noop('b', { dependsOn: ['c'] }) },
      { plugin: noop('c', { dependsOn: ['a'] }) },
      { plugin: noop('d', { dependsOn: ['ghost'] }) },
    ]);
    await expect(runtime.start()).rejects.toThrow(
      /\[d\] dependsOn: unknown or disabled plugin "ghost"\n\[a\] dependsOn: dependency cycle a → b → c → a/,
    );
  });

  it('starts in stable dependency order and stops in reverse', async () => {
    const log: string[] = [];
    const { runtime } = make([
      { plugin: noop('ui-bits', { dependsOn: ['store'], log }) },
      { plugin: noop('first', { log }) },
      { plugin: noop('store', { log }) },
      { plugin: noop('last', { log }) },
    ]);
    await runtime.start();
    await runtime.stop();
    expect(log).toEqual([
      'start first',
      'start store',
      'start ui-bits',
      'start last',
      'stop last',
      'stop ui-bits',
      'stop store',
      'stop first',
    ]);
  });

  it('logs a plugin whose setup throws (sync or async) and starts the others', async () => {
    const started: string[] = [];
    const sync = definePlugin({
      name: 'sync-bad',
      kind: 'destination',
      config: z.object({}),
      setup() {
        throw new Error('no luck');
      },
    });
    const asyncBad = definePlugin({
      name: 'async-bad',
      kind: 'feature',
      config: z.object({}),
      async setup(ctx) {
        ctx.events$.subscribe(() => started.push('should not hear'));
        await Promise.resolve();
        throw new Error('later');
      },
    });
    const dependent = noop('needs-bad', { dependsOn: ['async-bad'], log: started });
    const good = noop('good', { log: started });
    const { runtime, lines } = make([{ plugin: sync }, { plugin: asyncBad }, { plugin: dependent }, { plugin: good }]);
    await runtime.start();
    runtime.emit('notice.failed', { message: 'm', source: 's' });
    expect(started).toEqual(['start good']);
    expect(lines).toContain('error [sync-bad] setup failed; the plugin is off: no luck');
    expect(lines).toContain('error [async-bad] setup failed; the plugin is off: later');
    expect(lines.some((l) => l.startsWith('error [needs-bad] not started'))).toBe(true);
  });

  it('isolates a throwing event handler inside a plugin and logs it under the plugin name', async () => {
    const got: string[] = [];
    const thrower = definePlugin({
      name: 'thrower',
      kind: 'destination',
      config: z.object({}),
      setup(ctx) {
        ctx.subscribe(ctx.ofType('page.viewed'), () => {
          throw new Error('handler broke');
        });
      },
    });
    const listener = definePlugin({
      name: 'listener',
      kind: 'destination',
      config: z.object({}),
      setup(ctx) {
        ctx.events$.subscribe((e) => got.push(e.type));
      },
    });
    const { runtime, lines } = make([{ plugin: thrower }, { plugin: listener }]);
    await runtime.start();
    runtime.emit('page.viewed', { path: '/', title: 't', pageType: 'home' });
    runtime.emit('page.viewed', { path: '/b', title: 't', pageType: 'home' });
    expect(got).toEqual(['page.viewed', 'page.viewed']);
    expect(lines.filter((l) => l.startsWith('error [thrower]'))).toHaveLength(2);
  });

  it('fails start-up when two plugins handle the same command', async () => {
    const twin = (name: string) =>
      definePlugin({
        name,
        kind: 'feature',
        config: z.object({}),
        setup(ctx) {
          ctx.handle('cart.add', () => ok(cartOf([])));
        },
      });
    const { runtime } = make([{ plugin: twin('one') }]);
    await expect(runtime.start()).rejects.toThrow('[one] command "cart.add" already has a handler (registered by "cart")');
  });

  it('gives destinations an observe-only context and aborts plugin signals at stop', async () => {
    let keys: string[] = [];
    let signal: AbortSignal | null = null;
    const dest = definePlugin({
      name: 'dest',
      kind: 'destination',
      config: z.object({}),
      setup(ctx) {
        keys = Object.keys(ctx).sort();
        signal = ctx.signal;
      },
    });
    const { runtime } = make([{ plugin: dest }]);
    await runtime.start();
    expect(keys).toEqual(['config', 'events$', 'logger', 'name', 'ofDomain', 'ofType', 'signal', 'subscribe']);
    expect(signal!.aborted).toBe(false);
    await runtime.stop();
    expect(signal!.aborted).toBe(true);
  });

  it('is idempotent: start twice and stop twice are fine; a stopped runtime does not start again', async () => {
    const log: string[] = [];
    const { runtime } = make([{ plugin: noop('once', { log }) }]);
    await Promise.all([runtime.start(), runtime.start()]);
    await Promise.all([runtime.stop(), runtime.stop()]);
    expect(log).toEqual(['start once', 'stop once']);
    await expect(runtime.start()).rejects.toThrow(/cannot start again/);
  });
});

describe('runtime commands', () => {
  it('fails commands of a stopped runtime with no-handler', async () => {
    const { runtime, lines } = make([]);
    await runtime.start();
    await runtime.stop();
    const stopped = await runtime.execute('cart.refresh');
    expect(stopped).toEqual({ ok: false, error: { kind: 'no-handler', message: expect.stringContaining('stopped') } });
    expect(lines).toEqual([]);
  });

  it('reports handler-threw for a handler that throws', async () => {
    const { createCommandBus } = await import('./command-bus.js');
    const error = vi.fn();
    const bus = createCommandBus({ logger: { debug() {}, info() {}, warn() {}, error }, signal: new AbortController().signal });
    bus.handle('cart.refresh', () => Promise.reject(new Error('rejected')), 'x');
    expect(await bus.execute('cart.refresh')).toEqual({ ok: false, error: { kind: 'handler-threw', message: 'rejected' } });
    expect(await bus.execute('cart.add', { productId: 1, quantity: 1, item: { id: 1, sku: '', name: '', categories: [], price: 0, currencyMinorUnit: 2, currencyCode: 'PHP' } })).toEqual({
      ok: false,
      error: { kind: 'no-handler', message: 'No handler is registered for the command "cart.add".' },
    });
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe('runtime stores', () => {
  it('serializes plugin state under the plugin name and hydrates it from initialState', async () => {
    const counter = definePlugin({
      name: 'counter',
      kind: 'feature',
      config: z.object({}),
      initialState: { count: 0 },
      setup(ctx) {
        const store = ctx.store;
        ctx.ofType('page.viewed').subscribe(() =>
          store.update((state) => ({ count: state.count + 1 })),
        );
      },
    });
    const server = make([{ plugin: counter }], {
      ports: stubPorts({ load: async () => ok(cartOf([line(1, 2)])) }),
    }).runtime;
    await server.start();
    await server.execute('cart.refresh');
    server.emit('page.viewed', { path: '/', title: 't', pageType: 'home' });
    const state = JSON.parse(JSON.stringify(server.serialize())) as Record<string, unknown>;
    await server.stop();
    expect(Object.keys(state).sort()).toEqual(['cart', 'consent', 'counter']);

    const load = vi.fn();
    const browser = make([{ plugin: counter }], { initialState: state, ports: stubPorts({ load }) }).runtime;
    await browser.start();
    expect(browser.stores.cart.getSnapshot().cart?.lines.map((l) => l.quantity)).toEqual([2]);
    expect(browser.stores.cart.getSnapshot().status).toBe('ready');
    expect(browser.serialize()['counter']).toEqual({ count: 1 });
    expect(browser.viewContext('counter')?.store.getSnapshot()).toEqual({ count: 1 });
    expect(load).not.toHaveBeenCalled();
  });

  it('plans plugins without running their setup when rendering only', async () => {
    const setup = vi.fn();
    const noted = definePlugin({ name: 'noted', kind: 'feature', config: z.object({ label: z._default(z.string(), 'Hi') }), initialState: { seen: 0 }, setup });
    const { runtime } = make([{ plugin: noted, options: {} }], { renderOnly: true });
    await runtime.start();
    expect(setup).not.toHaveBeenCalled();
    const view = runtime.viewContext('noted');
    expect(view?.options).toEqual({ label: 'Hi' });
    expect(view?.store.getSnapshot()).toEqual({ seen: 0 });
    expect(runtime.serialize()['noted']).toEqual({ seen: 0 });
    expect(runtime.viewContext('absent')).toBeUndefined();
  });

  it('lets a view emit under its plugin’s name', async () => {
    const quiet = definePlugin({ name: 'quiet', kind: 'feature', config: z.object({}), setup: () => undefined });
    const { runtime } = make([{ plugin: quiet }]);
    await runtime.start();
    const seen: DomainEvent[] = [];
    runtime.events$.subscribe((event) => seen.push(event));
    runtime.viewContext('quiet')?.emit('page.viewed', { path: '/', title: 't', pageType: 'home' });
    expect(seen.map((event) => event.meta.source)).toEqual(['quiet']);
  });

  it('keeps runtimes in one process fully isolated', async () => {
    const a = make([]).runtime;
    const b = make([]).runtime;
    const seenA: DomainEvent[] = [];
    const seenB: DomainEvent[] = [];
    a.events$.subscribe((e) => seenA.push(e));
    b.events$.subscribe((e) => seenB.push(e));
    a.emit('page.viewed', { path: '/a', title: 'a', pageType: 'home' });
    await a.execute('consent.set', { state: 'denied' });
    expect(seenB).toEqual([]);
    expect(seenA.map((e) => e.type)).toEqual(['page.viewed', 'consent.changed']);
    expect(a.stores.consent.getSnapshot().state).toBe('denied');
    expect(b.stores.consent.getSnapshot().state).toBe('granted');
  });
});
