import fc from 'fast-check';
import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { ConsentState } from '../events.js';
import { silentLogger } from '../logger.js';
import { definePlugin, type PluginEntry } from '../plugin.js';
import { err } from '../result.js';
import { createRuntime } from '../runtime.js';
import { stubPorts } from '../testing/cart-fixtures.js';
import { pluginStatuses } from './plugin-status.js';
import { createRecorder, type CommandEntry, type EventEntry, type InspectorEntry } from './recorder.js';

declare module '../commands.js' {
  interface CommandMap {
    'probe.fail': { input: { readonly why: string }; output: void; failure: { readonly kind: 'refused'; readonly message: string } };
    'probe.throw': { input: void; output: void; failure: never };
  }
}

/** A destination behind the consent gate that keeps the ids of the events it hears. */
const gatedListener = (heard: string[]) =>
  definePlugin({
    name: 'gated',
    kind: 'destination',
    requiresConsent: true,
    config: z.object({}),
    setup(ctx) {
      ctx.subscribe(ctx.events$, (event) => heard.push(event.meta.id));
    },
  });

const boot = async (consent: ConsentState, plugins: PluginEntry[] = [], limit?: number) => {
  const recorder = createRecorder({ forward: silentLogger(), now: () => 7, consent, ...(limit === undefined ? {} : { limit }) });
  let n = 0;
  const runtime = createRuntime({
    ports: stubPorts(),
    plugins,
    consent: { default: consent },
    tap: recorder.tap,
    logger: recorder.logger,
    ids: () => `e${++n}`,
    now: () => 1000 + n,
  });
  await runtime.start();
  const say = (message: string, source?: string) => runtime.emit('notice.failed', { message, source: 'test' }, source);
  return { recorder, runtime, say, entries: () => recorder.getSnapshot().entries };
};

const events = (entries: readonly InspectorEntry[]): EventEntry[] => entries.filter((e): e is EventEntry => e.kind === 'event');
const commands = (entries: readonly InspectorEntry[]): CommandEntry[] => entries.filter((e): e is CommandEntry => e.kind === 'command');

describe('the inspector recorder', () => {
  it('records every event in emit order with its time, source plugin and payload', async () => {
    const { say, entries } = await boot('granted');
    say('first', 'wishlist');
    say('second');
    expect(events(entries()).map((e) => [e.seq, e.name, e.source, e.payload, e.at])).toEqual([
      [1, 'notice.failed', 'wishlist', { message: 'first', source: 'test' }, 1001],
      [2, 'notice.failed', 'app', { message: 'second', source: 'test' }, 1002],
    ]);
  });

  it('records a command as pending, then with its result, under the plugin that handles it', async () => {
    const probe = definePlugin({
      name: 'probe',
      kind: 'feature',
      config: z.object({}),
      setup(ctx) {
        ctx.handle('probe.fail', (input) => err({ kind: 'refused', message: `no: ${input.why}` }));
      },
    });
    const { runtime, entries } = await boot('granted', [{ plugin: probe }]);
    const running = runtime.execute('probe.fail', { why: 'test' });
    expect(commands(entries())).toMatchObject([{ name: 'probe.fail', source: 'probe', payload: { why: 'test' }, outcome: { status: 'pending' } }]);
    const result = await running;
    // The tap hands the result back unchanged.
    expect(result).toEqual(err({ kind: 'refused', message: 'no: test' }));
    expect(commands(entries())[0]?.outcome).toEqual({ status: 'failed', kind: 'refused', message: 'no: test' });
    await runtime.execute('consent.set', { state: 'granted' });
    expect(commands(entries())[1]).toMatchObject({ name: 'consent.set', source: 'consent', at: 7, outcome: { status: 'ok' } });
  });

  it('records the commands plugins run, from their setup and from their views, as well as the shell’s', async () => {
    const probe = definePlugin({
      name: 'probe',
      kind: 'feature',
      config: z.object({}),
      async setup(ctx) {
        ctx.handle('probe.fail', (input) => err({ kind: 'refused', message: input.why }));
        await ctx.execute('probe.fail', { why: 'from setup' });
      },
    });
    const { runtime, entries } = await boot('granted', [{ plugin: probe }]);
    await runtime.viewContext('probe')?.execute('probe.fail', { why: 'from a view' });
    expect(commands(entries()).map((c) => c.payload)).toEqual([{ why: 'from setup' }, { why: 'from a view' }]);
  });

  it('shows an event held while consent is asked for, then delivered when it is granted', async () => {
    const heard: string[] = [];
    const { runtime, say, entries } = await boot('ask', [{ plugin: gatedListener(heard) }]);
    const held = say('before');
    expect(events(entries())[0]).toMatchObject({ id: held.meta.id, consent: 'ask', gate: 'held' });
    await runtime.execute('consent.set', { state: 'granted' });
    const after = say('after');
    expect(heard).toContain(held.meta.id);
    const byId = new Map(events(entries()).map((e) => [e.id, e]));
    expect(byId.get(held.meta.id)?.gate).toBe('held-delivered');
    expect(byId.get(after.meta.id)).toMatchObject({ consent: 'granted', gate: 'delivered' });
    expect(entries().find((e) => e.name === 'consent.changed')).toMatchObject({ source: 'consent', consent: 'granted', gate: 'delivered' });
  });

  it('holds events after a grant until the plugins that waited for consent have loaded', async () => {
    const heard: string[] = [];
    let load!: () => void;
    const loading = new Promise<void>((resolve) => (load = resolve));
    const recorder = createRecorder({ forward: silentLogger() });
    const runtime = createRuntime({
      ports: stubPorts(),
      consent: { default: 'ask' },
      consentedPlugins: async () => {
        await loading;
        return [{ plugin: gatedListener(heard) }];
      },
      tap: recorder.tap,
      logger: recorder.logger,
    });
    await runtime.start();
    await runtime.execute('consent.set', { state: 'granted' });
    const during = runtime.emit('notice.failed', { message: 'while loading', source: 'test' });
    const entry = () => events(recorder.getSnapshot().entries).find((e) => e.id === during.meta.id);
    expect(entry()).toMatchObject({ consent: 'granted', gate: 'held' });
    expect(recorder.getSnapshot().gateOpened).toBe(false);
    load();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toContain(during.meta.id);
    expect(entry()?.gate).toBe('held-delivered');
    expect(recorder.getSnapshot().gateOpened).toBe(true);
  });

  it('shows held events as dropped when consent is denied, and later ones as withheld', async () => {
    const { runtime, say, entries } = await boot('ask');
    const held = say('before');
    await runtime.execute('consent.set', { state: 'denied' });
    const later = say('after');
    const byId = new Map(events(entries()).map((e) => [e.id, e]));
    expect(byId.get(held.meta.id)?.gate).toBe('dropped');
    expect(byId.get(later.meta.id)).toMatchObject({ consent: 'denied', gate: 'withheld' });
  });

  it('agrees with what a plugin behind the consent gate actually heard, whatever the order of events and answers', async () => {
    const step = fc.constantFrom<'say' | 'granted' | 'denied'>('say', 'granted', 'denied');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<ConsentState>('granted', 'denied', 'ask'), fc.array(step, { maxLength: 25 }), async (initial, steps) => {
        const heard: string[] = [];
        const { runtime, say, entries } = await boot(initial, [{ plugin: gatedListener(heard) }]);
        for (const s of steps) {
          if (s === 'say') say('x');
          else await runtime.execute('consent.set', { state: s });
        }
        const recorded = events(entries());
        const delivered = recorded.filter((e) => e.gate === 'delivered' || e.gate === 'held-delivered').map((e) => e.id);
        expect(new Set(delivered)).toEqual(new Set(heard));
        // Nothing shown as held is lost while consent may still come; nothing withheld or dropped was heard.
        for (const e of recorded) if (e.gate === 'dropped' || e.gate === 'withheld' || e.gate === 'held') expect(heard).not.toContain(e.id);
        if (runtime.stores.consent.getSnapshot().state === 'denied') expect(recorded.filter((e) => e.gate === 'held')).toEqual([]);
        await runtime.stop();
      }),
      { numRuns: 150 },
    );
  });

  it('keeps the newest entries within its limit while counting every one', async () => {
    const { say, recorder } = await boot('granted', [], 3);
    for (const m of ['a', 'b', 'c', 'd', 'e']) say(m);
    const snapshot = recorder.getSnapshot();
    expect(snapshot.entries.map((e) => (e.payload as { message: string }).message)).toEqual(['c', 'd', 'e']);
    expect(snapshot.last).toBe(5);
  });

  it('files the errors the runtime isolated under the plugin that caused them, with its status', async () => {
    const thrower = definePlugin({
      name: 'thrower',
      kind: 'feature',
      config: z.object({}),
      setup(ctx) {
        ctx.subscribe(ctx.ofType('notice.failed'), () => {
          throw new Error('the handler broke');
        });
        ctx.handle('probe.throw', () => {
          throw new Error('the command broke');
        });
      },
    });
    const broken = definePlugin({
      name: 'broken',
      kind: 'destination',
      config: z.object({}),
      setup() {
        throw new Error('cannot start');
      },
    });
    const { runtime, say, recorder } = await boot('granted', [{ plugin: thrower }, { plugin: broken }]);
    say('boom');
    await runtime.execute('probe.throw');
    const statuses = pluginStatuses(
      [
        { name: 'thrower', options: {} },
        { name: 'broken', options: { a: 1 } },
        { name: 'later', options: {}, afterConsent: true },
      ],
      recorder.getSnapshot(),
    );
    const byName = new Map(statuses.map((s) => [s.name, s]));
    expect(byName.get('thrower')?.state).toBe('running');
    expect(byName.get('thrower')?.errors.map((e) => e.message)).toEqual(['a handler of "notice.failed" threw: the handler broke', 'the handler of "probe.throw" threw: the command broke']);
    expect(byName.get('broken')).toMatchObject({ state: 'off', options: { a: 1 }, problem: 'setup failed; the plugin is off: cannot start' });
    // A plugin whose code waits for consent waits until the gate first lets something through.
    expect(byName.get('later')?.state).toBe('running');
    expect(commands(recorder.getSnapshot().entries).at(-1)?.outcome).toMatchObject({ status: 'failed', kind: 'handler-threw', message: 'the command broke' });
  });

  it('says a plugin that waits for consent is waiting until the gate opens', () => {
    const [row] = pluginStatuses([{ name: 'pixel', options: {}, afterConsent: true }], { logs: [], gateOpened: false });
    expect(row?.state).toBe('waiting');
  });
});
