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
