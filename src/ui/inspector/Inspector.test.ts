import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createRecorder } from '../../core/debug/recorder.js';
import type { DomainEvent } from '../../core/events.js';
import { silentLogger } from '../../core/logger.js';
import { entryJson } from './format.js';
import { Inspector } from './Inspector.js';

/** A recorder that has heard one event whose payload carries markup. */
const recorded = () => {
  const recorder = createRecorder({ forward: silentLogger(), consent: 'granted' });
  const listeners: Array<(event: DomainEvent) => void> = [];
  const bus = { streams: () => ({ events$: { subscribe: (fn: (event: DomainEvent) => void) => listeners.push(fn) } }) };
  recorder.tap(bus as never, { streams: () => ({ events$: { subscribe: () => {} } }) } as never, (() => Promise.resolve()) as never);
  const event = { type: 'notice.failed', payload: { message: '<img src=x onerror=alert(1)>', source: '</pre><script>' }, meta: { id: 'e1', at: 0, source: 'wishlist' } } as DomainEvent;
  for (const listener of listeners) listener(event);
  return recorder;
};

describe('the inspector panel', () => {
  it('is a region named by its heading, and shows payloads and options as text, never as HTML', () => {
    const html = renderToString(createElement(Inspector, { recorder: recorded(), plugins: [{ name: 'wishlist', options: { note: '<b>bold</b>' } }] }));
    expect(html).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[^>]*>\s*<h2 id="\1">Event inspector<\/h2>/);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>bold');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });

  it('names each copy button by its visible text first', () => {
    const html = renderToString(createElement(Inspector, { recorder: recorded(), plugins: [] }));
    const labels = [...html.matchAll(/aria-label="([^"]+)"[^>]*>Copy as JSON</g)].map((m) => m[1]);
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatch(/^Copy as JSON: notice\.failed at /);
  });

  it('copies an entry as JSON that reads back to the entry', () => {
    const [entry] = recorded().getSnapshot().entries;
    expect(JSON.parse(entryJson(entry!))).toMatchObject({ kind: 'event', name: 'notice.failed', source: 'wishlist', consent: 'granted', gate: 'held', payload: { message: '<img src=x onerror=alert(1)>' } });
  });
});
