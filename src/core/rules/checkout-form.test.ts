import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_RULES,
  checkoutErrors,
  checkoutFormReducer,
  firstInvalidCheckoutField,
  initialCheckoutForm,
  type CheckoutField,
  type CheckoutFormEvent,
  type CheckoutFormState,
} from './checkout-form.js';
import { fieldError } from './forms.js';
import { PHONE_MESSAGE, POSTCODE_MESSAGE } from './ph-contact.js';

const FIELDS = Object.keys(CHECKOUT_RULES) as CheckoutField[];
const GOOD: Record<CheckoutField, string> = {
  billing_email: 'juan@example.ph',
  billing_first_name: 'Juan',
  billing_last_name: 'dela Cruz',
  billing_address_1: '12 Mabini St.',
  billing_address_2: '',
  billing_city: 'Manila',
  billing_state: '00',
  billing_postcode: '1000',
  billing_phone: '0917 123 4567',
  shipping_first_name: '',
  shipping_last_name: '',
  shipping_address_1: '',
  shipping_address_2: '',
  shipping_city: '',
  shipping_state: '',
  shipping_postcode: '',
  order_comments: '',
};
const run = (events: CheckoutFormEvent[], start: CheckoutFormState = initialCheckoutForm()) => events.reduce((s, e) => checkoutFormReducer(s, e), start);

describe('checkout form', () => {
  it('a complete billing address with no shipping address passes; shipping fields count once ticked', () => {
    const filled = initialCheckoutForm(GOOD);
    expect(checkoutErrors(filled)).toEqual({});
    const elsewhere = checkoutFormReducer(filled, { type: 'shipElsewhere', value: true });
    expect(Object.keys(checkoutErrors(elsewhere))).toEqual(['shipping_first_name', 'shipping_last_name', 'shipping_address_1', 'shipping_city', 'shipping_state', 'shipping_postcode']);
  });

  it('submit shows every error and names the first invalid field; unticking hides shipping errors but keeps the text', () => {
    let state = run([{ type: 'shipElsewhere', value: true }, { type: 'input', field: 'shipping_city', value: 'Cebu City' }, { type: 'submit' }]);
    expect(firstInvalidCheckoutField(state)).toBe('billing_email');
    expect(state.form.shown.shipping_first_name).toBe('This field is required.');
    state = checkoutFormReducer(state, { type: 'shipElsewhere', value: false });
    expect(state.form.shown.shipping_first_name).toBeUndefined();
    expect(state.form.values.shipping_city).toBe('Cebu City');
  });

  it('checks the phone, postcode and province', () => {
    const bad = initialCheckoutForm({ ...GOOD, billing_phone: '12345', billing_postcode: '1000#A', billing_state: 'NCR' });
    expect(checkoutErrors(bad)).toEqual({ billing_phone: PHONE_MESSAGE, billing_postcode: POSTCODE_MESSAGE, billing_state: 'Please select an option.' });
  });

  // The model: values typed, whether shipping elsewhere, whether submitted, and which fields were left.
  interface Model {
    values: Record<CheckoutField, string>;
    shipElsewhere: boolean;
    submitted: boolean;
    touched: Set<CheckoutField>;
  }
  interface Real {
    state: CheckoutFormState;
  }
  const counts = (m: Model, f: CheckoutField) => m.shipElsewhere || !f.startsWith('shipping_');
  const expectedError = (m: Model, f: CheckoutField) => (counts(m, f) ? fieldError(CHECKOUT_RULES[f], m.values[f]) : null);
  const check = (m: Model, r: Real) => {
    expect(r.state.form.values).toEqual(m.values);
    expect(r.state.shipElsewhere).toBe(m.shipElsewhere);
    for (const f of FIELDS) {
      const shown = r.state.form.shown[f];
      // A shown error is always the field's current error under the rules that count.
      if (shown !== undefined) expect(shown).toBe(expectedError(m, f));
      // A field that does not count never shows an error.
      if (!counts(m, f)) expect(shown).toBeUndefined();
    }
    const errors = checkoutErrors(r.state);
    for (const f of FIELDS) expect(errors[f] ?? null).toBe(expectedError(m, f));
  };

  const fieldArb = fc.constantFrom(...FIELDS);
  const valueArb = fc.oneof(fc.constantFrom('', ' ', 'juan@example.ph', 'not-an-email', '1000', '10', '00', 'CEB', 'NCR', '0917 123 4567', '+63 917 123 4567', 'Juan'), fc.string({ maxLength: 12 }));

  class Input implements fc.Command<Model, Real> {
    constructor(readonly field: CheckoutField, readonly value: string) {}
    check = () => true;
    run(m: Model, r: Real) {
      r.state = checkoutFormReducer(r.state, { type: 'input', field: this.field, value: this.value });
      m.values[this.field] = this.value;
      check(m, r);
    }
    toString = () => `input(${this.field}, ${JSON.stringify(this.value)})`;
  }
  class Blur implements fc.Command<Model, Real> {
    constructor(readonly field: CheckoutField) {}
    check = () => true;
    run(m: Model, r: Real) {
      r.state = checkoutFormReducer(r.state, { type: 'blur', field: this.field });
      m.touched.add(this.field);
      check(m, r);
    }
    toString = () => `blur(${this.field})`;
  }
  class Submit implements fc.Command<Model, Real> {
    check = () => true;
    run(m: Model, r: Real) {
      r.state = checkoutFormReducer(r.state, { type: 'submit' });
      m.submitted = true;
      check(m, r);
      // After a submit every counting error shows, and the first one in page order gets focus.
      for (const f of FIELDS) expect(r.state.form.shown[f] ?? null).toBe(expectedError(m, f));
      expect(firstInvalidCheckoutField(r.state)).toBe(FIELDS.find((f) => expectedError(m, f) !== null) ?? null);
    }
    toString = () => 'submit';
  }
  class ShipElsewhere implements fc.Command<Model, Real> {
    constructor(readonly value: boolean) {}
    check = () => true;
    run(m: Model, r: Real) {
      r.state = checkoutFormReducer(r.state, { type: 'shipElsewhere', value: this.value });
      m.shipElsewhere = this.value;
      check(m, r);
    }
    toString = () => `shipElsewhere(${this.value})`;
  }

  it('model: typing, leaving fields, ticking ship-elsewhere and submitting', () => {
    const commands = [
      fc.tuple(fieldArb, valueArb).map(([f, v]) => new Input(f, v)),
      fieldArb.map((f) => new Blur(f)),
      fc.constant(new Submit()),
      fc.boolean().map((b) => new ShipElsewhere(b)),
    ];
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 40 }), (cmds) => {
        const values = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<CheckoutField, string>;
        fc.modelRun(() => ({ model: { values, shipElsewhere: false, submitted: false, touched: new Set<CheckoutField>() }, real: { state: initialCheckoutForm() } }), cmds);
      }),
      { numRuns: 150 },
    );
  });
});

describe('checkout form: what the mutation run found unchecked', () => {
  it('ticking "ship elsewhere" again changes nothing; unticking hides only the shipping errors, ticking hides none', () => {
    const ticked = checkoutFormReducer(initialCheckoutForm({}, true), { type: 'submit' });
    expect(checkoutFormReducer(ticked, { type: 'shipElsewhere', value: true })).toBe(ticked);
    const unticked = checkoutFormReducer(ticked, { type: 'shipElsewhere', value: false });
    expect(Object.keys(unticked.form.shown).some((field) => field.startsWith('shipping_'))).toBe(false);
    expect(unticked.form.shown.billing_email).toBe('This field is required.');
    const submittedUnticked = checkoutFormReducer(initialCheckoutForm(), { type: 'submit' });
    const retick = checkoutFormReducer(submittedUnticked, { type: 'shipElsewhere', value: true });
    expect(retick.form.shown).toEqual(submittedUnticked.form.shown);
  });

  it('reset brings back an empty form, not shipping elsewhere', () => {
    const typed = checkoutFormReducer(initialCheckoutForm({ billing_city: 'Cebu City' }, true), { type: 'submit' });
    expect(checkoutFormReducer(typed, { type: 'reset' })).toEqual(initialCheckoutForm());
  });

  it('the phone is required, and order notes stop at 2000 characters', () => {
    expect(fieldError(CHECKOUT_RULES.billing_phone, '')).toBe('This field is required.');
    expect(fieldError(CHECKOUT_RULES.order_comments, 'x'.repeat(2000))).toBeNull();
    expect(fieldError(CHECKOUT_RULES.order_comments, 'x'.repeat(2001))).toBe('Please enter no more than 2000 characters.');
  });
});
