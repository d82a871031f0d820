/**
 * A deferred view on the server: bracketed by the markers of a suspended range once its chunk is in
 * (so the browser's hydration keeps all of its nodes until the chunk arrives there), and rendered
 * as nothing, without failing the page, when its chunk could not be loaded.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { viewsChunk } from './views-chunk.js';

const Tile = ({ name }: { readonly name: string }) => createElement('p', null, createElement('b', null, name), createElement('i', null, 'two nodes'));
const Second = () => createElement('span', null, 'after');
const page = (inner: ReturnType<typeof createElement>) => renderToString(createElement('div', null, inner, createElement(Second)));

describe('viewsChunk on the server', () => {
  it('writes a loaded view between `<!--$s-->` and `<!--/$s-->`, every node inside', async () => {
    const chunk = viewsChunk(() => Promise.resolve({ Tile }));
    await chunk.load();
    const Deferred = chunk.deferred('Tile');
    expect(page(createElement(Deferred, { name: 'Banig' }))).toBe('<div><!--$s--><p><b>Banig</b><i>two nodes</i></p><!--/$s--><span>after</span></div>');
  });

  it('renders an unloaded view as an empty range instead of throwing, and the page around it', () => {
    const chunk = viewsChunk(() => new Promise<{ Tile: typeof Tile }>(() => undefined));
    const Deferred = chunk.deferred('Tile');
    expect(page(createElement(Deferred, { name: 'Banig' }))).toBe('<div><!--$s--><!--/$s--><span>after</span></div>');
  });
});
