/**
 * Keeps the server's text nodes and the browser's hydration in step (Preact, under React's name).
 *
 * - The server writes adjacent text children (`{count} items`) as one run of characters; the
 *   browser's parser then makes one text node of them, where hydration expects one per child, and
 *   would rewrite the first and insert the rest. The server therefore puts an empty comment between
 *   adjacent text children, as React's server renderer did; hydration skips comments and removes
 *   them.
 * - An empty string renders nothing on the server but an empty text node in the browser: both
 *   drop it.
 *
 * Installed once, as a Preact option hook (`options.vnode`), by each entry.
 */
import { createElement, Fragment, options, type VNode } from 'preact';

type Child = unknown;
const isText = (child: Child): child is string | number => typeof child === 'string' || typeof child === 'number';

/** The children as the server writes them: flat, with no empty strings, and a comment between adjacent texts. */
export function separateTexts(children: readonly Child[], separator: () => Child): Child[] {
  const out: Child[] = [];
  let lastWasText = false;
  const walk = (list: readonly Child[]) => {
    for (const child of list) {
      if (Array.isArray(child)) walk(child as readonly Child[]);
      else if (child === '' || child == null || typeof child === 'boolean') continue;
      else {
        const text = isText(child);
        if (text && lastWasText) out.push(separator());
        out.push(child);
        lastWasText = text;
      }
    }
  };
  walk(children);
  return out;
}

/** The children as the browser hydrates them: no empty strings (nested lists kept, as they are fragments). */
export function withoutEmptyTexts(children: readonly Child[]): Child[] {
  return children.filter((c) => c !== '').map((c) => (Array.isArray(c) ? withoutEmptyTexts(c as readonly Child[]) : c));
}

/** Whether the server must rewrite the children: an empty string, adjacent texts, or a nested list (whose texts may touch its neighbours'). */
const needsSeparating = (children: readonly Child[]): boolean => {
  let lastWasText = false;
  for (const child of children) {
    if (child === '' || Array.isArray(child)) return true;
    const text = isText(child);
    if (text && lastWasText) return true;
    lastWasText = text;
  }
  return false;
};

/** Whether the browser must rewrite the children: an empty string anywhere in them. Lists without one are left as they are. */
const hasEmptyText = (children: readonly Child[]): boolean => children.some((c) => c === '' || (Array.isArray(c) && hasEmptyText(c as readonly Child[])));

let installed = false;

/** Installs the hook: `server` renders for `renderToString`, otherwise for hydration in the browser. */
export function installHydrationTexts(server: boolean): void {
  if (installed) return;
  installed = true;
  const previous = options.vnode;
  const comment = (): Child => createElement(Fragment, { UNSTABLE_comment: '' } as object);
  options.vnode = (vnode: VNode) => {
    const props = vnode.props as { children?: Child } | null;
    if (props && typeof vnode.type === 'string') {
      const children = props.children;
      if (children === '') delete props.children;
      else if (Array.isArray(children) && (server ? needsSeparating(children) : hasEmptyText(children))) props.children = server ? separateTexts(children, comment) : withoutEmptyTexts(children);
    }
    previous?.(vnode);
  };
}

