import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { parse } from 'node-html-parser';
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

/**
 * The server's HTML as elements. Only `<script>` and `<style>` hold raw text: `<pre>` content is
 * parsed as markup, as browsers do, so markup that was not escaped would show up as elements.
 */
const dom = (html: string) => parse(html, { blockTextElements: { script: true, style: true } });

describe('the inspector panel', () => {
  it('is a region named by its heading, and shows payloads and options as text, never as HTML', () => {
    const html = renderToString(createElement(Inspector, { recorder: recorded(), plugins: [{ name: 'wishlist', options: { note: '<b>bold</b>' } }] }));
    const root = dom(html);
    const section = root.querySelector('section[aria-labelledby]');
    const heading = section?.firstElementChild;
    expect(section?.getAttribute('aria-labelledby')).toMatch(/\S/);
    expect(heading?.tagName).toBe('H2');
    expect(heading?.id).toBe(section?.getAttribute('aria-labelledby'));
    expect(heading?.text).toBe('Event inspector');
    // The payload and the options come out as text that reads back to the values given.
    const payload = root.querySelector('.suki-inspector__entry pre');
    expect(JSON.parse(payload?.text ?? 'null')).toEqual({ message: '<img src=x onerror=alert(1)>', source: '</pre><script>' });
    const options = root.querySelector('.suki-inspector__plugin pre');
    expect(JSON.parse(options?.text ?? 'null')).toEqual({ note: '<b>bold</b>' });
    // And none of it became an element.
    expect(root.querySelectorAll('img')).toHaveLength(0);
    expect(root.querySelectorAll('script')).toHaveLength(0);
    expect(root.querySelectorAll('b')).toHaveLength(0);
  });

  it('names each copy button by its visible text first', () => {
    const html = renderToString(createElement(Inspector, { recorder: recorded(), plugins: [] }));
    const labels = dom(html)
      .querySelectorAll('button')
      .filter((button) => button.text === 'Copy as JSON')
      .map((button) => button.getAttribute('aria-label'));
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatch(/^Copy as JSON: notice\.failed at /);
  });

  it('copies an entry as JSON that reads back to the entry', () => {
    const [entry] = recorded().getSnapshot().entries;
    expect(JSON.parse(entryJson(entry!))).toMatchObject({ kind: 'event', name: 'notice.failed', source: 'wishlist', consent: 'granted', gate: 'held', payload: { message: '<img src=x onerror=alert(1)>' } });
  });
});
