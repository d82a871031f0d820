/**
 * Model-based test of the inspector's view (`fc.commands`): entries arrive from a few plugins
 * while the integrator filters by plugin and by name, pauses, resumes and clears. The model keeps
 * explicit sets (what was cleared, what was on screen when paused) instead of sequence arithmetic,
 * and after every step the panel's list and its paused count must be the model's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INITIAL_VIEW, inspectorReducer, pausedCount, visibleEntries, type InspectorView } from './view-state.js';

interface Entry {
  readonly seq: number;
  readonly source: string;
  readonly name: string;
}

interface Model {
  entries: Entry[];
  cleared: Set<number>;
  /** What was recorded when the pause began; null when not paused. */
  frozen: Set<number> | null;
  /** Recorded since the pause (or since the last clear while paused). */
  missed: number;
  plugin: string;
  name: string;
}

interface Real {
  view: InspectorView;
  entries: Entry[];
}

const last = (r: Real): number => r.entries.at(-1)?.seq ?? 0;

const check = (m: Model, r: Real): void => {
  const expected = m.entries.filter(
    (e) =>
      !m.cleared.has(e.seq) &&
      (m.frozen === null || m.frozen.has(e.seq)) &&
      (m.plugin === '' || e.source === m.plugin) &&
      (m.name.trim() === '' || e.name.toLowerCase().includes(m.name.trim().toLowerCase())),
  );
  expect(visibleEntries(r.entries, r.view)).toEqual(expected);
  expect(pausedCount(r.view, last(r))).toBe(m.frozen === null ? 0 : m.missed);
};

class Record implements fc.Command<Model, Real> {
  constructor(
    readonly source: string,
    readonly name: string,
  ) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const entry = { seq: last(r) + 1, source: this.source, name: this.name };
    r.entries.push(entry);
    m.entries.push(entry);
    if (m.frozen !== null) m.missed += 1;
    check(m, r);
  }
  toString = () => `record(${this.source}, ${this.name})`;
}

class FilterPlugin implements fc.Command<Model, Real> {
  constructor(readonly plugin: string) {}
  check = () => true;
  run(m: Model, r: Real): void {
    r.view = inspectorReducer(r.view, { type: 'filter-plugin', plugin: this.plugin });
    m.plugin = this.plugin;
    check(m, r);
  }
  toString = () => `plugin(${JSON.stringify(this.plugin)})`;
}

class FilterName implements fc.Command<Model, Real> {
  constructor(readonly name: string) {}
  check = () => true;
  run(m: Model, r: Real): void {
    r.view = inspectorReducer(r.view, { type: 'filter-name', name: this.name });
    m.name = this.name;
    check(m, r);
  }
  toString = () => `name(${JSON.stringify(this.name)})`;
}

class Pause implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real): void {
    r.view = inspectorReducer(r.view, { type: 'pause', last: last(r) });
    if (m.frozen === null) {
      m.frozen = new Set(m.entries.map((e) => e.seq));
      m.missed = 0;
    }
    check(m, r);
  }
  toString = () => 'pause';
}

class Resume implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real): void {
    r.view = inspectorReducer(r.view, { type: 'resume' });
    m.frozen = null;
    m.missed = 0;
    check(m, r);
  }
  toString = () => 'resume';
}

class Clear implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real): void {
    r.view = inspectorReducer(r.view, { type: 'clear', last: last(r) });
    for (const e of m.entries) m.cleared.add(e.seq);
    if (m.frozen !== null) {
      // Cleared while paused: the count starts again from here.
      m.frozen = new Set(m.entries.map((e) => e.seq));
      m.missed = 0;
    }
    check(m, r);
  }
  toString = () => 'clear';
}

const plugins = fc.constantFrom('', 'cart', 'wishlist', 'ui', 'analytics-gtag');
const names = fc.constantFrom('cart.added', 'cart.removed', 'wishlist.changed', 'consent.changed', 'page.viewed');

const commands = fc.commands(
  [
    fc.tuple(plugins.filter((p) => p !== ''), names).map(([source, name]) => new Record(source, name)),
    plugins.map((p) => new FilterPlugin(p)),
    fc.constantFrom('', 'cart', 'CART.', ' added ', 'changed', 'nothing').map((n) => new FilterName(n)),
    fc.constant(new Pause()),
    fc.constant(new Resume()),
    fc.constant(new Clear()),
  ],
  { maxCommands: 60 },
);

describe('the inspector view (model-based)', () => {
  it('lists what the model lists, and counts what arrived while paused', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        fc.modelRun(() => ({ model: { entries: [], cleared: new Set<number>(), frozen: null, missed: 0, plugin: '', name: '' }, real: { view: INITIAL_VIEW, entries: [] } }), cmds);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the same view object when an action changes nothing', () => {
    expect(inspectorReducer(INITIAL_VIEW, { type: 'resume' })).toBe(INITIAL_VIEW);
    expect(inspectorReducer(INITIAL_VIEW, { type: 'filter-plugin', plugin: '' })).toBe(INITIAL_VIEW);
    const paused = inspectorReducer(INITIAL_VIEW, { type: 'pause', last: 3 });
    expect(inspectorReducer(paused, { type: 'pause', last: 9 })).toBe(paused);
  });
});
