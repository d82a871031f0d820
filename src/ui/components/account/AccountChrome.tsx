/**
 * What every My Account page has around its form: the notices the server sent with the page, and
 * (signed in) the account navigation.
 */
import { useEffect } from 'react';
import type { AccountNotice, AccountView } from '../../../app/account-page.js';
import { useTexts } from '../../i18n.js';
import { accountNavTexts } from '../../messages/account.js';
import { useUi } from '../../runtime-context.js';

/**
 * The server's notices above the form: errors in an alert, confirmations and information in a
 * status region, as WooCommerce's notice list. Once hydrated they are also said in the page's
 * polite live region, since a region already in the page as it loads is not reliably read out.
 */
export function AccountNotices({ notices }: { readonly notices: readonly AccountNotice[] }) {
  const { signals } = useUi();
  const errors = notices.filter((n) => n.kind === 'error');
  const others = notices.filter((n) => n.kind !== 'error');
  useEffect(() => {
    if (notices.length === 0) return;
    // After the live region has subscribed (it mounts after the page body).
    const timer = setTimeout(() => signals.emit('announce', { message: notices.map((n) => n.text).join(' ') }), 0);
    return () => clearTimeout(timer);
  }, [notices, signals]);
  return (
    <div className="account-notices">
      {errors.length > 0 ? (
        <div role="alert">
          <ul className="notice notice--error woocommerce-error">
            {errors.map((n, i) => (
              <li key={i}>{n.text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {others.length > 0 ? (
        <div role="status">
          {others.map((n, i) => (
            <p key={i} className={`notice ${n.kind === 'success' ? 'notice--success woocommerce-message' : 'notice--info woocommerce-info'}`}>
              {n.text}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

type SignedInView = Exclude<AccountView, { view: 'login' | 'lost-password' | 'reset-password' }>;

const LINKS: ReadonlyArray<{ readonly label: 'dashboard' | 'orders' | 'addresses' | 'details'; readonly href: string; readonly views: ReadonlyArray<SignedInView['view']> }> = [
  { label: 'dashboard', href: '/my-account/', views: ['dashboard'] },
  { label: 'orders', href: '/my-account/orders/', views: ['orders', 'view-order'] },
  { label: 'addresses', href: '/my-account/edit-address/', views: ['edit-address'] },
  { label: 'details', href: '/my-account/edit-account/', views: ['edit-account'] },
];

/**
 * The account navigation (`Account`): the link of the page shown is `aria-current="page"`; on a
 * page below one (an order, one address's form) its section's link is `aria-current="true"`.
 */
export function AccountNav({ view }: { readonly view: SignedInView }) {
  const t = useTexts(accountNavTexts);
  const below = view.view === 'view-order' || (view.view === 'edit-address' && view.editing !== null) || (view.view === 'orders' && view.page > 1);
  return (
    <nav className="account-nav woocommerce-MyAccount-navigation" aria-label={t.account}>
      <ul>
        {LINKS.map((link) => {
          const here = link.views.includes(view.view);
          return (
            <li key={link.href}>
              <a href={link.href} aria-current={here ? (below ? 'true' : 'page') : undefined}>
                {t[link.label]}
              </a>
            </li>
          );
        })}
        <li>
          <a href={view.logoutUrl}>{t.logOut}</a>
        </li>
      </ul>
    </nav>
  );
}
