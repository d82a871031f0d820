/**
 * The signed-in forms: an address (the checkout's fields, rules and province list; what is saved
 * here prefills the checkout) and the account details with the password change.
 */
import type { FormEvent } from 'react';
import type { AccountAddressesView, AccountDetailsView } from '../../../app/account-page.js';
import type { Address } from '../../../core/domain/checkout.js';
import { PH_PROVINCES, provinceByCode } from '../../../core/domain/ph-provinces.js';
import { addressRules, detailsRules, type AddressFormField, type DetailsField } from '../../../core/rules/account-forms.js';
import { useTexts } from '../../i18n.js';
import { accountFormTexts } from '../../messages/account.js';
import { addressTexts } from '../../messages/checkout.js';
import { ADDRESS_FIELDS } from '../address-fields.js';
import { addressLines } from '../OrderDetails.js';
import { AccountNotices } from './AccountChrome.js';
import { AccountField, PasswordField, useAccountForm, useFormRef, usePasswordHint } from './fields.js';

const isSet = (address: Address): boolean => ADDRESS_FIELDS.some(({ part }) => address[part].trim() !== '');

/** Both addresses, each with its `Edit` link; or one address's form. */
export function Addresses({ view }: { readonly view: AccountAddressesView }) {
  const t = useTexts(accountFormTexts);
  if (view.editing !== null) return <AddressForm view={view} prefix={view.editing} />;
  return (
    <div className="account-addresses">
      <AccountNotices notices={view.notices} />
      <p>{t.addressesIntro}</p>
      <div className="account-addresses__list">
        {(['billing', 'shipping'] as const).map((prefix) => {
          const address = view[prefix];
          return (
            <section key={prefix} aria-labelledby={`account-${prefix}-title`}>
              <h2 id={`account-${prefix}-title`}>{t[prefix]}</h2>
              {isSet(address) ? (
                <address>
                  {addressLines(address).map((line) => (
                    <span key={line}>
                      {line}
                      <br />
                    </span>
                  ))}
                  {prefix === 'billing' && view.billing.email ? view.billing.email : null}
                </address>
              ) : (
                <p>{t.noAddress}</p>
              )}
              <p>
                <a className="button button--small" href={`/my-account/edit-address/${prefix}/`}>
                  {prefix === 'billing' ? t.editBilling : t.editShipping}
                </a>
              </p>
            </section>
          );
        })}
      </div>
    </div>
  );
}

const billingFields = ['billing_email', ...ADDRESS_FIELDS.map(({ part }) => `billing_${part}` as const), 'billing_phone'] as const;
const shippingFields = ADDRESS_FIELDS.map(({ part }) => `shipping_${part}` as const);

function AddressForm<P extends 'billing' | 'shipping'>({ view, prefix }: { readonly view: AccountAddressesView; readonly prefix: P }) {
  const formRef = useFormRef();
  const t = useTexts(accountFormTexts);
  const a = useTexts(addressTexts);
  const fields = (prefix === 'billing' ? billingFields : shippingFields) as unknown as readonly AddressFormField<P>[];
  const address = view[prefix] as Address & { readonly email?: string };
  const initial: Partial<Record<string, string>> = {};
  for (const { part } of ADDRESS_FIELDS) initial[`${prefix}_${part}`] = address[part];
  if (!provinceByCode(address.state)) initial[`${prefix}_state`] = '';
  if (prefix === 'billing') {
    initial['billing_email'] = view.billing.email;
    initial['billing_phone'] = view.billing.phone;
  }
  const rules = addressRules(prefix);
  const form = useAccountForm<AddressFormField<P>>({ fields, rulesOf: () => rules, initial: initial as Partial<Record<AddressFormField<P>, string>>, posted: view.fieldErrors, formRef });
  const bound = (name: string) => form.field(name as AddressFormField<P>);
  return (
    <div className="account-address-form">
      <AccountNotices notices={view.notices} />
      <form
        ref={formRef}
        className="account-form account-form--address"
        method="post"
        action={`/my-account/edit-address/${prefix}/`}
        noValidate
        aria-label={t[prefix]}
        onSubmit={(e: FormEvent<HTMLFormElement>) => void form.submit(e)}
      >
        {prefix === 'billing' ? <AccountField bound={bound('billing_email')} label={t.email} type="email" autoComplete="billing email" maxLength={100} /> : null}
        {ADDRESS_FIELDS.map(({ part, optional, autoComplete }) =>
          part === 'state' ? (
            <AccountField key={part} bound={bound(`${prefix}_state`)} label={a.state} autoComplete={`${prefix} ${autoComplete}`}>
              <option value="">{a.selectProvince}</option>
              {PH_PROVINCES.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.name}
                </option>
              ))}
            </AccountField>
          ) : (
            <AccountField
              key={part}
              bound={bound(`${prefix}_${part}`)}
              label={a[part]}
              required={!optional}
              autoComplete={`${prefix} ${autoComplete}`}
              inputMode={part === 'postcode' ? 'numeric' : undefined}
            />
          ),
        )}
        {prefix === 'billing' ? <AccountField bound={bound('billing_phone')} label={t.phone} type="tel" autoComplete="billing tel" /> : null}
        <input type="hidden" name={`${prefix}_country`} value="PH" />
        <input type="hidden" name="woocommerce-edit-address-nonce" value={view.nonce} />
        <input type="hidden" name="_wp_http_referer" value={`/my-account/edit-address/${prefix}/`} />
        <input type="hidden" name="action" value="edit_address" />
        <p>
          <button type="submit" className="button button--primary" name="save_address" value="Save address">
            {t.saveAddress}
          </button>
        </p>
      </form>
    </div>
  );
}

const DETAILS_FIELDS: readonly DetailsField[] = ['account_first_name', 'account_last_name', 'account_display_name', 'account_email', 'password_current', 'password_1', 'password_2'];

/** Names, email, and a password change that needs the current password. */
export function AccountDetails({ view }: { readonly view: AccountDetailsView }) {
  const formRef = useFormRef();
  const t = useTexts(accountFormTexts);
  const hint = usePasswordHint(view.passwordMinLength);
  const { customer } = view;
  const form = useAccountForm<DetailsField>({
    fields: DETAILS_FIELDS,
    rulesOf: (values) => detailsRules(view.passwordMinLength, values, customer.email),
    initial: { account_first_name: customer.firstName, account_last_name: customer.lastName, account_display_name: customer.displayName, account_email: customer.email },
    posted: view.fieldErrors,
    formRef,
  });
  return (
    <div className="account-details">
      <AccountNotices notices={view.notices} />
      <form
        ref={formRef}
        className="account-form account-form--details"
        method="post"
        action="/my-account/edit-account/"
        noValidate
        aria-label={t.details}
        onSubmit={(e: FormEvent<HTMLFormElement>) => void form.submit(e)}
      >
        <AccountField bound={form.field('account_first_name')} label={t.firstName} autoComplete="given-name" />
        <AccountField bound={form.field('account_last_name')} label={t.lastName} autoComplete="family-name" />
        <AccountField
          bound={form.field('account_display_name')}
          label={t.displayName}
          autoComplete="nickname"
          hint={t.displayHint}
        />
        <AccountField bound={form.field('account_email')} label={t.email} type="email" autoComplete="email" maxLength={100} />
        <fieldset className="account-form__password">
          <legend>{t.passwordChange}</legend>
          <PasswordField bound={form.field('password_current')} label={t.currentPassword} autoComplete="current-password" required={false} />
          <PasswordField
            bound={form.field('password_1')}
            label={t.newPassword}
            autoComplete="new-password"
            required={false}
            hint={hint}
            meter
          />
          <PasswordField bound={form.field('password_2')} label={t.confirmPassword} autoComplete="new-password" required={false} />
        </fieldset>
        <input type="hidden" name="save-account-details-nonce" value={view.nonce} />
        <input type="hidden" name="_wp_http_referer" value="/my-account/edit-account/" />
        <input type="hidden" name="action" value="save_account_details" />
        <p>
          <button type="submit" className="button button--primary" name="save_account_details" value="Save changes">
            {t.save}
          </button>
        </p>
      </form>
    </div>
  );
}
