/**
 * Order status changes by shop staff: which moves are allowed, when stock goes back, and when the
 * shopper is told. Pure, so the rules are property-tested apart from the database.
 */

export const ORDER_STATUSES = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses whose stock has been taken (an order leaves them only by giving it back or keeping it sold). */
const HOLDS_STOCK: ReadonlySet<OrderStatus> = new Set(['pending', 'processing', 'on-hold', 'completed']);

// Where each status may go. Cancelled, refunded and failed are final here: reopening an order
// would need its stock taken again, which staff do by placing a new order.
const MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'on-hold', 'cancelled', 'failed'],
  processing: ['on-hold', 'completed', 'cancelled', 'refunded'],
  'on-hold': ['processing', 'completed', 'cancelled'],
  completed: ['refunded'],
  cancelled: [],
  refunded: [],
  failed: [],
};

/** What a status change does. */
export type StatusChange =
  | { readonly allowed: false; readonly message: string }
  | { readonly allowed: true; readonly changed: boolean; readonly restoreStock: boolean; readonly notify: 'completed' | 'cancelled' | null };

export const isOrderStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/** The effect of moving an order from `from` to `to`. Setting the same status again changes nothing. */
export const statusChange = (from: OrderStatus, to: OrderStatus): StatusChange => {
  if (from === to) return { allowed: true, changed: false, restoreStock: false, notify: null };
  if (!MOVES[from].includes(to)) return { allowed: false, message: `An order that is ${from} cannot become ${to}.` };
  return {
    allowed: true,
    changed: true,
    restoreStock: HOLDS_STOCK.has(from) && !HOLDS_STOCK.has(to),
    notify: to === 'completed' || to === 'cancelled' ? to : null,
  };
};
