/**
 * Arbitraries of the domain's values (money, quantities, Philippine contact details and
 * addresses), each with near misses: one thing wrong, and which. `domain.test.ts` proves that the
 * core rules take every valid value and refuse every near miss.
 */
import fc from 'fast-check';
import type { Address, BillingAddress } from '../domain/checkout.js';
import type { Currency, MinorUnits } from '../domain/money.js';
import { PHP } from '../domain/money.js';
import { PH_PROVINCES } from '../domain/ph-provinces.js';

// ---- Money -------------------------------------------------------------------------------

/** A currency as the Store API describes one (PHP most often; 0 to 4 decimals). */
export const currencyArb: fc.Arbitrary<Currency> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(PHP) },
  {
    weight: 1,
    arbitrary: fc.record({
      code: fc.constantFrom('USD', 'EUR', 'JPY', 'KWD', 'CLF'),
      minorUnit: fc.integer({ min: 0, max: 4 }),
      symbol: fc.constantFrom('$', '€', '¥', 'KD'),
      prefix: fc.constantFrom('$', ''),
      suffix: fc.constantFrom('', ' €'),
      decimalSeparator: fc.constantFrom('.', ','),
      thousandSeparator: fc.constantFrom(',', '.', ' '),
    }),
  },
);

/** An amount in minor units with its currency. */
export interface Money {
  readonly amount: MinorUnits;
  readonly currency: Currency;
}

/** Money: a safe-integer amount in minor units (not negative unless `signed`). */
export const moneyArb = (options: { readonly signed?: boolean; readonly max?: number } = {}): fc.Arbitrary<Money> =>
  fc.record({
    amount: fc.integer({ min: options.signed ? -(options.max ?? Number.MAX_SAFE_INTEGER) : 0, max: options.max ?? Number.MAX_SAFE_INTEGER }),
    currency: currencyArb,
  });

/** An amount typed in major units (`"1.50"`) with the minor units it stands for, for a currency. */
export const majorAmountArb: fc.Arbitrary<{ readonly text: string; readonly minorUnit: number; readonly amount: MinorUnits }> = fc
  .record({ whole: fc.bigInt({ min: 0n, max: 10n ** 11n }), minorUnit: fc.integer({ min: 0, max: 4 }), fraction: fc.nat(), trailing: fc.boolean(), negative: fc.boolean() })
  .map(({ whole, minorUnit, fraction, trailing, negative }) => {
    const scale = 10 ** minorUnit;
    const cents = fraction % scale;
    const digits = minorUnit === 0 ? '' : String(cents).padStart(minorUnit, '0');
    // `1.5` for `1.50` when the last digit is 0 and `trailing` is off: both mean the same amount.
    const shown = trailing ? digits : digits.replace(/0+$/, '');
    const magnitude = Number(whole) * scale + cents;
    const sign = negative && magnitude !== 0 ? '-' : '';
    return { text: `${sign}${whole}${shown === '' ? '' : `.${shown}`}`, minorUnit, amount: sign === '-' ? -magnitude : magnitude };
  });

/** Typed amounts a currency must refuse: too many decimals, not a plain decimal, or too large to be exact. */
export const majorAmountNearMiss: fc.Arbitrary<{ readonly text: string; readonly minorUnit: number; readonly kind: 'too-precise' | 'not-a-number' | 'too-large' }> = fc.oneof(
  fc.record({ whole: fc.nat(), minorUnit: fc.integer({ min: 0, max: 4 }), extra: fc.integer({ min: 1, max: 9 }) }).map(({ whole, minorUnit, extra }) => ({
    text: `${whole}.${'0'.repeat(minorUnit)}${extra}`,
    minorUnit,
    kind: 'too-precise' as const,
  })),
  fc.record({ text: fc.constantFrom('', '.', '1,50', '1.2.3', '₱1.50', '1e3', 'abc', '--1', '0x10', '1 000'), minorUnit: fc.integer({ min: 0, max: 4 }) }).map(({ text, minorUnit }) => ({ text, minorUnit, kind: 'not-a-number' as const })),
  fc.integer({ min: 0, max: 4 }).map((minorUnit) => ({ text: `${'9'.repeat(17)}`, minorUnit, kind: 'too-large' as const })),
);

// ---- Quantities --------------------------------------------------------------------------

/** A product's quantity limits, as the stepper reads them (whole numbers; no cap sometimes). */
export interface WholeQuantityLimits {
  readonly min: number;
  readonly max: number | undefined;
  readonly step: number;
}

/** Limits with a floor of 0 to 5, a step of 1 to 5 and a cap on the grid (or none). */
export const quantityLimitsArb: fc.Arbitrary<WholeQuantityLimits> = fc
  .record({ min: fc.integer({ min: 0, max: 5 }), step: fc.integer({ min: 1, max: 5 }), steps: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }) })
  .map(({ min, step, steps }) => ({ min, step, max: steps === undefined ? undefined : min + steps * step }));

/** A quantity the limits allow (on the step grid from the floor, within the cap), with the limits. */
export const quantityArb: fc.Arbitrary<{ readonly limits: WholeQuantityLimits; readonly quantity: number }> = quantityLimitsArb.chain((limits) =>
  fc.integer({ min: 0, max: limits.max === undefined ? 50 : (limits.max - limits.min) / limits.step }).map((k) => ({ limits, quantity: limits.min + k * limits.step })),
);

/** A quantity one rule refuses: above the cap, below the floor, or between two steps. */
export const quantityNearMiss: fc.Arbitrary<{ readonly limits: WholeQuantityLimits; readonly quantity: number; readonly kind: 'above-max' | 'below-min' | 'off-step' }> = quantityArb.chain(
  ({ limits, quantity }) => {
    const kinds: Array<fc.Arbitrary<{ limits: WholeQuantityLimits; quantity: number; kind: 'above-max' | 'below-min' | 'off-step' }>> = [];
    if (limits.max !== undefined) kinds.push(fc.integer({ min: 1, max: 10 }).map((over) => ({ limits, quantity: limits.max! + over, kind: 'above-max' as const })));
    if (limits.min > 0) kinds.push(fc.integer({ min: 1, max: limits.min }).map((under) => ({ limits, quantity: limits.min - under, kind: 'below-min' as const })));
    const room = limits.max === undefined || quantity + limits.step <= limits.max;
    if (limits.step > 1 && room) kinds.push(fc.integer({ min: 1, max: limits.step - 1 }).map((off) => ({ limits, quantity: quantity + off, kind: 'off-step' as const })));
    // Whole-number limits always leave a fractional quantity off the grid.
    if (kinds.length === 0 || (limits.step === 1 && room)) kinds.push(fc.constant({ limits, quantity: quantity + 0.5, kind: 'off-step' as const }));
    return fc.oneof(...kinds);
  },
);

// ---- Philippine contact details ------------------------------------------------------------

const digits = (length: number): fc.Arbitrary<string> => fc.stringMatching(new RegExp(`^\\d{${length}}$`));

const MOBILE_FORMATS: ReadonlyArray<(n: string) => string> = [
  (n) => `0${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
  (n) => `+63 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
  (n) => `+63${n}`,
  (n) => `0${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`,
  (n) => `(0${n.slice(0, 3)}) ${n.slice(3, 6)} ${n.slice(6)}`,
  (n) => `63${n}`,
  (n) => `0063${n}`,
  (n) => `0${n}`,
];

/** A Philippine mobile number as people type it (`0917 123 4567`, `+63 917 123 4567`...), with its E.164 form (`+639171234567`). */
export const phMobileArb: fc.Arbitrary<{ readonly typed: string; readonly e164: string }> = fc
  .record({ subscriber: digits(9), format: fc.constantFrom(...MOBILE_FORMATS) })
  .map(({ subscriber, format }) => ({ typed: format(`9${subscriber}`), e164: `+639${subscriber}` }));

/** Numbers that are not a Philippine mobile or landline, one way each. */
export const phMobileNearMiss: fc.Arbitrary<{ readonly typed: string; readonly kind: 'too-short' | 'too-long' | 'wrong-country' | 'letters' | 'wrong-prefix' }> = digits(9).chain((subscriber) =>
  fc.constantFrom(
    { typed: `09${subscriber.slice(0, 5)}`, kind: 'too-short' as const },
    { typed: `09${subscriber}${subscriber.slice(0, 2)}`, kind: 'too-long' as const },
    { typed: `+64 9${subscriber}`, kind: 'wrong-country' as const },
    { typed: `09${subscriber.slice(0, 4)}ABC${subscriber.slice(7)}`, kind: 'letters' as const },
    { typed: `+63 0${subscriber}`, kind: 'wrong-prefix' as const },
  ),
);

/** A 4-digit postcode (Philippine postcodes are four digits: `1000` Manila, `6000` Cebu). */
export const postcodeArb: fc.Arbitrary<string> = digits(4);

/** Not a 4-digit postcode: three or five digits, a letter, or a blank in the middle. */
export const postcodeNearMiss: fc.Arbitrary<string> = digits(4).chain((code) => fc.constantFrom(code.slice(0, 3), `${code}0`, `${code.slice(0, 3)}A`, `${code.slice(0, 2)} ${code.slice(2)}`));

const localPart = fc.stringMatching(/^[a-z0-9]([a-z0-9._+-]{0,14}[a-z0-9])?$/);
const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);

/** An email address the forms take (`juan.dela-cruz+shop@mail.example.ph`). */
export const emailArb: fc.Arbitrary<string> = fc
  .record({ local: localPart, labels: fc.array(label, { minLength: 1, maxLength: 2 }), tld: fc.constantFrom('ph', 'com', 'com.ph', 'net') })
  .map(({ local, labels, tld }) => `${local}@${labels.join('.')}.${tld}`);

/** Not an email address: no `@`, two of them, an empty local part, a space, or a label starting with `-`. */
export const emailNearMiss: fc.Arbitrary<string> = emailArb.chain((email) => {
  const [local, domain] = email.split('@') as [string, string];
  return fc.constantFrom(`${local}${domain}`, `${local}@@${domain}`, `@${domain}`, `${local} x@${domain}`, `${local}@-${domain}`, `${local}@${domain}.`);
});

// ---- Addresses -------------------------------------------------------------------------------

const personName = fc.constantFrom('Juan', 'Maria', 'José', 'Ma. Teresa', 'Ligaya', 'Dela Cruz', 'Santos', 'Reyes', 'Bautista', 'Magbanua');
const street = fc.record({ number: fc.integer({ min: 1, max: 9999 }), name: fc.constantFrom('Rizal St.', 'Mabini Ave.', 'Katipunan Ave.', 'Osmeña Blvd.', 'J.P. Laurel St.') }).map(({ number, name }) => `${number} ${name}`);
const barangay = fc.constantFrom('', 'Brgy. San Antonio', 'Brgy. Poblacion', 'Brgy. Lahug', 'Brgy. 176');
const city = fc.constantFrom('Quezon City', 'Makati', 'Cebu City', 'Davao City', 'Iloilo City', 'Baguio', 'Batangas City');

/** A Philippine delivery address as the checkout takes it (a WooCommerce province code, a 4-digit postcode, a mobile). */
export const phAddressArb: fc.Arbitrary<Address> = fc.record({
  first_name: personName,
  last_name: personName,
  company: fc.constantFrom('', 'Sari-sari ni Aling Nena'),
  address_1: street,
  address_2: barangay,
  city,
  state: fc.constantFrom(...PH_PROVINCES.map((province) => province.code)),
  postcode: postcodeArb,
  country: fc.constant('PH'),
  phone: phMobileArb.map((mobile) => mobile.typed),
});

/** A billing address: a delivery address with an email. */
export const phBillingAddressArb: fc.Arbitrary<BillingAddress> = fc.record({ address: phAddressArb, email: emailArb }).map(({ address, email }) => ({ ...address, email }));

/** The fields of a billing address the checkout checks. */
export type CheckedAddressField = 'first_name' | 'last_name' | 'address_1' | 'city' | 'state' | 'postcode' | 'phone' | 'email';

/** A billing address with one checked field wrong: emptied, too long, not a province, not a postcode, phone or email. */
export const phBillingAddressNearMiss: fc.Arbitrary<{ readonly address: BillingAddress; readonly field: CheckedAddressField }> = fc
  .tuple(phBillingAddressArb, postcodeNearMiss, phMobileNearMiss, emailNearMiss)
  .chain(([address, postcode, phone, email]) =>
    fc.constantFrom<{ address: BillingAddress; field: CheckedAddressField }>(
      { address: { ...address, first_name: '' }, field: 'first_name' },
      { address: { ...address, last_name: ' \u200b ' }, field: 'last_name' },
      { address: { ...address, address_1: 'x'.repeat(201) }, field: 'address_1' },
      { address: { ...address, city: '' }, field: 'city' },
      { address: { ...address, state: 'MNL' }, field: 'state' },
      { address: { ...address, postcode }, field: 'postcode' },
      { address: { ...address, phone: phone.typed }, field: 'phone' },
      { address: { ...address, email }, field: 'email' },
    ),
  );
