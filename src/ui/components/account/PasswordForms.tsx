/**
 * `Lost your password?` and the reset form its mail links to, with WooCommerce's fields and
 * nonces, posted to their own pages.
 */
import type { FormEvent } from 'react';
import type { AccountLostPasswordView, AccountResetPasswordView } from '../../../app/account-page.js';
import { LOST_PASSWORD_RULES, resetPasswordRules, type LostPasswordField, type ResetPasswordField } from '../../../core/rules/account-forms.js';
import { useUi } from '../../runtime-context.js';
import { AccountNotices } from './AccountChrome.js';
import { AccountField, PasswordField, passwordHint, useAccountForm, useFormRef } from './fields.js';

const LOST_FIELDS: readonly LostPasswordField[] = ['user_login'];
const RESET_FIELDS: readonly ResetPasswordField[] = ['password_1', 'password_2'];

/** The request form, or once a mail went out, what to expect of it. */
export function LostPasswordForm({ view }: { readonly view: AccountLostPasswordView }) {
  const formRef = useFormRef();
  const form = useAccountForm<LostPasswordField>({ fields: LOST_FIELDS, rulesOf: () => LOST_PASSWORD_RULES, initial: { user_login: view.login }, formRef });
  if (view.sent) {
    return (
      <div className="account-lost-password">
        <AccountNotices notices={view.notices.length > 0 ? view.notices : [{ kind: 'success', text: 'Password reset email has been sent.' }]} />
        <p>
          A password reset email has been sent to the email address on file for your account, but may take several minutes to show up in your inbox. Please wait at
          least 10 minutes before attempting another reset.
        </p>
        <p>
          <a href="/my-account/">Back to log in</a>
        </p>
      </div>
    );
  }
  return (
    <div className="account-lost-password">
      <AccountNotices notices={view.notices} />
      <form
        ref={formRef}
        className="account-form lost_reset_password"
        method="post"
        action="/my-account/lost-password/"
        noValidate
        aria-label="Lost password"
        onSubmit={(e: FormEvent<HTMLFormElement>) => void form.submit(e)}
      >
        <p>Lost your password? Please enter your username or email address. You will receive a link to create a new password via email.</p>
        <AccountField bound={form.field('user_login')} label="Username or email" autoComplete="username" />
        <input type="hidden" name="wc_reset_password" value="true" />
        <input type="hidden" name="woocommerce-lost-password-nonce" value={view.nonce} />
        <input type="hidden" name="_wp_http_referer" value="/my-account/lost-password/" />
        <p>
          <button type="submit" className="button button--primary" value="Reset password">
            Reset password
          </button>
        </p>
      </form>
      <p>
        <a href="/my-account/">Back to log in</a>
      </p>
    </div>
  );
}

/** The new password, twice; or, for a forged, used or expired link, what happened and a way to a new one. */
export function ResetPasswordForm({ view }: { readonly view: AccountResetPasswordView }) {
  const { state } = useUi();
  const formRef = useFormRef();
  const form = useAccountForm<ResetPasswordField>({
    fields: RESET_FIELDS,
    rulesOf: (values) => resetPasswordRules(view.passwordMinLength, values),
    initial: {},
    formRef,
  });
  if (!view.valid) {
    return (
      <div className="account-reset-password">
        <AccountNotices
          notices={view.notices.length > 0 ? view.notices : [{ kind: 'error', text: 'This key is invalid or has already been used. Please reset your password again if needed.' }]}
        />
        <p>A reset link works once, for a limited time. Ask for a new one and use the latest mail.</p>
        <p>
          <a className="button button--primary" href="/my-account/lost-password/">
            Get a new reset link
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="account-reset-password">
      <AccountNotices notices={view.notices} />
      <form
        ref={formRef}
        className="account-form lost_reset_password"
        method="post"
        // The page the mail's link opened (its address may carry the link's state).
        action={`${state.path}${state.search}`}
        noValidate
        aria-label="New password"
        onSubmit={(e: FormEvent<HTMLFormElement>) => void form.submit(e)}
      >
        <p>Enter a new password below.</p>
        <PasswordField bound={form.field('password_1')} label="New password" autoComplete="new-password" hint={passwordHint(view.passwordMinLength)} meter />
        <PasswordField bound={form.field('password_2')} label="Re-enter new password" autoComplete="new-password" />
        <input type="hidden" name="reset_key" value={view.key} />
        <input type="hidden" name="reset_login" value={view.login} />
        <input type="hidden" name="wc_reset_password" value="true" />
        <input type="hidden" name="woocommerce-reset-password-nonce" value={view.nonce} />
        <input type="hidden" name="_wp_http_referer" value={state.path} />
        <p>
          <button type="submit" className="button button--primary" value="Save">
            Save
          </button>
        </p>
      </form>
    </div>
  );
}
