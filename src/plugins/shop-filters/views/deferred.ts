/**
 * The shop sections' controls as the first-load code holds them: thin wrappers whose real
 * components (`controls.tsx`: filter lists, price filter, load-more, the sections' state) are a
 * chunk of their own, so `/` and `/shop/` download none of it before they are interactive.
 *
 * - The server loads that chunk before rendering (`beforeRender`), so the controls are in the HTML
 *   and work without scripts (plain links, a GET form).
 * - The browser hydrates the product grid at once (add to cart works on the first click) and keeps
 *   the controls' server HTML until the chunk arrives, fetched on the shopper's first sign of life
 *   or once the page has settled (`viewsChunk`).
 * - A filter or load-more pressed before then is the plain link or form: the browser navigates to
 *   the filtered address, which the server renders.
 * - The plugin's command handlers wait for the same chunk (`sections`), but only the controls run
 *   those commands, so in practice it is always in by then.
 */
import { viewsChunk } from '../../../ui/components/views-chunk.js';

const controls = viewsChunk(() => import('./controls.js'));

/** The controls' chunk (fetched once; a failed fetch is tried again on the next call). */
export const loadControls = controls.load;

export const DeferredFilterBar = controls.deferred('FilterBar');
export const DeferredFooter = controls.deferred('SectionFooter');
export const DeferredEmpty = controls.deferred('EmptyNote');

/** Before a listing page renders (server): the controls, so they are in the HTML. */
export const beforeRender = async (): Promise<void> => {
  await loadControls();
};
