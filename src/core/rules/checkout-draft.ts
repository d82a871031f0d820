/**
 * The checkout form outside the form itself: the draft kept in the browser (only the form's own
 * fields, never totals, keys or anything the shop said), the Store API addresses made from the
 * fields, and which cart lines the shop's errors are about.
 */
import type { CartLine } from '../domain/cart.js';
import type { Address, BillingAddress, CartProblem } from '../domain/checkout.js';
import { CHECKOUT_RULES, type CheckoutField } from './checkout-form.js';
import { normalisePhone } from './ph-contact.js';

/** The fields a draft keeps: the form's own, in form order. */
export const DRAFT_FIELDS = Object.keys(CHECKOUT_RULES) as readonly CheckoutField[];

/** Longest value a draft keeps for a field (the longest field, order notes, allows 2,000 characters). */
export const DRAFT_VALUE_LIMIT = 4000;

/** What the draft holds. */
export interface CheckoutDraft {
  readonly values: Readonly<Partial<Record<CheckoutField, string>>>;
  readonly shipElsewhere: boolean;
  /** The payment method chosen, '' when none. */
  readonly paymentMethod: string;
}

export const EMPTY_DRAFT: CheckoutDraft = { values: {}, shipElsewhere: false, paymentMethod: '' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const PAYMENT_ID = /^[a-z0-9_-]{1,40}$/;

/** Only the draft's own keys, with string values within the limit. */
const clean = (values: unknown): Partial<Record<CheckoutField, string>> => {
  const out: Partial<Record<CheckoutField, string>> = {};
  if (!isRecord(values)) return out;
  for (const field of DRAFT_FIELDS) {
    const value = values[field];
    if (typeof value === 'string' && value.length <= DRAFT_VALUE_LIMIT && !value.includes('\u0000')) out[field] = value;
  }
  return out;
};

/** The draft as stored text: the form's fields and choices, nothing else. */
export const serializeDraft = (draft: CheckoutDraft): string =>
  JSON.stringify({
    values: clean(draft.values),
    shipElsewhere: draft.shipElsewhere === true,
    paymentMethod: PAYMENT_ID.test(draft.paymentMethod) ? draft.paymentMethod : '',
  });

/** Reads stored text back; anything unreadable or foreign is dropped, never thrown. */
export const parseDraft = (text: string | null): CheckoutDraft => {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: equivalent (JSON.parse reads null as null, not a record, and throws on '': the empty draft either way)
  if (text === null || text === '') return EMPTY_DRAFT;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return EMPTY_DRAFT;
  }
  if (!isRecord(raw)) return EMPTY_DRAFT;
  const payment = raw['paymentMethod'];
  return {
    values: clean(raw['values']),
    shipElsewhere: raw['shipElsewhere'] === true,
    paymentMethod: typeof payment === 'string' && PAYMENT_ID.test(payment) ? payment : '',
  };
};

const value = (values: Readonly<Partial<Record<CheckoutField, string>>>, field: CheckoutField): string => (values[field] ?? '').trim();

/** A phone as the shop gets it: normalised to +63 when it is a Philippine number, else as typed. */
const phoneOf = (raw: string): string => {
  const normalised = normalisePhone(raw);
  return normalised.ok ? normalised.value : raw.trim();
};

const addressOf = (values: Readonly<Partial<Record<CheckoutField, string>>>, prefix: 'billing' | 'shipping', phone: string): Address => ({
  first_name: value(values, `${prefix}_first_name`),
  last_name: value(values, `${prefix}_last_name`),
  company: '',
  address_1: value(values, `${prefix}_address_1`),
  address_2: value(values, `${prefix}_address_2`),
  city: value(values, `${prefix}_city`),
  state: value(values, `${prefix}_state`),
  postcode: value(values, `${prefix}_postcode`),
  country: 'PH',
  phone,
});

/**
 * The Store API addresses from the form: values trimmed, the phone normalised, country `PH`; the
 * shipping address is the billing one unless the shopper ships elsewhere.
 */
export const addressesOf = (
  values: Readonly<Partial<Record<CheckoutField, string>>>,
  shipElsewhere: boolean,
): { readonly billing: BillingAddress; readonly shipping: Address } => {
  const phone = phoneOf(values.billing_phone ?? '');
  const billing = { ...addressOf(values, 'billing', phone), email: value(values, 'billing_email') };
  const shipping = shipElsewhere ? addressOf(values, 'shipping', phone) : addressOf(values, 'billing', phone);
  return { billing, shipping };
};

/** What the shop's totals depend on in the form: the destination province. */
export const destinationOf = (values: Readonly<Partial<Record<CheckoutField, string>>>, shipElsewhere: boolean): string =>
  value(values, shipElsewhere ? 'shipping_state' : 'billing_state');

/** Quotes a name may appear in: straight, curly, guillemets. */
const QUOTED = (name: string): string[] => [`"${name}"`, `“${name}”`, `«${name}»`, `'${name}'`, `‘${name}’`];

/**
 * The cart lines the shop's messages are about, by line key: a line is flagged by a message that
 * names it in quotes (as WooCommerce's stock errors do: “Name” is out of stock...).
 */
export const flaggedLines = (lines: readonly CartLine[], messages: ReadonlyArray<CartProblem | string>): ReadonlyMap<string, string> => {
  const flagged = new Map<string, string>();
  for (const entry of messages) {
    const message = typeof entry === 'string' ? entry : entry.message;
    for (const line of lines) {
      if (line.name === '' || flagged.has(line.key)) continue;
      if (QUOTED(line.name).some((quoted) => message.includes(quoted))) flagged.set(line.key, message);
    }
  }
  return flagged;
};
