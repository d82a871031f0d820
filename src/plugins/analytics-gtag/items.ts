import type { ItemFacts } from '../../core/events.js';
import { toMajorString } from '../../core/rules/money.js';

/** A product as the analytics cart events describe it. */
export interface GtagItem {
  /** The SKU, or `#` + product id when there is none. */
  readonly id: string;
  readonly name: string;
  readonly quantity: number;
  /** First category name; left out when unknown (never ''). */
  readonly category?: string;
  /** Unit price in the major unit, as an exact decimal string. */
  readonly price: string;
}

/** A product as list, view and select events describe it. */
export interface GtagImpression {
  readonly id: string;
  readonly name: string;
  readonly list_name: string;
  /** First category name; left out when unknown (never ''). */
  readonly category?: string;
  readonly price: string;
  /** 1-based place in the list; only in `view_item_list`. */
  readonly list_position?: number;
}

const idOf = (item: ItemFacts): string => (item.sku ? item.sku : `#${item.id}`);

const priceOf = (item: ItemFacts): string => toMajorString(item.price, item.currencyMinorUnit);

/** The first category with a name, trimmed; undefined when the facts know none. */
export const categoryOf = (item: ItemFacts): string | undefined => {
  for (const name of item.categories) {
    const trimmed = name.trim();
    if (trimmed !== '') return trimmed;
  }
  return undefined;
};

/** `{ category }` when the category is known, else nothing: an unknown category is not sent as ''. */
const categoryField = (item: ItemFacts): { readonly category?: string } => {
  const category = categoryOf(item);
  return category === undefined ? {} : { category };
};

/** Maps item facts to the analytics item of cart events. */
export const toGtagItem = (item: ItemFacts, quantity = 1): GtagItem => ({
  id: idOf(item),
  name: item.name,
  quantity,
  ...categoryField(item),
  price: priceOf(item),
});

/** Maps item facts to an impression; `position` (1-based) is set only for list views. */
export const toGtagImpression = (item: ItemFacts, listName: string, position?: number): GtagImpression => ({
  id: idOf(item),
  name: item.name,
  list_name: listName,
  ...categoryField(item),
  price: priceOf(item),
  ...(position !== undefined ? { list_position: position } : {}),
});
