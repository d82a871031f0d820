/**
 * The signed-in My Account pages that only show what the server sent: the dashboard, the orders
 * table with its pages, and one order.
 */
import type { AccountDashboardView, AccountOrdersView, AccountViewOrderView } from '../../../app/account-page.js';
import { useLocale, useTexts } from '../../i18n.js';
import { accountOrdersTexts, orderStatusTexts } from '../../messages/account.js';
import { OrderAddresses, OrderLinesTable, orderDate } from '../OrderDetails.js';

/** `Hello …`, and where each part of the account is. */
export function Dashboard({ view }: { readonly view: AccountDashboardView }) {
  const t = useTexts(accountOrdersTexts);
  const name = view.customer.displayName || view.customer.username;
  return (
    <div className="account-dashboard">
      <p>
        {t.hello}
        <strong>{name}</strong>
        {t.notYou}
        <strong>{name}</strong>
        {t.notYouEnd}
        <a href={view.logoutUrl}>{t.logOut}</a>
        {t.closing}
      </p>
      <p>
        {t.dashboardFrom}
        <a href="/my-account/orders/">{t.recentOrders}</a>
        {t.dashboardManage}
        <a href="/my-account/edit-address/">{t.addresses}</a>
        {t.dashboardAnd}
        <a href="/my-account/edit-account/">{t.editDetails}</a>
        {t.dashboardEnd}
      </p>
      {view.externalUrl ? (
        <p>
          <a className="button button--primary" href={view.externalUrl}>
            {t.continueExternal}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** A page of the shopper's orders, newest first; none yet; or, upstream, the shop's own page. */
export function OrdersTable({ view }: { readonly view: AccountOrdersView }) {
  const t = useTexts(accountOrdersTexts);
  const locale = useLocale();
  if (view.externalUrl !== null) {
    return (
      <div className="account-orders">
        <p>{t.externalNote}</p>
        <p>
          <a className="button button--primary" href={view.externalUrl}>
            {t.seeExternal}
          </a>
        </p>
      </div>
    );
  }
  if (view.orders.length === 0) {
    return (
      <div className="account-orders">
        <p className="notice notice--info">{t.none}</p>
        <p>
          <a className="button button--primary" href="/shop/">
            {t.browse}
          </a>
        </p>
      </div>
    );
  }
  const previous = view.page > 1 ? (view.page === 2 ? '/my-account/orders/' : `/my-account/orders/${view.page - 1}/`) : null;
  const next = view.page < view.totalPages ? `/my-account/orders/${view.page + 1}/` : null;
  return (
    <div className="account-orders">
      <table className="account-orders__table woocommerce-orders-table">
        <caption className="visually-hidden">{view.totalPages > 1 ? t.captionPage({ page: view.page, pages: view.totalPages }) : t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.order}</th>
            <th scope="col">{t.date}</th>
            <th scope="col">{t.status}</th>
            <th scope="col">{t.total}</th>
            <th scope="col">{t.actions}</th>
          </tr>
        </thead>
        <tbody>
          {view.orders.map((order) => (
            <tr key={order.id}>
              <th scope="row" data-title={t.order}>
                {order.number}
              </th>
              <td data-title={t.date}>
                <time dateTime={order.dateCreated}>{orderDate(order.dateCreated, locale)}</time>
              </td>
              <td data-title={t.status}>{order.status}</td>
              <td data-title={t.total}>{order.total}</td>
              <td data-title={t.actions}>
                <a className="button button--small" href={order.viewUrl} aria-label={t.viewOrder({ number: order.number })}>
                  {t.view}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {previous !== null || next !== null ? (
        <nav className="account-orders__pages" aria-label={t.pages}>
          {previous !== null ? (
            <a className="button button--small" href={previous} rel="prev">
              {t.previous}
            </a>
          ) : null}
          {next !== null ? (
            <a className="button button--small" href={next} rel="next">
              {t.next}
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** One of the shopper's orders: what it is now, its lines and totals, and its addresses. */
export function ViewOrder({ view }: { readonly view: AccountViewOrderView }) {
  const t = useTexts(accountOrdersTexts);
  const statuses = useTexts(orderStatusTexts);
  const { order } = view;
  const date = orderDate(order.dateCreated, useLocale());
  const status = Object.hasOwn(statuses, order.status) ? statuses[order.status as keyof typeof statuses] : order.status;
  return (
    <div className="account-view-order">
      <p className="order-info">
        {t.orderPrefix}
        <mark className="order-number">{order.id}</mark>
        {date ? (
          <>
            {t.placedOn}
            <mark className="order-date">{date}</mark>
            {t.placedAnd}
          </>
        ) : null}
        {t.currently}
        <mark className="order-status">{status}</mark>
        {t.end}
      </p>
      <OrderLinesTable order={order} />
      <OrderAddresses order={order} />
      <p>
        <a href="/my-account/orders/">{t.back}</a>
      </p>
    </div>
  );
}
