/**
 * Checkout adapter over the Store API: the customer's addresses (`cart/update-customer`), the
 * shipping rate (`cart/select-shipping-rate`), coupons (`cart/apply-coupon`, `cart/remove-coupon`),
 * the draft and the order (`GET`/`POST checkout`) and the order read back with its key
 * (`GET order/{id}?key=`). Requests are built as a stock WooCommerce 9.1 shop expects them; every
 * answer is checked with valibot and mapped to the checkout's domain types. This module loads only with
 * the checkout pages.
 */
import * as v from 'valibot';
import type { Address, BillingAddress, CheckoutCart, CheckoutDraft, OrderLine, PlacedOrder, ReceivedOrder } from '../core/domain/checkout.js';
import type { CheckoutFailure, CheckoutPort, PortFailure } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import { storeCartSchema, toCart } from './cart.js';
import type { HttpClient } from './http.js';
import { amountSchema, currencyShape, int, toCurrency, toMinorUnits } from './store-api.js';
import { htmlToText } from './text.js';

const STORE = 'wc/store/v1';

const addressShape = {
  first_name: v.string(),
  last_name: v.string(),
  company: v.optional(v.string()),
  address_1: v.string(),
  address_2: v.string(),
  city: v.string(),
  state: v.string(),
  postcode: v.string(),
  country: v.string(),
  phone: v.optional(v.nullable(v.string())),
};
const addressSchema = v.object(addressShape);
const billingSchema = v.object({ ...addressShape, email: v.nullable(v.string()) });

const rateSchema = v.object({
  rate_id: v.string(),
  name: v.string(),
  price: amountSchema,
  selected: v.boolean(),
});

const packageSchema = v.object({
  package_id: v.union([int, v.string()]),
  name: v.string(),
  shipping_rates: v.array(rateSchema),
});

/** A Store API cart answer with the parts only checkout reads. */
export const checkoutCartSchema = v.object({
  ...storeCartSchema.entries,
  billing_address: billingSchema,
  shipping_address: addressSchema,
  needs_shipping: v.boolean(),
  shipping_rates: v.array(packageSchema),
  payment_methods: v.array(v.string()),
  errors: v.optional(v.array(v.object({ code: v.string(), message: v.string() }))),
});

const paymentResultSchema = v.object({
  payment_status: v.string(),
  redirect_url: v.string(),
});

/** The `GET`/`POST checkout` answer. */
export const checkoutOrderSchema = v.object({
  order_id: int,
  status: v.string(),
  order_key: v.string(),
  order_number: v.optional(v.string()),
  customer_note: v.optional(v.string()),
  billing_address: billingSchema,
  shipping_address: addressSchema,
  payment_method: v.string(),
  payment_result: v.nullable(paymentResultSchema),
});

const orderItemSchema = v.object({
  name: v.string(),
  sku: v.optional(v.string()),
  quantity: int,
  variation: v.optional(v.array(v.object({ attribute: v.string(), value: v.string() }))),
  totals: v.object({ line_subtotal: amountSchema, line_total: amountSchema }),
});

/**
 * What Suki's own shop adds to the order answer under `extensions.suki` (a stock shop renders these
 * in PHP on its order-received page and sends none of them).
 */
const sukiOrderSchema = v.object({
  date_created_gmt: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/))),
  payment_method: v.optional(v.string()),
  shipping_method_title: v.optional(v.nullable(v.string())),
  customer_note: v.optional(v.nullable(v.string())),
  bank_details: v.optional(v.array(v.string())),
});

/** The `GET order/{id}` answer, with Suki's extras when its shop sends them. */
export const storeOrderSchema = v.object({
  id: int,
  status: v.string(),
  items: v.array(orderItemSchema),
  coupons: v.array(v.object({ code: v.string(), totals: v.object({ total_discount: amountSchema }) })),
  totals: v.object({
    subtotal: amountSchema,
    total_discount: amountSchema,
    total_shipping: v.nullable(amountSchema),
    total_tax: amountSchema,
    total_price: amountSchema,
    ...currencyShape,
  }),
  billing_address: billingSchema,
  shipping_address: addressSchema,
  needs_shipping: v.boolean(),
  extensions: v.optional(v.object({ suki: v.optional(sukiOrderSchema) })),
});

const toAddress = (address: v.InferOutput<typeof addressSchema>): Address => ({
  first_name: address.first_name,
  last_name: address.last_name,
  company: address.company ?? '',
  address_1: address.address_1,
  address_2: address.address_2,
  city: address.city,
  state: address.state,
  postcode: address.postcode,
  country: address.country,
  phone: address.phone ?? '',
});

const toBilling = (address: v.InferOutput<typeof billingSchema>): BillingAddress => ({ ...toAddress(address), email: address.email ?? '' });

/** Maps a checked checkout cart answer to the domain. */
export const toCheckoutCart = (data: v.InferOutput<typeof checkoutCartSchema>): CheckoutCart => ({
  cart: toCart(data),
  billing: toBilling(data.billing_address),
  shipping: toAddress(data.shipping_address),
  needsShipping: data.needs_shipping,
  packages: data.shipping_rates.map((pkg) => ({
    packageId: Number(pkg.package_id),
    name: htmlToText(pkg.name),
    rates: pkg.shipping_rates.map((rate) => ({ rateId: rate.rate_id, name: htmlToText(rate.name), price: toMinorUnits(rate.price), selected: rate.selected })),
  })),
  paymentMethods: data.payment_methods,
  problems: (data.errors ?? []).map((problem) => ({ code: problem.code, message: htmlToText(problem.message) })),
});

const toLine = (item: v.InferOutput<typeof orderItemSchema>): OrderLine => ({
  name: htmlToText(item.name),
  sku: item.sku ?? '',
  quantity: item.quantity,
  variation: (item.variation ?? []).map((v) => ({ attribute: htmlToText(v.attribute), value: htmlToText(v.value) })),
  lineSubtotal: toMinorUnits(item.totals.line_subtotal),
  lineTotal: toMinorUnits(item.totals.line_total),
});

/** Maps a checked order answer to the domain. */
export const toReceivedOrder = (data: v.InferOutput<typeof storeOrderSchema>): ReceivedOrder => ({
  id: data.id,
  status: data.status,
  lines: data.items.map(toLine),
  coupons: data.coupons.map((c) => ({ code: c.code, discount: toMinorUnits(c.totals.total_discount) })),
  totals: {
    subtotal: toMinorUnits(data.totals.subtotal),
    discount: toMinorUnits(data.totals.total_discount),
    shipping: data.totals.total_shipping === null ? 0 : toMinorUnits(data.totals.total_shipping),
    tax: toMinorUnits(data.totals.total_tax),
    total: toMinorUnits(data.totals.total_price),
    currency: toCurrency(data.totals),
  },
  billing: toBilling(data.billing_address),
  shipping: toAddress(data.shipping_address),
  needsShipping: data.needs_shipping,
  paymentMethod: data.extensions?.suki?.payment_method ?? null,
  // A GMT time without its zone: it is UTC.
  dateCreated: data.extensions?.suki?.date_created_gmt ? `${data.extensions.suki.date_created_gmt.slice(0, 19)}Z` : null,
  shippingMethodTitle: data.extensions?.suki?.shipping_method_title ? htmlToText(data.extensions.suki.shipping_method_title) : null,
  customerNote: data.extensions?.suki?.customer_note ?? '',
  bankDetails: data.extensions?.suki?.bank_details ?? [],
});

/** The cart a 409 carries in `data.cart`. */
const conflictSchema = v.object({ cart: checkoutCartSchema, key: v.optional(v.string()) });

/** `rest_invalid_param` details: which parameter, and the code and message of each. */
const invalidParamsSchema = v.object({
  params: v.optional(v.record(v.string(), v.string())),
  details: v.optional(v.record(v.string(), v.object({ code: v.optional(v.string()), message: v.optional(v.string()) }))),
});

/**
 * Our form field a Store API address error is about (`invalid_email` → `billing_email`,
 * `invalid_postcode` → `billing_postcode`...), or the parameter itself when no field says it.
 */
const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  invalid_email: 'email',
  invalid_postcode: 'postcode',
  invalid_state: 'state',
  invalid_phone: 'phone',
  invalid_country: 'country',
};

/** Maps a failed checkout call: a 409 with the cart, bad fields, or the port failure as it is. */
export const checkoutFailureOf = (failure: PortFailure): CheckoutFailure => {
  if (failure.kind !== 'http') return failure;
  const { data, ...plain } = failure;
  if (failure.status === 409) {
    const parsed = v.safeParse(conflictSchema, data);
    if (parsed.success) {
      const { key } = parsed.output;
      return { kind: 'cart-conflict', code: failure.code, message: failure.message, cart: toCheckoutCart(parsed.output.cart), ...(key ? { lineKey: key } : {}) };
    }
  }
  if (failure.code === 'rest_invalid_param') {
    const parsed = v.safeParse(invalidParamsSchema, data);
    if (parsed.success) {
      const fields: Record<string, string> = {};
      for (const [param, detail] of Object.entries(parsed.output.details ?? {})) {
        const prefix = param === 'billing_address' ? 'billing' : param === 'shipping_address' ? 'shipping' : param;
        const field = detail.code ? FIELD_OF_CODE[detail.code] : undefined;
        fields[field && prefix !== param ? `${prefix}_${field}` : param] = htmlToText(detail.message ?? parsed.output.params?.[param] ?? failure.message);
      }
      for (const [param, message] of Object.entries(parsed.output.params ?? {})) {
        if (!Object.keys(fields).some((f) => f === param || f.startsWith(`${param.replace(/_address$/, '')}_`))) fields[param] = htmlToText(message);
      }
      return { kind: 'invalid-fields', code: failure.code, message: failure.message, fields };
    }
  }
  if (failure.code === 'woocommerce_rest_missing_email_address') {
    return { kind: 'invalid-fields', code: failure.code, message: failure.message, fields: { billing_email: failure.message } };
  }
  return plain;
};

/** The address body the Store API takes: every field, country `PH` unless given. */
const addressBody = (address: Address): Address => ({
  first_name: address.first_name,
  last_name: address.last_name,
  company: address.company,
  address_1: address.address_1,
  address_2: address.address_2,
  city: address.city,
  state: address.state,
  postcode: address.postcode,
  country: address.country || 'PH',
  phone: address.phone,
});

/** Implements {@link CheckoutPort} over the Store API. */
export function createCheckoutAdapter(http: HttpClient): CheckoutPort {
  const cartCall = async (route: string, json?: unknown): Promise<Result<CheckoutCart, CheckoutFailure>> => {
    const reply = await http.rest({
      path: route === '' ? `${STORE}/cart` : `${STORE}/cart/${route}`,
      schema: checkoutCartSchema,
      ...(json === undefined ? {} : { method: 'POST' as const, json }),
    });
    return reply.ok ? ok(toCheckoutCart(reply.value.data)) : err(checkoutFailureOf(reply.error));
  };

  const placed = (data: v.InferOutput<typeof checkoutOrderSchema>): PlacedOrder => {
    const redirect = data.payment_result?.redirect_url ?? '';
    return {
      orderId: data.order_id,
      orderNumber: data.order_number ?? String(data.order_id),
      status: data.status,
      orderKey: data.order_key,
      paymentMethod: data.payment_method,
      paymentStatus: data.payment_result?.payment_status ?? '',
      // Only an address on this shop is followed (a stock shop answers with its own absolute one).
      redirectUrl: redirect === '' ? '' : (http.sameOrigin(redirect) ?? ''),
    };
  };

  return {
    loadCart: () => cartCall(''),
    updateCustomer: ({ billing, shipping }) =>
      cartCall('update-customer', { billing_address: { ...addressBody(billing), email: billing.email }, shipping_address: addressBody(shipping) }),
    selectShippingRate: ({ packageId, rateId }) => cartCall('select-shipping-rate', { package_id: packageId, rate_id: rateId }),
    applyCoupon: (code) => cartCall('apply-coupon', { code }),
    removeCoupon: (code) => cartCall('remove-coupon', { code }),
    loadDraft: async (): Promise<Result<CheckoutDraft, CheckoutFailure>> => {
      const reply = await http.rest({ path: `${STORE}/checkout`, schema: checkoutOrderSchema });
      if (!reply.ok) return err(checkoutFailureOf(reply.error));
      const data = reply.value.data;
      return ok({
        orderId: data.order_id,
        status: data.status,
        orderKey: data.order_key,
        billing: toBilling(data.billing_address),
        shipping: toAddress(data.shipping_address),
        customerNote: data.customer_note ?? '',
        paymentMethod: data.payment_method,
      });
    },
    placeOrder: async (request) => {
      const reply = await http.rest({
        path: `${STORE}/checkout`,
        method: 'POST',
        schema: checkoutOrderSchema,
        idempotencyKey: request.idempotencyKey,
        json: {
          billing_address: { ...addressBody(request.billing), email: request.billing.email },
          shipping_address: addressBody(request.shipping),
          payment_method: request.paymentMethod,
          // Left out when empty, as a stock client sends it.
          ...(request.customerNote === '' ? {} : { customer_note: request.customerNote }),
          ...(request.extensions ? { extensions: request.extensions } : {}),
        },
      });
      return reply.ok ? ok(placed(reply.value.data)) : err(checkoutFailureOf(reply.error));
    },
    getOrder: async ({ id, key, email }) => {
      const reply = await http.rest({
        path: `${STORE}/order/${encodeURIComponent(String(id))}`,
        query: { key, ...(email ? { billing_email: email } : {}) },
        schema: storeOrderSchema,
      });
      return reply.ok ? ok(toReceivedOrder(reply.value.data)) : err(checkoutFailureOf(reply.error));
    },
  };
}
