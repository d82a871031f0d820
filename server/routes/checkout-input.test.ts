import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/errors.js';
import { EMPTY_CUSTOMER } from '../services/cart-quote.js';
import { readCheckoutBody, readCustomerUpdate } from './checkout-input.js';

const address = { first_name: 'Juan', last_name: 'Dela Cruz', company: '', address_1: '123 Rizal Avenue', address_2: 'Unit 4B', city: 'Manila', state: '00', postcode: '1000', country: 'PH', phone: '+63 917 123 4567' };
const body = (over: Record<string, unknown> = {}, billing: Record<string, unknown> = {}) => ({
  billing_address: { ...address, email: 'juan.delacruz@example.com', ...billing },
  shipping_address: address,
  payment_method: 'cod',
  customer_note: 'Please call before delivery.',
  ...over,
});
const refusal = (value: unknown): ReturnType<ApiError['toJSON']> => {
  try {
    readCheckoutBody(value, null);
  } catch (error) {
    if (error instanceof ApiError) return error.toJSON();
    throw error;
  }
  throw new Error('accepted');
};
/** The JSON body of a recorded stock answer. */
const recorded = (name: string): unknown => {
  const file = readFileSync(new URL(`../../tests/fixtures/stock-woocommerce-9.1/peer-3/${name}.http`, import.meta.url), 'utf8');
  const response = file.slice(file.indexOf('--- response'));
  return JSON.parse(response.slice(response.indexOf('\n{')));
};

describe('reading a checkout body like the stock Store API', () => {
  it('reads the recorded COD request, normalising the phone to +63', () => {
    const input = readCheckoutBody(body(), 'attempt-1');
    expect(input).toMatchObject({ paymentMethod: 'cod', attemptKey: 'attempt-1', customerNote: 'Please call before delivery.', shippingRate: null });
    expect(input.billing).toMatchObject({ email: 'juan.delacruz@example.com', phone: '+639171234567', state: '00' });
  });

  it('answers the stock codes and messages for the recorded bad requests', () => {
    expect(refusal(body({}, { email: '' }))).toEqual(recorded('storeapi-checkout-missing-email'));
    expect(refusal(body({}, { email: 'juan.delacruz-at-example.com' }))).toEqual(recorded('storeapi-checkout-invalid-email'));
    expect(refusal(body({ shipping_address: { ...address, postcode: '1000#A' } }, { postcode: '1000#A' }))).toEqual(recorded('storeapi-checkout-invalid-postcode'));
    expect(refusal(body({ payment_method: 'cheque' }))).toEqual(recorded('storeapi-checkout-bad-payment-method'));
    const wrongState = refusal(body({ shipping_address: { ...address, state: 'NCR' } }, { state: 'NCR' }));
    expect(wrongState).toEqual(recorded('storeapi-checkout-wrong-state'));
  });

  it('refuses another country, a foreign phone, long fields and missing fields, naming the address', () => {
    expect(refusal(body({}, { country: 'US' })).data).toMatchObject({ details: { billing_address: { code: 'invalid_country' } } });
    expect(refusal(body({}, { phone: '+1 415 555 0100' })).data).toMatchObject({ details: { billing_address: { code: 'invalid_phone' } } });
    expect(refusal(body({}, { city: 'x'.repeat(10_000) })).code).toBe('rest_invalid_param');
    expect(refusal(body({}, { city: '' })).data).toMatchObject({ details: { billing_address: { code: 'missing_fields' } } });
    expect(refusal({ billing_address: 'nope', payment_method: 'cod' }).code).toBe('rest_invalid_param');
  });

  it('property: any JSON either reads as a checked order input or is refused with an ApiError, never a crash', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ billing_address: fc.dictionary(fc.constantFrom(...Object.keys(address), 'email'), fc.string({ maxLength: 30 })), payment_method: fc.constantFrom('cod', 'bacs', 'cheque', '') })), (value) => {
        try {
          const input = readCheckoutBody(value, null);
          expect(input.billing.email).not.toBe('');
          expect(['cod', 'bacs']).toContain(input.paymentMethod);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
        }
      }),
    );
  });
});

describe('reading a cart/update-customer body', () => {
  it('merges partial addresses, ships to the billing address when no shipping address comes, and drops the PH: prefix', () => {
    const next = readCustomerUpdate({ billing_address: { first_name: ' Juan ', state: 'PH:00', email: 'juan@example.ph' } }, EMPTY_CUSTOMER);
    expect(next.billing).toMatchObject({ first_name: 'Juan', state: '00', email: 'juan@example.ph', country: 'PH' });
    expect(next.shipping).toMatchObject({ first_name: 'Juan', state: '00' });
    expect(next.shipping).not.toHaveProperty('email');
    const moved = readCustomerUpdate({ shipping_address: { state: 'CEB' } }, next);
    expect([moved.billing.state, moved.shipping.state, moved.shipping.first_name]).toEqual(['00', 'CEB', 'Juan']);
  });

  it('refuses what checkout refuses, naming the address', () => {
    const refused = (value: unknown) => {
      try {
        readCustomerUpdate(value, EMPTY_CUSTOMER);
      } catch (error) {
        if (error instanceof ApiError) return error.toJSON();
        throw error;
      }
      throw new Error('accepted');
    };
    expect(refused({ shipping_address: { state: 'NCR' } }).data).toMatchObject({ details: { shipping_address: { code: 'invalid_state' } } });
    expect(refused({ billing_address: { email: 'nope' } }).data).toMatchObject({ details: { billing_address: { code: 'invalid_email' } } });
    expect(refused({ billing_address: { address_1: '<b>1</b>' } }).data).toMatchObject({ params: { billing_address: 'billing_address.address_1 must not contain HTML.' } });
    expect(refused({ billing_address: 42 }).code).toBe('rest_invalid_param');
  });

  it('property: any JSON either updates the customer with PH addresses or is refused with an ApiError, never a crash', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ billing_address: fc.dictionary(fc.constantFrom(...Object.keys(address), 'email'), fc.string({ maxLength: 30 })) }, { requiredKeys: [] })), (value) => {
        try {
          const next = readCustomerUpdate(value, EMPTY_CUSTOMER);
          expect([next.billing.country, next.shipping.country]).toEqual(['PH', 'PH']);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
        }
      }),
    );
  });
});
