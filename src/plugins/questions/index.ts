/**
 * Questions and answers (Customer Reviews for WooCommerce's Q&A, `wire-protocol.md` §2.5–§2.6, spec
 * "Q&A"): the product page's `Questions & answers` tab (the list, `Show more questions`, the search
 * box, votes on questions and answers, `Ask a question` and `Answer` opening one dialog) and a `Q&A`
 * link in the product summary that opens the tab.
 *
 * Before the shopper interacts, a product page downloads only this chunk (the definition, the link
 * and a thin wrapper, `views/deferred.ts`): the server renders the tab into the HTML, and the browser
 * keeps that HTML until the tab's chunk (views, rules, controller) arrives on the first sign of life
 * or once the page has settled. The port's code comes with its first call.
 */
import { definePlugin } from '../../core/plugin.js';
import { defineViews } from '../../ui/slots.js';
import { qnaTabLabel } from './tab-texts.js';
import { attach, beforeRender, DeferredTab, QnaLink } from './views/deferred.js';
export type { QuestionsOptions } from './options.js';

declare module '../../core/plugin.js' {
  interface PluginTypes {
    questions: typeof questions;
  }
}

const questions = definePlugin({
  name: 'questions',
  kind: 'feature',
  // The schema loads only where options are checked (the server); the browser gets them checked.
  config: { load: () => import('./options.js').then((m) => m.questionsOptions) },
  pages: ['product'],
  // Keeps the context (port, emit) for the tab's chunk.
  setup: attach,
});

export default questions;

/** The `Questions & answers` tab and the summary's `Q&A` link. */
export const views = defineViews(questions, {
  beforeRender,
  productTabs: [{ id: 'questions', label: qnaTabLabel, Panel: DeferredTab }],
  'product.summary': QnaLink,
});
