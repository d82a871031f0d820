/** Text forms of what the inspector shows: never HTML, always text. */
import type { InspectorEntry } from '../../core/debug/recorder.js';

/** Indented JSON of any value; what JSON cannot say (a cycle) is said as plain text. */
export const toJson = (value: unknown): string => {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
};

/** One entry as the JSON that `Copy as JSON` gives. */
export const entryJson = (entry: InspectorEntry): string =>
  toJson(
    entry.kind === 'event'
      ? { kind: 'event', name: entry.name, source: entry.source, at: new Date(entry.at).toISOString(), id: entry.id, consent: entry.consent, gate: entry.gate, payload: entry.payload }
      : { kind: 'command', name: entry.name, owner: entry.source, at: new Date(entry.at).toISOString(), input: entry.payload, outcome: entry.outcome },
  );
