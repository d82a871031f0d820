/**
 * UI-local signals: requests between components far apart in the tree that are not domain facts
 * (the header's cart button asks the cart panel to open). Domain facts go on the event bus.
 */
export interface UiSignalMap {
  'cart-panel': { readonly open: boolean };
}

/** A small signal hub whose `on` returns its own unsubscribe. One per app instance. */
export interface UiSignals {
  on<K extends keyof UiSignalMap>(type: K, handler: (value: UiSignalMap[K]) => void): () => void;
  emit<K extends keyof UiSignalMap>(type: K, value: UiSignalMap[K]): void;
}

/** Creates a signal hub. */
export const createUiSignals = (): UiSignals => {
  const handlers: { [K in keyof UiSignalMap]?: Set<(value: UiSignalMap[K]) => void> } = {};
  return {
    on(type, handler) {
      const set = (handlers[type] ??= new Set());
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    emit(type, value) {
      for (const handler of [...(handlers[type] ?? [])]) handler(value);
    },
  };
};
