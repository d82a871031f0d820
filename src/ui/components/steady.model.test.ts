/**
 * Model-based test of the press hold (`fc.commands`): answers land, fingers go down and come up in
 * any order. What the part shows must not change while any press lasts, must be what was on screen
 * when the first press began, and must be the latest answer whenever no press lasts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RELEASED, press, shownOf, type Hold } from './steady.js';

interface Model {
  latest: number;
  /** What was on screen when the press began; null when no press lasts. */
  frozen: number | null;
}

interface Real {
  hold: Hold<number>;
  latest: number;
  /** What the part showed after the previous step. */
  onScreen: number;
}

const step = (m: Model, r: Real): void => {
  const shown = shownOf(r.hold, r.latest);
  if (m.frozen !== null) {
    expect(shown).toBe(m.frozen);
    expect(shown).toBe(r.onScreen);
  } else {
    expect(shown).toBe(m.latest);
  }
  r.onScreen = shown;
};

class Answer implements fc.Command<Model, Real> {
  constructor(readonly value: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    m.latest = this.value;
    r.latest = this.value;
    step(m, r);
  }
  toString = () => `answer(${this.value})`;
}

class Press implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real): void {
    if (m.frozen === null) m.frozen = m.latest;
    r.hold = press(r.hold, shownOf(r.hold, r.latest));
    step(m, r);
  }
  toString = () => 'press';
}

class Release implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real): void {
    m.frozen = null;
    r.hold = RELEASED;
    step(m, r);
  }
  toString = () => 'release';
}

describe('a press holds what the part shows', () => {
  it('nothing shown changes during a press; the latest answer shows once it is over', () => {
    const commands = [fc.integer({ min: 0, max: 5 }).map((v) => new Answer(v)), fc.constant(new Press()), fc.constant(new Release())];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.commands(commands, { size: '+1' }), (start, cmds) => {
        fc.modelRun(() => ({ model: { latest: start, frozen: null }, real: { hold: RELEASED, latest: start, onScreen: start } }), cmds);
      }),
    );
  });

  it('a second press keeps the first press’s value', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (first, later) => {
        const held = press<number>(RELEASED, first);
        expect(shownOf(press(held, later), later)).toBe(first);
      }),
    );
  });
});
