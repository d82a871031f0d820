import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store.js';

describe('createStore', () => {
  it('notifies after a change and not when nothing changed', () => {
    const store = createStore({ count: 0, tags: ['a'] });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const first = store.getSnapshot();
    store.update((state) => ({ ...state, count: 0 }));
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(first);
    store.update((state) => ({ ...state, count: state.count + 1 }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual({ count: 1, tags: ['a'] });
    expect(store.getSnapshot().tags).toBe(first.tags);
    unsubscribe();
    store.update((state) => ({ ...state, count: state.count + 1 }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('freezes snapshots, including the initial one', () => {
    const store = createStore({ nested: { value: 1 } });
    expect(Object.isFrozen(store.getSnapshot().nested)).toBe(true);
    store.update((state) => ({ ...state, nested: { value: 2 } }));
    expect(Object.isFrozen(store.getSnapshot().nested)).toBe(true);
    expect(() => {
      (store.getSnapshot().nested as { value: number }).value = 3;
    }).toThrow(TypeError);
  });

  it('property: an update that keeps every top-level value notifies no one and keeps the snapshot', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.boolean(), (initial, copy) => {
        const store = createStore<Record<string, unknown>>(initial);
        const before = store.getSnapshot();
        const listener = vi.fn();
        store.subscribe(listener);
        store.update((state) => (copy ? { ...state } : state));
        expect(listener).not.toHaveBeenCalled();
        expect(store.getSnapshot()).toBe(before);
      }),
    );
  });

  it('works with unbound methods, as useSyncExternalStore calls them', () => {
    const { getSnapshot, subscribe, update } = createStore({ n: 1 });
    const listener = vi.fn();
    subscribe(listener);
    update(() => ({ n: 2 }));
    expect(getSnapshot()).toEqual({ n: 2 });
    expect(listener).toHaveBeenCalledOnce();
  });

  it('calls every listener even when one throws, then rethrows', () => {
    const store = createStore({ n: 0 });
    const after = vi.fn();
    store.subscribe(() => {
      throw new Error('listener');
    });
    store.subscribe(after);
    expect(() =>
      store.update(() => ({ n: 1 })),
    ).toThrow('listener');
    expect(after).toHaveBeenCalledOnce();
  });

  it('keeps snapshots equal to their JSON round trip', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (initial, next) => {
        const store = createStore<{ value: unknown }>({ value: initial });
        store.update(() => ({ value: next }));
        const snapshot = store.getSnapshot();
        expect(JSON.parse(JSON.stringify(snapshot))).toEqual(JSON.parse(JSON.stringify({ value: next })));
      }),
    );
  });
});
