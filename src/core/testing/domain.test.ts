// The kit's domain arbitraries against the core rules: every valid value is taken, every near miss
// is refused by the rule it breaks (and only that one, for addresses).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_RULES, type CheckoutField } from '../rules/checkout-form.js';
import { fieldError, isEmail } from '../rules/forms.js';
import { formatMoney, fromMajorString, parseMinorUnits, toMajorString } from '../rules/money.js';
import { isPostcode, normalisePhone } from '../rules/ph-contact.js';
import { readTypedQuantity } from '../rules/quantity.js';
import {
  emailArb,
  emailNearMiss,
  majorAmountArb,
  majorAmountNearMiss,
  moneyArb,
  phBillingAddressArb,
  phBillingAddressNearMiss,
  phMobileArb,
  phMobileNearMiss,
  postcodeArb,
  postcodeNearMiss,
  quantityArb,
  quantityNearMiss,
} from './domain.js';
import type { BillingAddress } from '../domain/checkout.js';

describe('money', () => {
  it('an amount survives the trip to major units and back, and reads back from the wire', () => {
    fc.assert(
      fc.property(moneyArb({ signed: true }), ({ amount, currency }) => {
        expect(fromMajorString(toMajorString(amount, currency.minorUnit), currency.minorUnit)).toEqual({ ok: true, value: amount });
        expect(parseMinorUnits(String(amount))).toEqual({ ok: true, value: amount });
        // The shown digits are the amount's, exactly (no float rounding on the way).
        expect(BigInt(formatMoney(amount, currency).replace(/\D/g, ''))).toBe(BigInt(Math.abs(amount)));
      }),
    );
  });

  it('a typed major amount is the minor units it stands for ("1.5" is 150 centavos)', () => {
    fc.assert(fc.property(majorAmountArb, ({ text, minorUnit, amount }) => void expect(fromMajorString(text, minorUnit)).toEqual({ ok: true, value: amount })));
    expect(fromMajorString('1.5', 2)).toEqual({ ok: true, value: 150 });
  });

  it('near misses are refused', () => {
    fc.assert(fc.property(majorAmountNearMiss, ({ text, minorUnit }) => void expect(fromMajorString(text, minorUnit).ok).toBe(false)));
  });
});

describe('quantities', () => {
  it('a quantity on the grid within the limits is taken as typed', () => {
    fc.assert(fc.property(quantityArb, ({ limits, quantity }) => void expect(readTypedQuantity(String(quantity), limits.min, limits)).toEqual({ kind: 'accepted', quantity })));
  });

  it('a near miss is moved, for the reason it names', () => {
    fc.assert(
      fc.property(quantityNearMiss, ({ limits, quantity, kind }) => {
        const outcome = readTypedQuantity(String(quantity), limits.min, limits);
        expect(outcome.kind).toBe(kind);
        expect(outcome.quantity).not.toBe(quantity);
      }),
    );
  });
});

describe('Philippine contact details', () => {
  it('a mobile in any usual format normalises to its E.164 form', () => {
    fc.assert(fc.property(phMobileArb, ({ typed, e164 }) => void expect(normalisePhone(typed)).toEqual({ ok: true, value: e164 })));
  });
  it('a near-miss number is refused', () => {
    fc.assert(fc.property(phMobileNearMiss, ({ typed }) => void expect(normalisePhone(typed).ok).toBe(false)));
  });
  it('postcodes: four digits pass, near misses do not', () => {
    fc.assert(fc.property(postcodeArb, (code) => void expect(isPostcode(code)).toBe(true)));
    fc.assert(fc.property(postcodeNearMiss, (code) => void expect(isPostcode(code)).toBe(false)));
  });
  it('emails: valid ones pass the email rule, near misses do not', () => {
    fc.assert(fc.property(emailArb, (email) => void expect(isEmail(email)).toBe(true)));
    fc.assert(fc.property(emailNearMiss, (email) => void expect(isEmail(email)).toBe(false)));
  });
});

const billingErrors = (address: BillingAddress): Partial<Record<CheckoutField, string>> => {
  const values: Partial<Record<CheckoutField, string>> = Object.fromEntries(Object.entries(address).map(([key, value]) => [`billing_${key}`, value]));
  return Object.fromEntries(
    (Object.keys(CHECKOUT_RULES) as CheckoutField[])
      .filter((field) => field.startsWith('billing_'))
      .flatMap((field) => {
        const error = fieldError(CHECKOUT_RULES[field], values[field] ?? '');
        return error === null ? [] : [[field, error]];
      }),
  );
};

describe('addresses', () => {
  it('a Philippine billing address passes every checkout rule', () => {
    fc.assert(fc.property(phBillingAddressArb, (address) => void expect(billingErrors(address)).toEqual({})));
  });
  it('a near miss fails on the field it broke, and on no other', () => {
    fc.assert(fc.property(phBillingAddressNearMiss, ({ address, field }) => void expect(Object.keys(billingErrors(address))).toEqual([`billing_${field}`])));
  });
});
