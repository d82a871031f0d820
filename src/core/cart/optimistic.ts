import type { Cart, CartLine } from '../domain/cart.js';
import { PHP, type Currency } from '../domain/money.js';
import type { ItemFacts } from '../events.js';

/** Prefix of the key of a line shown before the server confirmed it. */
export const PENDING_LINE_PREFIX = 'pending:';

/** An add as the optimistic view applies it. */
export interface OptimisticAdd {
  readonly intentKey: string;
  readonly productId: number;
  readonly variationId?: number | undefined;
  readonly variation?: Readonly<Record<string, string>> | undefined;
  readonly quantity: number;
  readonly item: ItemFacts;
}

/** The id a cart line of this add carries (the variation id for variations). */
export const lineIdOf = (add: Pick<OptimisticAdd, 'productId' | 'variationId'>): number => add.variationId ?? add.productId;

const currencyOf = (item: ItemFacts): Currency =>
  item.currencyCode === PHP.code && item.currencyMinorUnit === PHP.minorUnit
    ? PHP
    : {
        code: item.currencyCode,
        minorUnit: item.currencyMinorUnit,
        symbol: item.currencyCode,
        prefix: `${item.currencyCode} `,
        suffix: '',
        decimalSeparator: '.',
        thousandSeparator: ',',
      };

/** A cart with no lines, in the currency of `item`; the starting point before the first load. */
export const emptyCart = (item: ItemFacts): Cart => ({
  lines: [],
  totals: { subtotal: 0, discount: 0, shipping: null, tax: 0, total: 0, currency: currencyOf(item) },
  coupons: [],
  itemsCount: 0,
});

// Totals move by the change in line totals; the server's figures replace them on confirmation.
const withLines = (cart: Cart, lines: readonly CartLine[]): Cart => {
  let before = 0;
  for (const line of cart.lines) before += line.lineTotal;
  let after = 0;
  let count = 0;
  for (const line of lines) {
    after += line.lineTotal;
    count += line.quantity;
  }
  const delta = after - before;
  return {
    ...cart,
    lines,
    itemsCount: count,
    totals: { ...cart.totals, subtotal: cart.totals.subtotal + delta, total: cart.totals.total + delta },
  };
};

const withQuantity = (line: CartLine, quantity: number): CartLine => ({
  ...line,
  quantity,
  lineSubtotal: line.unitPrice * quantity,
  lineTotal: line.unitPrice * quantity,
  pending: true,
});

/**
 * Applies an add: an existing line of the same product gets its quantity bumped; otherwise a new
 * line keyed `pending:<intentKey>` appears with the price and category from the item facts.
 */
export const applyAdd = (cart: Cart | null, add: OptimisticAdd): Cart => {
  const base = cart ?? emptyCart(add.item);
  const id = lineIdOf(add);
  const index = base.lines.findIndex((line) => line.id === id);
  if (index >= 0) {
    const lines = base.lines.slice();
    const line = lines[index]!;
    lines[index] = withQuantity(line, line.quantity + add.quantity);
    return withLines(base, lines);
  }
  const line: CartLine = {
    key: PENDING_LINE_PREFIX + add.intentKey,
    id,
    name: add.item.name,
    sku: add.item.sku,
    quantity: add.quantity,
    limits: { minimum: 1, maximum: 0, multipleOf: 1, editable: false },
    permalink: '',
    image: null,
    variation: Object.entries(add.variation ?? {}).map(([attribute, value]) => ({ attribute, value })),
    unitPrice: add.item.price,
    regularPrice: add.item.price,
    lineSubtotal: add.item.price * add.quantity,
    lineTotal: add.item.price * add.quantity,
    category: add.item.categories.find((name) => name !== '') ?? null,
    pending: true,
  };
  return withLines(base, [...base.lines, line]);
};

/** Applies a removal; an unknown key changes nothing. */
export const applyRemove = (cart: Cart | null, key: string): Cart | null => {
  if (!cart || !cart.lines.some((line) => line.key === key)) return cart;
  return withLines(
    cart,
    cart.lines.filter((line) => line.key !== key),
  );
};

/** Applies a quantity change (0 or less removes the line); an unknown key changes nothing. */
export const applySetQuantity = (cart: Cart | null, key: string, quantity: number): Cart | null => {
  if (!cart) return cart;
  const index = cart.lines.findIndex((line) => line.key === key);
  if (index < 0) return cart;
  if (quantity <= 0) return applyRemove(cart, key);
  const lines = cart.lines.slice();
  lines[index] = withQuantity(lines[index]!, quantity);
  return withLines(cart, lines);
};
