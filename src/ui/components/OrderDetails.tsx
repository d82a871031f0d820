/**
 * An order's lines, totals and addresses as the order-received page shows them; the My Account
 * order view shows the same. Its own module (listed in `vite.config.ts`'s LAZY) so the checkout
 * chunk and the account chunk share it and neither listing page carries it.
 */
import type { Address, ReceivedOrder } from '../../core/domain/checkout.js';
import { provinceByCode } from '../../core/domain/ph-provinces.js';
import { includedVat } from '../../core/rules/coupons.js';
import { formatMoney } from '../../core/rules/money.js';
import type { Locale } from '../../i18n/index.js';
import { useTexts } from '../i18n.js';
import { orderTexts, paymentTexts, paymentTitle } from '../messages/checkout.js';

/** An address as lines of text. */
export const addressLines = (address: Address): string[] =>
  [
    `${address.first_name} ${address.last_name}`.trim(),
    address.address_1,
    address.address_2,
    [address.city, provinceByCode(address.state)?.name ?? address.state, address.postcode].filter((p) => p !== '').join(', '),
    address.phone,
  ].filter((line) => line.trim() !== '');

const ORDER_DATES = new Map<Locale, Intl.DateTimeFormat>();

/** An order's date as the shop shows it (Asia/Manila) in the page's language, or '' when unknown. */
export const orderDate = (iso: string | null, locale: Locale = 'en-PH'): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let format = ORDER_DATES.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Manila' });
    ORDER_DATES.set(locale, format);
  }
  return format.format(date);
};

/** The `Order details` table: lines, subtotal, discount, shipping, note, payment method and total. */
export function OrderLinesTable({ order }: { readonly order: ReceivedOrder }) {
  const t = useTexts(orderTexts);
  const pay = useTexts(paymentTexts);
  const money = (n: number) => formatMoney(n, order.totals.currency);
  const method = order.paymentMethod ? paymentTitle(pay, order.paymentMethod) : null;
  return (
    <section aria-labelledby="order-details">
      <h2 id="order-details">{t.details}</h2>
      <table className="checkout-lines">
        <thead>
          <tr>
            <th scope="col">{t.product}</th>
            <th scope="col">{t.total}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            <tr key={i}>
              <td>
                {line.name} <span className="checkout-lines__qty">× {line.quantity}</span>
                {line.variation.length > 0 && <span className="checkout-lines__variation">{line.variation.map((v) => `${v.attribute}: ${v.value}`).join(', ')}</span>}
              </td>
              <td>{money(line.lineSubtotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t.subtotal}</th>
            <td>{money(order.totals.subtotal)}</td>
          </tr>
          {order.totals.discount > 0 && (
            <tr>
              <th scope="row">{order.coupons.length > 0 ? t.discountCodes({ codes: order.coupons.map((c) => c.code).join(', ') }) : t.discount}</th>
              <td>−{money(order.totals.discount)}</td>
            </tr>
          )}
          {order.needsShipping && (
            <tr>
              <th scope="row">{t.shipping}</th>
              <td>
                {order.totals.shipping === 0 ? t.free : money(order.totals.shipping)}
                {order.shippingMethodTitle && <span className="checkout-lines__vat">{t.via({ method: order.shippingMethodTitle })}</span>}
              </td>
            </tr>
          )}
          {order.customerNote !== '' && (
            <tr>
              <th scope="row">{t.note}</th>
              <td>{order.customerNote}</td>
            </tr>
          )}
          {method && (
            <tr>
              <th scope="row">{t.paymentMethod}</th>
              <td>{method}</td>
            </tr>
          )}
          <tr className="checkout-lines__total">
            <th scope="row">{t.total}</th>
            <td>
              <strong>{money(order.totals.total)}</strong>
              <span className="checkout-lines__vat">{t.includesVat({ vat: money(includedVat(order.totals.total)) })}</span>
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/** The billing address (with the email) and, when the order ships, the shipping address. */
export function OrderAddresses({ order }: { readonly order: ReceivedOrder }) {
  const t = useTexts(orderTexts);
  return (
    <div className="order-received__addresses">
      <section aria-labelledby="billing-address">
        <h2 id="billing-address">{t.billingAddress}</h2>
        <address>
          {addressLines(order.billing).map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
          {order.billing.email}
        </address>
      </section>
      {order.needsShipping && (
        <section aria-labelledby="shipping-address">
          <h2 id="shipping-address">{t.shippingAddress}</h2>
          <address>
            {addressLines(order.shipping).map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
        </section>
      )}
    </div>
  );
}
