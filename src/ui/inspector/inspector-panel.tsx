import { createRoot } from 'react-dom/client';
import type { EnabledPlugin } from '../../core/debug/plugin-status.js';
import type { Recorder } from '../../core/debug/recorder.js';
import { Inspector } from './Inspector.js';
import './inspector.css';

/**
 * Shows the event inspector at the end of the page, in a React root of its own (outside the
 * hydrated app, so the server's HTML is untouched).
 */
export const mountInspector = (recorder: Recorder, plugins: readonly EnabledPlugin[]): void => {
  const host = document.createElement('div');
  host.className = 'suki-inspector-host';
  document.body.append(host);
  createRoot(host).render(<Inspector recorder={recorder} plugins={plugins} />);
};
