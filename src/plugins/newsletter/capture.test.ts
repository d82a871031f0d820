import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { captureStep, initialCapture, isCaptureEmail, type CaptureEvent, type CaptureSend, type CaptureSettings, type CaptureState } from './capture.js';

const ON: CaptureSettings = { cookiesAllowed: true, cartsDisabled: false, consentGranted: true };
const play = (events: CaptureEvent[], settings: CaptureSettings = ON) => {
  let state = initialCapture;
  const sent: CaptureSend[] = [];
  for (const event of events) {
    const step = captureStep(state, settings, event);
    state = step.state;
    if (step.send) sent.push(step.send);
  }
  return { state, sent };
};

describe('newsletter capture', () => {
  it('accepts the provider’s addresses and longer top-level domains; refuses the rest', () => {
    for (const ok of ['juan@example.ph', 'juan+shop@mail.example.com', 'a.b_c-d@x-y.online', 'juan..cruz@example.com']) expect(isCaptureEmail(ok)).toBe(true);
    for (const bad of ['', 'juan', 'juan@', 'juan@example', 'juan@example.c', 'ju an@example.com', 'juan@exam ple.com', '<b>@x.com', 'juan@example.123']) {
      expect(isCaptureEmail(bad)).toBe(false);
    }
  });

  it('sends a valid address once, again only after a failure, and again when the opt-in changes', () => {
    const { sent, state } = play([
      { type: 'emailSeen', email: 'juan@example.ph' },
      { type: 'emailSeen', email: 'juan@example.ph' },
      { type: 'sent', email: 'juan@example.ph', ok: false },
      { type: 'emailSeen', email: ' juan@example.ph ' },
      { type: 'sent', email: 'juan@example.ph', ok: true },
      { type: 'emailSeen', email: 'juan@example.ph' },
      { type: 'optInChanged', subscribed: true },
    ]);
    expect(sent).toEqual([
      { email: 'juan@example.ph', subscribed: false },
      { email: 'juan@example.ph', subscribed: false },
      { email: 'juan@example.ph', subscribed: true },
    ]);
    expect(state.current).toBe('juan@example.ph');
  });

  it('sends nothing without cookies, with carts disabled, or before consent; remembers nothing without cookies', () => {
    const seen: CaptureEvent[] = [{ type: 'emailSeen', email: 'juan@example.ph' }];
    expect(play(seen, { ...ON, cookiesAllowed: false })).toEqual({ state: initialCapture, sent: [] });
    expect(play(seen, { ...ON, cartsDisabled: true }).sent).toEqual([]);
    expect(play(seen, { ...ON, consentGranted: false }).sent).toEqual([]);
    expect(play(seen, { ...ON, cartsDisabled: true }).state.current).toBe('juan@example.ph');
  });

  const emailArb = fc.oneof(fc.constantFrom('juan@example.ph', 'maria@example.com', 'bad', '', 'x@y.online'), fc.emailAddress(), fc.string({ maxLength: 10 }));
  const eventArb: fc.Arbitrary<CaptureEvent> = fc.oneof(
    emailArb.map((email) => ({ type: 'emailSeen' as const, email })),
    fc.boolean().map((subscribed) => ({ type: 'optInChanged' as const, subscribed })),
    fc.tuple(emailArb, fc.boolean()).map(([email, ok]) => ({ type: 'sent' as const, email, ok })),
  );
  const settingsArb = fc.record({ cookiesAllowed: fc.boolean(), cartsDisabled: fc.boolean(), consentGranted: fc.boolean() });

  it('property: only valid addresses are ever remembered or sent, and nothing is sent when not allowed', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), settingsArb, (events, settings) => {
        const { state, sent } = play(events, settings);
        for (const s of sent) expect(isCaptureEmail(s.email)).toBe(true);
        if (state.current !== null) expect(isCaptureEmail(state.current)).toBe(true);
        if (!settings.cookiesAllowed || settings.cartsDisabled || !settings.consentGranted) expect(sent).toEqual([]);
        if (!settings.cookiesAllowed) expect([state.current, state.previous, state.lastSent, state.inFlight]).toEqual([null, null, null, null]);
      }),
    );
  });

  // Model: a send happens exactly when the (valid) address and opt-in pair differs from the last accepted one and is not in flight.
  interface Model {
    current: string | null;
    lastSent: string | null;
    inFlight: string | null;
    subscribed: boolean;
  }
  interface Real {
    state: CaptureState;
  }
  class Seen implements fc.Command<Model, Real> {
    constructor(readonly email: string) {}
    check = () => true;
    run(m: Model, r: Real) {
      const step = captureStep(r.state, ON, { type: 'emailSeen', email: this.email });
      r.state = step.state;
      const email = this.email.trim();
      if (!isCaptureEmail(email)) {
        expect(step.send).toBeNull();
        return;
      }
      m.current = email;
      const expectSend = email !== m.lastSent && email !== m.inFlight;
      expect(step.send).toEqual(expectSend ? { email, subscribed: m.subscribed } : null);
      if (expectSend) m.inFlight = email;
      expect(r.state.current).toBe(m.current);
    }
    toString = () => `seen(${JSON.stringify(this.email)})`;
  }
  class Answer implements fc.Command<Model, Real> {
    constructor(readonly ok: boolean) {}
    check = (m: Readonly<Model>) => m.inFlight !== null;
    run(m: Model, r: Real) {
      const email = m.inFlight ?? '';
      const step = captureStep(r.state, ON, { type: 'sent', email, ok: this.ok });
      r.state = step.state;
      expect(step.send).toBeNull();
      m.inFlight = null;
      if (this.ok) m.lastSent = email;
      expect(r.state.lastSent).toBe(m.lastSent);
    }
    toString = () => `answer(${this.ok})`;
  }
  class OptIn implements fc.Command<Model, Real> {
    constructor(readonly subscribed: boolean) {}
    check = () => true;
    run(m: Model, r: Real) {
      const step = captureStep(r.state, ON, { type: 'optInChanged', subscribed: this.subscribed });
      r.state = step.state;
      if (this.subscribed === m.subscribed) {
        expect(step.send).toBeNull();
        return;
      }
      m.subscribed = this.subscribed;
      m.lastSent = null;
      m.inFlight = m.current;
      expect(step.send).toEqual(m.current === null ? null : { email: m.current, subscribed: m.subscribed });
    }
    toString = () => `optIn(${this.subscribed})`;
  }

  it('model: sends against a model of the last accepted address', () => {
    fc.assert(
      fc.property(
        fc.commands([emailArb.map((e) => new Seen(e)), fc.boolean().map((ok) => new Answer(ok)), fc.boolean().map((s) => new OptIn(s))], { maxCommands: 50 }),
        (cmds) => {
          fc.modelRun(() => ({ model: { current: null, lastSent: null, inFlight: null, subscribed: false }, real: { state: initialCapture } }), cmds);
        },
      ),
    );
  });
});
