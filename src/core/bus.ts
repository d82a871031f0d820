import { Observable, Subscription, type Observer } from 'rxjs';
import type { DomainEvent, DomainEventMap, DomainEventType, EventDomain, EventsOfDomain } from './events.js';

/** Emits one event; the payload type follows from the event name. Returns the envelope it sent. */
export type Emit = <K extends DomainEventType>(type: K, payload: DomainEventMap[K], source?: string) => DomainEvent<K>;

/** Emits one event under a fixed source (a plugin's name). */
export type BoundEmit = <K extends DomainEventType>(type: K, payload: DomainEventMap[K]) => DomainEvent<K>;

/** Events of some names, narrowed: `ofType('cart.added', 'cart.removed')`. */
export type OfType = <K extends DomainEventType>(...types: [K, ...K[]]) => Observable<DomainEvent<K>>;

/** Events of one domain, narrowed: `ofDomain('cart')`. */
export type OfDomain = <D extends EventDomain>(domain: D) => Observable<DomainEvent<EventsOfDomain<D>>>;

/** Subscribes to a stream on behalf of a fixed owner (a plugin): see {@link subscribeFor}. */
export type Subscribe = <T>(stream$: Observable<T>, observer: Partial<Observer<T>> | ((value: T) => void)) => Subscription;

/** The read side of the bus: the only part of it that is public. */
export interface EventStreams {
  /** Every event, in emit order. */
  readonly events$: Observable<DomainEvent>;
  readonly ofType: OfType;
  readonly ofDomain: OfDomain;
}

/** Who subscribes (the app, a module, a plugin): where its trouble is reported and its subscriptions kept. */
export interface StreamOwner {
  /** Called when a callback subscribed through {@link subscribeFor} throws, or its stream fails. */
  readonly report: (error: unknown, what: string) => void;
  /**
   * Every subscription to this owner's streams (and every one made by {@link subscribeFor}) while
   * it is open; the runtime unsubscribes them when the plugin stops.
   */
  readonly subscriptions?: Set<Subscription>;
}

/** An event bus. The runtime keeps it; plugins and the shell get only `streams(owner)`. */
export interface EventBus {
  /** Plain observables of this bus for `owner`. */
  streams(owner: StreamOwner): EventStreams;
  /** Builds an envelope and dispatches it. */
  readonly emit: Emit;
  /** Dispatches an envelope that already exists (the consent gate replays held events with it). */
  dispatch(event: DomainEvent): void;
  /** Completes every subscriber; later events are ignored and later subscribers complete at once. */
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

/** One subscriber of the bus, as the dispatch loop sees it. */
interface Entry {
  readonly matches: (type: string) => boolean;
  readonly next: (event: DomainEvent) => void;
  readonly complete: () => void;
  /** Where a throwing `next` is reported (RxJS subscribers never throw here). */
  readonly owner: StreamOwner;
  closed: boolean;
}

type Attach = (next: (event: DomainEvent) => void, complete: () => void, owner: StreamOwner) => Subscription;

/**
 * For each stream a bus made, how to put a handler straight into the bus's dispatch loop.
 * {@link subscribeFor} uses it, so the runtime's and the plugins' handlers run with no RxJS
 * subscriber in between (the hot path). A piped stream is not in here; it is subscribed as usual.
 */
const attachers = new WeakMap<Observable<unknown>, Attach>();

const reportTo = (owner: StreamOwner, error: unknown, what: string): void => {
  try {
    owner.report(error, what);
  } catch {
    // A broken reporter must not break delivery to the other subscribers.
  }
};

/**
 * Creates an event bus: a dispatcher that routes by type. Subscribers are kept in subscription
 * order; the list for each event type is computed on first use and cached until a subscriber comes
 * or goes, so an emit is one map lookup and one loop over the interested subscribers. An emit made
 * while an event is being delivered is queued and delivered afterwards, so every subscriber sees
 * events in emit order.
 *
 * The streams are plain `Observable`s. RxJS catches what a subscriber's callback throws and rethrows
 * it on a timer (which ends a Node process); subscribe through {@link subscribeFor} to have it
 * reported to the owner instead.
 */
export const createEventBus = (options: EventBusOptions): EventBus => {
  const now = options.now ?? Date.now;
  const defaultSource = options.defaultSource ?? 'app';
  let entries: Entry[] = [];
  const routes = new Map<string, Entry[]>();
  const queue: DomainEvent[] = [];
  let dispatching = false;
  let closed = false;

  const routeFor = (type: string): Entry[] => {
    const list = entries.filter((entry) => entry.matches(type));
    routes.set(type, list);
    return list;
  };

  // The hot path: one map lookup and one indexed loop, no allocation.
  const deliver = (event: DomainEvent): void => {
    const list = routes.get(event.type) ?? routeFor(event.type);
    for (let i = 0; i < list.length; i++) {
      const entry = list[i]!;
      // A subscriber that left earlier in this delivery hears nothing more.
      if (entry.closed) continue;
      try {
        entry.next(event);
      } catch (error) {
        reportTo(entry.owner, error, `a handler of "${event.type}" threw`);
      }
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
      for (let i = 0; i < queue.length && !closed; i++) deliver(queue[i]!);
    } finally {
      queue.length = 0;
      dispatching = false;
    }
  };

  /** Puts a handler in the loop; returns its removal. On a closed bus it completes at once. */
  const attach = (matches: Entry['matches'], next: Entry['next'], complete: Entry['complete'], owner: StreamOwner): (() => void) => {
    if (closed) {
      complete();
      return () => {};
    }
    const entry: Entry = { matches, next, complete, owner, closed: false };
    // Copy on write: a delivery in progress keeps the list it started with.
    entries = [...entries, entry];
    routes.clear();
    return () => {
      if (entry.closed) return;
      entry.closed = true;
      entries = entries.filter((e) => e !== entry);
      routes.clear();
    };
  };

  // `matches` lets through only events of type T.
  const stream = <T>(matches: (type: string) => boolean, owner: StreamOwner): Observable<T> => {
    const stream$ = new Observable<T>((subscriber) => {
      const detach = attach(matches, (event) => subscriber.next(event as T), () => subscriber.complete(), owner);
      if (subscriber.closed) return;
      owner.subscriptions?.add(subscriber);
      return () => {
        owner.subscriptions?.delete(subscriber);
        detach();
      };
    });
    attachers.set(stream$, (next, complete, handlerOwner) => {
      const subscription = new Subscription();
      const end = (): void => {
        subscription.unsubscribe();
        complete();
      };
      subscription.add(attach(matches, next, end, handlerOwner));
      return subscription;
    });
    return stream$;
  };

  const emit: Emit = (type, payload, source) => {
    const event = { type, payload, meta: { id: options.ids(), at: now(), source: source ?? defaultSource } };
    // The mapped envelope type cannot be built from a generic key without this one assertion.
    dispatch(event as unknown as DomainEvent);
    return event as unknown as DomainEvent<typeof type>;
  };

  return {
    streams: (owner) => ({
      events$: stream<DomainEvent>(() => true, owner),
      ofType: <K extends DomainEventType>(...types: [K, ...K[]]) => {
        const wanted = new Set<string>(types);
        return stream<DomainEvent<K>>((type) => wanted.has(type), owner);
      },
      ofDomain: <D extends EventDomain>(domain: D) => {
        const prefix = `${domain}.`;
        return stream<DomainEvent<EventsOfDomain<D>>>((type) => type.startsWith(prefix), owner);
      },
    }),
    emit,
    dispatch,
    close() {
      if (closed) return;
      closed = true;
      const list = entries;
      entries = [];
      routes.clear();
      for (const entry of list) {
        entry.closed = true;
        try {
          entry.complete();
        } catch (error) {
          reportTo(entry.owner, error, 'a completion handler threw');
        }
      }
    },
    get closed() {
      return closed;
    },
  };
};

/**
 * Subscribes to any stream (a bus stream, or one piped from it) on behalf of `owner`: a callback
 * that throws, and a stream that fails without an error callback, are reported to the owner rather
 * than rethrown by RxJS on a timer, and the subscription keeps receiving after a throwing `next`.
 * The subscription is kept in `owner.subscriptions` until it ends. This is how the runtime, its
 * modules and plugins subscribe.
 */
export const subscribeFor = <T>(owner: StreamOwner, stream$: Observable<T>, observer: Partial<Observer<T>> | ((value: T) => void)): Subscription => {
  const callbacks: Partial<Observer<T>> = typeof observer === 'function' ? { next: observer } : observer;
  const complete = (): void => {
    try {
      callbacks.complete?.();
    } catch (thrown) {
      reportTo(owner, thrown, 'a completion handler threw');
    }
  };
  const attach = attachers.get(stream$);
  const subscription = attach
    ? // A bus stream never fails, and its loop reports a throwing handler to the owner. It emits only events of type T.
      attach((typeof observer === 'function' ? observer : (value: T) => callbacks.next?.(value)) as (event: DomainEvent) => void, complete, owner)
    : stream$.subscribe({
        next: (value) => {
          try {
            callbacks.next?.(value);
          } catch (thrown) {
            reportTo(owner, thrown, 'an event handler threw');
          }
        },
        error: (failure: unknown) => {
          if (!callbacks.error) return reportTo(owner, failure, 'an event stream failed');
          try {
            callbacks.error(failure);
          } catch (thrown) {
            reportTo(owner, thrown, 'an error handler threw');
          }
        },
        complete,
      });
  const set = owner.subscriptions;
  if (set && !subscription.closed) {
    set.add(subscription);
    subscription.add(() => set.delete(subscription));
  }
  return subscription;
};
