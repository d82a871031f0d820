import { Observable, Subscriber, Subscription, type Observer, type Operator, type TeardownLogic } from 'rxjs';
import type { DomainEvent, DomainEventMap, DomainEventType, EventDomain, EventsOfDomain } from './events.js';

/** Emits one event; the payload type follows from the event name. Returns the envelope it sent. */
export type Emit = <K extends DomainEventType>(type: K, payload: DomainEventMap[K], source?: string) => DomainEvent<K>;

/** Emits one event under a fixed source (a plugin's name). */
export type BoundEmit = <K extends DomainEventType>(type: K, payload: DomainEventMap[K]) => DomainEvent<K>;

/** Events of some names, narrowed: `ofType('cart.added', 'cart.removed')`. */
export type OfType = <K extends DomainEventType>(...types: [K, ...K[]]) => Observable<DomainEvent<K>>;

/** Events of one domain, narrowed: `ofDomain('cart')`. */
export type OfDomain = <D extends EventDomain>(domain: D) => Observable<DomainEvent<EventsOfDomain<D>>>;

/** The read side of the bus: the only part of it that is public. */
export interface EventStreams {
  /** Every event, in emit order. */
  readonly events$: Observable<DomainEvent>;
  readonly ofType: OfType;
  readonly ofDomain: OfDomain;
}

/**
 * How streams made for one owner (the app, a plugin) report trouble and keep track of their
 * subscriptions, so a plugin's subscriptions end when the plugin stops.
 */
export interface StreamOwner {
  /** Called when a subscriber of this owner throws or a stream of this owner fails. */
  readonly report: (error: unknown, what: string) => void;
  /** Subscriptions made through this owner's streams; unsubscribed together by the runtime. */
  readonly subscriptions?: Set<Subscription>;
}

/** A subscriber that receives events straight from the dispatch loop. */
interface Entry {
  readonly matches: (type: string) => boolean;
  readonly next: (event: DomainEvent) => void;
  readonly complete: (() => void) | undefined;
  readonly owner: StreamOwner;
  closed: boolean;
}

/** An event bus. The emitter stays with the runtime; only `streams()` is handed out. */
export interface EventBus {
  /** Observables whose subscribers report to `owner`. */
  streams(owner: StreamOwner): EventStreams;
  /** Builds an envelope and dispatches it. */
  readonly emit: Emit;
  /** Dispatches an envelope that already exists (used by the consent gate to replay). */
  dispatch(event: DomainEvent): void;
  /**
   * Registers a plain handler for some event names (all when `types` is null). Internal modules use
   * it; it skips RxJS entirely. Returns the teardown.
   */
  tap(types: readonly DomainEventType[] | null, handler: (event: DomainEvent) => void, owner: StreamOwner): () => void;
  /** Completes every subscriber and ignores later events. */
  close(): void;
  readonly closed: boolean;
}

/** Options of {@link createEventBus}. */
export interface EventBusOptions {
  /** Makes event ids. */
  readonly ids: () => string;
  /** Epoch milliseconds. @default Date.now */
  readonly now?: () => number;
  /** Source used when `emit` gets none. @default 'app' */
  readonly defaultSource?: string;
}

/**
 * Creates an event bus that routes by type. Subscribers are kept in one list in subscription order;
 * for each event type the matching subscribers are computed once and cached until the
 * subscriptions change, so an emit costs one map lookup and one loop over the interested
 * subscribers. A subscriber that throws is reported to its owner and the others still receive the
 * event. An emit made while an event is being delivered is queued and delivered afterwards, so every
 * subscriber sees events in emit order.
 */
export const createEventBus = (options: EventBusOptions): EventBus => {
  const ids = options.ids;
  const now = options.now ?? Date.now;
  const defaultSource = options.defaultSource ?? 'app';
  let entries: Entry[] = [];
  const routes = new Map<string, Entry[]>();
  const queue: Array<DomainEvent | undefined> = [];
  let head = 0;
  let dispatching = false;
  let closed = false;

  const routeFor = (type: string): Entry[] => {
    const list = entries.filter((entry) => entry.matches(type));
    routes.set(type, list);
    return list;
  };

  // The hot path: one map lookup, one indexed loop, no allocation. Kept in one function on purpose.
  const deliver = (event: DomainEvent): void => {
    const list = routes.get(event.type) ?? routeFor(event.type);
    for (let i = 0; i < list.length; i++) {
      const entry = list[i]!;
      if (entry.closed) continue;
      try {
        entry.next(event);
      } catch (error) {
        reportSafely(entry.owner, error, `a subscriber of "${event.type}" threw`);
      }
    }
  };

  const drain = (): void => {
    try {
      while (head < queue.length) {
        const next = queue[head]!;
        queue[head] = undefined;
        head += 1;
        if (!closed) deliver(next);
      }
    } finally {
      queue.length = 0;
      head = 0;
    }
  };

  const dispatch = (event: DomainEvent): void => {
    if (closed) return;
    if (dispatching) {
      queue.push(event);
      return;
    }
    dispatching = true;
    try {
      deliver(event);
      if (queue.length > 0) drain();
    } finally {
      dispatching = false;
    }
  };

  const attach = (
    matches: (type: string) => boolean,
    next: (event: DomainEvent) => void,
    complete: (() => void) | undefined,
    owner: StreamOwner,
  ): Entry => {
    const entry: Entry = { matches, next, complete, owner, closed: false };
    if (closed) {
      entry.closed = true;
      complete?.();
      return entry;
    }
    // Copy on write: a dispatch in progress keeps iterating the list it started with.
    entries = [...entries, entry];
    routes.clear();
    return entry;
  };

  const detach = (entry: Entry): void => {
    if (entry.closed) return;
    entry.closed = true;
    entries = entries.filter((e) => e !== entry);
    routes.clear();
  };

  const emit: Emit = (type, payload, source) => {
    const event = { type, payload, meta: { id: ids(), at: now(), source: source ?? defaultSource } };
    // The mapped envelope type cannot be built from a generic key without this one assertion.
    dispatch(event as unknown as DomainEvent);
    return event as unknown as DomainEvent<typeof type>;
  };

  const hub: Hub = { attach, detach };

  return {
    streams(owner) {
      const all = (): boolean => true;
      return {
        events$: new BusObservable<DomainEvent>(hub, all, owner),
        ofType: <K extends DomainEventType>(...types: [K, ...K[]]) => {
          const wanted = new Set<string>(types);
          return new BusObservable<DomainEvent<K>>(hub, (type) => wanted.has(type), owner);
        },
        ofDomain: <D extends EventDomain>(domain: D) => {
          const prefix = `${domain}.`;
          return new BusObservable<DomainEvent<EventsOfDomain<D>>>(hub, (type) => type.startsWith(prefix), owner);
        },
      };
    },
    emit,
    dispatch,
    tap(types, handler, owner) {
      const wanted = types ? new Set<string>(types) : null;
      const entry = attach((type) => (wanted ? wanted.has(type) : true), handler, undefined, owner);
      return () => detach(entry);
    },
    close() {
      if (closed) return;
      closed = true;
      const list = entries;
      entries = [];
      routes.clear();
      for (const entry of list) {
        if (entry.closed) continue;
        entry.closed = true;
        try {
          entry.complete?.();
        } catch (error) {
          reportSafely(entry.owner, error, 'a subscriber threw on completion');
        }
      }
    },
    get closed() {
      return closed;
    },
  };
};

interface Hub {
  attach(
    matches: (type: string) => boolean,
    next: (event: DomainEvent) => void,
    complete: (() => void) | undefined,
    owner: StreamOwner,
  ): Entry;
  detach(entry: Entry): void;
}

const reportSafely = (owner: StreamOwner, error: unknown, what: string): void => {
  try {
    owner.report(error, what);
  } catch {
    // A broken reporter must not break delivery to the other subscribers.
  }
};

type ObserverArg<T> = Partial<Observer<T>> | ((value: T) => void) | null | undefined;

const toObserver = <T>(
  observerOrNext: ObserverArg<T>,
  error?: ((error: unknown) => void) | null,
  complete?: (() => void) | null,
): Partial<Observer<T>> => {
  if (typeof observerOrNext === 'function') {
    return { next: observerOrNext, ...(error ? { error } : {}), ...(complete ? { complete } : {}) };
  }
  return observerOrNext ?? {};
};

/**
 * Wraps a consumer so that a throwing callback is reported to the owner instead of RxJS's default
 * (rethrowing on a timer, which would crash a Node process), and a stream error without an error
 * callback is reported too.
 */
const guardObserver = <T>(observer: Partial<Observer<T>>, owner: StreamOwner): Partial<Observer<T>> => ({
  next: (value) => {
    if (!observer.next) return;
    try {
      observer.next(value);
    } catch (error) {
      reportSafely(owner, error, 'an event handler threw');
    }
  },
  error: (failure: unknown) => {
    if (!observer.error) {
      reportSafely(owner, failure, 'an event stream failed');
      return;
    }
    try {
      observer.error(failure);
    } catch (error) {
      reportSafely(owner, error, 'an error handler threw');
    }
  },
  complete: () => {
    try {
      observer.complete?.();
    } catch (error) {
      reportSafely(owner, error, 'a completion handler threw');
    }
  },
});

const track = (subscription: Subscription, owner: StreamOwner): Subscription => {
  const set = owner.subscriptions;
  if (set && !subscription.closed) {
    set.add(subscription);
    subscription.add(() => set.delete(subscription));
  }
  return subscription;
};

/**
 * An Observable whose final subscribers are guarded (see {@link guardObserver}) and whose piped
 * descendants stay guarded, because operators build their result through `lift`.
 */
class GuardedObservable<T> extends Observable<T> {
  protected readonly owner: StreamOwner;

  constructor(subscribe: ((this: Observable<T>, subscriber: Subscriber<T>) => TeardownLogic) | undefined, owner: StreamOwner) {
    super(subscribe);
    this.owner = owner;
  }

  override lift<R>(operator?: Operator<T, R>): Observable<R> {
    const lifted = new GuardedObservable<R>(undefined, this.owner);
    // RxJS chains operators through these two fields; setting them is how `lift` is meant to be overridden.
    lifted.source = this;
    lifted.operator = operator;
    return lifted;
  }

  override subscribe(
    observerOrNext?: ObserverArg<T>,
    error?: ((error: unknown) => void) | null,
    complete?: (() => void) | null,
  ): Subscription {
    if (observerOrNext instanceof Subscriber) return super.subscribe(observerOrNext);
    return track(super.subscribe(guardObserver(toObserver(observerOrNext, error, complete), this.owner)), this.owner);
  }
}

/**
 * The bus's own Observable. A direct `.subscribe(fn)` registers `fn` in the dispatch loop with no
 * RxJS subscriber in between (the hot path); piping goes through the usual RxJS machinery.
 */
class BusObservable<T> extends GuardedObservable<T> {
  private readonly hub: Hub;
  private readonly matches: (type: string) => boolean;

  constructor(hub: Hub, matches: (type: string) => boolean, owner: StreamOwner) {
    super((subscriber) => {
      const entry = hub.attach(
        matches,
        (event) => subscriber.next(event as T),
        () => subscriber.complete(),
        owner,
      );
      return () => hub.detach(entry);
    }, owner);
    this.hub = hub;
    this.matches = matches;
  }

  override subscribe(
    observerOrNext?: ObserverArg<T>,
    error?: ((error: unknown) => void) | null,
    complete?: (() => void) | null,
  ): Subscription {
    if (observerOrNext instanceof Subscriber) return super.subscribe(observerOrNext);
    const observer = toObserver(observerOrNext, error, complete);
    const onNext = observer.next;
    const next: (event: DomainEvent) => void =
      typeof observerOrNext === 'function'
        ? (observerOrNext as (event: DomainEvent) => void)
        : onNext
          ? (event) => onNext.call(observer, event as T)
          : () => {};
    const onComplete = observer.complete;
    const entry = this.hub.attach(this.matches, next, onComplete ? () => onComplete.call(observer) : undefined, this.owner);
    const hub = this.hub;
    return track(new Subscription(() => hub.detach(entry)), this.owner);
  }
}
