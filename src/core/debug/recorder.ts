/**
 * The event inspector's recorder: plain TypeScript, loaded (its own chunk) only when debugging is
 * on, and before the runtime exists, so it hears everything from the page's start. Given to the
 * runtime as its `tap` (`../tap.ts`), it subscribes to the event bus and to the bus behind the
 * consent gate before anyone else, and wraps `execute`; the errors the runtime isolated it reads
 * from the logger it is given (every line about a plugin starts with `[name]`). Entries sit in a
 * bounded buffer (`ring.ts`).
 */
import type { Execute } from '../command-bus.js';
import type { ConsentState, DomainEvent } from '../events.js';
import type { Logger } from '../logger.js';
import type { RuntimeTap } from '../tap.js';
import { appendBounded } from './ring.js';

/**
 * What became of an event at the consent gate (in front of the plugins that require consent):
 * `delivered` at once (consent granted), `held` while consent is asked for, `held-delivered` once a
 * grant released it, `dropped` when consent was denied while it was held, `withheld` when the gate
 * passed it to no one (consent denied).
 */
export type GateStatus = 'delivered' | 'held' | 'held-delivered' | 'dropped' | 'withheld';

/** What a command came back with, or `pending` while it runs. */
export type CommandOutcome =
  | { readonly status: 'pending' }
  | { readonly status: 'ok'; readonly value: unknown }
  | { readonly status: 'failed'; readonly kind: string; readonly message: string };

interface EntryBase {
  /** Recording order, from 1. */
  readonly seq: number;
  /** Epoch milliseconds. */
  readonly at: number;
  /** The event's or the command's name. */
  readonly name: string;
  /** The plugin or module: an event's source, a command's owner (the part of its name before the dot). */
  readonly source: string;
  /** The event's payload or the command's input. */
  readonly payload: unknown;
}

/** One event as the inspector lists it. */
export interface EventEntry extends EntryBase {
  readonly kind: 'event';
  readonly id: string;
  /** The consent state when the event was emitted (for `consent.changed`, the one it announces). */
  readonly consent: ConsentState;
  readonly gate: GateStatus;
}

/** One command as the inspector lists it. */
export interface CommandEntry extends EntryBase {
  readonly kind: 'command';
  readonly outcome: CommandOutcome;
}

/** An event or a command. */
export type InspectorEntry = EventEntry | CommandEntry;

/** A warning or an error the runtime reported, by plugin (or module: `cart`, `consent`) when the line named one. */
export interface LogLine {
  readonly seq: number;
  readonly at: number;
  readonly level: 'warn' | 'error';
  /** Null when the line named no plugin. */
  readonly owner: string | null;
  readonly message: string;
}

/** Everything recorded so far; a new object after every change. */
export interface RecorderSnapshot {
  readonly entries: readonly InspectorEntry[];
  /** The newest entry's `seq` (0 before the first); keeps counting when old entries leave the buffer. */
  readonly last: number;
  readonly logs: readonly LogLine[];
  /** Whether the consent gate has passed anything on yet (the plugins that wait for consent have started). */
  readonly gateOpened: boolean;
}

/** A recorder: give `tap` and `logger` to `createRuntime`. */
export interface Recorder {
  readonly tap: RuntimeTap;
  /** Forwards every line, and records warnings and errors. */
  readonly logger: Logger;
  getSnapshot(): RecorderSnapshot;
  /** Called after every change. Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** Options of {@link createRecorder}. */
export interface RecorderOptions {
  /** Entries kept (the newest). @default 500 */
  readonly limit?: number;
  /** Warnings and errors kept (the newest). @default 200 */
  readonly logLimit?: number;
  /** Where log lines go on to. @default the console */
  readonly forward?: Logger;
  /** Epoch milliseconds. @default Date.now */
  readonly now?: () => number;
  /** The consent state the runtime starts with (the stored answer, else the shop's default). @default 'ask' */
  readonly consent?: ConsentState;
}

/** Default number of entries the inspector keeps. */
export const DEFAULT_INSPECTOR_LIMIT = 500;

const OWNED = /^\[([^\]\s]+)\] ([\s\S]*)$/;

/** The plugin a command belongs to: commands are named `<owner>.<verb>`. */
export const ownerOfCommand = (type: string): string => {
  const dot = type.indexOf('.');
  return dot > 0 ? type.slice(0, dot) : type;
};

/** A readable message from anything thrown or failed. */
const messageOf = (error: unknown): string => {
  if (error instanceof Error) return error.message;
  try {
    return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  } catch {
    return String(error);
  }
};

/** A command's result as the inspector shows it. */
export const outcomeOf = (result: unknown): CommandOutcome => {
  if (typeof result === 'object' && result !== null && 'ok' in result) {
    const r = result as { ok: unknown; value?: unknown; error?: unknown };
    if (r.ok === true) return { status: 'ok', value: r.value };
    const error = (typeof r.error === 'object' && r.error !== null ? r.error : {}) as { kind?: unknown; message?: unknown };
    return { status: 'failed', kind: typeof error.kind === 'string' ? error.kind : 'failed', message: typeof error.message === 'string' ? error.message : messageOf(r.error) };
  }
  return { status: 'ok', value: result };
};

/** Creates a recorder (one per page). */
export const createRecorder = (options: RecorderOptions = {}): Recorder => {
  const limit = options.limit ?? DEFAULT_INSPECTOR_LIMIT;
  const logLimit = options.logLimit ?? 200;
  const forward = options.forward ?? console;
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  let snapshot: RecorderSnapshot = { entries: [], last: 0, logs: [], gateOpened: false };
  let logSeq = 0;
  let consent: ConsentState = options.consent ?? 'ask';

  const change = (next: Partial<RecorderSnapshot>): void => {
    snapshot = { ...snapshot, ...next };
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        forward.error('[inspector] a listener threw', error);
      }
    }
  };
  const add = (entry: InspectorEntry): void => change({ entries: appendBounded(snapshot.entries, [entry], limit), last: entry.seq });
  const update = (match: (entry: InspectorEntry) => boolean, next: (entry: InspectorEntry) => InspectorEntry): boolean => {
    let found = false;
    const entries = snapshot.entries.map((entry) => {
      if (!match(entry)) return entry;
      found = true;
      return next(entry);
    });
    if (found) change({ entries });
    return found;
  };

  // The event being delivered on the bus: the gate passes it on (or not) while it is.
  let current: string | null = null;

  const onEvent = (event: DomainEvent): void => {
    if (event.type === 'consent.changed') consent = event.payload.state;
    current = event.meta.id;
    // Delivery is synchronous: once it is over, a later pass through the gate is a release.
    queueMicrotask(() => {
      if (current === event.meta.id) current = null;
    });
    add({
      kind: 'event',
      seq: snapshot.last + 1,
      at: event.meta.at,
      name: event.type,
      source: event.meta.source,
      payload: event.payload,
      id: event.meta.id,
      consent,
      // The gate hears it next: it passes it on at once (below), or holds it, or (denied) drops it.
      gate: consent === 'denied' ? 'withheld' : 'held',
    });
    // A denial drops what the gate held.
    if (consent === 'denied') {
      update(
        (entry) => entry.kind === 'event' && entry.gate === 'held',
        (entry) => ({ ...entry, gate: 'dropped' }) as InspectorEntry,
      );
    }
  };

  const onDelivered = (event: DomainEvent): void => {
    const id = event.meta.id;
    const atOnce = id === current;
    update(
      (entry) => entry.kind === 'event' && entry.id === id,
      (entry) => ({ ...entry, gate: atOnce ? 'delivered' : 'held-delivered' }) as InspectorEntry,
    );
    if (!snapshot.gateOpened) change({ gateOpened: true });
  };

  const traced =
    (execute: Execute): Execute =>
    (async (type: string, input: unknown) => {
      const seq = snapshot.last + 1;
      add({ kind: 'command', seq, at: now(), name: type, source: ownerOfCommand(type), payload: input, outcome: { status: 'pending' } });
      const result = await (execute as (type: string, input: unknown) => Promise<unknown>)(type, input);
      update(
        (entry) => entry.seq === seq,
        (entry) => ({ ...entry, outcome: outcomeOf(result) }) as InspectorEntry,
      );
      return result;
    }) as Execute;

  // Plain subscriptions (the bus's `subscribeFor` would be one more import from the page's shell):
  // the recorder's handlers catch their own errors.
  const guard =
    (handler: (event: DomainEvent) => void) =>
    (event: DomainEvent): void => {
      try {
        handler(event);
      } catch (error) {
        forward.error('[inspector] could not record an event', error);
      }
    };
  const owner = { report: (error: unknown, what: string) => forward.error(`[inspector] ${what}`, error) };
  const tap: RuntimeTap = (bus, gated, execute) => {
    bus.streams(owner).events$.subscribe(guard(onEvent));
    gated.streams(owner).events$.subscribe(guard(onDelivered));
    return traced(execute);
  };

  const record = (level: LogLine['level'], message: string, details: unknown[]): void => {
    const owned = OWNED.exec(message);
    // A line's own text usually says why; the error's message is added when it does not.
    const error = details.find((d) => d instanceof Error);
    const text = owned ? owned[2]! : message;
    const full = error && !text.includes(error.message) ? `${text}: ${error.message}` : text;
    change({ logs: appendBounded(snapshot.logs, [{ seq: ++logSeq, at: now(), level, owner: owned ? owned[1]! : null, message: full }], logLimit) });
  };

  const logger: Logger = {
    debug: (message, ...details) => forward.debug(message, ...details),
    info: (message, ...details) => forward.info(message, ...details),
    warn: (message, ...details) => {
      forward.warn(message, ...details);
      record('warn', message, details);
    },
    error: (message, ...details) => {
      forward.error(message, ...details);
      record('error', message, details);
    },
  };

  return {
    tap,
    logger,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
