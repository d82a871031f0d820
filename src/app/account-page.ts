/**
 * The My Account pages' data (`/my-account/…`, WooCommerce's `[woocommerce_my_account]`). Every
 * form on them is a plain form posted to the page itself with the stock field names and nonces
 * (`woocommerce-login-nonce`, `woocommerce-register-nonce`, `woocommerce-lost-password-nonce`,
 * `woocommerce-reset-password-nonce`, `woocommerce-edit-address-nonce`,
 * `save-account-details-nonce`), so they work before scripts and against a stock shop alike. The
 * server answers a post with a redirect on success or the page again with its notices; it hands
 * the view this state, and the view only lays it out (scripts add the fade between login and
 * registration, the password toggle and the strength meter).
 */
import type { Address, BillingAddress, ReceivedOrder } from '../core/domain/checkout.js';

/** A notice above a form: WooCommerce's `woocommerce-error` / `-message` / `-info`, as plain text. */
export interface AccountNotice {
  readonly kind: 'error' | 'success' | 'info';
  readonly text: string;
}

/** A field's error after a refused post, by the stock field name (`account_email`, `billing_postcode`...). */
export type AccountFieldErrors = Readonly<Record<string, string>>;

/** The signed-in shopper, as every signed-in view shows them. */
export interface AccountCustomer {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

/** One row of the orders table. */
export interface AccountOrderRow {
  readonly id: number;
  /** The order number as shown (`#1042`). */
  readonly number: string;
  /** ISO 8601. */
  readonly dateCreated: string;
  /** The status's label: `Processing`, `On hold`... */
  readonly status: string;
  /** Formatted total with the item count: `₱1,250.00 for 3 items`. */
  readonly total: string;
  /** Address of the order's view page. */
  readonly viewUrl: string;
}

/** The log-in / register panel for a guest. */
export interface AccountLoginView {
  readonly view: 'login';
  /** Which form the panel shows first (`register` after a refused registration). */
  readonly mode: 'login' | 'register';
  readonly notices: readonly AccountNotice[];
  /** Values posted and refused, shown again (never the password). */
  readonly username: string;
  readonly email: string;
  readonly rememberMe: boolean;
  readonly nonces: { readonly login: string; readonly register: string };
  /** Whether the shop lets shoppers register here. */
  readonly registrationEnabled: boolean;
  /** The shortest password the shop accepts. */
  readonly passwordMinLength: number;
}

/** `Lost your password?`: the request form, and the notice once a mail went out. */
export interface AccountLostPasswordView {
  readonly view: 'lost-password';
  readonly notices: readonly AccountNotice[];
  readonly login: string;
  readonly nonce: string;
  /** True once the reset mail was sent (the page then says so instead of the form). */
  readonly sent: boolean;
}

/** The reset form reached from the mail's link. */
export interface AccountResetPasswordView {
  readonly view: 'reset-password';
  readonly notices: readonly AccountNotice[];
  readonly nonce: string;
  /** The link's key and login, posted back with the new password; '' when the link was refused. */
  readonly key: string;
  readonly login: string;
  /** False when the link is forged, used or expired (the page says so and offers a new one). */
  readonly valid: boolean;
  readonly passwordMinLength: number;
}

interface SignedIn {
  readonly customer: AccountCustomer;
  readonly notices: readonly AccountNotice[];
  /** `customer-logout` with its nonce. */
  readonly logoutUrl: string;
}

export interface AccountDashboardView extends SignedIn {
  readonly view: 'dashboard';
  /**
   * Upstream mode, on a part of the account the stock shop keeps as forms of its own (addresses,
   * account details, downloads): that page of the stock shop, to link to. Absent otherwise.
   */
  readonly externalUrl?: string;
}

export interface AccountOrdersView extends SignedIn {
  readonly view: 'orders';
  readonly orders: readonly AccountOrderRow[];
  readonly page: number;
  readonly totalPages: number;
  /** Upstream mode without a customer order list: the stock shop's own page to send the shopper to. */
  readonly externalUrl: string | null;
}

export interface AccountViewOrderView extends SignedIn {
  readonly view: 'view-order';
  readonly order: ReceivedOrder;
}

export interface AccountAddressesView extends SignedIn {
  readonly view: 'edit-address';
  /** Null on the overview (both addresses, each with an `Edit` link); set on one address's form. */
  readonly editing: 'billing' | 'shipping' | null;
  readonly billing: BillingAddress;
  readonly shipping: Address;
  readonly nonce: string;
  readonly fieldErrors: AccountFieldErrors;
}

export interface AccountDetailsView extends SignedIn {
  readonly view: 'edit-account';
  readonly nonce: string;
  readonly fieldErrors: AccountFieldErrors;
  readonly passwordMinLength: number;
}

/** One My Account page. */
export type AccountView =
  | AccountLoginView
  | AccountLostPasswordView
  | AccountResetPasswordView
  | AccountDashboardView
  | AccountOrdersView
  | AccountViewOrderView
  | AccountAddressesView
  | AccountDetailsView;

/** What the header shows: a `My account` link, and the name once signed in. */
export interface AccountSummary {
  readonly signedIn: boolean;
  readonly displayName: string;
}
