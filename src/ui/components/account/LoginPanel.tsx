/**
 * The guest's panel on `/my-account/`: the login form and the registration form, WooCommerce's
 * fields and nonces, each posted to the page itself.
 *
 * - Without scripts both forms show side by side (the stock layout), through the `<noscript>` rule.
 * - With scripts one shows at a time: `Register` and `Log in` switch between them with a fade
 *   (CSS, 250 ms out then in, as the spec's animation timeout; none under
 *   `prefers-reduced-motion: reduce`); focus moves to the first field of the form shown, and the
 *   other is `hidden` (and `inert` while it fades out).
 * - The address typed at login or registration is told to the bus (`account.email`) on the
 *   field's focus and blur and as the form is sent, where the newsletter capture listens.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AccountLoginView } from '../../../app/account-page.js';
import { LOGIN_RULES, registerRules, type LoginField, type RegisterField } from '../../../core/rules/account-forms.js';
import { useTexts } from '../../i18n.js';
import { loginTexts } from '../../messages/account.js';
import { useUi } from '../../runtime-context.js';
import { AccountNotices } from './AccountChrome.js';
import { AccountField, PasswordField, useAccountForm, useFormRef, usePasswordHint } from './fields.js';
import { NoScript } from '../NoScript.js';

/** The fade's length each way (the spec's login/register animation timeout). */
export const PANEL_FADE_MS = 250;

type Mode = AccountLoginView['mode'];

/**
 * Without scripts: both forms, in two columns, and no switch buttons (they would do nothing).
 * No quotes or `>` here: the server escapes them in text.
 */
const NO_SCRIPT_CSS = '.account-panel__form[hidden]{display:block!important}.account-panel__switch{display:none!important}@media (min-width: 768px){.account-panel{grid-template-columns:1fr 1fr}}';

const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password'];
const REGISTER_FIELDS: readonly RegisterField[] = ['email', 'password'];

const prefersReducedMotion = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function LoginPanel({ view }: { readonly view: AccountLoginView }) {
  const { runtime } = useUi();
  const t = useTexts(loginTexts);
  const hint = usePasswordHint(view.passwordMinLength);
  const canRegister = view.registrationEnabled;
  const [active, setActive] = useState<Mode>(canRegister ? view.mode : 'login');
  const [fade, setFade] = useState<'out' | 'in' | null>(null);
  const [focusTarget, setFocusTarget] = useState<Mode | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const loginRef = useFormRef();
  const registerRef = useFormRef();

  useEffect(() => () => clearTimeout(timer.current), []);
  // The first field of the form just shown takes focus.
  useEffect(() => {
    if (focusTarget === null) return;
    const form = focusTarget === 'login' ? loginRef.current : registerRef.current;
    const first = form?.elements.namedItem(focusTarget === 'login' ? 'username' : 'email');
    if (first instanceof HTMLElement) first.focus();
    setFocusTarget(null);
  }, [focusTarget, loginRef, registerRef]);

  const switchTo = (next: Mode) => {
    if (next === active || fade === 'out') return;
    clearTimeout(timer.current);
    if (prefersReducedMotion()) {
      setActive(next);
      setFade(null);
      setFocusTarget(next);
      return;
    }
    setFade('out');
    timer.current = setTimeout(() => {
      setActive(next);
      setFade('in');
      setFocusTarget(next);
      timer.current = setTimeout(() => setFade(null), PANEL_FADE_MS);
    }, PANEL_FADE_MS);
  };

  const tell = (email: string, source: 'login' | 'register') => runtime.emit('account.email', { email, source }, 'account');

  const login = useAccountForm<LoginField>({ fields: LOGIN_FIELDS, rulesOf: () => LOGIN_RULES, initial: { username: view.username }, formRef: loginRef });
  const register = useAccountForm<RegisterField>({
    fields: REGISTER_FIELDS,
    rulesOf: (values) => registerRules(view.passwordMinLength, values),
    initial: { email: view.email },
    formRef: registerRef,
  });

  const sectionProps = (mode: Mode) => ({
    className: 'account-panel__form',
    hidden: active !== mode,
    inert: active === mode && fade === 'out' ? true : undefined,
    'data-fade': active === mode && fade !== null ? fade : undefined,
  });

  return (
    <div className="account-login">
      <AccountNotices notices={view.notices} />
      <div className="account-panel" id="customer_login">
        <section {...sectionProps('login')} id="account-login" aria-labelledby="account-login-title">
          <h2 id="account-login-title">{t.login}</h2>
          <form
            ref={loginRef}
            className="account-form woocommerce-form-login"
            method="post"
            action="/my-account/"
            noValidate
            aria-labelledby="account-login-title"
            onSubmit={(e: FormEvent<HTMLFormElement>) => {
              if (login.submit(e)) tell(login.state.values.username, 'login');
            }}
          >
            <AccountField
              bound={login.field('username')}
              label={t.username}
              autoComplete="username"
              onFocus={(value) => tell(value, 'login')}
              onBlur={(value) => tell(value, 'login')}
            />
            <PasswordField bound={login.field('password')} label={t.password} autoComplete="current-password" />
            <p className="account-form__remember">
              <input type="checkbox" name="rememberme" id="rememberme" value="forever" defaultChecked={view.rememberMe} />
              <label htmlFor="rememberme">{t.remember}</label>
            </p>
            <input type="hidden" name="woocommerce-login-nonce" value={view.nonces.login} />
            <input type="hidden" name="_wp_http_referer" value="/my-account/" />
            <p>
              <button type="submit" className="button button--primary" name="login" value="Log in">
                {t.logIn}
              </button>
            </p>
            <p className="account-form__lost">
              <a href="/my-account/lost-password/">{t.lost}</a>
            </p>
          </form>
          {canRegister ? (
            <p className="account-panel__switch">
              {t.newHere}{' '}
              <button type="button" className="button button--small" aria-controls="account-register" onClick={() => switchTo('register')}>
                {t.register}
              </button>
            </p>
          ) : null}
        </section>
        {canRegister ? (
          <section {...sectionProps('register')} id="account-register" aria-labelledby="account-register-title">
            <h2 id="account-register-title">{t.register}</h2>
            <form
              ref={registerRef}
              className="account-form woocommerce-form-register"
              method="post"
              action="/my-account/"
              noValidate
              aria-labelledby="account-register-title"
              onSubmit={(e: FormEvent<HTMLFormElement>) => {
                if (register.submit(e)) tell(register.state.values.email, 'register');
              }}
            >
              <AccountField
                bound={{ ...register.field('email'), id: 'reg_email' }}
                label={t.email}
                type="email"
                autoComplete="email"
                maxLength={254}
                onFocus={(value) => tell(value, 'register')}
                onBlur={(value) => tell(value, 'register')}
              />
              <PasswordField bound={{ ...register.field('password'), id: 'reg_password' }} label={t.password} autoComplete="new-password" hint={hint} meter />
              <p className="account-form__privacy">{t.privacy}</p>
              <input type="hidden" name="woocommerce-register-nonce" value={view.nonces.register} />
              <input type="hidden" name="_wp_http_referer" value="/my-account/" />
              <p>
                <button type="submit" className="button button--primary" name="register" value="Register">
                  {t.register}
                </button>
              </p>
            </form>
            <p className="account-panel__switch">
              {t.haveAccount}{' '}
              <button type="button" className="button button--small" aria-controls="account-login" onClick={() => switchTo('login')}>
                {t.logIn}
              </button>
            </p>
          </section>
        ) : null}
        <NoScript>
          <style>{NO_SCRIPT_CSS}</style>
        </NoScript>
      </div>
    </div>
  );
}
