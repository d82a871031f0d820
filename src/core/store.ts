import { freeze, produce, type Draft } from 'immer';

/** A store as views read it (the shape `useSyncExternalStore` wants). Methods are bound. */
export interface ReadableStore<S> {
  /** The current snapshot: immutable, plain JSON. Same reference until something changes. */
  getSnapshot(): S;
  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** A writable store. */
export interface Store<S> extends ReadableStore<S> {
  /** Changes the state with an immer recipe; listeners are not called when nothing changed. */
  update(recipe: (draft: Draft<S>) => void): void;
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

/**
 * Creates a store whose snapshots are frozen plain data, changed only through immer recipes.
 * Keep state JSON-serializable (no Map, Set, Date or functions): `runtime.serialize()` sends it to
 * the browser as is.
 */
export const createStore = <S>(initial: S, options: StoreOptions = {}): Store<S> => {
  let state = freeze(initial, true);
  const listeners = new Set<() => void>();

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
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    update(recipe) {
      const next = produce(state, recipe);
      if (next === state) return;
      state = next;
      notify();
    },
    replace(next) {
      if (next === state) return;
      state = freeze(next, true);
      notify();
    },
  };
};
