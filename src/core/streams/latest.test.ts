import fc from 'fast-check';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { latestSearch, type LatestSearch } from './latest.js';

const DEBOUNCE = 250;

/** A search whose answers the test releases by hand, remembering what was asked and aborted. */
const controlledSearch = () => {
  const calls: Array<{ term: string; signal: AbortSignal; answer: (value: string) => void; fail: (error: Error) => void }> = [];
  const search = (term: string, signal: AbortSignal) =>
    new Promise<string>((answer, fail) => {
      calls.push({ term, signal, answer, fail });
    });
  return { calls, search };
};

const run = (search: (term: string, signal: AbortSignal) => Promise<string>, searchable?: (term: string) => boolean) => {
  const terms = new Subject<string>();
  const states: Array<LatestSearch<string>> = [];
  const subscription = latestSearch(terms, search, { debounceMs: DEBOUNCE, ...(searchable ? { searchable } : {}) }).subscribe((s) => states.push(s));
  return { terms, states, subscription };
};

describe('latestSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches only the term the shopper paused at', async () => {
    const { calls, search } = controlledSearch();
    const { terms, states } = run(search);
    terms.next('ba');
    await vi.advanceTimersByTimeAsync(100);
    terms.next('bar');
    await vi.advanceTimersByTimeAsync(100);
    terms.next('barong');
    await vi.advanceTimersByTimeAsync(DEBOUNCE - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.term)).toEqual(['barong']);
    expect(states).toEqual([{ status: 'searching', term: 'barong' }]);
    calls[0]!.answer('3 found');
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toEqual({ status: 'done', term: 'barong', result: '3 found' });
  });

  it('aborts an older search when a newer term arrives and never shows its answer', async () => {
    const { calls, search } = controlledSearch();
    const { terms, states } = run(search);
    terms.next('jusi');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    terms.next('pina');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(calls.map((c) => [c.term, c.signal.aborted])).toEqual([
      ['jusi', true],
      ['pina', false],
    ]);
    calls[1]!.answer('pina answer');
    calls[0]!.answer('late jusi answer');
    await vi.advanceTimersByTimeAsync(0);
    expect(states.filter((s) => s.status === 'done')).toEqual([{ status: 'done', term: 'pina', result: 'pina answer' }]);
  });

  it('clears at once for a term that does not search, aborting the one in flight', async () => {
    const { calls, search } = controlledSearch();
    const { terms, states } = run(search, (term) => term.length >= 2);
    terms.next('ba');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    terms.next('b');
    expect(states.at(-1)).toEqual({ status: 'idle' });
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('does not search again for the term it searched last', async () => {
    const { calls, search } = controlledSearch();
    const { terms } = run(search);
    terms.next('abaca');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    terms.next('abacas');
    await vi.advanceTimersByTimeAsync(50);
    terms.next('abaca');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(calls.map((c) => c.term)).toEqual(['abaca']);
  });

  it('turns a failing search into a failed state and keeps searching', async () => {
    const { calls, search } = controlledSearch();
    const { terms, states } = run(search);
    terms.next('one');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    calls[0]!.fail(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toMatchObject({ status: 'failed', term: 'one' });
    terms.next('two');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    calls[1]!.answer('ok');
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toEqual({ status: 'done', term: 'two', result: 'ok' });
  });

  it('aborts the search in flight when unsubscribed', async () => {
    const { calls, search } = controlledSearch();
    const { terms, subscription } = run(search);
    terms.next('gone');
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    subscription.unsubscribe();
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('always ends showing the answer for the last term typed, whatever the timing (property)', async () => {
    const keystroke = fc.record({ term: fc.constantFrom('', 'a', 'ab', 'abc', 'b'), pause: fc.nat(400), latency: fc.nat(600) });
    await fc.assert(
      fc.asyncProperty(fc.array(keystroke, { minLength: 1, maxLength: 8 }), async (keys) => {
        const latencies = new Map<string, number[]>();
        const search = (term: string) =>
          new Promise<string>((resolve) => {
            const delays = latencies.get(term) ?? [];
            setTimeout(() => resolve(`answer ${term}`), delays.shift() ?? 0);
          });
        const { terms, states, subscription } = run(search);
        for (const { term, pause, latency } of keys) {
          latencies.set(term, [...(latencies.get(term) ?? []), latency]);
          terms.next(term);
          await vi.advanceTimersByTimeAsync(pause);
        }
        await vi.advanceTimersByTimeAsync(DEBOUNCE + 600);
        const last = keys.at(-1)!.term;
        expect(states.at(-1)).toEqual(last === '' ? { status: 'idle' } : { status: 'done', term: last, result: `answer ${last}` });
        subscription.unsubscribe();
      }),
      { numRuns: 60 },
    );
  });
});
