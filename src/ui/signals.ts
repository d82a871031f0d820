import mitt from 'mitt';

/** UI-local signals that are not domain facts. */
export interface UiSignalMap {
  'cart-panel': { readonly open: boolean };
  /** A sentence for the page's polite live region (the Announcer), from a view with no domain event to carry it. */
  announce: { readonly message: string };
  [key: string]: unknown;
  [key: symbol]: unknown;
}

/** A small signal hub whose `on` returns its own unsubscribe. One per app instance. */
export interface UiSignals {
  on<K extends keyof UiSignalMap & string>(type: K, handler: (value: UiSignalMap[K]) => void): () => void;
  emit<K extends keyof UiSignalMap & string>(type: K, value: UiSignalMap[K]): void;
}

/** Creates a signal hub. */
export const createUiSignals = (): UiSignals => {
  const hub = mitt<UiSignalMap>();
  return {
    on(type, handler) {
      hub.on(type, handler);
      return () => hub.off(type, handler);
    },
    emit(type, value) {
      hub.emit(type, value);
    },
  };
};
