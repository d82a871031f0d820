/**
 * Reading a `POST /checkout` body the way the stock Store API does: the same field names, the same
 * error codes (`woocommerce_rest_missing_email_address`, `rest_invalid_param` with `params` and
 * `details` per address, `woocommerce_rest_checkout_payment_method_disabled`), and the shop's own
 * rules on top (Philippine phone numbers, four-digit postcodes, field lengths). Every field is
 * named in the error; nothing is trusted but the fields themselves. The refusals a shopper reads
 * are in the checkout's language (`checkout-messages.ts`).
 */
import { z } from 'zod';
import { PH_PROVINCES, provinceByCode } from '../../src/core/domain/ph-provinces.js';
import { isEmail } from '../../src/core/rules/forms.js';
import { normalisePhone } from '../../src/core/rules/ph-contact.js';
import { containsMarkup } from '../../src/core/rules/text.js';
import { BASE_LOCALE, textsIn, type Locale } from '../../src/i18n/index.js';
import type { CartCustomer } from '../services/cart-quote.js';
import { checkoutRefusalTexts } from '../services/checkout-messages.js';
import { ApiError } from '../lib/errors.js';
import type { OrderAddress, PaymentMethod, PlaceOrderInput } from '../services/orders.js';

/** A text field: a string of at most `max` characters with no markup in it. */
const field = (name: string, max: number) =>
  z
    .string({ error: `${name} is not of type string.` })
    .max(max, `${name} must be at most ${max} characters long.`)
    .refine((value) => !containsMarkup(value), `${name} must not contain HTML.`);
const text = (name: string, max: number) => field(name, max).optional().default('');

const addressSchema = z.object(
  {
    first_name: text('first_name', 100),
    last_name: text('last_name', 100),
    company: text('company', 100),
    address_1: text('address_1', 200),
    address_2: text('address_2', 200),
    city: text('city', 100),
    state: text('state', 10),
    postcode: text('postcode', 20),
    country: text('country', 2),
    email: text('email', 100),
    phone: text('phone', 30),
  },
  { error: 'The address must be an object.' },
);

const bodySchema = z.object({
  billing_address: addressSchema,
  shipping_address: addressSchema.optional(),
  customer_note: field('customer_note', 2000).optional().default(''),
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

type RefusalTexts = typeof checkoutRefusalTexts.base;

const addressProblem = (address: z.infer<typeof addressSchema>, withEmail: boolean, t: RefusalTexts): AddressProblem | null => {
  if (withEmail && address.email.trim() !== '' && !isEmail(address.email.trim())) return { code: 'invalid_email', message: t.invalidEmail };
  if (address.country !== '' && address.country !== 'PH') return { code: 'invalid_country', message: t.invalidCountry({ country: address.country }) };
  if (address.state !== '' && !provinceByCode(address.state)) return { code: 'invalid_state', message: t.invalidStateOf({ state: address.state, states: STATES }) };
  if (address.postcode.trim() !== '' && !/^\d{4}$/.test(address.postcode.trim())) return { code: 'invalid_postcode', message: t.invalidPostcode };
  if (address.phone.trim() !== '' && !normalisePhone(address.phone).ok) return { code: 'invalid_phone', message: t.invalidPhone };
  const missing = (['first_name', 'last_name', 'address_1', 'city', 'state', 'postcode'] as const).filter((f) => address[f].trim() === '');
  if (missing.length > 0) return { code: 'missing_fields', message: t.missingFields({ fields: missing.join(', ') }) };
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
    state: a.state.trim().replace(/^PH:/, ''),
    postcode: a.postcode.trim(),
    country: 'PH',
    phone: phone.ok ? phone.value : '',
  };
};

/**
 * A shape problem as `rest_invalid_param`: the argument named as stock names it (`billing_address`),
 * and the field inside it in the message and in `details` (`billing_address.city must be at most
 * 100 characters long.`).
 */
const shapeError = (error: z.ZodError): ApiError => {
  const issue = error.issues[0];
  const argument = String(issue?.path[0] ?? 'body');
  const inner = issue?.path.slice(1).map(String) ?? [];
  const message = issue?.message ?? 'Invalid value.';
  const named = inner.length > 0 && !message.startsWith(inner[inner.length - 1] ?? '') ? `${inner.join('.')}: ${message}` : message;
  const full = inner.length > 0 ? `${argument}.${named}` : named;
  return new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${argument}`, {
    params: { [argument]: full },
    details: { [argument]: { code: 'rest_invalid_param', message: full, data: { field: [argument, ...inner].join('.') } } },
  });
};

/**
 * The body as order input, or an {@link ApiError} naming what is wrong. Without a shipping address
 * the billing address is used, as stock does. `attemptKey` comes from the request's
 * `Idempotency-Key` header.
 */
export function readCheckoutBody(body: unknown, attemptKey: string | null, locale: Locale = BASE_LOCALE): PlaceOrderInput {
  const t = textsIn(checkoutRefusalTexts, locale);
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) throw shapeError(parsed.error);
  const input = parsed.data;
  const billingEmail = input.billing_address.email.trim();
  if (billingEmail === '') throw new ApiError(400, 'woocommerce_rest_missing_email_address', t.emailRequired);

  const shippingRaw = input.shipping_address ?? input.billing_address;
  const problems: Array<[string, AddressProblem]> = [];
  const billingProblem = addressProblem(input.billing_address, true, t);
  if (billingProblem) problems.push(['billing_address', billingProblem]);
  const shippingProblem = addressProblem(shippingRaw, false, t);
  if (shippingProblem) problems.push(['shipping_address', shippingProblem]);
  if (problems.length > 0) {
    throw new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${problems.map(([f]) => f).join(', ')}`, {
      params: Object.fromEntries(problems.map(([f, p]) => [f, p.message])),
      details: Object.fromEntries(problems.map(([f, p]) => [f, { code: p.code, message: p.message, data: null }])),
    });
  }
  if (!ENABLED.has(input.payment_method)) {
    const title = KNOWN_METHODS[input.payment_method];
    if (title) throw new ApiError(400, 'woocommerce_rest_checkout_payment_method_disabled', t.paymentDisabled({ title }));
    throw new ApiError(400, 'woocommerce_rest_checkout_missing_payment_method', t.paymentMissing);
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

// Fields left out stay as the cart had them (no defaults here, unlike at checkout).
const partialAddress = z.object(
  Object.fromEntries(
    (
      [
        ['first_name', 100],
        ['last_name', 100],
        ['company', 100],
        ['address_1', 200],
        ['address_2', 200],
        ['city', 100],
        ['state', 10],
        ['postcode', 20],
        ['country', 2],
        ['email', 100],
        ['phone', 30],
      ] as const
    ).map(([name, max]) => [name, field(name, max).optional()]),
  ) as Record<keyof z.infer<typeof addressSchema>, z.ZodOptional<ReturnType<typeof field>>>,
  { error: 'The address must be an object.' },
);
const customerSchema = z.object({ billing_address: partialAddress.optional(), shipping_address: partialAddress.optional() });

/** Checks of a partly typed address (nothing is required yet; what is there must be valid). */
const partialProblem = (address: z.infer<typeof partialAddress>, withEmail: boolean): AddressProblem | null => {
  const email = address.email?.trim() ?? '';
  if (withEmail && email !== '' && !isEmail(email)) return { code: 'invalid_email', message: 'The provided email address is not valid' };
  const country = address.country ?? '';
  if (country !== '' && country !== 'PH') return { code: 'invalid_country', message: `Sorry, we do not ship to ${country}. Only the Philippines (PH) is allowed.` };
  const state = address.state ?? '';
  if (state !== '' && !provinceByCode(state)) return { code: 'invalid_state', message: `The provided state (${state}) is not valid. Must be one of: ${STATES}` };
  const postcode = address.postcode?.trim() ?? '';
  if (postcode !== '' && !/^\d{4}$/.test(postcode)) return { code: 'invalid_postcode', message: 'The provided postcode / ZIP is not valid' };
  const phone = address.phone ?? '';
  if (phone.trim() !== '' && !normalisePhone(phone).ok) return { code: 'invalid_phone', message: 'The provided phone number is not valid' };
  return null;
};

/** A partly typed address merged over what the cart had, trimmed, with the state's `PH:` prefix dropped. */
const merged = <A extends Record<string, string>>(current: A, update: Readonly<Record<string, string | undefined>>): A => {
  const out: Record<string, string> = { ...current };
  for (const key of Object.keys(current)) {
    const value = update[key];
    if (value !== undefined) out[key] = value.trim();
  }
  if (out['state']?.startsWith('PH:')) out['state'] = out['state'].slice(3);
  out['country'] = 'PH';
  return out as A;
};

/**
 * A `cart/update-customer` body applied to the cart's customer. Either address may be left out
 * or partly filled (the checkout sends what the shopper has typed so far); what is there is checked
 * as at checkout, and a refusal names the address and field. Without a shipping address, the
 * billing address is used for shipping too, as the Store API does.
 */
export function readCustomerUpdate(body: unknown, current: CartCustomer): CartCustomer {
  const parsed = customerSchema.safeParse(body);
  if (!parsed.success) throw shapeError(parsed.error);
  const { billing_address: billing, shipping_address: shipping } = parsed.data;
  const problems: Array<[string, AddressProblem]> = [];
  const billingProblem = billing ? partialProblem(billing, true) : null;
  if (billingProblem) problems.push(['billing_address', billingProblem]);
  const shippingProblem = shipping ? partialProblem(shipping, false) : null;
  if (shippingProblem) problems.push(['shipping_address', shippingProblem]);
  if (problems.length > 0) {
    throw new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${problems.map(([f]) => f).join(', ')}`, {
      params: Object.fromEntries(problems.map(([f, p]) => [f, p.message])),
      details: Object.fromEntries(problems.map(([f, p]) => [f, { code: p.code, message: p.message, data: null }])),
    });
  }
  const nextBilling = billing ? merged(current.billing, billing) : current.billing;
  const { email: _email, ...billingAsShipping } = billing ?? {};
  const shippingUpdate = shipping ?? (billing ? billingAsShipping : undefined);
  const nextShipping = shippingUpdate ? merged(current.shipping, shippingUpdate) : current.shipping;
  return { billing: nextBilling, shipping: nextShipping, shippingRate: current.shippingRate };
}
