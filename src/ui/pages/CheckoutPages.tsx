/**
 * The checkout page and the order-received page: their own chunk, loaded only on those pages.
 * The checkout form is server-rendered with WooCommerce's field names and posts to `/checkout/`
 * before scripts run; once hydrated, it validates as the shopper types, keeps a draft, prices
 * shipping through the Store API and places the order with one idempotency key per attempt.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import type { PageData } from '../../app/app-state.js';
import { createCheckoutSession, type CheckoutSession, type CheckoutSessionState } from '../../core/checkout/checkout-session.js';
import type { CheckoutCart, ReceivedOrder } from '../../core/domain/checkout.js';
import type { Currency } from '../../core/domain/money.js';
import { PH_PROVINCES, provinceByCode } from '../../core/domain/ph-provinces.js';
import { createIdGenerator } from '../../core/ids.js';
import { addressesOf, destinationOf, parseDraft, serializeDraft, DRAFT_FIELDS } from '../../core/rules/checkout-draft.js';
import {
  checkoutErrors,
  checkoutFormReducer,
  firstInvalidCheckoutField,
  initialCheckoutForm,
  type CheckoutField,
  type CheckoutFormEvent,
  type CheckoutFormState,
} from '../../core/rules/checkout-form.js';
import { CHECKOUT_STEPS, stepOfField } from '../../core/rules/checkout-steps.js';
import { includedVat } from '../../core/rules/coupons.js';
import { formatMoney } from '../../core/rules/money.js';
import { useLocale, useTexts } from '../i18n.js';
import { addressTexts, checkoutTexts, orderTexts, paymentTexts, paymentTitle, shippingName, shippingTexts } from '../messages/checkout.js';
import { useUi } from '../runtime-context.js';
import { SlotFills } from '../slots.js';
import { ADDRESS_FIELDS } from '../components/address-fields.js';
import { useSteadyWhilePressed } from '../components/steady.js';
import { OrderAddresses, OrderLinesTable, orderDate } from '../components/OrderDetails.js';

type CheckoutPageData = Extract<PageData, { type: 'checkout' }>;
type OrderReceivedData = Extract<PageData, { type: 'order-received' }>;

/** Where the draft is kept in the browser. */
export const DRAFT_STORAGE_KEY = 'suki-checkout-draft';

/** Payment methods in the order the page offers them. */
const PAYMENT_ORDER = ['cod', 'bacs'];

/** Form values the shop already holds for this session (a returning shopper). */
const valuesFromShop = (checkout: CheckoutCart): Partial<Record<CheckoutField, string>> => {
  const values: Partial<Record<CheckoutField, string>> = { billing_email: checkout.billing.email, billing_phone: checkout.billing.phone };
  for (const { part } of ADDRESS_FIELDS) {
    values[`billing_${part}`] = checkout.billing[part];
    values[`shipping_${part}`] = checkout.shipping[part];
  }
  // Only Philippine provinces are choices here.
  if (!provinceByCode(values.billing_state ?? '')) values.billing_state = '';
  if (!provinceByCode(values.shipping_state ?? '')) values.shipping_state = '';
  return values;
};

/** Reads the session's state, or the page's own state on the server (no session there). */
function useSessionState(session: CheckoutSession | null, checkout: CheckoutCart): CheckoutSessionState {
  const fallback = useMemo<CheckoutSessionState>(
    () => ({ checkout, updating: false, placing: false, error: null, fieldErrors: {}, flagged: {}, couponError: null, attempt: null }),
    [checkout],
  );
  const subscribe = useMemo(() => session?.store.subscribe ?? (() => () => undefined), [session]);
  const read = () => session?.store.getSnapshot() ?? fallback;
  return useSyncExternalStore(subscribe, read, read);
}

const readDraft = (): string | null => {
  try {
    return window.localStorage.getItem(DRAFT_STORAGE_KEY);
  } catch {
    return null;
  }
};

const writeDraft = (text: string | null): void => {
  try {
    if (text === null) window.localStorage.removeItem(DRAFT_STORAGE_KEY);
    else window.localStorage.setItem(DRAFT_STORAGE_KEY, text);
  } catch {
    // Storage full or off: the form still works, without a draft.
  }
};

/** The checkout page. */
export function CheckoutPage({ page }: { page: CheckoutPageData }) {
  const { runtime, signals, checkout: port } = useUi();
  const t = useTexts(checkoutTexts);
  const a = useTexts(addressTexts);
  const locale = useLocale();
  const session = useMemo(
    () => (port ? createCheckoutSession({ port, initial: page.checkout, emit: (type, payload) => runtime.emit(type, payload, 'checkout'), ids: createIdGenerator(), locale }) : null),
    [port, page.checkout, runtime, locale],
  );
  const view = useSessionState(session, page.checkout);
  const { cart } = view.checkout;
  const posted = page.submission;
  // What the page starts with: the form as posted (without scripts) and refused, else what the shop holds.
  const fromShop = useMemo(() => (posted ? { ...posted.values } : valuesFromShop(page.checkout)), [posted, page.checkout]);
  const [form, setForm] = useState<CheckoutFormState>(() => {
    const start = initialCheckoutForm(fromShop, posted?.shipElsewhere ?? false);
    return posted ? checkoutFormReducer(start, { type: 'submit' }, locale) : start;
  });
  const methods = PAYMENT_ORDER.filter((m) => view.checkout.paymentMethods.includes(m));
  const [payment, setPayment] = useState<string>(posted?.paymentMethod || (methods[0] ?? ''));
  const [ready, setReady] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const lastDestination = useRef(destinationOf(fromShop, false) || null);
  const id = useId();
  const dispatch = (event: CheckoutFormEvent) => setForm((current) => checkoutFormReducer(current, event, locale));
  const announce = (message: string) => signals.emit('announce', { message });

  // After hydration: the draft, and whatever was typed before the scripts ran, win over the shop's values.
  useEffect(() => {
    const draft = parseDraft(readDraft());
    const typed: Partial<Record<CheckoutField, string>> = {};
    const elements = formRef.current?.elements;
    for (const field of DRAFT_FIELDS) {
      const element = elements?.namedItem(field);
      if ((element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) && element.value !== (fromShop[field] ?? '')) {
        typed[field] = element.value;
      }
    }
    const shipBox = elements?.namedItem('ship_to_different_address');
    const shipElsewhere = shipBox instanceof HTMLInputElement && shipBox.checked ? true : draft.shipElsewhere;
    // A posted form is newer than any draft; its errors stay shown.
    if (!posted) setForm(initialCheckoutForm({ ...fromShop, ...draft.values, ...typed }, shipElsewhere));
    if (!posted && draft.paymentMethod && methods.includes(draft.paymentMethod)) setPayment(draft.paymentMethod);
    setReady(true);
    if (cart.lines.length > 0) session?.reachStep(CHECKOUT_STEPS.begin);
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The draft follows the form (only its fields), from the first change on.
  useEffect(() => {
    if (!ready) return;
    writeDraft(serializeDraft({ values: form.form.values, shipElsewhere: form.shipElsewhere, paymentMethod: payment }));
  }, [ready, form.form.values, form.shipElsewhere, payment]);

  // A new destination province: the shop prices shipping for it. Asked in the commit of the change
  // (not after the next paint), so the summary is marked busy before anything else can happen.
  const destination = destinationOf(form.form.values, form.shipElsewhere);
  useLayoutEffect(() => {
    if (!ready || !session || destination === '' || destination === lastDestination.current) return;
    lastDestination.current = destination;
    void session.updateAddresses(addressesOf(form.form.values, form.shipElsewhere));
    // Only the destination decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, session, destination]);

  // Errors the shop sent for fields show on those fields (a posted form's, until the field changes).
  const postedErrors = Object.fromEntries(Object.entries(posted?.errors ?? {}).filter(([field]) => form.form.values[field as CheckoutField] === posted?.values[field as CheckoutField]));
  const shown: Partial<Record<string, string>> = { ...postedErrors, ...view.fieldErrors, ...form.form.shown };
  const notice = view.error ?? posted?.message ?? null;

  // After a failed submit, focus the first field showing an error.
  useEffect(() => {
    if (focusTick === 0) return;
    const local = firstInvalidCheckoutField(form);
    const field = local ?? DRAFT_FIELDS.find((f) => view.fieldErrors[f] !== undefined) ?? null;
    const element = field ? formRef.current?.elements.namedItem(field) : null;
    if (element instanceof HTMLElement) element.focus();
    // Only a new submit moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusTick]);

  // Failures of the shop (stock, coupons, network) are spoken.
  useEffect(() => {
    if (view.error) announce(view.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.error]);

  if (cart.lines.length === 0) {
    return (
      <>
        <h1 className="page-title">{t.title}</h1>
        <div className="cart-empty">
          <p>{t.empty}</p>
          <p>
            <a className="button button--primary" href="/shop/">
              {t.returnToShop}
            </a>
          </p>
        </div>
      </>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!session) return;
    const submitted = checkoutFormReducer(form, { type: 'submit' }, locale);
    setForm(submitted);
    const errors = Object.keys(checkoutErrors(submitted, locale)).length;
    if (errors > 0 || payment === '') {
      announce(errors > 0 ? t.correctFields(errors) : t.choosePayment);
      setFocusTick((n) => n + 1);
      return;
    }
    const { billing, shipping } = addressesOf(submitted.form.values, submitted.shipElsewhere);
    const result = await session.place({ billing, shipping, customerNote: submitted.form.values.order_comments.trim(), paymentMethod: payment });
    if (result === null) return;
    if (!result.ok) {
      if (result.error.kind === 'invalid-fields') setFocusTick((n) => n + 1);
      return;
    }
    writeDraft(null);
    announce(t.placed);
    const order = result.value;
    window.location.assign(order.redirectUrl || `/checkout/order-received/${order.orderId}/?key=${encodeURIComponent(order.orderKey)}`);
  };

  const fieldProps = (field: CheckoutField) => ({
    id: `${id}-${field}`,
    name: field,
    value: form.form.values[field],
    'aria-invalid': shown[field] ? true : undefined,
    'aria-describedby': shown[field] ? `${id}-${field}-error` : undefined,
    onChange: (e: { currentTarget: { value: string } }) => dispatch({ type: 'input', field, value: e.currentTarget.value }),
    onBlur: () => {
      dispatch({ type: 'blur', field });
      const value = form.form.values[field].trim();
      const step = stepOfField(field);
      if (step !== null && value !== '' && !checkoutErrors(form, locale)[field]) session?.reachStep(step);
    },
  });

  // The email field tells the bus when the shopper enters and leaves it (`checkout.email`): the
  // newsletter capture listens there, as the provider listens on the stock field's focus and blur.
  const emailProps = fieldProps('billing_email');
  const tellEmail = (email: string) => runtime.emit('checkout.email', { email }, 'checkout');

  const field = (name: CheckoutField, label: string, input: ReactNode, optional = false): ReactNode => (
    <p key={name} className={`checkout-field${shown[name] ? ' checkout-field--error' : ''}`}>
      <label htmlFor={`${id}-${name}`}>
        {label}
        {optional ? <span className="checkout-field__optional">{a.optional}</span> : <span aria-hidden="true"> *</span>}
      </label>
      {input}
      {shown[name] && (
        <span className="checkout-field__error" id={`${id}-${name}-error`}>
          {shown[name]}
        </span>
      )}
    </p>
  );

  const addressFields = (prefix: 'billing' | 'shipping') =>
    ADDRESS_FIELDS.map(({ part, optional, autoComplete }) => {
      const label = a[part];
      const name: CheckoutField = `${prefix}_${part}`;
      const complete = `${prefix} ${autoComplete}`;
      if (part === 'state') {
        return field(
          name,
          label,
          <select {...fieldProps(name)} required autoComplete={complete}>
            <option value="">{a.selectProvince}</option>
            {PH_PROVINCES.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>,
        );
      }
      return field(
        name,
        label,
        <input {...fieldProps(name)} type="text" required={!optional} autoComplete={complete} inputMode={part === 'postcode' ? 'numeric' : undefined} />,
        optional,
      );
    });

  return (
    <>
      <h1 className="page-title">{t.title}</h1>
      {notice && (
        <div className="notice notice--error" data-testid="checkout-error">
          <p>{notice}</p>
        </div>
      )}
      <form ref={formRef} className="checkout" method="post" action="/checkout/" noValidate onSubmit={(e) => void submit(e)} aria-label={t.title}>
        <input type="hidden" name="_attempt" value={page.attempt} />
        <div className="checkout__details">
          <fieldset className="checkout__group">
            <legend>{t.billingDetails}</legend>
            {field(
              'billing_email',
              t.email,
              <input
                {...emailProps}
                onFocus={(e) => tellEmail(e.currentTarget.value)}
                onBlur={(e) => {
                  emailProps.onBlur();
                  tellEmail(e.currentTarget.value);
                }}
                type="email"
                required
                autoComplete="email"
              />,
            )}
            {addressFields('billing')}
            {field('billing_phone', t.phone, <input {...fieldProps('billing_phone')} type="tel" required autoComplete="tel" />)}
          </fieldset>
          <p className="checkout__toggle">
            <input
              id={`${id}-ship`}
              type="checkbox"
              name="ship_to_different_address"
              value="1"
              checked={form.shipElsewhere}
              aria-controls={`${id}-shipping`}
              onChange={(e) => dispatch({ type: 'shipElsewhere', value: e.currentTarget.checked })}
            />
            <label htmlFor={`${id}-ship`}>{t.shipElsewhere}</label>
          </p>
          {/* Shown while the box is ticked (by CSS too, so it works before scripts run). */}
          <fieldset className="checkout__group checkout__shipping" id={`${id}-shipping`}>
            <legend>{t.shippingAddress}</legend>
            {addressFields('shipping')}
          </fieldset>
          <p className="checkout-field">
            <label htmlFor={`${id}-order_comments`}>{t.notes}</label>
            <textarea
              {...fieldProps('order_comments')}
              rows={3}
              placeholder={t.notesPlaceholder}
            />
            {shown.order_comments && (
              <span className="checkout-field__error" id={`${id}-order_comments-error`}>
                {shown.order_comments}
              </span>
            )}
          </p>
          <SlotFills name="checkout.fields" props={{ email: form.form.values.billing_email }} />
        </div>
        <OrderSummary session={session} view={view} id={id} payment={payment} setPayment={setPayment} methods={methods} announce={announce} />
      </form>
    </>
  );
}

/** Lines, coupons, shipping, totals, payment and the Place order button. */
function OrderSummary({
  session,
  view: latest,
  id,
  payment,
  setPayment,
  methods,
  announce,
}: {
  session: CheckoutSession | null;
  view: CheckoutSessionState;
  id: string;
  payment: string;
  setPayment: (method: string) => void;
  methods: readonly string[];
  announce: (message: string) => void;
}) {
  const t = useTexts(checkoutTexts);
  const pay = useTexts(paymentTexts);
  const ship = useTexts(shippingTexts);
  // The shop's answers (new shipping methods above the payment methods) wait for a press to end.
  const { shown: view, onPointerDownCapture } = useSteadyWhilePressed(latest);
  const { cart, packages, needsShipping } = view.checkout;
  const money = (n: number) => formatMoney(n, cart.totals.currency);
  const rates = packages.flatMap((pkg) => pkg.rates.map((rate) => ({ ...rate, packageId: pkg.packageId })));
  const selected = rates.find((r) => r.selected) ?? null;
  const rateName = (rate: { readonly rateId: string; readonly name: string }) => shippingName(ship, rate.rateId, rate.name);
  return (
    <section className="checkout__summary" aria-labelledby={`${id}-summary`} aria-busy={view.updating || undefined} onPointerDownCapture={onPointerDownCapture}>
      <h2 id={`${id}-summary`}>{t.yourOrder}</h2>
      <table className="checkout-lines">
        <thead>
          <tr>
            <th scope="col">{t.product}</th>
            <th scope="col">{t.subtotal}</th>
          </tr>
        </thead>
        <tbody>
          {cart.lines.map((line) => {
            const problem = view.flagged[line.key];
            return (
              <tr key={line.key} data-flagged={problem ? true : undefined}>
                <td>
                  {line.name} <span className="checkout-lines__qty">× {line.quantity}</span>
                  {line.variation.length > 0 && <span className="checkout-lines__variation">{line.variation.map((v) => `${v.attribute}: ${v.value}`).join(', ')}</span>}
                  {problem && (
                    <span className="checkout-lines__problem" role="note">
                      {problem}
                    </span>
                  )}
                </td>
                <td>{money(line.lineSubtotal)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t.subtotal}</th>
            <td>{money(cart.totals.subtotal)}</td>
          </tr>
          {cart.totals.discount > 0 && (
            <tr>
              <th scope="row">{t.discount}</th>
              <td>−{money(cart.totals.discount)}</td>
            </tr>
          )}
          {needsShipping && (
            <tr>
              <th scope="row">{t.shipping}</th>
              <td>{selected ? t.rate({ name: rateName(selected), price: selected.price === 0 ? t.free : money(selected.price) }) : t.enterAddress}</td>
            </tr>
          )}
          <tr className="checkout-lines__total">
            <th scope="row">{t.total}</th>
            <td>
              <strong>{money(cart.totals.total)}</strong>
              <span className="checkout-lines__vat">{t.includesVat({ vat: money(includedVat(cart.totals.total)) })}</span>
            </td>
          </tr>
        </tfoot>
      </table>
      <Coupons session={session} view={view} currency={cart.totals.currency} id={id} announce={announce} />
      {needsShipping && rates.length > 0 && (
        <fieldset className="checkout__methods" role="radiogroup" aria-labelledby={`${id}-shipping-method`}>
          <legend id={`${id}-shipping-method`}>{t.shippingMethod}</legend>
          {rates.map((rate) => (
            <p key={`${rate.packageId}-${rate.rateId}`}>
              <input
                id={`${id}-rate-${rate.rateId}`}
                type="radio"
                name={`shipping_method[${rate.packageId}]`}
                value={rate.rateId}
                checked={rate.selected}
                disabled={!session}
                onChange={() => {
                  void session?.selectRate(rate.packageId, rate.rateId);
                  session?.reachStep(CHECKOUT_STEPS.shippingMethod, { name: 'Shipping Method', value: rate.rateId });
                }}
              />
              <label htmlFor={`${id}-rate-${rate.rateId}`}>
                {t.rate({ name: rateName(rate), price: rate.price === 0 ? t.free : money(rate.price) })}
              </label>
            </p>
          ))}
        </fieldset>
      )}
      <fieldset className="checkout__methods" role="radiogroup" aria-labelledby={`${id}-payment-method`}>
        <legend id={`${id}-payment-method`}>{t.paymentMethod}</legend>
        {methods.map((method) => (
          <div key={method} className="checkout__payment">
            <input
              id={`${id}-pay-${method}`}
              type="radio"
              name="payment_method"
              value={method}
              checked={payment === method}
              onChange={() => {
                setPayment(method);
                session?.reachStep(CHECKOUT_STEPS.paymentMethod, { name: 'Payment Method', value: method });
              }}
            />
            <label htmlFor={`${id}-pay-${method}`}>{paymentTitle(pay, method)}</label>
            {payment === method && (
              <p className="checkout__payment-note">
                {method === 'cod' ? pay.codNote : pay.bacsNote}
              </p>
            )}
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary checkout__place" aria-busy={view.placing || undefined} aria-disabled={view.placing || undefined}>
        {view.placing ? t.placing : t.placeOrder}
      </button>
    </section>
  );
}

/** `Add a coupon` revealing the code box, and the coupons applied with their remove buttons. */
function Coupons({ session, view, currency, id, announce }: { session: CheckoutSession | null; view: CheckoutSessionState; currency: Currency; id: string; announce: (message: string) => void }) {
  const t = useTexts(checkoutTexts);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const { coupons } = view.checkout.cart;
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  const apply = async () => {
    const typed = code.trim();
    if (!session || typed === '') return;
    const applied = await session.applyCoupon(typed);
    if (applied) {
      setCode('');
      announce(t.couponApplied({ code: typed.toLowerCase(), total: formatMoney(session.store.getSnapshot().checkout.cart.totals.total, currency) }));
    } else {
      announce(session.store.getSnapshot().couponError ?? t.couponNotApplied);
    }
  };
  return (
    <div className="checkout__coupons">
      {coupons.length > 0 && (
        <ul className="checkout__applied" aria-label={t.couponsApplied}>
          {coupons.map((c) => (
            <li key={c.code}>
              <span>{t.coupon({ code: c.code })}</span>{' '}
              <button
                type="button"
                className="button button--small"
                aria-label={t.removeCoupon({ code: c.code })}
                onClick={() => {
                  void session?.removeCoupon(c.code).then((removed) => announce(removed ? t.couponRemoved({ code: c.code }) : (session.store.getSnapshot().couponError ?? '')));
                }}
              >
                {t.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--small" aria-expanded={open} aria-controls={`${id}-coupon`} onClick={() => setOpen((o) => !o)}>
        {t.addCoupon}
      </button>
      <div id={`${id}-coupon`} className="checkout__coupon-form" hidden={!open}>
        <label htmlFor={`${id}-coupon-code`}>{t.couponCode}</label>
        <input
          ref={inputRef}
          id={`${id}-coupon-code`}
          type="text"
          value={code}
          autoComplete="off"
          aria-invalid={view.couponError ? true : undefined}
          aria-describedby={view.couponError ? `${id}-coupon-error` : undefined}
          onChange={(e) => setCode(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter applies the coupon instead of placing the order.
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
        />
        <button type="button" className="button button--small" onClick={() => void apply()} aria-busy={view.updating || undefined}>
          {t.apply}
        </button>
        {view.couponError && (
          <p className="checkout-field__error" id={`${id}-coupon-error`}>
            {view.couponError}
          </p>
        )}
      </div>
    </div>
  );
}

/** The order-received page: the order with its key, or a message that shows nothing of it. */
export function OrderReceivedPage({ page }: { page: OrderReceivedData }) {
  const { state } = useUi();
  const t = useTexts(orderTexts);
  const order = page.order;
  if (!order) {
    const key = new URLSearchParams(state.search).get('key') ?? '';
    return (
      <div className="page-message">
        <h1 className="page-title">{t.order}</h1>
        <p>{page.message}</p>
        {page.askEmail && (
          <form method="post" action={`${state.path}?key=${encodeURIComponent(key)}`} className="order-verify">
            <p className="checkout-field">
              <label htmlFor="verify-email">{t.email}</label>
              <input id="verify-email" name="email" type="email" required autoComplete="email" />
            </p>
            <button type="submit" className="button button--primary">
              {t.verify}
            </button>
          </form>
        )}
        <p>
          <a href="/shop/">{t.continueShopping}</a>
        </p>
      </div>
    );
  }
  return <OrderDetails order={order} bankDetails={page.bankDetails} />;
}

function OrderDetails({ order, bankDetails }: { order: ReceivedOrder; bankDetails: readonly string[] }) {
  const t = useTexts(orderTexts);
  const pay = useTexts(paymentTexts);
  const date = orderDate(order.dateCreated, useLocale());
  const money = (n: number) => formatMoney(n, order.totals.currency);
  const method = order.paymentMethod ? paymentTitle(pay, order.paymentMethod) : null;
  const byCash = order.paymentMethod === 'cod';
  const byTransfer = order.paymentMethod === 'bacs';
  return (
    <div className="order-received">
      <h1 className="page-title">{t.received}</h1>
      <p className="order-received__thanks">{t.thanks}</p>
      <dl className="order-received__overview">
        <div>
          <dt>{t.number}</dt>
          <dd>{order.id}</dd>
        </div>
        {date && (
          <div>
            <dt>{t.date}</dt>
            <dd>{date}</dd>
          </div>
        )}
        {order.billing.email && (
          <div>
            <dt>{t.emailShort}</dt>
            <dd>{order.billing.email}</dd>
          </div>
        )}
        <div>
          <dt>{t.total}</dt>
          <dd>{money(order.totals.total)}</dd>
        </div>
        {method && (
          <div>
            <dt>{t.paymentMethod}</dt>
            <dd>{method}</dd>
          </div>
        )}
      </dl>
      {byCash && <p>{pay.codNote}</p>}
      {byTransfer && (
        <section className="order-received__bank" aria-labelledby="bank-details">
          <h2 id="bank-details">{t.bankDetails}</h2>
          <p>{t.bankNote}</p>
          {bankDetails.length > 0 && (
            <ul>
              {bankDetails.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </section>
      )}
      <OrderLinesTable order={order} />
      <OrderAddresses order={order} />
      <p>
        <a href="/shop/">{t.continueShopping}</a>
      </p>
    </div>
  );
}
