/**
 * The checkout form's rules: billing contact and address, an optional shipping address (checked
 * only when "Ship to a different address?" is ticked), and order notes. Built on the form state
 * machine of `forms.ts`, so errors show on the same shopper actions as every other form.
 */
import { BASE_LOCALE, textsIn, type Locale } from '../../i18n/index.js';
import { PH_PROVINCES } from '../domain/ph-provinces.js';
import { firstInvalid, formErrors, formReducer, initialForm, type FieldRules, type FormEvent, type FormRules, type FormState } from './forms.js';
import { validationTexts } from './messages.js';
import { isPostcode, normalisePhone } from './ph-contact.js';

type AddressField = 'first_name' | 'last_name' | 'address_1' | 'address_2' | 'city' | 'state' | 'postcode';

export type BillingField = `billing_${AddressField}` | 'billing_email' | 'billing_phone';
export type ShippingField = `shipping_${AddressField}`;
export type CheckoutField = BillingField | ShippingField | 'order_comments';

const PROVINCE_CODES = PH_PROVINCES.map((p) => p.code);

const phone: FieldRules = {
  required: true,
  maxlength: 30,
  check: (value, locale) => {
    const normalised = normalisePhone(value, locale);
    return normalised.ok ? null : normalised.error;
  },
};

const addressRules = (prefix: 'billing' | 'shipping'): Record<`${typeof prefix}_${AddressField}`, FieldRules> =>
  ({
    [`${prefix}_first_name`]: { required: true, maxlength: 100 },
    [`${prefix}_last_name`]: { required: true, maxlength: 100 },
    [`${prefix}_address_1`]: { required: true, maxlength: 200 },
    // Barangay: optional.
    [`${prefix}_address_2`]: { maxlength: 200 },
    [`${prefix}_city`]: { required: true, maxlength: 100 },
    [`${prefix}_state`]: { required: true, oneOf: PROVINCE_CODES },
    [`${prefix}_postcode`]: { required: true, check: (value: string, locale: Locale) => (isPostcode(value) ? null : textsIn(validationTexts, locale).postcode) },
  }) as Record<`${typeof prefix}_${AddressField}`, FieldRules>;

/** Every checkout field's rules, in the order the fields appear on the page. */
export const CHECKOUT_RULES: FormRules<CheckoutField> = {
  billing_email: { required: true, email: true, maxlength: 100 },
  ...addressRules('billing'),
  billing_phone: phone,
  ...addressRules('shipping'),
  order_comments: { maxlength: 2000 },
};

const isShippingField = (field: string): field is ShippingField => field.startsWith('shipping_');

/** The rules that count: the shipping address has none unless the shopper ships elsewhere. */
export const activeCheckoutRules = (shipElsewhere: boolean): FormRules<CheckoutField> =>
  shipElsewhere
    ? CHECKOUT_RULES
    : (Object.fromEntries(Object.entries(CHECKOUT_RULES).map(([field, rules]) => [field, isShippingField(field) ? {} : rules])) as FormRules<CheckoutField>);

/** The checkout form: the field state machine plus the "ship to a different address" choice. */
export interface CheckoutFormState {
  readonly form: FormState<CheckoutField>;
  readonly shipElsewhere: boolean;
}

export type CheckoutFormEvent = FormEvent<CheckoutField> | { readonly type: 'shipElsewhere'; readonly value: boolean };

/** A fresh checkout form, optionally prefilled (a draft, or the account's addresses). */
export const initialCheckoutForm = (values: Partial<Record<CheckoutField, string>> = {}, shipElsewhere = false): CheckoutFormState => ({
  form: initialForm(CHECKOUT_RULES, values),
  shipElsewhere,
});

/**
 * The state after one shopper action (messages in `locale`, English by default). Unticking "ship
 * elsewhere" hides the shipping errors but keeps what was typed.
 */
export const checkoutFormReducer = (state: CheckoutFormState, event: CheckoutFormEvent, locale: Locale = BASE_LOCALE): CheckoutFormState => {
  if (event.type === 'shipElsewhere') {
    if (event.value === state.shipElsewhere) return state;
    const shown = Object.fromEntries(Object.entries(state.form.shown).filter(([field]) => event.value || !isShippingField(field)));
    return { shipElsewhere: event.value, form: { ...state.form, shown } };
  }
  if (event.type === 'reset') return initialCheckoutForm();
  return { ...state, form: formReducer(activeCheckoutRules(state.shipElsewhere), state.form, event, locale) };
};

/** The errors that block placing the order. */
export const checkoutErrors = (state: CheckoutFormState, locale: Locale = BASE_LOCALE): Partial<Record<CheckoutField, string>> =>
  formErrors(activeCheckoutRules(state.shipElsewhere), state.form.values, locale);

/** The field to focus after a failed submit. */
export const firstInvalidCheckoutField = (state: CheckoutFormState): CheckoutField | null => firstInvalid(activeCheckoutRules(state.shipElsewhere), state.form);
