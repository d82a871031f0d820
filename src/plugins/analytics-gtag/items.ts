import type { DomainEventMap, ItemFacts } from '../../core/events.js';
import type { Cart, CartLine } from '../../core/domain/cart.js';
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

/**
 * A cart line as the checkout events describe it, with its real quantity (the stock extension
 * passed the array index as the quantity, so the first item was always 0: fixed upstream in the GA
 * integration's PR #343, and not repeated here).
 */
export const toGtagCartItem = (line: CartLine, minorUnit: number): GtagItem => ({
  id: line.sku ? line.sku : `#${line.id}`,
  name: line.name,
  quantity: line.quantity,
  ...(line.category !== null && line.category.trim() !== '' ? { category: line.category.trim() } : {}),
  price: toMajorString(line.unitPrice, minorUnit),
});

/** The parameters every checkout event carries: items, first coupon, currency, value and step. */
export const checkoutParams = (cart: Cart, step: number): Record<string, unknown> => ({
  items: cart.lines.map((line) => toGtagCartItem(line, cart.totals.currency.minorUnit)),
  coupon: cart.coupons[0]?.code ?? '',
  currency: cart.totals.currency.code,
  value: toMajorString(cart.totals.total, cart.totals.currency.minorUnit),
  checkout_step: step,
});

/** GA4's `purchase`: transaction id, value, tax, shipping, coupon and the items bought. */
export const purchaseParams = (placed: DomainEventMap['checkout.placed']): Record<string, unknown> => {
  const minor = placed.cart.totals.currency.minorUnit;
  return {
    transaction_id: String(placed.orderId),
    value: toMajorString(placed.total, minor),
    tax: toMajorString(placed.tax, minor),
    shipping: toMajorString(placed.shipping, minor),
    currency: placed.cart.totals.currency.code,
    coupon: placed.coupon,
    items: placed.cart.lines.map((line) => toGtagCartItem(line, minor)),
  };
};
