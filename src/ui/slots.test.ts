import { describe, expect, it } from 'vitest';
import { createViewRegistry, NO_VIEWS, type AttributePickerProps, type ProductTabView } from './slots.js';

const PickerA = (_props: AttributePickerProps & { options: unknown }) => null;
const PickerB = (_props: AttributePickerProps & { options: unknown }) => null;
const Panel: ProductTabView['Panel'] = () => null;

describe('view registry', () => {
  it('the first enabled plugin that fills a slot wins, with its own options', () => {
    const views = createViewRegistry([{ options: { a: 1 } }, { views: { 'product.attributePicker': PickerA }, options: { b: 2 } }, { views: { 'product.attributePicker': PickerB }, options: { c: 3 } }]);
    expect(views.get('product.attributePicker')).toEqual({ view: PickerA, options: { b: 2 } });
    expect(NO_VIEWS.get('product.attributePicker')).toBeNull();
  });

  it('collects every plugin’s product tabs in plugin order', () => {
    const views = createViewRegistry([
      { views: { productTabs: [{ id: 'reviews', label: 'Reviews', Panel }] }, options: 1 },
      { views: { productTabs: [{ id: 'qna', label: 'Q&A', Panel }] }, options: 2 },
    ]);
    expect(views.productTabs().map((t) => [t.id, t.options])).toEqual([
      ['reviews', 1],
      ['qna', 2],
    ]);
  });
});
