/**
 * What the inspector panel shows of the recorded entries: the plugin and event-name filters, pause
 * (the list stops moving; what arrives meanwhile is counted) and clear. A reducer and a selector,
 * both pure; the panel keeps the state with `useReducer`.
 */
import type { InspectorEntry } from './recorder.js';

/** The panel's view of the recording. Sequence numbers (`seq`) are the recorder's, counting from 1. */
export interface InspectorView {
  /** Only entries from this plugin or module (an event's source, a command's owner); '' for all. */
  readonly plugin: string;
  /** Only entries whose name contains this text (case and surrounding spaces aside); '' for all. */
  readonly name: string;
  /** While paused, entries recorded after `pausedAt` are not shown, only counted. */
  readonly paused: boolean;
  readonly pausedAt: number;
  /** Entries up to this one were cleared from the view. */
  readonly clearedThrough: number;
}

/** What the shopper (the integrator) does with the panel; `last` is the newest entry's `seq` at that moment. */
export type InspectorAction =
  | { readonly type: 'filter-plugin'; readonly plugin: string }
  | { readonly type: 'filter-name'; readonly name: string }
  | { readonly type: 'pause'; readonly last: number }
  | { readonly type: 'resume' }
  | { readonly type: 'clear'; readonly last: number };

/** Nothing filtered, not paused, nothing cleared. */
export const INITIAL_VIEW: InspectorView = { plugin: '', name: '', paused: false, pausedAt: 0, clearedThrough: 0 };

/** The next view. Pausing twice keeps the first pause; clearing while paused starts the count again. */
export const inspectorReducer = (view: InspectorView, action: InspectorAction): InspectorView => {
  switch (action.type) {
    case 'filter-plugin':
      return view.plugin === action.plugin ? view : { ...view, plugin: action.plugin };
    case 'filter-name':
      return view.name === action.name ? view : { ...view, name: action.name };
    case 'pause':
      return view.paused ? view : { ...view, paused: true, pausedAt: action.last };
    case 'resume':
      return view.paused ? { ...view, paused: false, pausedAt: 0 } : view;
    case 'clear': {
      const through = Math.max(view.clearedThrough, action.last);
      return { ...view, clearedThrough: through, pausedAt: view.paused ? Math.max(view.pausedAt, through) : 0 };
    }
  }
};

/** Whether an entry passes the view's filters (pause and clear aside). */
export const matchesFilters = (entry: Pick<InspectorEntry, 'source' | 'name'>, view: Pick<InspectorView, 'plugin' | 'name'>): boolean => {
  if (view.plugin !== '' && entry.source !== view.plugin) return false;
  const wanted = view.name.trim().toLowerCase();
  return wanted === '' || entry.name.toLowerCase().includes(wanted);
};

/** The entries the panel lists, oldest first. */
export const visibleEntries = <E extends Pick<InspectorEntry, 'seq' | 'source' | 'name'>>(entries: readonly E[], view: InspectorView): E[] =>
  entries.filter((entry) => entry.seq > view.clearedThrough && (!view.paused || entry.seq <= view.pausedAt) && matchesFilters(entry, view));

/** How many entries were recorded while paused (not shown until resumed), filters aside. */
export const pausedCount = (view: InspectorView, last: number): number => (view.paused ? Math.max(0, last - view.pausedAt) : 0);
