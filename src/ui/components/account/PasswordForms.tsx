/**
 * `Lost your password?` and the reset form its mail links to, with WooCommerce's fields and
 * nonces, posted to their own pages.
 */
import type { FormEvent } from 'react';
import type { AccountLostPasswordView, AccountResetPasswordView } from '../../../app/account-page.js';
import { LOST_PASSWORD_RULES, resetPasswordRules, type LostPasswordField, type ResetPasswordField } from '../../../core/rules/account-forms.js';
import { useTexts } from '../../i18n.js';
import { passwordTexts } from '../../messages/account.js';
import { useUi } from '../../runtime-context.js';
import { AccountNotices } from './AccountChrome.js';
import { AccountField, PasswordField, useAccountForm, useFormRef, usePasswordHint } from './fields.js';

const LOST_FIELDS: readonly LostPasswordField[] = ['user_login'];
const RESET_FIELDS: readonly ResetPasswordField[] = ['password_1', 'password_2'];

/** The request form, or once a mail went out, what to expect of it. */
export function LostPasswordForm({ view }: { readonly view: AccountLostPasswordView }) {
  const formRef = useFormRef();
  const t = useTexts(passwordTexts);
  const form = useAccountForm<LostPasswordField>({ fields: LOST_FIELDS, rulesOf: () => LOST_PASSWORD_RULES, initial: { user_login: view.login }, formRef });
  if (view.sent) {
    return (
      <div className="account-lost-password">
        <AccountNotices notices={view.notices.length > 0 ? view.notices : [{ kind: 'success', text: t.sent }]} />
        <p>{t.sentNote}</p>
        <p>
          <a href="/my-account/">{t.backToLogin}</a>
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
        aria-label={t.lostForm}
        onSubmit={(e: FormEvent<HTMLFormElement>) => void form.submit(e)}
      >
        <p>{t.lostIntro}</p>
        <AccountField bound={form.field('user_login')} label={t.usernameOrEmail} autoComplete="username" />
        <input type="hidden" name="wc_reset_password" value="true" />
        <input type="hidden" name="woocommerce-lost-password-nonce" value={view.nonce} />
        <input type="hidden" name="_wp_http_referer" value="/my-account/lost-password/" />
        <p>
          <button type="submit" className="button button--primary" value="Reset password">
            {t.reset}
          </button>
        </p>
      </form>
      <p>
        <a href="/my-account/">{t.backToLogin}</a>
      </p>
    </div>
  );
}

/** The new password, twice; or, for a forged, used or expired link, what happened and a way to a new one. */
export function ResetPasswordForm({ view }: { readonly view: AccountResetPasswordView }) {
  const { state } = useUi();
  const t = useTexts(passwordTexts);
  const hint = usePasswordHint(view.passwordMinLength);
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
          notices={view.notices.length > 0 ? view.notices : [{ kind: 'error', text: t.invalidKey }]}
        />
        <p>{t.linkOnce}</p>
        <p>
          <a className="button button--primary" href="/my-account/lost-password/">
            {t.newLink}
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
        aria-label={t.newForm}
        onSubmit={(e: FormEvent<HTMLFormElement>) => void form.submit(e)}
      >
        <p>{t.enterNew}</p>
        <PasswordField bound={form.field('password_1')} label={t.newPassword} autoComplete="new-password" hint={hint} meter />
        <PasswordField bound={form.field('password_2')} label={t.reenter} autoComplete="new-password" />
        <input type="hidden" name="reset_key" value={view.key} />
        <input type="hidden" name="reset_login" value={view.login} />
        <input type="hidden" name="wc_reset_password" value="true" />
        <input type="hidden" name="woocommerce-reset-password-nonce" value={view.nonce} />
        <input type="hidden" name="_wp_http_referer" value={state.path} />
        <p>
          <button type="submit" className="button button--primary" value="Save">
            {t.save}
          </button>
        </p>
      </form>
    </div>
  );
}
