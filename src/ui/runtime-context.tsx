import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { Runtime } from '../core/index.js';
import type { CommandInput, CommandType } from '../core/commands.js';
import type { DomainEvent, DomainEventType } from '../core/events.js';
import type { AppState, PageData } from './app-state.js';
import type { UiSignals } from './signals.js';
import type { ViewRegistry } from './slots.js';

/** What every view can reach: the runtime and the page's serialized state. */
export interface UiContextValue {
  readonly runtime: Runtime;
  readonly state: AppState;
  readonly signals: UiSignals;
  /** Views the enabled plugins mount into named slots. */
  readonly views: ViewRegistry;
  /**
   * Page bodies kept out of the main bundle, loaded before hydration on the pages that show them
   * (the server passes them all).
   */
  readonly pages: PageComponents;
}

/** Page bodies loaded on demand. */
export interface PageComponents {
  readonly product?: ComponentType<{ readonly page: Extract<PageData, { type: 'product' }> }>;
  readonly blog?: ComponentType<{ readonly page: Extract<PageData, { type: 'blog' }> }>;
  readonly post?: ComponentType<{ readonly page: Extract<PageData, { type: 'post' }> }>;
}

// Defaults to undefined so a view rendered outside the provider fails with a clear message.
const UiContext = createContext<UiContextValue | undefined>(undefined);

/** Provides the runtime and page state to the React tree. */
export function RuntimeProvider({ value, children }: { value: UiContextValue; children: ReactNode }) {
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

/** The runtime and page state; throws when no provider is mounted. */
export function useUi(): UiContextValue {
  const value = useContext(UiContext);
  if (!value) throw new Error('Suki views must be rendered inside <RuntimeProvider>.');
  return value;
}

/** Minimal store shape views read from. */
export interface ReadableStore<S> {
  getSnapshot(): S;
  subscribe(listener: () => void): () => void;
}

/** Reads a slice of a store and re-renders when that slice changes. */
export function useSelector<S, T>(store: ReadableStore<S>, select: (snapshot: S) => T): T {
  const read = () => select(store.getSnapshot());
  return useSyncExternalStore(store.subscribe, read, read);
}

/** A function that runs a command through the runtime. */
export function useCommand<K extends CommandType>(type: K) {
  const { runtime } = useUi();
  return (input: CommandInput<K>) => runtime.execute(type, input);
}

/** Calls `handler` for each event of the given type while the component is mounted. */
export function useEvent<K extends DomainEventType>(type: K, handler: (event: DomainEvent<K>) => void): void {
  const { runtime } = useUi();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const sub = runtime.ofType(type).subscribe((event) => latest.current(event));
    return () => sub.unsubscribe();
  }, [runtime, type]);
}
