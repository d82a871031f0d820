import { describe, expect, it } from 'vitest';
import type { PluginViewContext } from '../core/plugin.js';
import { createViewRegistry, NO_VIEWS, type ProductTabView, type RegisteredViews } from './slots.js';

const PickerA = () => null;
const PickerB = () => null;
const Note = () => null;
const Panel: ProductTabView<never>['Panel'] = () => null;
const contextOf = (name: string): PluginViewContext<unknown, unknown> => ({
  name,
  options: { of: name },
  store: { getSnapshot: () => null, subscribe: () => () => {} },
  emit: () => {
    throw new Error('not in this test');
  },
  execute: () => Promise.reject(new Error('not in this test')),
});

describe('view registry', () => {
  it('the first enabled plugin that fills a replacing slot wins, with its own context', () => {
    const views = createViewRegistry(
      [{ name: 'a' }, { name: 'b', views: { 'product.attributePicker': PickerA } }, { name: 'c', views: { 'product.attributePicker': PickerB } }],
      contextOf,
    );
    expect(views.replacing('product.attributePicker')).toMatchObject({ name: 'b', view: PickerA, plugin: { options: { of: 'b' } } });
    expect(NO_VIEWS.replacing('product.attributePicker')).toBeNull();
  });

  it('gathers every plugin’s view of a gathering slot, in plugin order', () => {
    const views = createViewRegistry(
      [
        { name: 'wishlist', views: { 'header.actions': Note, footer: Note } },
        { name: 'none', views: {} },
        { name: 'note', views: { 'header.actions': Note } },
      ],
      contextOf,
    );
    expect(views.gathering('header.actions').map((fill) => [fill.name, fill.plugin.name])).toEqual([
      ['wishlist', 'wishlist'],
      ['note', 'note'],
    ]);
    expect(views.gathering('cart.totals')).toEqual([]);
  });

  it('collects every plugin’s product tabs in plugin order', () => {
    const views = createViewRegistry(
      [
        { name: 'reviews', views: { productTabs: [{ id: 'reviews', label: 'Reviews', Panel }] } },
        { name: 'qna', views: { productTabs: [{ id: 'qna', label: 'Q&A', Panel }] } },
      ],
      contextOf,
    );
    expect(views.productTabs().map((t) => [t.id, t.plugin.name])).toEqual([
      ['reviews', 'reviews'],
      ['qna', 'qna'],
    ]);
  });

  it('leaves out the views of a plugin the runtime does not run', () => {
    const only: RegisteredViews = { 'header.actions': Note };
    const views = createViewRegistry([{ name: 'ghost', views: only }], () => undefined);
    expect(views.gathering('header.actions')).toEqual([]);
  });
});
