/**
 * `whenSettled`: everything waiting for the page to settle is released together, in one idle
 * callback, so once the page marks itself settled all of its settle-time work has been asked for.
 * A small stand-in for the browser's window (timers are Vitest's fake ones).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = () => void;

/** The window, document and PerformanceObserver `whenSettled` uses, with handles to drive them. */
function fakePage() {
  const listeners = new Map<string, Set<Listener>>();
  // Asked-for idle callbacks by handle; a cancelled one is dropped.
  const idleCallbacks = new Map<number, () => void>();
  let handles = 0;
  const observers = new Set<Listener>();
  const document = { readyState: 'loading' as DocumentReadyState };
  const window = {
    addEventListener: (type: string, listener: Listener) => {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener));
    },
    removeEventListener: (type: string, listener: Listener) => {
      listeners.get(type)?.delete(listener);
    },
    requestIdleCallback: (callback: () => void) => {
      handles += 1;
      idleCallbacks.set(handles, callback);
      return handles;
    },
    cancelIdleCallback: (handle: number) => {
      idleCallbacks.delete(handle);
    },
    setTimeout,
  };
  class PerformanceObserver {
    static readonly supportedEntryTypes = ['resource'];
    constructor(private readonly callback: Listener) {}
    observe() {
      observers.add(this.callback);
    }
    disconnect() {
      observers.delete(this.callback);
    }
  }
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', document);
  vi.stubGlobal('PerformanceObserver', PerformanceObserver);
  return {
    pendingIdle: () => idleCallbacks.size,
    listening: (type: string) => listeners.get(type)?.size ?? 0,
    load: () => {
      document.readyState = 'complete';
      for (const listener of [...(listeners.get('load') ?? [])]) listener();
    },
    fetched: () => {
      for (const callback of [...observers]) callback();
    },
    /** Runs the idle callbacks asked for so far, once each. */
    idle: () => {
      const callbacks = [...idleCallbacks.values()];
      idleCallbacks.clear();
      for (const callback of callbacks) callback();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenSettled', () => {
  it('releases every caller waiting at once in one idle callback, after the page has loaded and fetched nothing for a while', async () => {
    const page = fakePage();
    const { whenSettled, SETTLED_AFTER_MS } = await import('./wake.js');
    const ran: string[] = [];
    whenSettled(() => ran.push('catalogue'));
    whenSettled(() => ran.push('cart lines'));
    page.load();
    vi.advanceTimersByTime(SETTLED_AFTER_MS - 100);
    // A fetch restarts the quiet period.
    page.fetched();
    vi.advanceTimersByTime(SETTLED_AFTER_MS - 100);
    expect(page.pendingIdle()).toBe(0);
    whenSettled(() => ran.push('wishlist'));
    vi.advanceTimersByTime(100);
    expect(page.pendingIdle()).toBe(1);
    expect(ran).toEqual([]);
    page.idle();
    expect(ran).toEqual(['catalogue', 'cart lines', 'wishlist']);
    expect(page.listening('pointerdown')).toBe(0);
  });

  it('runs the others when one is cancelled, and watches nothing once all are', async () => {
    const page = fakePage();
    const { whenSettled, SETTLED_AFTER_MS } = await import('./wake.js');
    const ran: string[] = [];
    const cancelFirst = whenSettled(() => ran.push('first'));
    whenSettled(() => ran.push('second'));
    cancelFirst();
    cancelFirst();
    page.load();
    vi.advanceTimersByTime(SETTLED_AFTER_MS);
    page.idle();
    expect(ran).toEqual(['second']);

    const cancel = whenSettled(() => ran.push('third'));
    expect(page.listening('pointerdown')).toBe(1);
    cancel();
    expect(page.listening('pointerdown')).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(page.pendingIdle()).toBe(0);
    expect(ran).toEqual(['second']);
  });

  it('starts a new round for a caller that comes after one has released its callers', async () => {
    const page = fakePage();
    const { whenSettled, SETTLED_AFTER_MS } = await import('./wake.js');
    const ran: string[] = [];
    page.load();
    whenSettled(() => ran.push('early'));
    vi.advanceTimersByTime(SETTLED_AFTER_MS);
    page.idle();
    whenSettled(() => ran.push('late'));
    vi.advanceTimersByTime(SETTLED_AFTER_MS - 1);
    expect(page.pendingIdle()).toBe(0);
    vi.advanceTimersByTime(1);
    page.idle();
    expect(ran).toEqual(['early', 'late']);
  });

  it('runs the rest when one caller throws, and reports the error', async () => {
    const page = fakePage();
    const { whenSettled, SETTLED_AFTER_MS } = await import('./wake.js');
    const ran: string[] = [];
    whenSettled(() => {
      throw new Error('chunk failed');
    });
    whenSettled(() => ran.push('after'));
    page.load();
    vi.advanceTimersByTime(SETTLED_AFTER_MS);
    page.idle();
    expect(ran).toEqual(['after']);
    expect(() => vi.runOnlyPendingTimers()).toThrow('chunk failed');
  });
});
