/**
 * The inspector's first chunk, fetched before the runtime is made when debugging is on: the
 * recorder (plain TypeScript) the runtime reports to from the page's start, as `tap` and `logger`,
 * which the browser entry spreads into `createRuntime`'s options. The panel (React) is a chunk of
 * its own; it shows everything recorded before it came.
 */
import type { AppState } from '../../app/app-state.js';
import { createRecorder } from '../../core/debug/recorder.js';

const state = JSON.parse(document.getElementById('suki-state')?.textContent ?? '{}') as Partial<AppState>;
const recorder = createRecorder({ consent: state.shop?.consentStored ?? state.shop?.consentDefault ?? 'ask' });

/** For `createRuntime({ tap })`. */
export const tap = recorder.tap;

/** For `createRuntime({ logger })`: the console's, with warnings and errors recorded. */
export const logger = recorder.logger;

import('./inspector-panel.js')
  .then((panel) => panel.mountInspector(recorder, state.plugins ?? []))
  .catch((error: unknown) => console.error('[inspector] the panel could not be loaded', error));
