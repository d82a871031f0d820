/**
 * Dispatch cost of the event bus against a bare `Map<type, Set<handler>>` dispatcher, in the same
 * process: 50 subscribers spread over 10 event types (5 per type), events emitted round-robin over
 * the types. Both sides build the same envelope (`{ type, payload, meta: { id, at, source } }`) with
 * the same id and clock functions, so the ratio measures routing and delivery only. The bus side
 * subscribes as the runtime and plugins do, with `subscribeFor` (handlers sit straight in the
 * dispatch loop; a plain `.subscribe`, the shell's way, adds RxJS's subscriber). Rounds alternate
 * between the two to even out drift; the median of the measured rounds is reported.
 *
 * Run: `npx tsx bench/dispatch.ts`. Writes `bench-results/dispatch.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createEventBus, subscribeFor } from '../src/core/bus.js';
import type { DomainEvent, DomainEventMap, DomainEventType } from '../src/core/events.js';
import { createIdGenerator } from '../src/core/ids.js';
import { cartOf, facts } from '../src/core/testing/cart-fixtures.js';

const SUBSCRIBERS = 50;
const EVENTS_PER_ROUND = 200_000;
const WARMUP_ROUNDS = 5;
const ROUNDS = 21;

const cart = cartOf([]);
// A sample of event types (at least 10); plugins' own events need not be listed here.
const payloads: { readonly [K in DomainEventType]?: DomainEventMap[K] } = {
  'catalog.listViewed': { listName: 'Shop', items: [facts(1)], offset: 0 },
  'catalog.itemSelected': { listName: 'Shop', item: facts(1), position: 1 },
  'shop.filtered': { section: 'shop', filters: { product_cat: 'tees' }, resultCount: 12 },
  'catalog.searched': { term: 'barong', resultCount: 3 },
  'blog.commented': { postId: 9001, status: 'hold' },
  'catalog.itemViewed': { item: facts(1) },
  'product.variationChanged': { productId: 1, variationId: 2, selection: { pa_colour: 'blue' } },
  'swatches.selected': { productId: 1, attribute: 'pa_colour', value: 'blue' },
  'swatches.cleared': { productId: 1, attribute: 'pa_colour' },
  'cart.added': { item: facts(1), quantity: 1, cart },
  'cart.removed': { item: facts(1), quantity: 1, cart },
  'cart.quantityChanged': { item: facts(1), previousQuantity: 1, quantity: 2, cart },
  'cart.loaded': { cart },
  'cart.failed': { intent: 'add', name: 'x', failure: { kind: 'network', message: 'offline' } },
  'page.viewed': { path: '/', title: 'Home', pageType: 'home' },
  'consent.changed': { state: 'granted' },
  'notice.failed': { message: 'x', source: 'bench' },
};
const types = Object.keys(payloads) as DomainEventType[];
// The benchmark routes over the first 10 types listed.
if (types.length < 10) throw new Error(`expected at least 10 event types, found ${types.length}`);

let sink = 0;
const handlerFor = (weight: number) => (event: DomainEvent) => {
  sink += weight + (event.meta.at & 1);
};

const makeOurs = () => {
  const bus = createEventBus({ ids: createIdGenerator('b-'), now: Date.now });
  const owner = { report: () => {} };
  const streams = bus.streams(owner);
  for (let i = 0; i < SUBSCRIBERS; i++) subscribeFor(owner, streams.ofType(types[i % types.length]!), handlerFor(i));
  return <K extends DomainEventType>(type: K, payload: DomainEventMap[K]) => {
    bus.emit(type, payload, 'bench');
  };
};

const makeBare = () => {
  const ids = createIdGenerator('m-');
  const handlers = new Map<string, Set<(event: DomainEvent) => void>>();
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const type = types[i % types.length]!;
    let set = handlers.get(type);
    if (!set) handlers.set(type, (set = new Set()));
    set.add(handlerFor(i));
  }
  return <K extends DomainEventType>(type: K, payload: DomainEventMap[K]) => {
    const event = { type, payload, meta: { id: ids(), at: Date.now(), source: 'bench' } } as unknown as DomainEvent;
    const set = handlers.get(type);
    if (set) for (const handler of set) handler(event);
  };
};

/** The same bare dispatcher without building an envelope: the floor of what any bus could cost. */
const makeFloor = () => {
  const handlers = new Map<string, Set<(event: DomainEvent) => void>>();
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const type = types[i % types.length]!;
    let set = handlers.get(type);
    if (!set) handlers.set(type, (set = new Set()));
    set.add(handlerFor(i));
  }
  const fixed = new Map(types.map((type) => [type, { type, payload: payloads[type], meta: { id: 'x', at: 0, source: 'bench' } } as unknown as DomainEvent]));
  return <K extends DomainEventType>(type: K) => {
    const event = fixed.get(type)!;
    const set = handlers.get(type);
    if (set) for (const handler of set) handler(event);
  };
};

type Emitter = <K extends DomainEventType>(type: K, payload: DomainEventMap[K]) => void;

const round = (emit: Emitter): number => {
  const start = process.hrtime.bigint();
  for (let i = 0; i < EVENTS_PER_ROUND; i++) {
    const type = types[i % 10]!;
    emit(type, payloads[type]!);
  }
  return Number(process.hrtime.bigint() - start) / EVENTS_PER_ROUND;
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const contenders: Record<'bus' | 'bare' | 'floor', Emitter> = { bus: makeOurs(), bare: makeBare(), floor: makeFloor() };
const samples: Record<keyof typeof contenders, number[]> = { bus: [], bare: [], floor: [] };
for (let r = 0; r < WARMUP_ROUNDS + ROUNDS; r++) {
  const order = (r % 2 === 0 ? ['bus', 'bare', 'floor'] : ['floor', 'bare', 'bus']) as Array<keyof typeof contenders>;
  for (const name of order) {
    const ns = round(contenders[name]);
    if (r >= WARMUP_ROUNDS) samples[name].push(ns);
  }
}

const bus = median(samples.bus);
const bare = median(samples.bare);
const floor = median(samples.floor);
const ratio = bus / bare;
const result = {
  benchmark: 'event dispatch: 50 subscribers over 10 event types (5 per type)',
  node: process.version,
  eventsPerRound: EVENTS_PER_ROUND,
  warmupRounds: WARMUP_ROUNDS,
  rounds: ROUNDS,
  nsPerEvent: {
    bus: Number(bus.toFixed(1)),
    bareMapSetWithEnvelope: Number(bare.toFixed(1)),
    bareMapSetNoEnvelope: Number(floor.toFixed(1)),
  },
  ratioBusToBare: Number(ratio.toFixed(2)),
  goalRatio: 2,
  withinGoal: ratio <= 2,
  checksum: sink % 1000,
};

console.log(`bus (subscribeFor, envelope)         ${bus.toFixed(1)} ns/event`);
console.log(`bare Map<type, Set> (same envelope)   ${bare.toFixed(1)} ns/event`);
console.log(`bare Map<type, Set> (no envelope)     ${floor.toFixed(1)} ns/event`);
console.log(`ratio bus / bare: ${ratio.toFixed(2)}x (goal ≤ 2x: ${ratio <= 2 ? 'met' : 'NOT met'})`);

const out = path.resolve(import.meta.dirname, '..', 'bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'dispatch.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), path.join(out, 'dispatch.json'))}`);
