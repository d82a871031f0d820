import { filter, map, type Subscription } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createEventBus, type StreamOwner } from './bus.js';
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

  it('isolates a throwing subscriber: reported, the others still receive, it keeps its subscription', () => {
    const { bus, streams, reported } = setup();
    const before: string[] = [];
    const after: string[] = [];
    streams.events$.subscribe((e) => before.push(e.meta.id));
    streams.events$.subscribe(() => {
      throw new Error('boom');
    });
    streams.events$.subscribe({ next: (e) => after.push(e.meta.id) });
    bus.emit('page.viewed', page('/a'));
    bus.emit('page.viewed', page('/b'));
    expect(before).toEqual(['e1', 'e2']);
    expect(after).toEqual(['e1', 'e2']);
    expect(reported).toHaveLength(2);
    expect((reported[0]!.error as Error).message).toBe('boom');
  });

  it('reports errors thrown inside piped operators instead of rethrowing them on a timer', async () => {
    const { bus, streams, reported } = setup();
    const timer = vi.spyOn(globalThis, 'setTimeout');
    const got: string[] = [];
    streams.events$
      .pipe(
        map((e) => {
          if (e.type === 'notice.failed') throw new Error('bad map');
          return e.type;
        }),
      )
      .subscribe((t) => got.push(t));
    streams.ofType('page.viewed').pipe(filter(() => true)).subscribe(() => {
      throw new Error('bad next');
    });
    bus.emit('page.viewed', page('/'));
    bus.emit('notice.failed', notice('x'));
    expect(got).toEqual(['page.viewed']);
    expect(reported.map((r) => (r.error as Error).message)).toEqual(['bad next', 'bad map']);
    expect(timer).not.toHaveBeenCalled();
    timer.mockRestore();
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

  it('tracks subscriptions in the owner set and completes everyone on close', () => {
    const { bus } = setup();
    const subscriptions = new Set<Subscription>();
    const streams = bus.streams({ report: () => {}, subscriptions });
    const completed: string[] = [];
    const direct = streams.events$.subscribe({ complete: () => completed.push('direct') });
    streams.events$.pipe(map((e) => e.type)).subscribe({ complete: () => completed.push('piped') });
    expect(subscriptions.size).toBe(2);
    direct.unsubscribe();
    expect(subscriptions.size).toBe(1);
    bus.close();
    expect(completed).toEqual(['piped']);
    expect(subscriptions.size).toBe(0);
    const after: unknown[] = [];
    streams.events$.subscribe({ next: (e) => after.push(e), complete: () => completed.push('late') });
    bus.emit('page.viewed', page('/'));
    expect(after).toEqual([]);
    expect(completed).toEqual(['piped', 'late']);
  });

  it('redispatches an existing envelope unchanged', () => {
    const a = setup();
    const b = setup();
    const seen: DomainEvent[] = [];
    b.streams.events$.subscribe((e) => seen.push(e));
    a.bus.tap(null, (e) => b.bus.dispatch(e), a.owner);
    const sent = a.bus.emit('page.viewed', page('/'));
    expect(seen).toEqual([sent]);
  });
});
