/**
 * UI-local signals: requests between components far apart in the tree that are not domain facts
 * (the header's cart button asks the cart panel to open). Domain facts go on the event bus.
 */
export interface UiSignalMap {
  'cart-panel': { readonly open: boolean };
  /** A sentence for the page's polite live region (what a control did that the screen shows). */
  announce: { readonly message: string };
}

/** A small signal hub whose `on` returns its own unsubscribe. One per app instance. */
export interface UiSignals {
  on<K extends keyof UiSignalMap>(type: K, handler: (value: UiSignalMap[K]) => void): () => void;
  emit<K extends keyof UiSignalMap>(type: K, value: UiSignalMap[K]): void;
}

/** Creates a signal hub. */
export const createUiSignals = (): UiSignals => {
  // Each set holds handlers of its own signal only: `on` and `emit` tie the name to the value type.
  const handlers = new Map<keyof UiSignalMap, Set<(value: never) => void>>();
  const setOf = <K extends keyof UiSignalMap>(type: K) => handlers.get(type) as Set<(value: UiSignalMap[K]) => void> | undefined;
  return {
    on(type, handler) {
      const set = setOf(type) ?? new Set();
      handlers.set(type, set);
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    emit(type, value) {
      for (const handler of [...(setOf(type) ?? [])]) handler(value);
    },
  };
};
