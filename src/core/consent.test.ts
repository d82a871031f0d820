import fc from 'fast-check';
import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { ConsentState, DomainEvent } from './events.js';
import { silentLogger } from './logger.js';
import { definePlugin } from './plugin.js';
import { createRuntime } from './runtime.js';
import { stubPorts } from './testing/cart-fixtures.js';

/** A destination that records the notice messages it hears. */
const recorder = (seen: string[], requiresConsent = true) =>
  definePlugin({
    name: requiresConsent ? 'gated' : 'ungated',
    kind: 'destination',
    requiresConsent,
    config: z.object({}),
    setup(ctx) {
      ctx.ofType('notice.failed').subscribe((e) => seen.push(e.payload.message));
    },
  });

const boot = async (initial: ConsentState, options: { stored?: 'granted' | 'denied'; bufferSize?: number } = {}) => {
  const gated: string[] = [];
  const open: string[] = [];
  const runtime = createRuntime({
    ports: stubPorts(),
    plugins: [{ plugin: recorder(gated) }, { plugin: recorder(open, false) }],
    consent: { default: initial, ...options },
    logger: silentLogger(),
  });
  await runtime.start();
  const say = (message: string) => runtime.emit('notice.failed', { message, source: 'test' });
  return { runtime, gated, open, say };
};

describe('consent gate', () => {
  it('holds events while ask and replays them in order on grant', async () => {
    const { runtime, gated, open, say } = await boot('ask');
    say('a');
    say('b');
    expect(gated).toEqual([]);
    expect(open).toEqual(['a', 'b']);
    await runtime.execute('consent.set', { state: 'granted' });
    say('c');
    expect(gated).toEqual(['a', 'b', 'c']);
    expect(runtime.stores.consent.getSnapshot()).toEqual({ state: 'granted' });
  });

  it('drops held events on deny and lets nothing through while denied', async () => {
    const { runtime, gated, say } = await boot('ask');
    say('a');
    await runtime.execute('consent.set', { state: 'denied' });
    say('b');
    await runtime.execute('consent.set', { state: 'granted' });
    say('c');
    expect(gated).toEqual(['c']);
  });

  it('starts from the stored answer over the default', async () => {
    const { runtime, gated, say } = await boot('ask', { stored: 'denied' });
    say('a');
    expect(gated).toEqual([]);
    expect(runtime.stores.consent.getSnapshot().state).toBe('denied');
  });

  it('keeps only the newest events beyond the buffer size', async () => {
    const { runtime, gated, say } = await boot('ask', { bufferSize: 2 });
    say('a');
    say('b');
    say('c');
    await runtime.execute('consent.set', { state: 'granted' });
    expect(gated).toEqual(['b', 'c']);
  });

  it('emits consent.changed only when the state changes', async () => {
    const { runtime } = await boot('granted');
    const changes: DomainEvent<'consent.changed'>[] = [];
    runtime.ofType('consent.changed').subscribe((e) => changes.push(e));
    await runtime.execute('consent.set', { state: 'granted' });
    await runtime.execute('consent.set', { state: 'denied' });
    await runtime.execute('consent.set', { state: 'denied' });
    expect(changes.map((e) => e.payload.state)).toEqual(['denied']);
    expect(changes[0]!.meta.source).toBe('consent');
  });

  it('delivers exactly the events emitted before or while granted, after the grant, in order, once', async () => {
    type Step = { readonly kind: 'emit' } | { readonly kind: 'set'; readonly state: 'granted' | 'denied' };
    const step = fc.oneof(
      { weight: 3, arbitrary: fc.constant<Step>({ kind: 'emit' }) },
      { weight: 1, arbitrary: fc.constantFrom<'granted' | 'denied'>('granted', 'denied').map((state): Step => ({ kind: 'set', state })) },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<ConsentState>('ask', 'granted', 'denied'), fc.array(step, { maxLength: 60 }), async (initial, steps) => {
        const { runtime, gated, say } = await boot(initial);
        // The model: what a gated destination must have seen at the end.
        let state: ConsentState = initial;
        let held: string[] = [];
        const expected: string[] = [];
        let n = 0;
        for (const s of steps) {
          if (s.kind === 'emit') {
            const message = `m${n++}`;
            say(message);
            if (state === 'granted') expected.push(message);
            else if (state === 'ask') held.push(message);
          } else {
            await runtime.execute('consent.set', { state: s.state });
            if (s.state !== state && s.state === 'granted') expected.push(...held);
            if (s.state !== state) held = [];
            state = s.state;
          }
          expect(gated).toEqual(expected);
        }
        expect(new Set(gated).size).toBe(gated.length);
        await runtime.stop();
      }),
      { numRuns: 200 },
    );
  });

  it('judges re-entrant emits by their place in the stream, not by when they are delivered', async () => {
    const { runtime, gated, say } = await boot('ask');
    runtime.ofType('notice.failed').subscribe((e) => {
      if (e.payload.message === 'trigger') {
        void runtime.execute('consent.set', { state: 'denied' });
        say('after-deny');
      }
    });
    say('trigger');
    await runtime.execute('consent.set', { state: 'granted' });
    expect(gated).toEqual([]);
    say('late');
    expect(gated).toEqual(['late']);
  });
});

describe('plugins whose code waits for consent', () => {
  /** A runtime whose gated recorder is loaded only through `consentedPlugins`, after a tick. */
  const bootDeferred = async (initial: ConsentState, options: { stored?: 'granted' | 'denied'; fail?: boolean } = {}) => {
    const gated: string[] = [];
    let loads = 0;
    const errors: string[] = [];
    const runtime = createRuntime({
      ports: stubPorts(),
      plugins: [],
      consentedPlugins: async () => {
        loads += 1;
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (options.fail) throw new Error('offline');
        return [{ plugin: recorder(gated) }];
      },
      consent: { default: initial, ...(options.stored ? { stored: options.stored } : {}) },
      logger: { ...silentLogger(), error: (message: string) => errors.push(message) },
    });
    await runtime.start();
    const say = (message: string) => runtime.emit('notice.failed', { message, source: 'test' });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
    return { runtime, gated, say, settle, loads: () => loads, errors };
  };

  it('are not loaded while consent is asked for or denied', async () => {
    for (const initial of ['ask', 'denied'] as const) {
      const { gated, say, settle, loads } = await bootDeferred(initial);
      say('a');
      await settle();
      expect(loads()).toBe(0);
      expect(gated).toEqual([]);
    }
  });

  it('start with the others when consent was already given', async () => {
    const { gated, say, loads } = await bootDeferred('ask', { stored: 'granted' });
    expect(loads()).toBe(1);
    say('a');
    expect(gated).toEqual(['a']);
  });

  it('load at the first grant and hear, in order, what was held and what came while they loaded', async () => {
    const { runtime, gated, say, settle, loads } = await bootDeferred('ask');
    say('a');
    await runtime.execute('consent.set', { state: 'granted' });
    say('b');
    expect(gated).toEqual([]);
    await settle();
    expect(loads()).toBe(1);
    expect(gated).toEqual(['a', 'b']);
    say('c');
    expect(gated).toEqual(['a', 'b', 'c']);
  });

  it('a failed load is logged and the page goes on; nothing is held for good', async () => {
    const { runtime, gated, say, settle, errors } = await bootDeferred('ask', { fail: true });
    say('a');
    await runtime.execute('consent.set', { state: 'granted' });
    await settle();
    say('b');
    expect(gated).toEqual([]);
    expect(errors.some((m) => m.includes('could not start'))).toBe(true);
    expect(runtime.stores.consent.getSnapshot().state).toBe('granted');
  });

  it('property: a deferred destination ends up hearing exactly what a loaded one would, once, in order', async () => {
    type Step = { readonly kind: 'emit' } | { readonly kind: 'set'; readonly state: 'granted' | 'denied' } | { readonly kind: 'wait' };
    const step = fc.oneof(
      { weight: 3, arbitrary: fc.constant<Step>({ kind: 'emit' }) },
      { weight: 2, arbitrary: fc.constantFrom<'granted' | 'denied'>('granted', 'denied').map((state): Step => ({ kind: 'set', state })) },
      { weight: 1, arbitrary: fc.constant<Step>({ kind: 'wait' }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<ConsentState>('ask', 'denied'), fc.array(step, { maxLength: 40 }), async (initial, steps) => {
        const deferred = await bootDeferred(initial);
        const loaded = await boot(initial);
        let n = 0;
        for (const s of steps) {
          if (s.kind === 'emit') {
            const message = `m${n++}`;
            deferred.say(message);
            loaded.say(message);
          } else if (s.kind === 'set') {
            await deferred.runtime.execute('consent.set', { state: s.state });
            await loaded.runtime.execute('consent.set', { state: s.state });
          } else await deferred.settle();
        }
        await deferred.settle();
        // Whatever the timing of the load, the same events, in the same order, once.
        expect(deferred.gated).toEqual(loaded.gated);
        expect(deferred.loads()).toBe(loaded.gated.length > 0 || steps.some((s) => s.kind === 'set' && s.state === 'granted') ? 1 : 0);
        await deferred.runtime.stop();
        await loaded.runtime.stop();
      }),
      { numRuns: 150 },
    );
  });
});
