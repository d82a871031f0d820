import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store.js';

describe('createStore', () => {
  it('notifies after a change and not when nothing changed', () => {
    const store = createStore({ count: 0, tags: ['a'] });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const first = store.getSnapshot();
    store.update((draft) => {
      draft.count = 0;
    });
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(first);
    store.update((draft) => {
      draft.count += 1;
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual({ count: 1, tags: ['a'] });
    expect(store.getSnapshot().tags).toBe(first.tags);
    unsubscribe();
    store.update((draft) => {
      draft.count += 1;
    });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('freezes snapshots, including the initial one', () => {
    const store = createStore({ nested: { value: 1 } });
    expect(Object.isFrozen(store.getSnapshot().nested)).toBe(true);
    store.update((draft) => {
      draft.nested.value = 2;
    });
    expect(Object.isFrozen(store.getSnapshot().nested)).toBe(true);
  });

  it('works with unbound methods, as useSyncExternalStore calls them', () => {
    const { getSnapshot, subscribe, update } = createStore({ n: 1 });
    const listener = vi.fn();
    subscribe(listener);
    update((d) => {
      d.n = 2;
    });
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
      store.update((d) => {
        d.n = 1;
      }),
    ).toThrow('listener');
    expect(after).toHaveBeenCalledOnce();
  });

  it('keeps snapshots equal to their JSON round trip', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (initial, next) => {
        const store = createStore<{ value: unknown }>({ value: initial });
        store.update((draft) => {
          draft.value = next;
        });
        const snapshot = store.getSnapshot();
        expect(JSON.parse(JSON.stringify(snapshot))).toEqual(JSON.parse(JSON.stringify({ value: next })));
      }),
    );
  });
});
