/**
 * The Q&A views as the first-load code holds them: the `Q&A` link (a few bytes) and a thin wrapper
 * whose real component (`QuestionsTab.tsx`, with the rules and the controller) is a chunk of its
 * own. The server loads that chunk before rendering (`beforeRender`), so the tab is in the HTML; the
 * browser hydrates around it and keeps that HTML (a Suspense boundary waiting for the chunk) until
 * the chunk arrives on the shopper's first sign of life, or once the page has settled.
 */
import { createElement, lazy, memo, Suspense, useState, type ComponentType, type MouseEvent } from 'react';
import type { Product } from '../../../core/domain/catalog.js';
import type { FeatureContext } from '../../../core/plugin.js';
import { wakeOnInteractionOrIdle } from '../../../ui/components/wake.js';
import type { QuestionsOptions } from '../options.js';
import type * as Tab from './QuestionsTab.js';

/** What the plugin's setup hands over: its context (the port and `emit`). */
export type QuestionsContext = FeatureContext<QuestionsOptions>;

type TabModule = typeof Tab;
let loaded: TabModule | null = null;
let loading: Promise<TabModule> | undefined;
const load = (): Promise<TabModule> =>
  (loading ??= import('./QuestionsTab.js').then(
    (m) => {
      loaded = m;
      if (context) m.attach(context);
      return m;
    },
    (error: unknown) => {
      // Not fetched (offline): the next sign of life tries again.
      loading = undefined;
      throw error;
    },
  ));

let context: QuestionsContext | null = null;
/** The plugin's setup (browser only): keeps the context for the tab's chunk. */
export const attach = (ctx: QuestionsContext): void => {
  context = ctx;
  loaded?.attach(ctx);
};

/** The server loads the tab before rendering a product page. */
export const beforeRender = async (): Promise<void> => {
  await load();
};

const woken = (): Promise<void> => new Promise<void>((resolve) => void wakeOnInteractionOrIdle(document.body, resolve));
/** The chunk, fetched again on the next sign of life while it cannot be (the server's HTML stays meanwhile). */
const loadSoon = async (): Promise<TabModule> => {
  for (;;) {
    try {
      return await load();
    } catch {
      await woken();
    }
  }
};

type TabProps = { readonly product: Product; readonly plugin: Parameters<TabModule['QuestionsTab']>[0]['plugin'] };
const Lazy = lazy(() => woken().then(loadSoon).then((m) => ({ default: m.QuestionsTab as ComponentType<TabProps> })));
const Boundary = memo((props: TabProps) => {
  // Chosen once: switching from the lazy wrapper to the component would remount the tab and lose its state.
  const [view] = useState<ComponentType<TabProps>>(() => loaded?.QuestionsTab ?? Lazy);
  return createElement(Suspense, { fallback: null }, createElement(view, props));
});
/** The tab's panel. */
export const DeferredTab = (props: TabProps) => createElement(Boundary, props);

/** Opens the Q&A tab (`#tab-questions`; `Tabs` follows the address's hash), also when the address already has it. */
const openTab = (event: MouseEvent<HTMLAnchorElement>): void => {
  event.preventDefault();
  if (location.hash !== '#tab-questions') history.pushState(null, '', '#tab-questions');
  dispatchEvent(new HashChangeEvent('hashchange'));
};

/** The summary's `Q&A` link. */
export const QnaLink = () => createElement('p', { className: 'qna-link' }, createElement('a', { href: '#tab-questions', onClick: openTab }, 'Q&A'));
