/**
 * The Q&A views as the first-load code holds them: the `Q&A` link (a few bytes) and a thin wrapper
 * whose real component (`QuestionsTab.tsx`, with the rules and the controller) is a chunk of its
 * own. The server loads that chunk before rendering (`beforeRender`), so the tab is in the HTML; the
 * browser hydrates around it and keeps that HTML (a Suspense boundary waiting for the chunk) until
 * the chunk arrives on the shopper's first sign of life, or once the page has settled.
 */
import { createElement, type MouseEvent } from 'react';
import type { FeatureContext } from '../../../core/plugin.js';
import { viewsChunk } from '../../../ui/components/views-chunk.js';
import { useTexts } from '../../../ui/i18n.js';
import { qnaTabTexts } from '../tab-texts.js';
import type { QuestionsOptions } from '../options.js';

/** What the plugin's setup hands over: its context (the port and `emit`). */
export type QuestionsContext = FeatureContext<QuestionsOptions>;

let context: QuestionsContext | null = null;
const tab = viewsChunk(
  () => import('./QuestionsTab.js'),
  (m) => {
    if (context) m.attach(context);
  },
);

/** The plugin's setup (browser only): keeps the context for the tab's chunk. */
export const attach = (ctx: QuestionsContext): void => {
  context = ctx;
  tab.loaded()?.attach(ctx);
};

/** The server loads the tab before rendering a product page. */
export const beforeRender = async (): Promise<void> => {
  await tab.load();
};

/** The tab's panel. */
export const DeferredTab = tab.deferred('QuestionsTab');

/** Opens the Q&A tab (`#tab-questions`; `Tabs` follows the address's hash), also when the address already has it. */
const openTab = (event: MouseEvent<HTMLAnchorElement>): void => {
  event.preventDefault();
  if (location.hash !== '#tab-questions') history.pushState(null, '', '#tab-questions');
  dispatchEvent(new HashChangeEvent('hashchange'));
};

/** The summary's `Q&A` link. */
export const QnaLink = () => createElement('p', { className: 'qna-link' }, createElement('a', { href: '#tab-questions', onClick: openTab }, useTexts(qnaTabTexts).link));
