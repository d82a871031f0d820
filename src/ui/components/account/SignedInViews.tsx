/**
 * The signed-in My Account pages that only show what the server sent: the dashboard, the orders
 * table with its pages, and one order.
 */
import type { AccountDashboardView, AccountOrdersView, AccountViewOrderView } from '../../../app/account-page.js';
import { ORDER_STATUS_LABELS } from '../../../core/domain/checkout.js';
import { OrderAddresses, OrderLinesTable, orderDate } from '../OrderDetails.js';

/** `Hello …`, and where each part of the account is. */
export function Dashboard({ view }: { readonly view: AccountDashboardView }) {
  const name = view.customer.displayName || view.customer.username;
  return (
    <div className="account-dashboard">
      <p>
        Hello <strong>{name}</strong> (not <strong>{name}</strong>? <a href={view.logoutUrl}>Log out</a>)
      </p>
      <p>
        From your account dashboard you can view your <a href="/my-account/orders/">recent orders</a>, manage your{' '}
        <a href="/my-account/edit-address/">shipping and billing addresses</a>, and <a href="/my-account/edit-account/">edit your password and account details</a>.
      </p>
      {view.externalUrl ? (
        <p>
          <a className="button button--primary" href={view.externalUrl}>
            Continue on the shop’s site
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** A page of the shopper's orders, newest first; none yet; or, upstream, the shop's own page. */
export function OrdersTable({ view }: { readonly view: AccountOrdersView }) {
  if (view.externalUrl !== null) {
    return (
      <div className="account-orders">
        <p>This shop keeps your order history on its own site; it does not share the list with this storefront.</p>
        <p>
          <a className="button button--primary" href={view.externalUrl}>
            See your orders on the shop’s site
          </a>
        </p>
      </div>
    );
  }
  if (view.orders.length === 0) {
    return (
      <div className="account-orders">
        <p className="notice notice--info">No order has been made yet.</p>
        <p>
          <a className="button button--primary" href="/shop/">
            Browse products
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
        <caption className="visually-hidden">{view.totalPages > 1 ? `Your orders, page ${view.page} of ${view.totalPages}` : 'Your orders'}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col">Total</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {view.orders.map((order) => (
            <tr key={order.id}>
              <th scope="row" data-title="Order">
                {order.number}
              </th>
              <td data-title="Date">
                <time dateTime={order.dateCreated}>{orderDate(order.dateCreated)}</time>
              </td>
              <td data-title="Status">{order.status}</td>
              <td data-title="Total">{order.total}</td>
              <td data-title="Actions">
                <a className="button button--small" href={order.viewUrl} aria-label={`View order ${order.number}`}>
                  View
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {previous !== null || next !== null ? (
        <nav className="account-orders__pages" aria-label="Orders pages">
          {previous !== null ? (
            <a className="button button--small" href={previous} rel="prev">
              Previous
            </a>
          ) : null}
          {next !== null ? (
            <a className="button button--small" href={next} rel="next">
              Next
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** One of the shopper's orders: what it is now, its lines and totals, and its addresses. */
export function ViewOrder({ view }: { readonly view: AccountViewOrderView }) {
  const { order } = view;
  const date = orderDate(order.dateCreated);
  const status = ORDER_STATUS_LABELS[order.status] ?? order.status;
  return (
    <div className="account-view-order">
      <p className="order-info">
        Order #<mark className="order-number">{order.id}</mark>
        {date ? (
          <>
            {' '}
            was placed on <mark className="order-date">{date}</mark> and
          </>
        ) : null}{' '}
        is currently <mark className="order-status">{status}</mark>.
      </p>
      <OrderLinesTable order={order} />
      <OrderAddresses order={order} />
      <p>
        <a href="/my-account/orders/">Back to your orders</a>
      </p>
    </div>
  );
}
