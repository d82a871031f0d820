/**
 * Model-based test of the wishlist controller (`fc.commands`): adds, removals, quantity changes,
 * sorts and reads are sent concurrently to a fake shop whose answers arrive in any order, fail
 * (refused, network failure before or after the shop made the change) or succeed. At every step the
 * shown state paints what is on its way; once everything has answered, the shown state is exactly
 * what the shop has, whatever the order and the failures.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WishlistAddAnswer, WishlistEntry, WishlistState } from '../../core/domain/wishlist.js';
import type { DomainEvent } from '../../core/events.js';
import type { PortFailure, WishlistPort } from '../../core/ports.js';
import { err, ok, type Result } from '../../core/result.js';
import { createStore } from '../../core/store.js';
import { textsIn } from '../../i18n/index.js';
import { createWishlistController, type WishlistController } from './controller.js';
import { isInLists, rowIdsOf } from './rules.js';
import { wishlistTexts } from './messages.js';
import { INITIAL_VIEW, type WishlistView } from './state.js';

const EN = textsIn(wishlistTexts, 'en-PH');

type Outcome = 'ok' | 'refused' | 'network' | 'lost';

const FEATURES: WishlistState['features'] = { multipleLists: true, moveItems: true, sortItems: true, quantities: true, estimates: true, renameLists: true, changePrivacy: true };
const LIST = 1;

/** The shop: one list, rows with ids it hands out. */
class FakeShop {
  entries: WishlistEntry[] = [];
  /** Bumped by every change the shop makes; answers carry it as the list's title. */
  version = 0;
  private nextRow = 1000;
  /** Requests the shop has not handled yet. */
  readonly waiting: Array<{ readonly handle: (outcome: Outcome) => void }> = [];
  /** Answers on their way back (handled, not yet arrived): they arrive in any order. */
  readonly inTransit: Array<() => void> = [];

  state(): WishlistState {
    return {
      lists: [{ id: LIST, token: 't'.repeat(32), title: `v${this.version}`, privacy: 0, isDefault: true, itemCount: this.entries.length, url: '/wishlist/' }],
      entries: this.entries.map((e) => ({ ...e })),
      defaultListId: LIST,
      features: FEATURES,
    };
  }

  private renumber(): void {
    const order = rowIdsOf(this.entries, LIST);
    this.entries = this.entries.map((e) => ({ ...e, position: order.indexOf(e.rowId) }));
  }

  /** A request: held until handled (made or not, as the outcome says); its answer then travels back. */
  private request<T>(make: () => Result<T, PortFailure>): Promise<Result<T, PortFailure>> {
    return new Promise((resolve) => {
      this.waiting.push({
        handle: (outcome) => {
          let answer: Result<T, PortFailure>;
          if (outcome === 'refused') answer = err({ kind: 'http', status: 400, code: 'suki_wishlist_invalid', message: 'Refused.' });
          else if (outcome === 'network') answer = err({ kind: 'network', message: 'offline' });
          else {
            const made = make();
            answer = outcome === 'lost' ? err({ kind: 'timeout', message: 'slow' }) : made;
          }
          this.inTransit.push(() => resolve(answer));
        },
      });
    });
  }

  port(): WishlistPort {
    const unsupported = () => Promise.resolve(err<PortFailure>({ kind: 'http', status: 501, code: 'suki_wishlist_unsupported', message: 'No.' }));
    return {
      read: () => this.request(() => ok(this.state())),
      add: (request) =>
        this.request((): Result<WishlistAddAnswer, PortFailure> => {
          if (this.entries.some((e) => e.productId === request.productId)) return ok({ result: 'exists', message: '', state: this.state() });
          this.version += 1;
          this.entries.push({ rowId: (this.nextRow += 7), wishlistId: LIST, productId: request.productId, parentId: request.productId, quantity: 1, position: this.entries.length });
          return ok({ result: 'true', message: '', state: this.state() });
        }),
      removeItem: (rowId) =>
        this.request(() => {
          if (!this.entries.some((e) => e.rowId === rowId)) return err<PortFailure>({ kind: 'not-found', message: 'Gone.' });
          this.version += 1;
          this.entries = this.entries.filter((e) => e.rowId !== rowId);
          this.renumber();
          return ok(this.state());
        }),
      setQuantity: (rowId, quantity) =>
        this.request(() => {
          if (!this.entries.some((e) => e.rowId === rowId)) return err<PortFailure>({ kind: 'not-found', message: 'Gone.' });
          this.version += 1;
          this.entries = this.entries.map((e) => (e.rowId === rowId ? { ...e, quantity } : e));
          return ok(this.state());
        }),
      sortItems: (_id, rowIds) =>
        this.request(() => {
          const mine = rowIdsOf(this.entries, LIST);
          if (mine.length !== rowIds.length || !mine.every((id) => rowIds.includes(id))) return err<PortFailure>({ kind: 'http', status: 400, code: 'suki_wishlist_invalid', message: 'Positions.' });
          this.version += 1;
          this.entries = this.entries.map((e) => ({ ...e, position: rowIds.indexOf(e.rowId) }));
          return ok(this.state());
        }),
      moveItem: unsupported,
      createList: unsupported,
      getList: unsupported,
      updateList: unsupported,
      deleteList: unsupported,
      askEstimate: unsupported,
    };
  }
}

interface Real {
  readonly shop: FakeShop;
  readonly controller: WishlistController;
  readonly store: ReturnType<typeof createStore<WishlistView>>;
  readonly events: DomainEvent[];
  /** The newest shop version shown so far. */
  seen: number;
}
type Model = { readonly sent: number };

const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const shown = (r: Real) => r.store.getSnapshot().state;
const confirmedRows = (r: Real) => (shown(r)?.entries ?? []).filter((e) => e.rowId > 0);

class Add implements fc.AsyncCommand<Model, Real> {
  constructor(readonly productId: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    void r.controller.add({ productId: this.productId, parentId: this.productId, productType: 'simple', name: `P${this.productId}`, item: null, wishlistId: null });
    // Painted at once: the product shows as in the list while its add is on its way.
    expect(isInLists(shown(r)?.entries ?? [], this.productId)).toBe(true);
    expect(r.store.getSnapshot().adding).toContain(this.productId);
  }
  toString = () => `add(${this.productId})`;
}

class Remove implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const rows = confirmedRows(r);
    if (rows.length === 0) return;
    const row = rows[this.pick % rows.length]!;
    void r.controller.remove(row.rowId);
    expect(shown(r)?.entries.some((e) => e.rowId === row.rowId)).toBe(false);
  }
  toString = () => `remove(#${this.pick})`;
}

class Quantity implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly quantity: number,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const rows = confirmedRows(r);
    if (rows.length === 0) return;
    const row = rows[this.pick % rows.length]!;
    void r.controller.setQuantity(row.rowId, this.quantity);
    expect(shown(r)?.entries.find((e) => e.rowId === row.rowId)?.quantity).toBe(this.quantity);
  }
  toString = () => `quantity(#${this.pick}, ${this.quantity})`;
}

class Sort implements fc.AsyncCommand<Model, Real> {
  constructor(readonly seed: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const order = [...rowIdsOf(confirmedRows(r), LIST)];
    if (order.length < 2) return;
    order.push(order.splice(this.seed % order.length, 1)[0]!);
    void r.controller.sort(LIST, order);
    expect(rowIdsOf(shown(r)?.entries ?? [], LIST).filter((id) => id > 0)).toEqual(order);
  }
  toString = () => `sort(${this.seed})`;
}

class Load implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, r: Real) {
    void r.controller.load();
  }
  toString = () => 'load';
}

/** The shop handles one waiting request. */
class Handle implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly outcome: Outcome,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const { waiting } = r.shop;
    if (waiting.length === 0) return;
    const [request] = waiting.splice(this.pick % waiting.length, 1);
    request!.handle(this.outcome);
  }
  toString = () => `handle(${this.pick}, ${this.outcome})`;
}

/** One handled request's answer arrives. */
class Arrive implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const { inTransit } = r.shop;
    if (inTransit.length === 0) return;
    const [arrive] = inTransit.splice(this.pick % inTransit.length, 1);
    arrive!();
    await settle();
    const view = r.store.getSnapshot();
    // Latest answer wins: what is shown never goes back to an older state of the shop.
    const version = Number(view.state?.lists[0]?.title.slice(1) ?? -1);
    if (view.known) {
      expect(version).toBeGreaterThanOrEqual(r.seen);
      r.seen = version;
    }
    // The header's count is the shown state's once a server answer is in.
    if (view.known && view.state) expect(view.count).toBe(view.state.entries.length);
  }
  toString = () => `arrive(${this.pick})`;
}

const outcome = fc.constantFrom<Outcome>('ok', 'ok', 'ok', 'refused', 'network', 'lost');
const commands = fc.commands(
  [
    fc.integer({ min: 1, max: 6 }).map((p) => new Add(p)),
    fc.nat().map((p) => new Remove(p)),
    fc.tuple(fc.nat(), fc.integer({ min: 1, max: 9999 })).map(([p, q]) => new Quantity(p, q)),
    fc.nat().map((s) => new Sort(s)),
    fc.constant(new Load()),
    fc.tuple(fc.nat(), outcome).map(([p, o]) => new Handle(p, o)),
    fc.tuple(fc.nat(), outcome).map(([p, o]) => new Handle(p, o)),
    fc.nat().map((p) => new Arrive(p)),
    fc.nat().map((p) => new Arrive(p)),
  ],
  { maxCommands: 40 },
);

const comparable = (state: WishlistState | null) =>
  (state?.entries ?? [])
    .map((e) => ({ rowId: e.rowId, productId: e.productId, quantity: e.quantity, position: e.position }))
    .sort((a, b) => a.rowId - b.rowId);

describe('wishlist controller (model-based)', () => {
  it('paints every change at once, and once every answer is in, shows exactly what the shop has', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const shop = new FakeShop();
        const store = createStore<WishlistView>(INITIAL_VIEW);
        const events: DomainEvent[] = [];
        let clock = 0;
        const controller = createWishlistController({
          port: shop.port(),
          store,
          emit: ((type: string, payload: unknown) => events.push({ type, payload } as DomainEvent)) as never,
          now: () => (clock += 1),
          texts: EN,
        });
        const real: Real = { shop, controller, store, events, seen: -1 };
        await fc.asyncModelRun(() => ({ model: { sent: 0 }, real }), cmds);
        // Let everything through (reads made after a dropped answer or a failure included).
        for (let round = 0; round < 100 && (shop.waiting.length > 0 || shop.inTransit.length > 0 || controller.inFlight() > 0); round += 1) {
          shop.waiting.shift()?.handle('ok');
          shop.inTransit.shift()?.();
          await settle();
        }
        expect(shop.waiting).toHaveLength(0);
        expect(shop.inTransit).toHaveLength(0);
        expect(controller.inFlight()).toBe(0);
        const view = store.getSnapshot();
        if (view.known) {
          expect(comparable(view.state)).toEqual(comparable(shop.state()));
          expect(view.count).toBe(shop.entries.length);
        } else {
          // Nothing ever answered: nothing may be shown as added either.
          expect(view.state?.entries ?? []).toEqual([]);
        }
        expect(view.adding).toEqual([]);
        // Only confirmed changes are emitted, each with the count of the state it came with.
        for (const event of events) expect(event.type).toBe('wishlist.changed');
      }),
      {
        numRuns: 300,
        // Found by this property: the shop answers a read sent after an add before it makes the
        // add, and that read's answer arrives after the add's own: it must not take the item away.
        examples: [[[new Add(1), new Load(), new Handle(1, 'ok'), new Handle(0, 'ok'), new Arrive(1)]]],
      },
    );
  });

  it('a failed add is undone with a visible message; a refused one (`error`) shows the shop’s words', async () => {
    const shop = new FakeShop();
    const store = createStore<WishlistView>(INITIAL_VIEW);
    const controller = createWishlistController({ port: shop.port(), store, emit: (() => undefined) as never, now: () => 1, texts: EN });
    const pendingAdd = controller.add({ productId: 5, parentId: 5, productType: 'simple', name: 'Banig', item: null, wishlistId: null });
    expect(isInLists(store.getSnapshot().state?.entries ?? [], 5)).toBe(true);
    shop.waiting.shift()!.handle('network');
    shop.inTransit.shift()!();
    const outcome = await pendingAdd;
    expect(outcome.kind).toBe('failed');
    expect(outcome.message).toContain('“Banig”');
    expect(isInLists(store.getSnapshot().state?.entries ?? [], 5)).toBe(false);
    expect(store.getSnapshot().notices[5]).toMatchObject({ kind: 'failed' });
  });

  it('emits added with the result and the new count', async () => {
    const shop = new FakeShop();
    const store = createStore<WishlistView>(INITIAL_VIEW);
    const events: Array<{ type: string; payload: unknown }> = [];
    const controller = createWishlistController({ port: shop.port(), store, emit: ((type: string, payload: unknown) => events.push({ type, payload })) as never, now: () => 1, texts: EN });
    const first = controller.add({ productId: 5, parentId: 5, productType: 'simple', name: 'Banig', item: null, wishlistId: null });
    shop.waiting.shift()!.handle('ok');
    shop.inTransit.shift()!();
    expect(await first).toMatchObject({ kind: 'in-list', result: 'true' });
    const again = controller.add({ productId: 5, parentId: 5, productType: 'simple', name: 'Banig', item: null, wishlistId: null });
    shop.waiting.shift()!.handle('ok');
    shop.inTransit.shift()!();
    expect(await again).toMatchObject({ kind: 'in-list', result: 'exists' });
    expect(events).toEqual([
      { type: 'wishlist.changed', payload: { change: 'added', wishlistId: LIST, item: null, quantity: 1, result: 'true', count: 1 } },
      { type: 'wishlist.changed', payload: { change: 'added', wishlistId: LIST, item: null, quantity: 1, result: 'exists', count: 1 } },
    ]);
    expect(store.getSnapshot().notices[5]).toMatchObject({ kind: 'in-list', url: '/wishlist/' });
  });
});

describe('wishlist controller: answers out of order', () => {
  it('an older answer arriving after a newer one is not applied', async () => {
    const shop = new FakeShop();
    const store = createStore<WishlistView>(INITIAL_VIEW);
    const controller = createWishlistController({ port: shop.port(), store, emit: (() => undefined) as never, now: () => 1, texts: EN });
    void controller.add({ productId: 1, parentId: 1, productType: 'simple', name: 'A', item: null, wishlistId: null });
    void controller.add({ productId: 2, parentId: 2, productType: 'simple', name: 'B', item: null, wishlistId: null });
    shop.waiting.shift()!.handle('ok');
    shop.waiting.shift()!.handle('ok');
    // B's answer (the shop's v2, both products) arrives first, then A's (v1, only the first).
    shop.inTransit.pop()!();
    await settle();
    expect(store.getSnapshot().state?.lists[0]?.title).toBe('v2');
    shop.inTransit.pop()!();
    await settle();
    expect(store.getSnapshot().state?.lists[0]?.title).toBe('v2');
    expect(store.getSnapshot().state?.entries.map((e) => e.productId)).toEqual([1, 2]);
  });
});

/** A port whose every call waits until the test answers it, and records what it was sent. */
const manualPort = () => {
  const calls: Array<{ readonly method: string; readonly args: readonly unknown[]; readonly answer: (r: Result<unknown, PortFailure>) => void }> = [];
  const call =
    (method: string) =>
    (...args: unknown[]) =>
      new Promise<Result<never, PortFailure>>((resolve) => calls.push({ method, args, answer: resolve as (r: Result<unknown, PortFailure>) => void }));
  const port = Object.fromEntries(
    ['read', 'add', 'removeItem', 'setQuantity', 'moveItem', 'createList', 'getList', 'updateList', 'deleteList', 'sortItems', 'askEstimate'].map((m) => [m, call(m)]),
  ) as unknown as WishlistPort;
  return { port, calls };
};

const twoLists = (entries: readonly WishlistEntry[], extra: Partial<WishlistState> = {}): WishlistState => ({
  lists: [
    { id: 1, token: 'a'.repeat(32), title: 'Mine', privacy: 0, isDefault: true, itemCount: 0, url: '/wishlist/view/a/' },
    { id: 2, token: 'b'.repeat(32), title: 'Gifts', privacy: 1, isDefault: false, itemCount: 0, url: '/wishlist/view/b/' },
  ],
  entries,
  defaultListId: 1,
  features: FEATURES,
  ...extra,
});
const row = (rowId: number, wishlistId: number, productId: number, position: number, quantity = 1): WishlistEntry => ({ rowId, wishlistId, productId, parentId: productId, quantity, position });

describe('wishlist controller: list operations paint at once, emit once confirmed, and undo with a message', () => {
  const boot = (seed: WishlistState) => {
    const { port, calls } = manualPort();
    const store = createStore<WishlistView>(INITIAL_VIEW);
    const events: Array<{ type: string; payload: unknown }> = [];
    let clock = 100;
    const controller = createWishlistController({ port, store, emit: ((type: string, payload: unknown) => events.push({ type, payload })) as never, now: () => (clock += 1), texts: EN });
    controller.seed(seed);
    return { controller, store, events, calls, shown: () => store.getSnapshot().state };
  };
  const item = { id: 7, sku: 'S7', name: 'Banig', categories: [], price: 100, currencyMinorUnit: 2, currencyCode: 'PHP' };

  it('seeds the state once, before any read, and counts it as known', async () => {
    const { controller, store, calls, shown } = boot(twoLists([row(10, 1, 7, 0)]));
    expect(store.getSnapshot()).toMatchObject({ known: true, count: 1 });
    controller.seed(twoLists([]));
    expect(shown()?.entries).toHaveLength(1);
    const read = controller.load();
    expect(controller.inFlight()).toBe(1);
    calls[0]!.answer(ok(twoLists([])));
    expect((await read).ok).toBe(true);
    expect(shown()?.entries).toEqual([]);
    expect(store.getSnapshot().count).toBe(0);
    expect(controller.inFlight()).toBe(0);
  });

  it('moves a row to the end of another list, or waits for the answer for a new list', async () => {
    const { controller, calls, shown, events } = boot(twoLists([row(10, 1, 7, 0), row(11, 1, 8, 1), row(12, 2, 9, 0)]));
    const moved = controller.move(10, 2);
    expect(shown()?.entries.find((e) => e.rowId === 10)).toMatchObject({ wishlistId: 2, position: 1 });
    expect(shown()?.entries.find((e) => e.rowId === 11)).toMatchObject({ wishlistId: 1, position: 1 });
    expect(calls.at(-1)).toMatchObject({ method: 'moveItem', args: [10, 2, undefined] });
    const after = twoLists([row(11, 1, 8, 0), row(12, 2, 9, 0), row(10, 2, 7, 1)]);
    calls.at(-1)!.answer(ok(after));
    await moved;
    expect(events.at(-1)).toEqual({ type: 'wishlist.changed', payload: { change: 'moved', wishlistId: 2, item: null, quantity: 0, result: null, count: 3 } });
    const toNew = controller.move(11, 'new', { name: 'Later', privacy: 2 });
    expect(shown()).toEqual(after);
    expect(calls.at(-1)).toMatchObject({ method: 'moveItem', args: [11, 'new', { name: 'Later', privacy: 2 }] });
    calls.at(-1)!.answer(ok(after));
    await toNew;
    expect(events.at(-1)).toMatchObject({ payload: { change: 'moved', wishlistId: 0 } });
  });

  it('renames or changes a list’s privacy at once, naming the change by what changed', async () => {
    const start = twoLists([]);
    const { controller, calls, shown, events } = boot(start);
    const renamed = controller.updateList(2, { name: 'For Lola' });
    expect(shown()?.lists.map((l) => [l.title, l.privacy])).toEqual([
      ['Mine', 0],
      ['For Lola', 1],
    ]);
    calls.at(-1)!.answer(ok(start));
    await renamed;
    const privacy = controller.updateList(2, { privacy: 2 });
    expect(shown()?.lists.map((l) => [l.title, l.privacy])).toEqual([
      ['Mine', 0],
      ['Gifts', 2],
    ]);
    calls.at(-1)!.answer(ok(start));
    await privacy;
    const both = controller.updateList(1, { name: 'Ours', privacy: 1 });
    expect(shown()?.lists.map((l) => [l.title, l.privacy])).toEqual([
      ['Ours', 1],
      ['Gifts', 1],
    ]);
    expect(calls.at(-1)).toMatchObject({ method: 'updateList', args: [1, { name: 'Ours', privacy: 1 }] });
    calls.at(-1)!.answer(ok(start));
    await both;
    expect(events.map((e) => [(e.payload as { change: string }).change, (e.payload as { wishlistId: number }).wishlistId])).toEqual([
      ['list-renamed', 2],
      ['list-privacy', 2],
      ['list-renamed', 1],
    ]);
  });

  it('deletes a list with its rows at once; creates one only on the answer', async () => {
    const start = twoLists([row(10, 1, 7, 0), row(12, 2, 9, 0)]);
    const { controller, calls, shown, events } = boot(start);
    const deleted = controller.deleteList(2);
    expect(shown()?.lists.map((l) => l.id)).toEqual([1]);
    expect(shown()?.entries.map((e) => e.rowId)).toEqual([10]);
    calls.at(-1)!.answer(ok(twoLists([row(10, 1, 7, 0)])));
    await deleted;
    expect(events.at(-1)).toMatchObject({ payload: { change: 'list-deleted', wishlistId: 2, count: 1 } });
    const created = controller.createList({ name: 'New', privacy: 0 });
    expect(shown()?.lists).toHaveLength(2);
    expect(calls.at(-1)).toMatchObject({ method: 'createList', args: [{ name: 'New', privacy: 0 }] });
    calls.at(-1)!.answer(ok(start));
    await created;
    expect(events.at(-1)).toMatchObject({ payload: { change: 'list-created', wishlistId: 0 } });
  });

  it('a removal and a quantity change say which list and item; a failure names the item and is undone', async () => {
    const start = twoLists([row(10, 2, 7, 0, 2), row(11, 1, 8, 0)]);
    const { controller, calls, shown, events, store } = boot(start);
    const quantity = controller.setQuantity(10, 5, item);
    expect(calls.at(-1)).toMatchObject({ method: 'setQuantity', args: [10, 5] });
    calls.at(-1)!.answer(ok(twoLists([row(10, 2, 7, 0, 5), row(11, 1, 8, 0)])));
    await quantity;
    expect(events.at(-1)).toEqual({ type: 'wishlist.changed', payload: { change: 'quantity', wishlistId: 2, item, quantity: 5, result: null, count: 2 } });
    const removed = controller.remove(10, item);
    expect(shown()?.entries.map((e) => e.rowId)).toEqual([11]);
    expect(calls.at(-1)).toMatchObject({ method: 'removeItem', args: [10] });
    calls.at(-1)!.answer(err({ kind: 'network', message: 'offline' }));
    await removed;
    // Undone, with a message that names the item; then a read, since the removal may have been made.
    expect(shown()?.entries.map((e) => e.rowId)).toEqual([10, 11]);
    expect(store.getSnapshot().error).toEqual({ message: EN.failedNetwork({ what: EN.quoted({ name: 'Banig' }) }), at: expect.any(Number) as number });
    expect(calls.at(-1)?.method).toBe('read');
    calls.at(-1)!.answer(ok(twoLists([row(11, 1, 8, 0)])));
    await settle();
    // A later success clears the error.
    const again = controller.remove(11);
    calls.at(-1)!.answer(ok(twoLists([])));
    await again;
    expect(store.getSnapshot().error).toBeNull();
    expect(events.at(-1)).toMatchObject({ payload: { change: 'removed', wishlistId: 1, item: null, quantity: 0 } });
    // An unknown row belongs to no list.
    const unknown = controller.remove(999);
    calls.at(-1)!.answer(ok(twoLists([])));
    await unknown;
    expect(events.at(-1)).toMatchObject({ payload: { change: 'removed', wishlistId: 0 } });
  });

  it('an add to a chosen list goes there, and its notice links that list', async () => {
    const start = twoLists([row(10, 1, 7, 0)]);
    const { controller, calls, shown, store } = boot(start);
    // Product 7 is in list 1 but not in list 2: an add to list 2 still paints a row there.
    const added = controller.add({ productId: 7, parentId: 7, productType: 'simple', name: 'Banig', item, wishlistId: 2 });
    expect(shown()?.entries.filter((e) => e.productId === 7).map((e) => [e.wishlistId, e.position, e.rowId < 0])).toEqual([
      [1, 0, false],
      [2, 0, true],
    ]);
    expect(calls.at(-1)).toMatchObject({ method: 'add', args: [{ productId: 7, productType: 'simple', wishlistId: 2 }] });
    expect(store.getSnapshot().adding).toEqual([7]);
    calls.at(-1)!.answer(ok({ result: 'true', message: '', state: twoLists([row(10, 1, 7, 0), row(13, 2, 7, 0)]) }));
    await added;
    expect(store.getSnapshot().notices[7]).toEqual({ productId: 7, kind: 'in-list', text: expect.any(String) as string, at: expect.any(Number) as number, url: '/wishlist/view/b/' });
    expect(store.getSnapshot().adding).toEqual([]);
    // An add to a list it is already in paints nothing new.
    const before = shown();
    void controller.add({ productId: 7, parentId: 7, productType: 'simple', name: 'Banig', item, wishlistId: 2 });
    expect(shown()?.entries).toEqual(before?.entries);
    // An add to a new list sends the list, and counts its product as adding.
    void controller.add({ productId: 8, parentId: 8, productType: 'simple', name: 'Tsinelas', item: null, wishlistId: 'new', newList: { name: 'Shoes', privacy: 0 } });
    expect(calls.at(-1)).toMatchObject({ method: 'add', args: [{ productId: 8, wishlistId: 'new', newList: { name: 'Shoes', privacy: 0 } }] });
    expect(store.getSnapshot().adding).toEqual([7, 8]);
  });
});

describe('wishlist controller: before the first answer, adds in flight, and reads after a failure', () => {
  const boot = (ownWords?: boolean) => {
    const { port, calls } = manualPort();
    const store = createStore<WishlistView>(INITIAL_VIEW);
    const events: Array<{ type: string; payload: unknown }> = [];
    const controller = createWishlistController({ port, store, emit: ((type: string, payload: unknown) => events.push({ type, payload })) as never, now: () => 1, texts: EN, ...(ownWords !== undefined ? { ownWords } : {}) });
    return { controller, store, events, calls, shown: () => store.getSnapshot().state };
  };
  const add = (productId: number, wishlistId: number | null = null) => ({ productId, parentId: productId, productType: 'simple', name: `P${productId}`, item: null, wishlistId });

  it('an add before anything is known paints a provisional row in no list, with no features, and no count', () => {
    const { controller, store, shown } = boot();
    void controller.add(add(5));
    void controller.add(add(6));
    expect(shown()).toEqual({
      lists: [],
      entries: [
        { rowId: -1, wishlistId: -1, productId: 5, parentId: 5, quantity: 1, position: 0 },
        { rowId: -2, wishlistId: -1, productId: 6, parentId: 6, quantity: 1, position: 1 },
      ],
      defaultListId: null,
      features: { multipleLists: false, moveItems: false, sortItems: false, quantities: false, estimates: false, renameLists: false, changePrivacy: false },
    });
    expect(store.getSnapshot()).toMatchObject({ known: false, count: null, adding: [5, 6] });
  });

  it('an add to the default list links the default list; a list the answer lacks links the wishlist page', async () => {
    const { controller, calls, store, events } = boot();
    const first = controller.add(add(7));
    calls[0]!.answer(ok({ result: 'true', message: 'Added!', state: twoLists([row(13, 1, 7, 0)]) }));
    await first;
    expect(store.getSnapshot().notices[7]).toMatchObject({ kind: 'in-list', text: 'Added!', url: '/wishlist/view/a/' });
    expect(events.at(-1)).toMatchObject({ payload: { change: 'added', wishlistId: 1, result: 'true' } });
    const second = controller.add(add(8, 9));
    calls[1]!.answer(ok({ result: 'true', message: '', state: twoLists([row(13, 1, 7, 0), row(14, 9, 8, 0)]) }));
    await second;
    expect(store.getSnapshot().notices[8]).toMatchObject({ url: '/wishlist/' });
  });

  it('says the shop’s words unless told to use its own', async () => {
    const own = boot(true);
    const pending = own.controller.add(add(7));
    own.calls[0]!.answer(ok({ result: 'true', message: 'Added!', state: twoLists([row(13, 1, 7, 0)]) }));
    expect((await pending).message).not.toBe('Added!');
  });

  it('a refused add emits nothing; two adds of one product keep it adding until both are answered', async () => {
    const { controller, calls, store, events } = boot();
    const refused = controller.add(add(7));
    calls[0]!.answer(ok({ result: 'error', message: 'No more lists.', state: twoLists([]) }));
    expect(await refused).toMatchObject({ kind: 'error', message: 'No more lists.' });
    expect(events).toEqual([]);
    expect(store.getSnapshot().notices[7]).toMatchObject({ kind: 'error', text: 'No more lists.' });
    const one = controller.add(add(8));
    const two = controller.add(add(8));
    expect(store.getSnapshot().adding).toEqual([8]);
    calls[1]!.answer(ok({ result: 'true', message: '', state: twoLists([row(14, 1, 8, 0)]) }));
    await one;
    expect(store.getSnapshot().adding).toEqual([8]);
    calls[2]!.answer(ok({ result: 'exists', message: '', state: twoLists([row(14, 1, 8, 0)]) }));
    await two;
    expect(store.getSnapshot().adding).toEqual([]);
  });

  it('paints a quantity at once; a failed change emits nothing and is read again only once nothing else is on its way', async () => {
    const start = twoLists([row(10, 1, 7, 0, 2), row(11, 1, 8, 1)]);
    const { controller, calls, shown, events } = boot();
    controller.seed(start);
    const quantity = controller.setQuantity(10, 5);
    expect(shown()?.entries.map((e) => e.quantity)).toEqual([5, 1]);
    const removal = controller.remove(11);
    calls[0]!.answer(err({ kind: 'network', message: 'offline' }));
    await quantity;
    expect(events).toEqual([]);
    // The removal is still on its way: no read yet.
    expect(calls.map((c) => c.method)).toEqual(['setQuantity', 'removeItem']);
    calls[1]!.answer(ok(twoLists([row(10, 1, 7, 0, 2)])));
    await removal;
    expect(calls.map((c) => c.method)).toEqual(['setQuantity', 'removeItem', 'read']);
  });

  it('an older read answered after a newer one is dropped without another read', async () => {
    const { controller, calls, shown } = boot();
    const first = controller.load();
    const second = controller.load();
    calls[1]!.answer(ok(twoLists([row(10, 1, 7, 0)])));
    await second;
    calls[0]!.answer(ok(twoLists([])));
    await first;
    expect(shown()?.entries.map((e) => e.rowId)).toEqual([10]);
    expect(calls).toHaveLength(2);
  });
});

describe('wishlist controller: sorting and a port that throws', () => {
  it('paints a new order at once and says which list was sorted; a throwing port is a failed answer, undone with its message', async () => {
    const { port, calls } = manualPort();
    const store = createStore<WishlistView>(INITIAL_VIEW);
    const events: Array<{ type: string; payload: unknown }> = [];
    const controller = createWishlistController({ port, store, emit: ((type: string, payload: unknown) => events.push({ type, payload })) as never, now: () => 3, texts: EN });
    const start = twoLists([row(10, 1, 7, 0), row(11, 1, 8, 1)]);
    controller.seed(start);
    const sorted = controller.sort(1, [11, 10]);
    expect(rowIdsOf(store.getSnapshot().state?.entries ?? [], 1)).toEqual([11, 10]);
    expect(calls.at(-1)).toMatchObject({ method: 'sortItems', args: [1, [11, 10]] });
    calls.at(-1)!.answer(ok(twoLists([row(10, 1, 7, 1), row(11, 1, 8, 0)])));
    await sorted;
    expect(events.at(-1)).toMatchObject({ payload: { change: 'sorted', wishlistId: 1 } });
    const broken = createWishlistController({
      port: { ...port, removeItem: () => Promise.reject(new Error('socket closed')) },
      store,
      emit: (() => undefined) as never,
      now: () => 4,
      texts: EN,
    });
    broken.seed(start);
    const result = await broken.remove(10);
    expect(result).toEqual(err({ kind: 'invalid-response', message: 'socket closed' }));
    expect(store.getSnapshot().error).toEqual({ message: EN.failedAnswer({ what: EN.theWishlist }), at: 4 });
  });
});
