/**
 * `HydrateLater` on the server: its children between the markers of a suspended range, so the
 * browser's first hydration pass keeps every one of their nodes for the turn that follows.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { finishPageHydration, HydrateLater } from './hydrate-later.js';

describe('HydrateLater', () => {
  it('writes its children, every node of them, between `<!--$s-->` and `<!--/$s-->`', () => {
    const html = renderToString(
      createElement('ul', null, createElement('li', null, 'first'), createElement(HydrateLater, null, createElement('li', null, 'second'), createElement('li', null, 'third')), createElement('li', null, 'last')),
    );
    expect(html).toBe('<ul><li>first</li><!--$s--><li>second</li><li>third</li><!--/$s--><li>last</li></ul>');
  });

  it('finishing a hydration with nothing left for later waits for no task', async () => {
    let tasks = 0;
    await finishPageHydration(async () => {
      tasks += 1;
    });
    expect(tasks).toBe(0);
  });
});
