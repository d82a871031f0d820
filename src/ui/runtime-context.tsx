import { createContext, useContext, useRef, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { Runtime } from '../core/index.js';
import type { CheckoutPort } from '../core/ports.js';
import type { ReadableStore } from '../core/store.js';
import type { AppState, PageData } from '../app/app-state.js';
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
  /** The checkout's port, on checkout pages in the browser (the server renders them without one). */
  readonly checkout?: CheckoutPort;
}

/** Page bodies loaded on demand. */
export interface PageComponents {
  readonly product?: ComponentType<{ readonly page: Extract<PageData, { type: 'product' }> }>;
  readonly blog?: ComponentType<{ readonly page: Extract<PageData, { type: 'blog' }> }>;
  readonly post?: ComponentType<{ readonly page: Extract<PageData, { type: 'post' }> }>;
  readonly orderTracking?: ComponentType<{ readonly page: Extract<PageData, { type: 'order-tracking' }> }>;
  /** The My Account pages (`pages/AccountPages.tsx`), loaded on `/my-account/` only. */
  readonly account?: ComponentType<{ readonly page: Extract<PageData, { type: 'account' }> }>;
  readonly checkout?: ComponentType<{ readonly page: Extract<PageData, { type: 'checkout' }> }>;
  readonly orderReceived?: ComponentType<{ readonly page: Extract<PageData, { type: 'order-received' }> }>;
  /** The cart page (`pages/CartPage.tsx`, with the cart's lines), loaded on `/cart/` only. */
  readonly cart?: ComponentType;
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

/**
 * Reads a slice of a store and re-renders only when that slice changes (by `isEqual`, `Object.is`
 * unless given): a selector may build a new object or array on every call without re-rendering the
 * view on unrelated changes. Use it with a built-in store (`runtime.stores.cart`) or a plugin's
 * (`plugin.store` in a plugin's view).
 */
export function useSelector<S, T>(store: ReadableStore<S>, select: (snapshot: S) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  // The last snapshot, selector and slice: the same snapshot and selector give the same slice, and
  // a new slice equal to the last one is replaced by the last one, so React sees no change.
  const memo = useRef<{ readonly snapshot: S; readonly select: (snapshot: S) => T; readonly selected: T } | null>(null);
  const read = (): T => {
    const snapshot = store.getSnapshot();
    const last = memo.current;
    if (last && last.snapshot === snapshot && last.select === select) return last.selected;
    const next = select(snapshot);
    const selected = last && isEqual(last.selected, next) ? last.selected : next;
    memo.current = { snapshot, select, selected };
    return selected;
  };
  // Hydrating, the slice of the snapshot the page was rendered from (`ReadableStore.getServerSnapshot`):
  // hydration keeps the server's DOM as it is, so a view must first render what the server did;
  // the current slice follows as an update.
  const readPage = (): T => (store.getServerSnapshot ? select(store.getServerSnapshot()) : read());
  return useSyncExternalStore(store.subscribe, read, readPage);
}

/** Equal when both are arrays or plain objects with the same keys and `Object.is`-equal values. */
export const shallowEqual = <T,>(a: T, b: T): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const recordA = a as Readonly<Record<string, unknown>>;
  const recordB = b as Readonly<Record<string, unknown>>;
  return keysA.every((key) => Object.hasOwn(recordB, key) && Object.is(recordA[key], recordB[key]));
};
