import { filter, map, type Subscription } from 'rxjs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createEventBus, subscribeFor, type StreamOwner } from './bus.js';
import type { DomainEvent } from './events.js';
import { facts } from './testing/cart-fixtures.js';

const setup = () => {
  let n = 0;
  const bus = createEventBus({ ids: () => `e${++n}`, now: () => 1000 + n });
  const reported: Array<{ error: unknown; what: string }> = [];
  const owner: StreamOwner = { report: (error, what) => reported.push({ error, what }) };
  return { bus, owner, reported, streams: bus.streams(owner) };
};

const page = (path: string) => ({ path, title: path, pageType: 'shop' as const });
const notice = (message: string) => ({ message, source: 'test' });

describe('event bus', () => {
  it('builds the envelope from ids, now and source', () => {
    const { bus, streams } = setup();
    const seen: DomainEvent[] = [];
    streams.events$.subscribe((e) => seen.push(e));
    const sent = bus.emit('page.viewed', page('/'), 'ui');
    bus.emit('notice.failed', notice('x'));
    expect(seen).toEqual([
      { type: 'page.viewed', payload: page('/'), meta: { id: 'e1', at: 1001, source: 'ui' } },
      { type: 'notice.failed', payload: notice('x'), meta: { id: 'e2', at: 1002, source: 'app' } },
    ]);
    expect(seen[0]).toBe(sent);
  });

  it('routes by type and by domain', () => {
    const { bus, streams } = setup();
    const byType: string[] = [];
    const byDomain: string[] = [];
    streams.ofType('page.viewed', 'notice.failed').subscribe((e) => byType.push(e.type));
    streams.ofDomain('catalog').subscribe((e) => byDomain.push(e.type));
    bus.emit('page.viewed', page('/'));
    bus.emit('catalog.itemSelected', { listName: 'L', item: facts(1), position: 1 });
    bus.emit('consent.changed', { state: 'granted' });
    bus.emit('notice.failed', notice('n'));
    bus.emit('catalog.listViewed', { listName: 'L', items: [], offset: 0 });
    expect(byType).toEqual(['page.viewed', 'notice.failed']);
    expect(byDomain).toEqual(['catalog.itemSelected', 'catalog.listViewed']);
  });

  it('isolates a throwing subscriber made with subscribeFor: reported, the others still receive, it keeps its subscription', () => {
    const { bus, streams, owner, reported } = setup();
    const timer = vi.spyOn(globalThis, 'setTimeout');
    const before: string[] = [];
    const after: string[] = [];
    streams.events$.subscribe((e) => before.push(e.meta.id));
    subscribeFor(owner, streams.events$, () => {
      throw new Error('boom');
    });
    streams.events$.subscribe({ next: (e) => after.push(e.meta.id) });
    bus.emit('page.viewed', page('/a'));
    bus.emit('page.viewed', page('/b'));
    expect(before).toEqual(['e1', 'e2']);
    expect(after).toEqual(['e1', 'e2']);
    expect(reported.map((r) => [(r.error as Error).message, r.what])).toEqual([
      ['boom', 'a handler of "page.viewed" threw'],
      ['boom', 'a handler of "page.viewed" threw'],
    ]);
    expect(timer).not.toHaveBeenCalled();
    timer.mockRestore();
  });

  it('reports errors thrown inside piped operators instead of rethrowing them on a timer', () => {
    const { bus, streams, owner, reported } = setup();
    const timer = vi.spyOn(globalThis, 'setTimeout');
    const got: string[] = [];
    subscribeFor(
      owner,
      streams.events$.pipe(
        map((e) => {
          if (e.type === 'notice.failed') throw new Error('bad map');
          return e.type;
        }),
      ),
      (t) => got.push(t),
    );
    subscribeFor(owner, streams.ofType('page.viewed').pipe(filter(() => true)), () => {
      throw new Error('bad next');
    });
    bus.emit('page.viewed', page('/'));
    bus.emit('notice.failed', notice('x'));
    expect(got).toEqual(['page.viewed']);
    expect(reported.map((r) => [(r.error as Error).message, r.what])).toEqual([
      ['bad next', 'an event handler threw'],
      ['bad map', 'an event stream failed'],
    ]);
    expect(timer).not.toHaveBeenCalled();
    timer.mockRestore();
  });

  it('hands a stream failure to the error callback, and survives a reporter that throws', () => {
    const { bus, streams } = setup();
    const failures: string[] = [];
    const seen: string[] = [];
    const broken: StreamOwner = {
      report: () => {
        throw new Error('reporter broke');
      },
    };
    subscribeFor(broken, streams.events$, {
      next: () => {
        throw new Error('x');
      },
    });
    subscribeFor(
      broken,
      streams.events$.pipe(
        map(() => {
          throw new Error('chain broke');
        }),
      ),
      { error: (e) => failures.push((e as Error).message) },
    );
    streams.events$.subscribe((e) => seen.push(e.type));
    bus.emit('page.viewed', page('/'));
    expect(failures).toEqual(['chain broke']);
    expect(seen).toEqual(['page.viewed']);
  });

  it('queues emits made during delivery so every subscriber sees emit order', () => {
    const { bus, streams } = setup();
    const first: string[] = [];
    const second: string[] = [];
    streams.events$.subscribe((e) => {
      first.push(e.type);
      if (e.type === 'page.viewed') bus.emit('notice.failed', notice('from handler'));
    });
    streams.events$.subscribe((e) => second.push(e.type));
    bus.emit('page.viewed', page('/'));
    expect(first).toEqual(['page.viewed', 'notice.failed']);
    expect(second).toEqual(['page.viewed', 'notice.failed']);
  });

  it('stops delivering to a subscription closed during the same delivery', () => {
    const { bus, streams } = setup();
    const seen: string[] = [];
    const later = { unsubscribe: () => {} };
    streams.events$.subscribe(() => later.unsubscribe());
    const sub = streams.events$.subscribe((e) => seen.push(e.type));
    later.unsubscribe = () => sub.unsubscribe();
    bus.emit('page.viewed', page('/'));
    expect(seen).toEqual([]);
  });

  it('does not deliver the current event to a subscriber added during it, but delivers queued ones', () => {
    const { bus, streams } = setup();
    const late: string[] = [];
    streams.ofType('page.viewed').subscribe(() => {
      streams.events$.subscribe((e) => late.push(e.type));
      bus.emit('notice.failed', notice('n'));
    });
    bus.emit('page.viewed', page('/'));
    expect(late).toEqual(['notice.failed']);
  });

  it('keeps every subscription in the owner set until it ends, and completes everyone on close', () => {
    const { bus } = setup();
    const subscriptions = new Set<Subscription>();
    const owner: StreamOwner = { report: () => {}, subscriptions };
    const streams = bus.streams(owner);
    const completed: string[] = [];
    const direct = streams.events$.subscribe({ complete: () => completed.push('direct') });
    streams.events$.pipe(map((e) => e.type)).subscribe({ complete: () => completed.push('piped') });
    const guarded = subscribeFor(owner, streams.ofType('page.viewed').pipe(map((e) => e.type)), { complete: () => completed.push('guarded') });
    subscribeFor(owner, streams.ofDomain('page'), { complete: () => completed.push('straight') });
    // The direct one, the source end of the piped one, the guarded one at both ends, the straight one.
    expect(subscriptions.size).toBe(5);
    direct.unsubscribe();
    expect(subscriptions.size).toBe(4);
    guarded.unsubscribe();
    expect(subscriptions.size).toBe(2);
    bus.close();
    expect(bus.closed).toBe(true);
    expect(completed).toEqual(['piped', 'straight']);
    expect(subscriptions.size).toBe(0);
    const after: unknown[] = [];
    streams.events$.subscribe({ next: (e) => after.push(e), complete: () => completed.push('late') });
    bus.emit('page.viewed', page('/'));
    expect(after).toEqual([]);
    subscribeFor(owner, streams.events$, { complete: () => completed.push('late too') });
    expect(completed).toEqual(['piped', 'straight', 'late', 'late too']);
    expect(subscriptions.size).toBe(0);
  });

  it('ends a whole piped chain when the owner unsubscribes what it kept', () => {
    const { bus } = setup();
    const subscriptions = new Set<Subscription>();
    const owner: StreamOwner = { report: () => {}, subscriptions };
    const streams = bus.streams(owner);
    const seen: string[] = [];
    subscribeFor(owner, streams.events$.pipe(map((e) => e.type)), (t) => seen.push(t));
    streams.ofDomain('page').pipe(filter(() => true)).subscribe((e) => seen.push(e.type));
    bus.emit('page.viewed', page('/'));
    for (const subscription of [...subscriptions]) subscription.unsubscribe();
    bus.emit('page.viewed', page('/b'));
    expect(seen).toEqual(['page.viewed', 'page.viewed']);
    expect(subscriptions.size).toBe(0);
  });

  it('redispatches an existing envelope unchanged', () => {
    const a = setup();
    const b = setup();
    const seen: DomainEvent[] = [];
    b.streams.events$.subscribe((e) => seen.push(e));
    subscribeFor(a.owner, a.streams.events$, (e) => b.bus.dispatch(e));
    const sent = a.bus.emit('page.viewed', page('/'));
    expect(seen).toEqual([sent]);
  });

  it('delivers every event once to every subscriber, in emit order, however handlers emit', () => {
    // A program: each root event names how many events its handler emits from inside the delivery.
    fc.assert(
      fc.property(fc.array(fc.nat(3), { maxLength: 12 }), fc.integer({ min: 1, max: 4 }), (program, listeners) => {
        const { bus, streams } = setup();
        const logs = Array.from({ length: listeners }, () => [] as string[]);
        const emitted: string[] = [];
        const emit = (message: string) => emitted.push(bus.emit('notice.failed', notice(message)).meta.id);
        streams.ofType('notice.failed').subscribe((e) => {
          const [kind, n] = e.payload.message.split(':');
          if (kind === 'root') for (let i = 0; i < Number(n); i++) emit(`child:${i}`);
        });
        logs.forEach((log) => streams.events$.subscribe((e) => log.push(e.meta.id)));
        for (const n of program) emit(`root:${n}`);
        // Ids are made when emit is called, so their numbers are the emit order.
        const inEmitOrder = [...emitted].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
        for (const log of logs) expect(log).toEqual(inEmitOrder);
      }),
    );
  });
});
