/**
 * Each plugin's status as the inspector shows it, from what the page says is on (the enabled
 * plugins with their checked options) and what the recorder heard: the runtime logs a setup that
 * failed (`setup failed; the plugin is off`), a plugin skipped for a failed dependency (`not
 * started`), and every error it isolated, each under the plugin's name.
 */
import type { LogLine, RecorderSnapshot } from './recorder.js';

/** A plugin the page enabled (`AppState['plugins']`). */
export interface EnabledPlugin {
  readonly name: string;
  readonly options: unknown;
  /** Its code comes only once the shopper consents. */
  readonly afterConsent?: true;
}

/** `running`; `waiting` for consent (its code not loaded yet); `off` when its setup failed or a dependency did. */
export type PluginState = 'running' | 'waiting' | 'off' | 'built-in';

/** One row of the inspector's plugin list. */
export interface PluginStatus {
  readonly name: string;
  readonly state: PluginState;
  /** Null for the built-in modules (cart, consent), which have no options. */
  readonly options: unknown;
  /** Why it is off. */
  readonly problem: string | null;
  /** Errors and warnings the runtime isolated for it, oldest first. */
  readonly errors: readonly LogLine[];
}

const STOPPED = /^(setup failed|not started)/;

/** The status of every enabled plugin, then of any other module the runtime reported about. */
export const pluginStatuses = (plugins: readonly EnabledPlugin[], snapshot: Pick<RecorderSnapshot, 'logs' | 'gateOpened'>): PluginStatus[] => {
  const byOwner = new Map<string, LogLine[]>();
  for (const line of snapshot.logs) {
    if (line.owner === null) continue;
    const lines = byOwner.get(line.owner) ?? [];
    lines.push(line);
    byOwner.set(line.owner, lines);
  }
  const enabled = new Set(plugins.map((p) => p.name));
  const rows: PluginStatus[] = plugins.map((plugin) => {
    const errors = byOwner.get(plugin.name) ?? [];
    const stopped = errors.find((line) => line.level === 'error' && STOPPED.test(line.message));
    return {
      name: plugin.name,
      state: stopped ? 'off' : plugin.afterConsent && !snapshot.gateOpened ? 'waiting' : 'running',
      options: plugin.options,
      problem: stopped ? stopped.message : null,
      errors,
    };
  });
  for (const [owner, errors] of byOwner) {
    if (!enabled.has(owner)) rows.push({ name: owner, state: 'built-in', options: null, problem: null, errors });
  }
  return rows;
};
