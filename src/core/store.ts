/** A store as views read it (the shape `useSyncExternalStore` wants). Methods are bound. */
export interface ReadableStore<S> {
  /** The current snapshot: immutable, plain JSON. Same reference until something changes. */
  getSnapshot(): S;
  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * The snapshot the page's HTML was rendered from, for a view hydrating (see
   * {@link markPageHydrating}): a view whose code arrives after the page hydrated (a deferred
   * plugin view) hydrates from it, so it matches the server's HTML, and then renders the current
   * snapshot as an ordinary update. The current snapshot where no page is hydrated (the server).
   */
  getServerSnapshot?(): S;
}

/** Freezers of the stores made since {@link keepPageSnapshots}, until the page hydrates. */
let pending: Set<() => void> | null = null;
/** Whether the page has started hydrating. */
let pageHydrated = false;

/**
 * In a browser, before the runtime makes its stores: from now on each store remembers the
 * snapshot it holds when the page starts hydrating ({@link markPageHydrating}). Never called on the
 * server, where stores live for one request.
 */
export function keepPageSnapshots(): void {
  pending ??= new Set();
}

/** Right before the page hydrates: every store made since {@link keepPageSnapshots} keeps its snapshot as the page's. */
export function markPageHydrating(): void {
  pageHydrated = true;
  for (const freeze of pending ?? []) freeze();
  pending = null;
}

/** A writable store. */
export interface Store<S> extends ReadableStore<S> {
  /**
   * Changes the state: `change` gets the current snapshot and returns the next one, made with
   * spreads (the snapshot is frozen). Listeners are not called when it returns the same snapshot or
   * one whose every top-level value is the same.
   */
  update(change: (state: S) => S): void;
  /** Replaces the whole state (hydration); listeners are not called when it is the same reference. */
  replace(next: S): void;
}

/** Options of {@link createStore}. */
export interface StoreOptions {
  /**
   * Called when a listener throws; the other listeners are still called.
   * @default rethrows the first error after every listener ran
   */
  readonly onListenerError?: (error: unknown) => void;
}

/** Freezes `value` and everything in it, stopping at parts already frozen (kept from an earlier snapshot). */
const deepFreeze = <T>(value: T): T => {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
};

/** Whether two snapshots hold the same values at the top level (the same object, or plain objects alike key by key). */
const sameTopLevel = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => Object.hasOwn(b, key) && Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
};

/**
 * Creates a store whose snapshots are frozen plain data, changed only by `update` (a function from
 * one snapshot to the next) or `replace`.
 * Keep state JSON-serializable (no Map, Set, Date or functions): `runtime.serialize()` sends it to
 * the browser as is.
 */
export const createStore = <S>(initial: S, options: StoreOptions = {}): Store<S> => {
  let state = deepFreeze(initial);
  const listeners = new Set<() => void>();
  // The page's snapshot: the state at hydration, or the initial state of a store made after it.
  let page: { readonly state: S } | null = pageHydrated ? { state } : null;
  pending?.add(() => {
    page = { state };
  });

  const notify = (): void => {
    let firstError: { error: unknown } | null = null;
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        if (options.onListenerError) options.onListenerError(error);
        else firstError ??= { error };
      }
    }
    if (firstError) throw firstError.error;
  };

  return {
    getSnapshot: () => state,
    getServerSnapshot: () => (page ? page.state : state),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    update(change) {
      const next = change(state);
      if (sameTopLevel(next, state)) return;
      state = deepFreeze(next);
      notify();
    },
    replace(next) {
      if (next === state) return;
      state = deepFreeze(next);
      notify();
    },
  };
};
