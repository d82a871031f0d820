/**
 * Every string of the event inspector, in one place for the message catalogues to come. The
 * inspector is for integrators; its names and texts are English for now, like the rest.
 */
import type { ConsentState } from '../../core/events.js';
import type { CommandOutcome, GateStatus } from '../../core/debug/recorder.js';
import type { PluginState } from '../../core/debug/plugin-status.js';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

const clock = new Intl.DateTimeFormat('en-PH', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', fractionalSecondDigits: 3 });

export const messages = {
  title: 'Event inspector',
  intro: 'Every domain event and command on this page, oldest first, with the plugins’ status. Add ?suki-debug=0 to the address to close it for this tab.',
  plugin: 'Plugin',
  allPlugins: 'All plugins',
  eventName: 'Event name',
  pause: 'Pause',
  resume: 'Resume',
  clear: 'Clear',
  entriesHeading: 'Events and commands',
  pluginsHeading: 'Plugins',
  event: 'event',
  command: 'command',
  payload: 'Payload',
  input: 'Input',
  result: 'Result',
  options: 'Options',
  copy: 'Copy as JSON',
  none: 'Nothing recorded matches.',
  /** Accessible names: the visible text first, then which entry or plugin. */
  copyName: (name: string, time: string) => `Copy as JSON: ${name} at ${time}`,
  time: (at: number): string => clock.format(at),
  from: (source: string) => `from ${source}`,
  handledBy: (owner: string) => `handled by ${owner}`,
  showing: (shown: number, total: number) => `Showing ${shown} of ${plural(total, 'entry', 'entries')} recorded.`,
  paused: (count: number) => `Paused: ${plural(count, 'new entry', 'new entries')} not shown.`,
  pausedNow: 'Paused. New entries are counted, not shown.',
  resumed: (count: number) => `Resumed: ${plural(count, 'new entry', 'new entries')} shown.`,
  cleared: 'Cleared the list.',
  copied: (name: string) => `Copied ${name} as JSON.`,
  copyFailed: (name: string) => `Could not reach the clipboard. The JSON of ${name} is shown below it, selected, to copy by hand.`,
  jsonOf: (name: string) => `${name} as JSON`,
  gate: (consent: ConsentState, gate: GateStatus): string => {
    switch (gate) {
      case 'delivered':
        return 'Delivered (consent: granted)';
      case 'held':
        return consent === 'granted' ? 'Held until the plugins that waited for consent load' : `Held (consent: ${consent})`;
      case 'held-delivered':
        return 'Held, then delivered when consent was granted';
      case 'dropped':
        return 'Held, then dropped (consent: denied)';
      case 'withheld':
        return 'Not delivered (consent: denied)';
    }
  },
  outcome: (outcome: CommandOutcome): string =>
    outcome.status === 'pending' ? 'Running…' : outcome.status === 'ok' ? 'Done' : `Failed (${outcome.kind}): ${outcome.message}`,
  pluginState: (state: PluginState): string =>
    state === 'running' ? 'On' : state === 'waiting' ? 'On, waiting for consent (its code loads then)' : state === 'off' ? 'Off: it failed to start' : 'Built in',
  errorsIsolated: (count: number) => `Isolated: ${plural(count, 'error or warning', 'errors and warnings')}`,
  noErrors: 'No errors.',
} as const;
