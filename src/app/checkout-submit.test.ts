import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlaceOrderRequest } from '../core/domain/checkout.js';
import type { CheckoutPort } from '../core/ports.js';
import { err, ok } from '../core/result.js';
import { DRAFT_FIELDS } from '../core/rules/checkout-draft.js';
import { readCheckoutForm, submitCheckout } from './checkout-submit.js';

const valid = {
  billing_email: 'juan@example.ph',
  billing_first_name: 'Juan',
  billing_last_name: 'Dela Cruz',
  billing_address_1: '123 Rizal Avenue',
  billing_city: 'Manila',
  billing_state: '00',
  billing_postcode: '1000',
  billing_phone: '0917 123 4567',
  payment_method: 'cod',
  _attempt: 'attempt-0123456789',
};

/** A port that records the orders it is asked to place. */
const portPlacing = (answer: 'ok' | 'refused') => {
  const sent: PlaceOrderRequest[] = [];
  const port = {
    placeOrder: async (request: PlaceOrderRequest) => {
      sent.push(request);
      return answer === 'ok'
        ? ok({ orderId: 9, orderNumber: '9', status: 'processing', orderKey: 'wc_order_abc', paymentMethod: 'cod', paymentStatus: 'success', redirectUrl: 'http://shop/checkout/order-received/9/?key=wc_order_abc' })
        : err({ kind: 'invalid-fields' as const, code: 'rest_invalid_param', message: 'Invalid parameter(s): billing_address', fields: { billing_postcode: 'The provided postcode / ZIP is not valid' } });
    },
  } as unknown as CheckoutPort;
  return { port, sent };
};
const sameOrigin = (url: string) => (url.startsWith('http://shop/') ? url : null);

describe('a checkout posted without scripts', () => {
  it('property: any posted body reads as the form’s own fields, a known payment method and a well-formed attempt key', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.oneof(fc.constantFrom(...DRAFT_FIELDS, 'payment_method', '_attempt', 'ship_to_different_address'), fc.string()), fc.oneof(fc.string(), fc.jsonValue())), (body) => {
        const form = readCheckoutForm(body);
        for (const [field, value] of Object.entries(form.values)) {
          expect(DRAFT_FIELDS).toContain(field);
          expect(typeof value).toBe('string');
        }
        expect(['', 'cod', 'bacs']).toContain(form.paymentMethod);
        expect(form.attempt === null || /^[A-Za-z0-9_-]{8,64}$/.test(form.attempt)).toBe(true);
      }),
    );
  });

  it('a valid form is placed once with the page’s attempt key and sends the shopper to the order', async () => {
    const { port, sent } = portPlacing('ok');
    expect(await submitCheckout(port, valid, sameOrigin)).toEqual({ kind: 'placed', redirect: 'http://shop/checkout/order-received/9/?key=wc_order_abc' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ idempotencyKey: 'attempt-0123456789', paymentMethod: 'cod', billing: { phone: '+639171234567', email: 'juan@example.ph' } });
  });

  it('an invalid form is not sent and comes back with its values and errors; the shop’s field errors too', async () => {
    const { port, sent } = portPlacing('ok');
    const outcome = await submitCheckout(port, { ...valid, billing_email: 'nope' }, sameOrigin);
    expect(sent).toHaveLength(0);
    expect(outcome).toMatchObject({ kind: 'refused', status: 400, submission: { values: { billing_email: 'nope', billing_city: 'Manila' }, errors: { billing_email: 'Please enter a valid email address.' } } });
    const refused = await submitCheckout(portPlacing('refused').port, valid, sameOrigin);
    expect(refused).toMatchObject({ kind: 'refused', status: 400, submission: { errors: { billing_postcode: 'The provided postcode / ZIP is not valid' } } });
    const expired = await submitCheckout(port, { ...valid, _attempt: '<x>' }, sameOrigin);
    expect(expired).toMatchObject({ kind: 'refused', submission: { message: /expired/ } });
  });
});
