import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settleAttempt, startAttempt, type Attempt, type AttemptOutcome } from './checkout-attempt.js';

/** A key maker that counts the keys it made. */
const keys = () => {
  let n = 0;
  return { next: () => `key-${++n}`, made: () => n };
};

describe('Place order attempts', () => {
  it('a double press sends once; a retry after no answer reuses the key; a refusal or a changed form makes a new one', () => {
    const k = keys();
    const first = startAttempt(null, 'A', k.next);
    expect(first).toEqual({ attempt: { key: 'key-1', body: 'A', state: 'sending' }, send: true });
    expect(startAttempt(first.attempt, 'A', k.next).send).toBe(false);
    const lost = settleAttempt(first.attempt, 'unsure');
    expect(startAttempt(lost, 'A', k.next)).toEqual({ attempt: { key: 'key-1', body: 'A', state: 'sending' }, send: true });
    expect(startAttempt(lost, 'B', k.next).attempt.key).toBe('key-2');
    expect(startAttempt(settleAttempt(first.attempt, 'refused'), 'A', k.next).attempt.key).toBe('key-3');
    expect(startAttempt(settleAttempt(first.attempt, 'placed'), 'A', k.next).send).toBe(false);
  });

  it('property: two sends share a key exactly when nothing definite came between them and the body is the same', () => {
    const action = fc.oneof(
      fc.record({ type: fc.constant('press' as const), body: fc.constantFrom('A', 'B') }),
      fc.record({ type: fc.constant('answer' as const), outcome: fc.constantFrom<AttemptOutcome>('placed', 'refused', 'unsure') }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        const k = keys();
        let attempt: Attempt | null = null;
        const sends: Array<{ key: string; body: string }> = [];
        let placed = false;
        // Model: the key of the last send, and whether the next same-body press may reuse it.
        let reusable: { key: string; body: string } | null = null;
        let inFlight = false;
        for (const a of actions) {
          if (a.type === 'press') {
            const start = startAttempt(attempt, a.body, k.next);
            attempt = start.attempt;
            const expectedSend = !inFlight && !placed;
            expect(start.send).toBe(expectedSend);
            if (start.send) {
              if (reusable && reusable.body === a.body) expect(start.attempt.key).toBe(reusable.key);
              else expect(sends.map((s) => s.key)).not.toContain(start.attempt.key);
              sends.push({ key: start.attempt.key, body: a.body });
              inFlight = true;
            }
          } else if (attempt && inFlight) {
            attempt = settleAttempt(attempt, a.outcome);
            inFlight = false;
            placed = a.outcome === 'placed';
            reusable = a.outcome === 'unsure' ? { key: attempt.key, body: attempt.body } : null;
          }
        }
        // One key never carries two bodies.
        const bodies = new Map<string, string>();
        for (const s of sends) {
          expect(bodies.get(s.key) ?? s.body).toBe(s.body);
          bodies.set(s.key, s.body);
        }
      }),
    );
  });
});
