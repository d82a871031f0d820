/**
 * `useTexts` reads an area's texts once per render of each component that shows them: a message
 * store read while nothing listens to it mounts, computes its texts again and unmounts, and every
 * unmount sets a timer. Rendering a list of components that share one area must not do that per
 * component (hydrating `/shop/` did it some hundreds of times).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineMessages, params } from '../i18n/index.js';
import { useTexts } from './i18n.js';
import { RuntimeProvider, type UiContextValue } from './runtime-context.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useTexts', () => {
  it('computes an area’s texts once for many components, and sets no timer per read', () => {
    let computed = 0;
    const texts = defineMessages('test/use-texts', {
      greeting: params<{ name: string }>('Hello, {name}'),
    });
    // Counts the computations through the store's own value: a new object each time it computes.
    const seen = new Set<object>();
    function Greeting({ name }: { readonly name: string }) {
      const t = useTexts(texts);
      if (!seen.has(t)) {
        seen.add(t);
        computed += 1;
      }
      return createElement('p', null, t.greeting({ name }));
    }
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const value = { state: { locale: 'en-PH' } } as unknown as UiContextValue;
    const names = Array.from({ length: 40 }, (_, i) => `shopper ${i}`);
    const html = renderToString(createElement(RuntimeProvider, { value, children: names.map((name) => createElement(Greeting, { key: name, name })) }));
    expect(html).toContain('Hello, shopper 0');
    expect(html).toContain('Hello, shopper 39');
    expect(computed).toBe(1);
    expect(timers).not.toHaveBeenCalled();
  });
});
