import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../domain/cart.js';
import { addressesOf, destinationOf, DRAFT_FIELDS, DRAFT_VALUE_LIMIT, EMPTY_DRAFT, flaggedLines, parseDraft, serializeDraft, type CheckoutDraft } from './checkout-draft.js';
import type { CheckoutField } from './checkout-form.js';

const draftArb: fc.Arbitrary<CheckoutDraft> = fc.record({
  values: fc.dictionary(fc.constantFrom(...DRAFT_FIELDS), fc.string({ maxLength: 60 }).filter((s) => !s.includes('\u0000'))) as fc.Arbitrary<Partial<Record<CheckoutField, string>>>,
  shipElsewhere: fc.boolean(),
  paymentMethod: fc.constantFrom('', 'cod', 'bacs'),
});

describe('checkout draft', () => {
  it('property: a draft survives serializing and reading back', () => {
    fc.assert(
      fc.property(draftArb, (draft) => {
        expect(parseDraft(serializeDraft(draft))).toEqual(draft);
      }),
    );
  });

  it('property: any stored text reads as a draft with only the form’s fields, never throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ values: v, shipElsewhere: v, paymentMethod: v }))), (text) => {
        const draft = parseDraft(text);
        for (const [field, value] of Object.entries(draft.values)) {
          expect(DRAFT_FIELDS).toContain(field);
          expect(typeof value).toBe('string');
        }
        expect(typeof draft.shipElsewhere).toBe('boolean');
        expect(draft.paymentMethod).toMatch(/^[a-z0-9_-]{0,40}$/);
      }),
    );
    expect(parseDraft(null)).toEqual(EMPTY_DRAFT);
    expect(parseDraft('{"values":{"billing_email":"a@b.ph","nonce":"x","total":"1"},"key":"k"}')).toEqual({ ...EMPTY_DRAFT, values: { billing_email: 'a@b.ph' } });
  });

  it('nothing but the form’s fields is written', () => {
    const stored = JSON.parse(serializeDraft({ values: { billing_email: 'a@b.ph', extra: 'x' } as Partial<Record<CheckoutField, string>>, shipElsewhere: false, paymentMethod: '<script>' })) as Record<string, unknown>;
    expect(stored).toEqual({ values: { billing_email: 'a@b.ph' }, shipElsewhere: false, paymentMethod: '' });
  });

  it('keeps values up to the limit, and drops longer ones, ones with a NUL and ones that are not text', () => {
    const atLimit = 'x'.repeat(DRAFT_VALUE_LIMIT);
    const stored = JSON.stringify({
      values: { billing_first_name: atLimit, billing_last_name: `${atLimit}x`, billing_city: 'Ma\u0000nila', billing_state: 5, billing_postcode: ['1000'], billing_email: null, order_comments: 'ok' },
      shipElsewhere: true,
      paymentMethod: 'cod',
    });
    expect(parseDraft(stored)).toEqual({ values: { billing_first_name: atLimit, order_comments: 'ok' }, shipElsewhere: true, paymentMethod: 'cod' });
    const written = JSON.parse(serializeDraft({ values: { billing_first_name: atLimit, billing_last_name: `${atLimit}x`, billing_city: 'Ma\u0000nila' }, shipElsewhere: true, paymentMethod: 'cod' })) as CheckoutDraft;
    expect(written.values).toEqual({ billing_first_name: atLimit });
  });

  it('keeps a payment method only when it is a whole id: lower-case letters, digits, _ and -, at most 40', () => {
    const read = (paymentMethod: unknown) => parseDraft(JSON.stringify({ values: {}, shipElsewhere: false, paymentMethod })).paymentMethod;
    const written = (paymentMethod: string) => (JSON.parse(serializeDraft({ ...EMPTY_DRAFT, paymentMethod })) as CheckoutDraft).paymentMethod;
    for (const ok of ['cod', 'bacs', 'ppcp-gateway', 'wc_stripe_2', 'a'.repeat(40)]) {
      expect(read(ok)).toBe(ok);
      expect(written(ok)).toBe(ok);
    }
    for (const bad of ['', 'COD', 'cod ', ' cod', '<b>cod', 'cod</b>', 'a'.repeat(41), 'co.d', 42, null]) {
      expect(read(bad)).toBe('');
      if (typeof bad === 'string') expect(written(bad)).toBe('');
    }
  });
});

describe('addresses from the form', () => {
  const values: Partial<Record<CheckoutField, string>> = {
    billing_email: ' juan@example.ph ',
    billing_first_name: 'Juan',
    billing_last_name: 'Dela Cruz',
    billing_address_1: '123 Rizal Avenue',
    billing_city: 'Manila',
    billing_state: '00',
    billing_postcode: '1000',
    billing_phone: '0917 123 4567',
    shipping_first_name: 'Ana',
    shipping_state: 'CEB',
  };

  it('normalises the phone, trims, sets PH, and copies billing to shipping unless shipping elsewhere', () => {
    const same = addressesOf(values, false);
    expect(same.billing).toMatchObject({ email: 'juan@example.ph', phone: '+639171234567', country: 'PH', state: '00' });
    expect(same.shipping).toMatchObject({ first_name: 'Juan', state: '00', phone: '+639171234567' });
    expect(addressesOf(values, true).shipping).toMatchObject({ first_name: 'Ana', state: 'CEB', last_name: '' });
  });

  it('fills every address field from its own form field, trimmed', () => {
    const full: Partial<Record<CheckoutField, string>> = {};
    for (const field of DRAFT_FIELDS) full[field] = ` ${field} `;
    full.billing_phone = ' +1 555 0100 ';
    const { billing, shipping } = addressesOf(full, true);
    const expected = (prefix: 'billing' | 'shipping') => ({
      first_name: `${prefix}_first_name`,
      last_name: `${prefix}_last_name`,
      company: '',
      address_1: `${prefix}_address_1`,
      address_2: `${prefix}_address_2`,
      city: `${prefix}_city`,
      state: `${prefix}_state`,
      postcode: `${prefix}_postcode`,
      country: 'PH',
      phone: '+1 555 0100',
    });
    expect(billing).toEqual({ ...expected('billing'), email: 'billing_email' });
    expect(shipping).toEqual(expected('shipping'));
  });

  it('leaves the phone empty when none was typed', () => {
    expect(addressesOf({}, false).billing.phone).toBe('');
    expect(addressesOf({}, true).shipping.phone).toBe('');
  });

  it('takes the destination from the address the order ships to', () => {
    fc.assert(
      fc.property(draftArb, ({ values: v, shipElsewhere }) => {
        expect(destinationOf(v, shipElsewhere)).toBe(addressesOf(v, shipElsewhere).shipping.state);
      }),
    );
    expect(destinationOf({ billing_state: ' 00 ', shipping_state: 'CEB' }, false)).toBe('00');
    expect(destinationOf({ billing_state: '00', shipping_state: ' CEB ' }, true)).toBe('CEB');
  });

  it('property: without shipping elsewhere the shipping address is the billing address without the email', () => {
    fc.assert(
      fc.property(draftArb, ({ values: v }) => {
        const { billing, shipping } = addressesOf(v, false);
        const { email: _email, ...rest } = billing;
        expect(shipping).toEqual(rest);
      }),
    );
  });
});

describe('flagged lines', () => {
  const line = (key: string, name: string) => ({ key, name }) as CartLine;
  it('flags the line a stock error names in quotes, and no other', () => {
    const lines = [line('a', 'Peer Tee'), line('b', 'Peer Poster')];
    const flagged = flaggedLines(lines, ['"Peer Poster" is out of stock and cannot be purchased. Please remove it from your cart.']);
    expect([...flagged.keys()]).toEqual(['b']);
    expect(flaggedLines(lines, [{ code: 'x', message: '“Peer Tee” is out of stock.' }]).get('a')).toBe('“Peer Tee” is out of stock.');
    expect(flaggedLines(lines, ['Something else went wrong.']).size).toBe(0);
  });

  it('never flags a line without a name, and keeps the first message that names a line', () => {
    const lines = [line('a', ''), line('b', 'Peer Tee')];
    const flagged = flaggedLines(lines, ['Field "" is empty and \'\' too.', '"Peer Tee" is out of stock.', '"Peer Tee" has only 2 left.']);
    expect([...flagged.entries()]).toEqual([['b', '"Peer Tee" is out of stock.']]);
  });

  it('property: a line is flagged only by a message that contains its quoted name', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 5 }), fc.array(fc.string({ maxLength: 40 }), { maxLength: 5 }), (names, messages) => {
        const lines = names.map((n, i) => line(String(i), n));
        const flagged = flaggedLines(lines, messages);
        for (const l of lines) {
          const message = flagged.get(l.key);
          if (message !== undefined) expect(message).toMatch(new RegExp(`["“«'‘]${l.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["”»'’]`));
        }
        for (const l of lines) {
          const names = messages.filter((m) => m.includes(`"${l.name}"`));
          if (names.length > 0) expect(flagged.has(l.key)).toBe(true);
        }
      }),
    );
  });
});
