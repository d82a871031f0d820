import type { Cart, CartLine } from '../domain/cart.js';
import { PHP } from '../domain/money.js';
import type { ItemFacts } from '../events.js';
import type { CartPort, Ports } from '../ports.js';
import { err } from '../result.js';

/** Test helper: item facts for product `id` (price in centavos). */
export const facts = (id: number, overrides: Partial<ItemFacts> = {}): ItemFacts => ({
  id,
  sku: `SKU-${id}`,
  name: `Product ${id}`,
  categories: ['Snacks'],
  price: 10_000 + id,
  currencyMinorUnit: 2,
  currencyCode: 'PHP',
  ...overrides,
});

/** Test helper: a confirmed cart line. */
export const line = (id: number, quantity: number, overrides: Partial<CartLine> = {}): CartLine => {
  const price = 10_000 + id;
  return {
    key: `k${id}`,
    id,
    name: `Product ${id}`,
    sku: `SKU-${id}`,
    quantity,
    limits: { minimum: 1, maximum: 99, multipleOf: 1, editable: true },
    permalink: `/product/p${id}/`,
    image: null,
    variation: [],
    unitPrice: price,
    regularPrice: price,
    lineSubtotal: price * quantity,
    lineTotal: price * quantity,
    category: null,
    pending: false,
    ...overrides,
  };
};

/** Test helper: a cart made of lines, totals summed. */
export const cartOf = (lines: readonly CartLine[]): Cart => {
  const total = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  return {
    lines,
    totals: { subtotal: total, discount: 0, shipping: null, tax: 0, total, currency: PHP },
    coupons: [],
    itemsCount: lines.reduce((sum, l) => sum + l.quantity, 0),
  };
};

/** Test helper: a cart port whose every call fails with `not-found` unless overridden. */
export const stubCartPort = (overrides: Partial<CartPort> = {}): CartPort => {
  const missing = async () => err({ kind: 'not-found' as const, message: 'not stubbed' });
  return { load: missing, add: missing, remove: missing, setQuantity: missing, ...overrides };
};

/** Test helper: ports with a stub cart and a catalog that finds nothing. */
export const stubPorts = (cart: Partial<CartPort> = {}): Ports => {
  const missing = async () => err({ kind: 'not-found' as const, message: 'not stubbed' });
  return { cart: stubCartPort(cart), catalog: { listProducts: missing, listTiles: missing, getProduct: missing, listCategories: missing, listVariations: missing, facets: missing, listAttributes: missing, listBrands: missing },
    blog: { listPosts: missing, getPost: missing, listComments: missing, createComment: missing },
  };
};
