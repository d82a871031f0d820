/**
 * Reading a `POST /checkout` body the way the stock Store API does: the same field names, the same
 * error codes (`woocommerce_rest_missing_email_address`, `rest_invalid_param` with `params` and
 * `details` per address, `woocommerce_rest_checkout_payment_method_disabled`), and the shop's own
 * rules on top (Philippine phone numbers, four-digit postcodes, field lengths). Every field is
 * named in the error; nothing is trusted but the fields themselves.
 */
import { z } from 'zod';
import { PH_PROVINCES, provinceByCode } from '../../src/core/domain/ph-provinces.js';
import { isEmail } from '../../src/core/rules/forms.js';
import { normalisePhone } from '../../src/core/rules/ph-contact.js';
import { ApiError } from '../lib/errors.js';
import type { OrderAddress, PaymentMethod, PlaceOrderInput } from '../services/orders.js';

const text = (max: number) => z.string().max(max).optional().default('');

const addressSchema = z.object({
  first_name: text(100),
  last_name: text(100),
  company: text(100),
  address_1: text(200),
  address_2: text(200),
  city: text(100),
  state: text(10),
  postcode: text(20),
  country: text(2),
  email: text(100),
  phone: text(30),
});

const bodySchema = z.object({
  billing_address: addressSchema,
  shipping_address: addressSchema.optional(),
  customer_note: z.string().max(2000).optional().default(''),
  payment_method: z.string().max(50),
  shipping_rate: z.string().max(50).optional(),
  create_account: z.boolean().optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});

/** Payment methods the stock shop knows, with their titles; only `cod` and `bacs` are on here. */
const KNOWN_METHODS: Readonly<Record<string, string>> = { cod: 'Cash on delivery', bacs: 'Direct bank transfer', cheque: 'Check payments', paypal: 'PayPal' };
const ENABLED: ReadonlySet<string> = new Set<PaymentMethod>(['cod', 'bacs']);

const STATES = PH_PROVINCES.map((p) => p.code).join(', ');

type AddressProblem = { readonly code: string; readonly message: string };

const addressProblem = (address: z.infer<typeof addressSchema>, withEmail: boolean): AddressProblem | null => {
  if (withEmail && address.email.trim() !== '' && !isEmail(address.email.trim())) return { code: 'invalid_email', message: 'The provided email address is not valid' };
  if (address.country !== '' && address.country !== 'PH') return { code: 'invalid_country', message: `Sorry, we do not ship to ${address.country}. Only the Philippines (PH) is allowed.` };
  if (address.state !== '' && !provinceByCode(address.state)) return { code: 'invalid_state', message: `The provided state (${address.state}) is not valid. Must be one of: ${STATES}` };
  if (address.postcode.trim() !== '' && !/^\d{4}$/.test(address.postcode.trim())) return { code: 'invalid_postcode', message: 'The provided postcode / ZIP is not valid' };
  if (address.phone.trim() !== '' && !normalisePhone(address.phone).ok) return { code: 'invalid_phone', message: 'The provided phone number is not valid' };
  const missing = (['first_name', 'last_name', 'address_1', 'city', 'state', 'postcode'] as const).filter((f) => address[f].trim() === '');
  if (missing.length > 0) return { code: 'missing_fields', message: `These fields are required: ${missing.join(', ')}` };
  return null;
};

const toAddress = (a: z.infer<typeof addressSchema>): OrderAddress => {
  const phone = normalisePhone(a.phone);
  return {
    first_name: a.first_name.trim(),
    last_name: a.last_name.trim(),
    company: a.company.trim(),
    address_1: a.address_1.trim(),
    address_2: a.address_2.trim(),
    city: a.city.trim(),
    state: a.state.trim(),
    postcode: a.postcode.trim(),
    country: 'PH',
    phone: phone.ok ? phone.value : '',
  };
};

/**
 * The body as order input, or an {@link ApiError} naming what is wrong. Without a shipping address
 * the billing address is used, as stock does. `attemptKey` comes from the request's
 * `Idempotency-Key` header.
 */
export function readCheckoutBody(body: unknown, attemptKey: string | null): PlaceOrderInput {
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'body');
    throw new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${field}`, { params: { [field]: issue?.message ?? 'Invalid value.' } });
  }
  const input = parsed.data;
  const billingEmail = input.billing_address.email.trim();
  if (billingEmail === '') throw new ApiError(400, 'woocommerce_rest_missing_email_address', 'A valid email address is required');

  const shippingRaw = input.shipping_address ?? input.billing_address;
  const problems: Array<[string, AddressProblem]> = [];
  const billingProblem = addressProblem(input.billing_address, true);
  if (billingProblem) problems.push(['billing_address', billingProblem]);
  const shippingProblem = addressProblem(shippingRaw, false);
  if (shippingProblem) problems.push(['shipping_address', shippingProblem]);
  if (problems.length > 0) {
    throw new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${problems.map(([f]) => f).join(', ')}`, {
      params: Object.fromEntries(problems.map(([f, p]) => [f, p.message])),
      details: Object.fromEntries(problems.map(([f, p]) => [f, { code: p.code, message: p.message, data: null }])),
    });
  }
  if (!ENABLED.has(input.payment_method)) {
    const title = KNOWN_METHODS[input.payment_method];
    if (title) throw new ApiError(400, 'woocommerce_rest_checkout_payment_method_disabled', `${title} is not available for this order—please choose a different payment method`);
    throw new ApiError(400, 'woocommerce_rest_checkout_missing_payment_method', 'Please select a payment method.');
  }
  return {
    billing: { ...toAddress(input.billing_address), email: billingEmail },
    shipping: toAddress(shippingRaw),
    customerNote: input.customer_note.trim(),
    paymentMethod: input.payment_method as PaymentMethod,
    shippingRate: input.shipping_rate ?? null,
    attemptKey,
  };
}
