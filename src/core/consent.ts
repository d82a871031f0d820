import { subscribeFor, type BoundEmit, type EventBus, type StreamOwner } from './bus.js';
import type { CommandHandler } from './command-bus.js';
import type { ConsentState, DomainEvent } from './events.js';
import { ok } from './result.js';
import { createStore, type ReadableStore } from './store.js';

/** Consent settings of a runtime. */
export interface ConsentOptions {
  /** What to assume when the shopper has not answered. */
  readonly default: ConsentState;
  /** The shopper's earlier answer (read by the UI from its cookie); wins over `default`. */
  readonly stored?: 'granted' | 'denied';
  /** How many events to hold while consent is `ask`; the oldest are dropped beyond it. @default 500 */
  readonly bufferSize?: number;
}

/** Snapshot of the consent store. */
export interface ConsentSnapshot {
  readonly state: ConsentState;
}

/** The consent store, the `consent.set` handler and the gate in front of consent-requiring plugins. */
export interface ConsentModule {
  readonly store: ReadableStore<ConsentSnapshot>;
  readonly handleSet: CommandHandler<'consent.set'>;
  /** Events currently held while consent is `ask` (for tests and diagnostics). */
  heldCount(): number;
  dispose(): void;
}

/** Default number of events held while consent is unknown. */
export const DEFAULT_CONSENT_BUFFER = 500;

/** The state a runtime starts with: the stored answer if any, else the default. */
export const initialConsent = (options: ConsentOptions): ConsentState => options.stored ?? options.default;

/**
 * Wires consent. Both the store and the gate follow `consent.changed` events in stream order, so
 * "emitted while granted" means "before or after the change in emit order", even for events emitted
 * from inside other handlers.
 *
 * The gate forwards events from `source` to `gated` (the bus consent-requiring plugins listen on):
 * while granted, straight away; while ask, it holds them (bounded, oldest dropped) and replays them
 * in order when consent is granted; on denied it drops what it holds and forwards nothing.
 */
export const createConsentModule = (options: {
  readonly consent: ConsentOptions;
  readonly source: EventBus;
  readonly gated: EventBus;
  readonly emit: BoundEmit;
  readonly owner: StreamOwner;
  /**
   * Runs once, at the first grant, before the gate lets anything through (the runtime starts the
   * plugins whose code waited for consent). Events go on being held, in order, until it settles.
   */
  readonly beforeOpen?: () => Promise<void>;
}): ConsentModule => {
  const bufferSize = Math.max(0, Math.floor(options.consent.bufferSize ?? DEFAULT_CONSENT_BUFFER));
  let gateState: ConsentState = initialConsent(options.consent);
  let requested: ConsentState = gateState;
  let held: DomainEvent[] = [];
  const store = createStore<ConsentSnapshot>({ state: gateState });
  // Whether the plugins that waited for consent have started (`beforeOpen` settled); until then a
  // grant holds events as asking does.
  let opened = options.beforeOpen === undefined;
  let opening: Promise<void> | null = null;
  // How many of the held events a grant covered before it was withdrawn while the plugins loaded.
  let covered = 0;
  let disposed = false;

  const hold = (event: DomainEvent): void => {
    if (bufferSize === 0) return;
    if (held.length >= bufferSize) held.shift();
    held.push(event);
  };
  const release = (): void => {
    const replay = held;
    held = [];
    for (const heldEvent of replay) options.gated.dispatch(heldEvent);
  };

  const onEvent = (event: DomainEvent): void => {
    if (event.type === 'consent.changed') {
      const next = event.payload.state;
      const was = gateState;
      store.update((snapshot) => ({ ...snapshot, state: next }));
      gateState = next;
      if (next !== 'granted') {
        // Withdrawn while the waiting plugins load: what the grant covered is still theirs.
        if (!opened && was === 'granted') covered = held.length;
        if (next === 'denied') held = held.slice(0, covered);
        return;
      }
      held.push(event);
      if (opened) {
        release();
        return;
      }
      opening ??= (options.beforeOpen?.() ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => {
          opened = true;
          if (disposed) return;
          if (gateState === 'granted') release();
          else {
            // Only what a grant covered; anything held since waits for the next grant.
            const rest = held.slice(covered);
            held = held.slice(0, covered);
            release();
            held = rest;
          }
          covered = 0;
        });
      return;
    }
    if (gateState === 'granted' && opened) options.gated.dispatch(event);
    else if (gateState !== 'denied') hold(event);
  };

  const subscription = subscribeFor(options.owner, options.source.streams(options.owner).events$, onEvent);

  return {
    store,
    handleSet: (input) => {
      if (input.state !== requested) {
        requested = input.state;
        options.emit('consent.changed', { state: input.state });
      }
      return ok(undefined);
    },
    heldCount: () => held.length,
    dispose() {
      disposed = true;
      subscription.unsubscribe();
      held = [];
    },
  };
};
