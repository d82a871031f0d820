import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, statusChange, type OrderStatus } from './order-status.js';

const statusArb = fc.constantFrom(...ORDER_STATUSES);

describe('order status changes', () => {
  it('completing or cancelling tells the shopper; cancelling gives stock back once', () => {
    expect(statusChange('processing', 'completed')).toEqual({ allowed: true, changed: true, restoreStock: false, notify: 'completed' });
    expect(statusChange('on-hold', 'cancelled')).toEqual({ allowed: true, changed: true, restoreStock: true, notify: 'cancelled' });
    expect(statusChange('cancelled', 'cancelled')).toEqual({ allowed: true, changed: false, restoreStock: false, notify: null });
    expect(statusChange('cancelled', 'processing')).toMatchObject({ allowed: false });
  });

  it('property: along any path of allowed changes, stock comes back at most once and only if it was taken', () => {
    fc.assert(
      fc.property(fc.array(statusArb, { maxLength: 12 }), (targets) => {
        let status: OrderStatus = 'processing';
        let stockOut = true;
        for (const to of targets) {
          const change = statusChange(status, to);
          if (!change.allowed) continue;
          if (change.restoreStock) {
            expect(stockOut).toBe(true);
            stockOut = false;
          }
          status = to;
        }
        // Stock is out exactly while the order is in a status that holds it.
        expect(stockOut).toBe(['pending', 'processing', 'on-hold', 'completed'].includes(status));
      }),
    );
  });

  it('property: the same status again is always allowed and does nothing', () => {
    fc.assert(
      fc.property(statusArb, (s) => {
        expect(statusChange(s, s)).toEqual({ allowed: true, changed: false, restoreStock: false, notify: null });
      }),
    );
  });
});
