/**
 * A plugin's views as a chunk of their own, fetched after the page is interactive (the wishlist,
 * reviews, Q&A and trust badge plugins use it), so listing pages download almost nothing of them
 * before the shopper reaches for them.
 *
 * - The server loads the chunk before rendering (`load()` from the plugin's `beforeRender`), so the
 *   views are in the HTML and work without scripts.
 * - The browser hydrates around them: each wrapper from `deferred` is a Suspense boundary whose
 *   content waits for the chunk, fetched on the shopper's first sign of life within an element
 *   (pointer, touch, wheel, key, focus) or once the page has settled, and then once the main thread
 *   is idle (the pointer that wakes it is often on its way to a click whose own work comes first).
 *   Until then Preact keeps the server's HTML (between the range markers below); the wrappers
 *   are memoised so an unrelated re-render does not make it give that HTML up.
 * - A failed fetch (a dropped connection) is tried again on the next sign of life; meanwhile the
 *   server's HTML stays and the page around it is not taken down.
 */
import { createElement, lazy, memo, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { onServer, pageHydrationDone, suspendedRange } from './hydrate-later.js';
import { wakeOnInteractionOrIdle } from './wake.js';

export interface ViewsChunk<M> {
  /** The module once it is in. */
  readonly loaded: () => M | null;
  /** Fetches the chunk once; a failed fetch is tried again on the next call. */
  readonly load: () => Promise<M>;
  /**
   * The chunk after the shopper's first sign of life within `selector`'s element (the body when it
   * is missing), or once the page has settled; fetched again on each next sign of life while it
   * cannot be. Browser only.
   */
  readonly whenWoken: (selector?: string) => Promise<M>;
  /** A wrapper for the module's component `name`, woken by `selector`'s element (default: anywhere). */
  readonly deferred: <N extends ComponentName<M>>(name: N, selector?: string) => (props: PropsOf<M[N]>) => ReactNode;
}

/** The names of a module's exports that are components. */
type ComponentName<M> = { [K in keyof M]: M[K] extends (props: never) => ReactNode ? K : never }[keyof M];
type PropsOf<C> = C extends (props: infer P) => ReactNode ? P : never;

/**
 * What the server renders for views whose chunk it could not load (`prepareViews` logged why):
 * nothing, as React's server renderer did with a Suspense fallback of `null`, rather than failing
 * the whole page. The browser fetches the chunk and renders them.
 */
const Nothing = (): null => null;

/** Resolves on a sign of life within `selector`'s element or once the page has settled, then when the main thread is idle. */
const woken = (selector: string): Promise<void> =>
  new Promise<void>((resolve) => void wakeOnInteractionOrIdle(document.querySelector<HTMLElement>(selector) ?? document.body, resolve)).then(
    () => new Promise<void>((resolve) => (window.requestIdleCallback ? void window.requestIdleCallback(() => resolve(), { timeout: 500 }) : void setTimeout(resolve, 50))),
  );

/**
 * The views behind `importer` (a dynamic `import()` of the chunk); `onLoad` runs once when it is
 * in (a plugin starts its behaviour there).
 */
export function viewsChunk<M>(importer: () => Promise<M>, onLoad?: (module: M) => void): ViewsChunk<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | undefined;
  const load = (): Promise<M> =>
    (loading ??= importer().then(
      (module) => {
        loaded = module;
        onLoad?.(module);
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const whenWoken = async (selector = 'body'): Promise<M> => {
    await woken(selector);
    for (;;) {
      try {
        return await load();
      } catch {
        await woken(selector);
      }
    }
  };
  const deferred = <N extends ComponentName<M>>(name: N, selector = 'body'): ((props: PropsOf<M[N]>) => ReactNode) => {
    type P = PropsOf<M[N]>;
    const component = (module: M): ComponentType<P> => module[name] as unknown as ComponentType<P>;
    const Lazy = lazy(() => whenWoken(selector).then((module) => ({ default: component(module) })));
    const Boundary = memo((props: P) => {
      // Chosen once: switching from the lazy wrapper to the component itself would remount the view and lose its state.
      // A view made in the browser once the chunk is in and the page is hydrated (a filter's new
      // tiles) cannot suspend: it gets no boundary to make and drop with it. The server's and the
      // hydrating page's keep theirs (chosen once too, for the same reason).
      const [{ view, bare }] = useState<{ readonly view: ComponentType<P>; readonly bare: boolean }>(() => ({
        view: loaded ? component(loaded) : onServer() ? Nothing : Lazy,
        bare: loaded !== null && !onServer() && pageHydrationDone(),
      }));
      const element = createElement(view as ComponentType<object>, props as object);
      if (bare) return element;
      const content = createElement(Suspense, { fallback: null }, element);
      // The server brackets the views with the markers of a suspended range (`<!--$s-->` …
      // `<!--/$s-->`): hydrating before the chunk is in, Preact keeps every node between them
      // (without them it keeps only the first), and hydrates them once the chunk arrives.
      return onServer() ? suspendedRange(content) : content;
    });
    // The boundary itself is the view (rendered with `createElement`, never called): a wrapper
    // around it was one more component in every tile.
    return Boundary as unknown as (props: P) => ReactNode;
  };
  return { loaded: () => loaded, load, whenWoken, deferred };
}
