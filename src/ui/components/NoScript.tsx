import { useState, type ReactNode } from 'react';
import { onServer, pageHydrationDone } from './hydrate-later.js';

/**
 * A `<noscript>` whose content the server writes and the browser leaves alone.
 *
 * Where scripts run, the browser's parser keeps a `<noscript>`'s content as one raw text node.
 * Hydrating it as elements would replace that text with live elements (a `<style>` that then
 * applies, an `<img>` that then loads), so in the browser the element is hydrated as opaque HTML:
 * hydration never writes `dangerouslySetInnerHTML`, and an empty string never changes afterwards.
 * One the browser makes itself, once the page has hydrated (a tile of a filtered list), would never
 * be read: it renders nothing (two elements fewer to make per tile).
 */
export function NoScript({ children }: { readonly children: ReactNode }) {
  const [ours] = useState(() => !onServer() && pageHydrationDone());
  if (onServer()) return <noscript>{children}</noscript>;
  return ours ? null : <noscript dangerouslySetInnerHTML={{ __html: '' }} />;
}
