import type { ReactNode } from 'react';

/**
 * A `<noscript>` whose content the server writes and the browser leaves alone.
 *
 * Where scripts run, the browser's parser keeps a `<noscript>`'s content as one raw text node.
 * Hydrating it as elements would replace that text with live elements (a `<style>` that then
 * applies, an `<img>` that then loads), so in the browser the element is hydrated as opaque HTML:
 * hydration never writes `dangerouslySetInnerHTML`, and an empty string never changes afterwards.
 */
export function NoScript({ children }: { readonly children: ReactNode }) {
  return typeof document === 'undefined' ? <noscript>{children}</noscript> : <noscript dangerouslySetInnerHTML={{ __html: '' }} />;
}
