/**
 * Hydration in more than one task.
 *
 * Preact hydrates a page in one pass: on `/shop/` that was one task of 60–100 ms at 4x CPU after
 * the first paint, long enough to hold up a tap. A {@link HydrateLater} boundary leaves its part of
 * the server's HTML as it is during that pass and hydrates it in a task of its own afterwards
 * ({@link finishPageHydration}), one boundary per task.
 *
 * - The server brackets the part with the markers of a suspended range (`<!--$s-->` …
 *   `<!--/$s-->`), between which Preact keeps every node while the part waits.
 * - The part renders at once wherever the page is not hydrating (a list a filter replaced, a page
 *   of load-more).
 * - The page counts as hydrated (`data-hydrated`) only once every part is.
 */
import { createContext, createElement, Fragment, Suspense, useState, type ReactNode } from 'react';

/** Whether this renders on the server (which renders once, synchronously: nothing may suspend there). */
export const onServer = (): boolean => typeof document === 'undefined';

/**
 * A comment in the server's HTML: Preact's server renderer writes a fragment with
 * `UNSTABLE_comment` as `<!--text-->`. `$s` and `/$s` bracket a range that hydration may leave for
 * later: Preact keeps every node between them until it resumes there.
 */
export const rangeMark = (text: string): ReactNode => createElement(Fragment, { UNSTABLE_comment: text } as object);

/**
 * `children` as the server writes a part that hydration may leave for later: between `<!--$s-->`
 * and `<!--/$s-->` (used by {@link HydrateLater} and by the deferred plugin views).
 */
export const suspendedRange = (children: ReactNode): ReactNode => createElement(Fragment, null, rangeMark('$s'), children, rangeMark('/$s'));

/**
 * True under a part the browser built itself after the page hydrated (a list a filter replaced):
 * nothing there was served, so nothing there is hydrated, and a view inside may leave out what only
 * a page without scripts needs (a form to post) rather than make it for every tile.
 */
export const BuiltInBrowser = createContext(false);

/** A part waiting for its turn: the promise its gate throws, and its release. */
interface Ticket {
  readonly wait: Promise<void>;
  readonly release: () => void;
  released: boolean;
}

/** Whether the page's first hydration is under way. */
let hydrating = false;
/** Whether the page's hydration, later parts included, is over: what renders from now on is the browser's own. */
let hydrated = false;

/** True once {@link finishPageHydration} has hydrated the last part left for later. */
export const pageHydrationDone = (): boolean => hydrated;
/** Parts left for later, in page order. */
const waiting: Ticket[] = [];

/** Right before the page hydrates: from now until {@link finishPageHydration}, boundaries wait. */
export function startPageHydration(): void {
  hydrating = true;
}

/**
 * After the page's first pass: hydrates the parts left for later, each in a task of its own
 * (`nextTask`), in page order. Resolves once all are hydrated.
 */
export async function finishPageHydration(nextTask: () => Promise<void>): Promise<void> {
  hydrating = false;
  for (let ticket = waiting.shift(); ticket; ticket = waiting.shift()) {
    await nextTask();
    // Preact renders the resumed part in a microtask of this task.
    ticket.release();
    await Promise.resolve();
  }
  hydrated = true;
}

function ticket(): Ticket {
  let release = (): void => undefined;
  const wait = new Promise<void>((resolve) => {
    release = resolve;
  });
  const made: Ticket = {
    wait,
    release: () => {
      made.released = true;
      release();
    },
    released: false,
  };
  waiting.push(made);
  return made;
}

/** Holds its children back while its ticket is unreleased (Suspense keeps the server's DOM meanwhile). */
function Gate({ pass, children }: { readonly pass: Ticket | null; readonly children: ReactNode }) {
  if (pass && !pass.released) throw pass.wait;
  return children;
}

/** Its children, hydrated in a task of their own after the page's first pass (see the module's note). */
export function HydrateLater({ children }: { readonly children: ReactNode }) {
  const [pass] = useState<Ticket | null>(() => (hydrating ? ticket() : null));
  if (onServer()) return suspendedRange(children);
  return (
    <Suspense fallback={null}>
      <Gate pass={pass}>{children}</Gate>
    </Suspense>
  );
}
