/**
 * The My Account pages (`/my-account/…`): their own chunk, loaded before hydration on those pages
 * only (`src/entry-client.tsx`) and preloaded there by the server (`server/assets.ts`). The server
 * answers every form's post and hands this page the state to show (`app/account-page.ts`); the
 * views lay it out, check forms as the shopper types, and let a valid form go on as a native post.
 */
import type { PageData } from '../../app/app-state.js';
import { AccountNav, AccountNotices } from '../components/account/AccountChrome.js';
import { AccountDetails, Addresses } from '../components/account/AccountForms.js';
import { LoginPanel } from '../components/account/LoginPanel.js';
import { LostPasswordForm, ResetPasswordForm } from '../components/account/PasswordForms.js';
import { Dashboard, OrdersTable, ViewOrder } from '../components/account/SignedInViews.js';

type AccountPageData = Extract<PageData, { type: 'account' }>;

export function AccountPage({ page }: { readonly page: AccountPageData }) {
  const view = page.account;
  switch (view.view) {
    case 'login':
      return (
        <div className="account">
          <h1 className="page-title">{page.title}</h1>
          <LoginPanel view={view} />
        </div>
      );
    case 'lost-password':
      return (
        <div className="account">
          <h1 className="page-title">{page.title}</h1>
          <LostPasswordForm view={view} />
        </div>
      );
    case 'reset-password':
      return (
        <div className="account">
          <h1 className="page-title">{page.title}</h1>
          <ResetPasswordForm view={view} />
        </div>
      );
    default: {
      let body;
      switch (view.view) {
        case 'dashboard':
          body = (
            <>
              <AccountNotices notices={view.notices} />
              <Dashboard view={view} />
            </>
          );
          break;
        case 'orders':
          body = (
            <>
              <AccountNotices notices={view.notices} />
              <OrdersTable view={view} />
            </>
          );
          break;
        case 'view-order':
          body = (
            <>
              <AccountNotices notices={view.notices} />
              <ViewOrder view={view} />
            </>
          );
          break;
        case 'edit-address':
          body = <Addresses view={view} />;
          break;
        case 'edit-account':
          body = <AccountDetails view={view} />;
          break;
      }
      return (
        <div className="account account--signed-in">
          <h1 className="page-title">{page.title}</h1>
          <div className="account__layout">
            <AccountNav view={view} />
            <div className="account__content">{body}</div>
          </div>
        </div>
      );
    }
  }
}
