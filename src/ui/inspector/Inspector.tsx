import { useEffect, useId, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { pluginStatuses, type EnabledPlugin, type PluginStatus } from '../../core/debug/plugin-status.js';
import type { InspectorEntry, Recorder } from '../../core/debug/recorder.js';
import { INITIAL_VIEW, inspectorReducer, pausedCount, visibleEntries } from '../../core/debug/view-state.js';
import { entryJson, toJson } from './format.js';
import { messages as M } from './messages.js';

/** Props of {@link Inspector}. */
export interface InspectorProps {
  readonly recorder: Pick<Recorder, 'getSnapshot' | 'subscribe'>;
  /** The plugins the page enabled, with their checked options. */
  readonly plugins: readonly EnabledPlugin[];
  /** Copies text; rejects when it cannot. @default the Clipboard API */
  readonly copy?: (text: string) => Promise<void>;
}

const clipboardCopy = async (text: string): Promise<void> => {
  if (!globalThis.navigator?.clipboard?.writeText) throw new Error('no clipboard');
  await globalThis.navigator.clipboard.writeText(text);
};

/**
 * The event inspector: a region listing every recorded event and command (filter by plugin and by
 * name, pause, clear, copy one as JSON) and each plugin's status. Payloads are text, never HTML.
 */
export function Inspector({ recorder, plugins, copy = clipboardCopy }: InspectorProps) {
  const snapshot = useSyncExternalStore(recorder.subscribe, recorder.getSnapshot, recorder.getSnapshot);
  const [view, dispatch] = useReducer(inspectorReducer, INITIAL_VIEW);
  const [announcement, setAnnouncement] = useState('');
  const [fallback, setFallback] = useState<number | null>(null);
  const titleId = useId();
  const visible = visibleEntries(snapshot.entries, view);
  const waiting = pausedCount(view, snapshot.last);
  const statuses = useMemo(() => pluginStatuses(plugins, snapshot), [plugins, snapshot]);
  const sources = useMemo(() => [...new Set([...plugins.map((p) => p.name), ...snapshot.entries.map((e) => e.source)])].sort(), [plugins, snapshot.entries]);

  const onCopy = (entry: InspectorEntry): void => {
    copy(entryJson(entry)).then(
      () => {
        setFallback(null);
        setAnnouncement(M.copied(entry.name));
      },
      () => {
        setFallback(entry.seq);
        setAnnouncement(M.copyFailed(entry.name));
      },
    );
  };

  return (
    <section className="suki-inspector" aria-labelledby={titleId}>
      <h2 id={titleId}>{M.title}</h2>
      <p className="suki-inspector__intro">{M.intro}</p>
      <div className="suki-inspector__controls">
        <label>
          {M.plugin}{' '}
          <select value={view.plugin} onChange={(e) => dispatch({ type: 'filter-plugin', plugin: e.currentTarget.value })}>
            <option value="">{M.allPlugins}</option>
            {sources.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {M.eventName}{' '}
          <input type="search" value={view.name} onChange={(e) => dispatch({ type: 'filter-name', name: e.currentTarget.value })} />
        </label>
        <button
          type="button"
          className="button"
          onClick={() => {
            if (view.paused) {
              setAnnouncement(M.resumed(waiting));
              dispatch({ type: 'resume' });
            } else {
              setAnnouncement(M.pausedNow);
              dispatch({ type: 'pause', last: snapshot.last });
            }
          }}
        >
          {view.paused ? M.resume : M.pause}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            dispatch({ type: 'clear', last: snapshot.last });
            setFallback(null);
            setAnnouncement(M.cleared);
          }}
        >
          {M.clear}
        </button>
      </div>
      <p role="status" className="suki-inspector__status">
        {announcement}
      </p>
      <h3>{M.entriesHeading}</h3>
      <p>
        {M.showing(visible.length, snapshot.last)}
        {view.paused ? ` ${M.paused(waiting)}` : ''}
      </p>
      {visible.length === 0 ? <p>{M.none}</p> : null}
      <ol className="suki-inspector__entries">
        {visible.map((entry) => (
          <EntryRow key={entry.seq} entry={entry} onCopy={onCopy} showJson={fallback === entry.seq} />
        ))}
      </ol>
      <h3>{M.pluginsHeading}</h3>
      <ul className="suki-inspector__plugins">
        {statuses.map((status) => (
          <PluginRow key={status.name} status={status} />
        ))}
      </ul>
    </section>
  );
}

function EntryRow({ entry, onCopy, showJson }: { entry: InspectorEntry; onCopy: (entry: InspectorEntry) => void; showJson: boolean }) {
  const time = M.time(entry.at);
  const json = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!showJson) return;
    json.current?.focus();
    json.current?.select();
  }, [showJson]);
  return (
    <li className="suki-inspector__entry" data-kind={entry.kind}>
      <p className="suki-inspector__head">
        <time dateTime={new Date(entry.at).toISOString()}>{time}</time> <span className="suki-inspector__kind">{entry.kind === 'event' ? M.event : M.command}</span>{' '}
        <code>{entry.name}</code> <span>{entry.kind === 'event' ? M.from(entry.source) : M.handledBy(entry.source)}</span>{' '}
        <span className="suki-inspector__state">{entry.kind === 'event' ? M.gate(entry.consent, entry.gate) : M.outcome(entry.outcome)}</span>
      </p>
      <details>
        <summary>
          {entry.kind === 'event' ? M.payload : M.input}
          <span className="visually-hidden"> of {entry.name}</span>
        </summary>
        <pre>{toJson(entry.payload)}</pre>
      </details>
      {entry.kind === 'command' && entry.outcome.status === 'ok' && entry.outcome.value !== undefined ? (
        <details>
          <summary>
            {M.result}
            <span className="visually-hidden"> of {entry.name}</span>
          </summary>
          <pre>{toJson(entry.outcome.value)}</pre>
        </details>
      ) : null}
      <button type="button" className="button" aria-label={M.copyName(entry.name, time)} onClick={() => onCopy(entry)}>
        {M.copy}
      </button>
      {showJson ? (
        <label className="suki-inspector__json">
          {M.jsonOf(entry.name)}
          <textarea ref={json} readOnly rows={8} value={entryJson(entry)} />
        </label>
      ) : null}
    </li>
  );
}

function PluginRow({ status }: { status: PluginStatus }) {
  return (
    <li className="suki-inspector__plugin" data-state={status.state}>
      <p className="suki-inspector__head">
        <strong>{status.name}</strong> <span>{M.pluginState(status.state)}</span>
      </p>
      {status.problem ? <p>{status.problem}</p> : null}
      {status.options !== null ? (
        <details>
          <summary>
            {M.options}
            <span className="visually-hidden"> of {status.name}</span>
          </summary>
          <pre>{toJson(status.options)}</pre>
        </details>
      ) : null}
      {status.errors.length > 0 ? (
        <>
          <p>{M.errorsIsolated(status.errors.length)}</p>
          <ul>
            {status.errors.map((line) => (
              <li key={line.seq}>
                <time dateTime={new Date(line.at).toISOString()}>{M.time(line.at)}</time> {line.message}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{M.noErrors}</p>
      )}
    </li>
  );
}
