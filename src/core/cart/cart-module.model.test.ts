import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoundEmit } from '../bus.js';
import type { Cart } from '../domain/cart.js';
import type { DomainEvent } from '../events.js';
import { silentLogger } from '../logger.js';
import type { CartPort, PortFailure } from '../ports.js';
import { err, ok, type Result } from '../result.js';
import { cartOf, facts, line } from '../testing/cart-fixtures.js';
import { createCartModule, type CartModule } from './cart-module.js';

/**
 * How the fake server treats one request. `timeout-applied`: it made the change but the answer was
 * lost; `conflict`: it refused and sent its cart along (the Store API's 409).
 */
type Outcome = 'ok' | 'refused' | 'conflict' | 'network' | 'timeout' | 'timeout-applied';

type Quantities = Map<number, number>;

type Operation = 'load' | 'add' | 'remove' | 'setQuantity';

/**
 * A shop backend that keeps quantities per product and keys lines `k<id>`. Our own server honours
 * idempotency keys; a stock WooCommerce (behind upstream mode) ignores them and applies a repeat.
 */
class FakeServer {
  readonly lines: Quantities = new Map();
  readonly applied = new Set<string>();
  /** How many times the server made each intent's change. */
  readonly applications = new Map<string, number>();
  /** Queue-head intent key and operation at each request, as the module saw it. */
  readonly requestLog: Array<{ readonly head: string; readonly op: Operation }> = [];
  inFlight = 0;
  maxInFlight = 0;
  private cursor = 0;

  constructor(
    private readonly scheduler: fc.Scheduler,
    private readonly outcomes: readonly Outcome[],
    private readonly head: () => string | undefined,
    private readonly honoursKeys: boolean,
  ) {}

  cart(): Cart {
    return cartOf([...this.lines].sort(([a], [b]) => a - b).map(([id, quantity]) => line(id, quantity)));
  }

  private respond(op: Operation, idempotencyKey: string | null, change: (() => boolean) | null): Promise<Result<Cart, PortFailure>> {
    this.requestLog.push({ head: this.head() ?? '(none)', op });
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const outcome = this.outcomes[this.cursor++ % this.outcomes.length] ?? 'ok';
    let result: Result<Cart, PortFailure>;
    const apply = (): boolean => {
      if (!change) return true;
      if (this.honoursKeys && idempotencyKey !== null && this.applied.has(idempotencyKey)) return true;
      const done = change();
      if (done && idempotencyKey !== null) {
        this.applied.add(idempotencyKey);
        this.applications.set(idempotencyKey, (this.applications.get(idempotencyKey) ?? 0) + 1);
      }
      return done;
    };
    if (outcome === 'network') result = err({ kind: 'network', message: 'offline' });
    else if (outcome === 'timeout') result = err({ kind: 'timeout', message: 'slow' });
    else if (outcome === 'refused') result = err({ kind: 'http', status: 400, code: 'refused', message: 'No.' });
    else if (outcome === 'conflict') result = err({ kind: 'refused', message: 'Conflict.', cart: this.cart() });
    else if (outcome === 'timeout-applied') {
      apply();
      result = err({ kind: 'timeout', message: 'slow, but done' });
    } else result = apply() ? ok(this.cart()) : err({ kind: 'not-found', message: 'no such line' });
    const answer = result;
    return this.scheduler.schedule(Promise.resolve(), `answer ${outcome}`).then(() => {
      this.inFlight -= 1;
      return answer;
    });
  }

  readonly port: CartPort = {
    load: () => this.respond('load', null, null),
    add: (request) =>
      this.respond('add', request.idempotencyKey, () => {
        this.lines.set(request.productId, (this.lines.get(request.productId) ?? 0) + request.quantity);
        return true;
      }),
    remove: (request) =>
      this.respond('remove', request.idempotencyKey, () => {
        const id = idOfKey(request.key);
        return id !== null && this.lines.delete(id);
      }),
    setQuantity: (request) =>
      this.respond('setQuantity', request.idempotencyKey, () => {
        const id = idOfKey(request.key);
        if (id === null || !this.lines.has(id)) return false;
        if (request.quantity <= 0) this.lines.delete(id);
        else this.lines.set(id, request.quantity);
        return true;
      }),
  };
}

const idOfKey = (key: string): number | null => (/^k\d+$/.test(key) ? Number(key.slice(1)) : null);

type Fired =
  | { readonly kind: 'add'; readonly key: string; readonly productId: number; readonly quantity: number }
  | { readonly kind: 'remove'; readonly key: string; readonly lineKey: string }
  | { readonly kind: 'quantity'; readonly key: string; readonly lineKey: string; readonly quantity: number }
  | { readonly kind: 'refresh'; readonly key: string };

interface FiredRecord {
  readonly intent: Fired;
  settledCount: number;
  result: Result<Cart, PortFailure> | null;
  promise: Promise<void>;
}

/** The model: the intents fired so far, in order. */
interface Model {
  readonly fired: FiredRecord[];
}

interface Real {
  readonly module: CartModule;
  readonly server: FakeServer;
  readonly events: DomainEvent[];
  /** Keys handed to the module's id generator, which only refreshes use here. */
  readonly refreshKeys: string[];
  nextKey: number;
}

/** What a change does to product quantities, written independently of the module's own code. */
const applyModel = (quantities: Quantities, intent: Fired): void => {
  if (intent.kind === 'add') quantities.set(intent.productId, (quantities.get(intent.productId) ?? 0) + intent.quantity);
  else if (intent.kind === 'remove') {
    const id = idOfKey(intent.lineKey);
    if (id !== null) quantities.delete(id);
  } else if (intent.kind === 'quantity') {
    const id = idOfKey(intent.lineKey);
    if (id === null || !quantities.has(id)) return;
    if (intent.quantity <= 0) quantities.delete(id);
    else quantities.set(id, intent.quantity);
  }
};

const quantitiesOf = (cart: Cart | null): Quantities => {
  const map: Quantities = new Map();
  for (const l of cart?.lines ?? []) map.set(l.id, (map.get(l.id) ?? 0) + l.quantity);
  return map;
};

const sorted = (map: Quantities) => [...map].sort(([a], [b]) => a - b);

/** Retries per change (the module's delays are [0, 0] here; the scheduler decides when waits end). */
const RETRIES = 2;

/** Checks the invariants that must hold at every moment. */
const checkInvariants = (model: Model, real: Real): void => {
  const { module, server } = real;
  expect(server.maxInFlight).toBeLessThanOrEqual(1);

  // Requests leave in intent order. Each change is sent at most RETRIES + 1 times, with at most one
  // read-back per retry plus one baseline read.
  const firedKeys = model.fired.map((f) => f.intent.key);
  const runs: Array<{ key: string; sends: number; reads: number }> = [];
  for (const { head, op } of server.requestLog) {
    let last = runs.at(-1);
    if (!last || last.key !== head) runs.push((last = { key: head, sends: 0, reads: 0 }));
    if (op === 'load') last.reads += 1;
    else last.sends += 1;
  }
  expect(runs.map((r) => r.key)).toEqual(firedKeys.slice(0, runs.length));
  for (const run of runs) {
    expect(run.sends).toBeLessThanOrEqual(RETRIES + 1);
    expect(run.reads).toBeLessThanOrEqual(RETRIES + 1);
  }

  // Queued intents are a suffix of the fired ones: everything older has settled.
  const pending = module.pendingIntentKeys();
  expect(pending).toEqual(firedKeys.slice(firedKeys.length - pending.length));

  // What the shopper sees = the last confirmed cart + the queued intents, applied in order.
  const expected = quantitiesOf(module.confirmed());
  for (const record of model.fired.slice(model.fired.length - pending.length)) applyModel(expected, record.intent);
  const snapshot = module.store.getSnapshot();
  expect(sorted(quantitiesOf(snapshot.cart))).toEqual(sorted(expected));
  expect(snapshot.queueLength).toBe(pending.length);
  const pendingAdds: Record<number, number> = {};
  for (const record of model.fired.slice(model.fired.length - pending.length)) {
    if (record.intent.kind === 'add') pendingAdds[record.intent.productId] = (pendingAdds[record.intent.productId] ?? 0) + 1;
  }
  expect(snapshot.pendingProducts).toEqual(pendingAdds);
};

const fire = (model: Model, real: Real, intent: Fired, run: () => Promise<Result<Cart, PortFailure>>): void => {
  const record: FiredRecord = { intent, settledCount: 0, result: null, promise: Promise.resolve() };
  model.fired.push(record);
  record.promise = run().then(
    (result) => {
      record.settledCount += 1;
      record.result = result;
    },
    () => {
      record.settledCount += 100;
    },
  );
  checkInvariants(model, real);
};

class AddCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly productId: number,
    readonly quantity: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const key = `i${real.nextKey++}`;
    fire(model, real, { kind: 'add', key, productId: this.productId, quantity: this.quantity }, () =>
      real.module.add({ productId: this.productId, quantity: this.quantity, item: facts(this.productId), idempotencyKey: key }),
    );
  }
  toString = () => `add(${this.productId}, ${this.quantity})`;
}

/** Picks a confirmed line of the cart as shown (the UI disables pending lines). */
const pickLine = (real: Real, index: number): string | null => {
  const keys = (real.module.store.getSnapshot().cart?.lines ?? []).filter((l) => !l.pending).map((l) => l.key);
  return keys.length === 0 ? null : keys[index % keys.length]!;
};

class RemoveCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const lineKey = pickLine(real, this.index);
    if (lineKey === null) return;
    const key = `i${real.nextKey++}`;
    fire(model, real, { kind: 'remove', key, lineKey }, () => real.module.remove({ key: lineKey, idempotencyKey: key }));
  }
  toString = () => `remove(#${this.index})`;
}

class SetQuantityCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly quantity: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const lineKey = pickLine(real, this.index);
    if (lineKey === null) return;
    const key = `i${real.nextKey++}`;
    fire(model, real, { kind: 'quantity', key, lineKey, quantity: this.quantity }, () =>
      real.module.setQuantity({ key: lineKey, quantity: this.quantity, idempotencyKey: key }),
    );
  }
  toString = () => `setQuantity(#${this.index}, ${this.quantity})`;
}

class RefreshCommand implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const key = `r${real.nextKey++}`;
    real.refreshKeys.push(key);
    fire(model, real, { kind: 'refresh', key }, () => real.module.refresh());
  }
  toString = () => 'refresh()';
}

const commands = [
  fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 2 })).map(([p, q]) => new AddCommand(p, q)),
  fc.nat({ max: 5 }).map((i) => new RemoveCommand(i)),
  fc.tuple(fc.nat({ max: 5 }), fc.integer({ min: 0, max: 3 })).map(([i, q]) => new SetQuantityCommand(i, q)),
  fc.constant(new RefreshCommand()),
];

/** Server answers: some runs mostly succeed, others hit a shop that is down or slow for a while. */
const outcomes = fc.integer({ min: 1, max: 6 }).chain((okWeight) =>
  fc.array(
    fc.oneof(
      { weight: okWeight, arbitrary: fc.constant<Outcome>('ok') },
      { weight: 1, arbitrary: fc.constantFrom<Outcome>('refused', 'conflict') },
      { weight: 2, arbitrary: fc.constantFrom<Outcome>('network', 'timeout', 'timeout-applied') },
    ),
    { minLength: 1, maxLength: 30 },
  ),
);

describe('cart queue (model-based)', () => {
  it('keeps one request in flight, in intent order, with optimistic view = confirmed + queued intents', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.commands(commands, { maxCommands: 25 }),
        outcomes,
        fc.boolean(),
        fc.boolean(),
        async (s, cmds, outcomes, startLoaded, honoursKeys) => {
          const events: DomainEvent[] = [];
          const refreshKeys: string[] = [];
          let module: CartModule | null = null;
          const server = new FakeServer(s, outcomes, () => module?.pendingIntentKeys()[0], honoursKeys);
          if (startLoaded) server.lines.set(1, 1);
          const emit: BoundEmit = (type, payload) => {
            const event = { type, payload, meta: { id: String(events.length), at: 0, source: 'cart' } };
            events.push(event as unknown as DomainEvent);
            return event as unknown as DomainEvent<typeof type>;
          };
          module = createCartModule({
            port: server.port,
            emit,
            ids: () => refreshKeys.shift() ?? 'unexpected',
            now: () => 0,
            logger: silentLogger(),
            retryDelaysMs: Array.from({ length: RETRIES }, () => 0),
            sleep: () => s.schedule(Promise.resolve(), 'retry wait'),
            initial: startLoaded ? { cart: server.cart() } : undefined,
          });
          const real: Real = { module, server, events, refreshKeys, nextKey: 0 };
          const model: Model = { fired: [] };
          await fc.scheduledModelRun(s, () => ({ model, real }), cmds);
          await s.waitIdle();
          await Promise.all(model.fired.map((f) => f.promise));

          // Every intent resolved exactly once, never rejected.
          for (const record of model.fired) expect(record.settledCount).toBe(1);
          // Each settled intent produced exactly one event, except refreshes that failed.
          const expectedEvents = model.fired.filter((f) => !(f.intent.kind === 'refresh' && !f.result?.ok)).length;
          expect(events).toHaveLength(expectedEvents);
          const snapshot = real.module.store.getSnapshot();
          expect(snapshot.queueLength).toBe(0);
          expect(snapshot.pendingProducts).toEqual({});
          expect(snapshot.cart).toEqual(real.module.confirmed());
          checkInvariants(model, real);

          // A refusal's cart is taken as the truth but never kept in the error or the event.
          for (const event of events) if (event.type === 'cart.failed') expect('cart' in event.payload.failure).toBe(false);
          expect(snapshot.error === null || !('cart' in snapshot.error.failure)).toBe(true);
          // No add or remove was ever made twice, even by a server that ignores idempotency keys.
          for (const record of model.fired) {
            if (record.intent.kind === 'add' || record.intent.kind === 'remove') expect(server.applications.get(record.intent.key) ?? 0).toBeLessThanOrEqual(1);
          }
          // The server applied exactly the intents it accepted, once each, in intent order.
          const serverModel: Quantities = new Map(startLoaded ? [[1, 1]] : []);
          for (const record of model.fired) if (server.applied.has(record.intent.key)) applyModel(serverModel, record.intent);
          expect(sorted(server.lines)).toEqual(sorted(serverModel));
          // A successful add or quantity change was made by the server (a remove may find its line
          // already gone after an earlier lost answer, which is success too).
          for (const record of model.fired) {
            if ((record.intent.kind === 'add' || record.intent.kind === 'quantity') && record.result?.ok) expect(server.applied.has(record.intent.key)).toBe(true);
          }
          // When no answer was lost, the confirmed cart already equals the server.
          const lostAnswers = model.fired.some((f) => f.intent.kind !== 'refresh' && !f.result?.ok && server.applied.has(f.intent.key));
          if (!lostAnswers && real.module.confirmed() !== null) {
            expect(sorted(quantitiesOf(real.module.confirmed()))).toEqual(sorted(server.lines));
          }
          // After a final successful refresh, the shopper sees exactly the server's cart.
          refreshKeys.push('final');
          const finalRefresh = real.module.refresh();
          await s.waitIdle();
          const final = await finalRefresh;
          if (final.ok) expect(sorted(quantitiesOf(real.module.store.getSnapshot().cart))).toEqual(sorted(server.lines));
        },
      ),
      { numRuns: 300 },
    );
  });
});
