import type { PageData } from '../../app/app-state.js';
import { trackingField, trackingNotice, type TrackedOrder } from '../../app/order-tracking.js';
import { useTexts } from '../i18n.js';
import { trackingTexts } from '../messages/order-tracking.js';

type TrackingPageData = Extract<PageData, { type: 'order-tracking' }>;

/** What the order-tracking page shows for a match: the status line and the order's details. */
function TrackedOrderDetails({ order }: { readonly order: TrackedOrder }) {
  const t = useTexts(trackingTexts);
  return (
    <>
      <p className="order-info">
        {t.orderPrefix}
        <mark className="order-number">{order.number}</mark>
        {t.placedOn}
        <mark className="order-date">{order.date}</mark>
        {t.currently}
        <mark className="order-status">{order.status}</mark>
        {t.end}
      </p>
      <section className="woocommerce-order-details" aria-labelledby="order-details-title">
        <h2 id="order-details-title">{t.details}</h2>
        <table className="order-details__table">
          <thead>
            <tr>
              <th scope="col">{t.product}</th>
              <th scope="col">{t.total}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={index}>
                <td>
                  {line.name} <strong className="product-quantity">× {line.quantity}</strong>
                  {line.variation ? (
                    <>
                      <br />
                      <small>{line.variation}</small>
                    </>
                  ) : null}
                </td>
                <td>{line.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {order.totals.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}:</th>
                <td>{value}</td>
              </tr>
            ))}
            {order.note ? (
              <tr>
                <th scope="row">{t.note}</th>
                <td>{order.note}</td>
              </tr>
            ) : null}
          </tfoot>
        </table>
      </section>
      <p>
        <a href="/order-tracking/">{t.another}</a>
      </p>
    </>
  );
}

/**
 * `/order-tracking/`: WooCommerce's tracking form (`orderid`, `order_email`, its nonce, `track`),
 * posted to the page itself so it works without scripts; after a post, the server's answer: the
 * order, or a notice above the form with the values kept.
 */
export function OrderTrackingPage({ page }: { readonly page: TrackingPageData }) {
  const { tracking } = page;
  const t = useTexts(trackingTexts);
  const noticeKey = trackingNotice(tracking.outcome);
  const notice = noticeKey ? t[noticeKey] : null;
  const invalid = trackingField(tracking.outcome);
  return (
    <div className="order-tracking">
      <h1 className="page-title">{t.title}</h1>
      {notice ? (
        // WooCommerce's notice list (so a Suki in front of this one reads it as a stock answer), in
        // an alert of its own: a list keeps its list semantics.
        <div role="alert" id="order-tracking-notice">
          <ul className="woocommerce-error notice notice--error">
            <li>{notice}</li>
          </ul>
        </div>
      ) : null}
      {tracking.order ? (
        <TrackedOrderDetails order={tracking.order} />
      ) : (
        <form className="comment-form track-order" method="post" action="/order-tracking/" noValidate aria-label={t.formName}>
          <p>{t.intro}</p>
          <p className={`comment-form__field${invalid === 'orderid' ? ' comment-form__field--error' : ''}`}>
            <label htmlFor="orderid">{t.orderId}</label>
            <input
              type="text"
              name="orderid"
              id="orderid"
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              defaultValue={tracking.orderId}
              placeholder={t.orderIdHint}
              aria-invalid={invalid === 'orderid' || undefined}
              aria-describedby={invalid === 'orderid' ? 'order-tracking-notice' : undefined}
            />
          </p>
          <p className={`comment-form__field${invalid === 'order_email' ? ' comment-form__field--error' : ''}`}>
            <label htmlFor="order_email">{t.email}</label>
            <input
              type="email"
              name="order_email"
              id="order_email"
              autoComplete="email"
              maxLength={254}
              defaultValue={tracking.email}
              placeholder={t.emailHint}
              aria-invalid={invalid === 'order_email' || undefined}
              aria-describedby={invalid === 'order_email' ? 'order-tracking-notice' : undefined}
            />
          </p>
          <p>
            <button type="submit" className="button button--primary" name="track" value="Track">
              {t.track}
            </button>
          </p>
          <input type="hidden" name="woocommerce-order-tracking-nonce" value={tracking.nonce} />
          <input type="hidden" name="_wp_http_referer" value="/order-tracking/" />
        </form>
      )}
    </div>
  );
}
