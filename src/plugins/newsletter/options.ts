import { z } from 'zod/mini';

/** Options of the newsletter plugin (the provider's public settings, `mailchimp_public_data`). */
export const newsletterOptions = z.strictObject({
  /** Two-letter language sent with every capture as `mc_language`. @default 'en' */
  language: z._default(z.string().check(z.regex(/^[a-z]{2}$/, 'must be a two-letter language code such as "en"')), 'en'),
  /**
   * The shop lets the capture remember the address (the provider's `allowed_to_set_cookies`); off,
   * nothing is remembered or sent. The browser's own cookie switch counts too. @default true
   */
  allowCookies: z._default(z.boolean(), true),
  /** Carts are not tracked (the provider's `disable_carts`): nothing is sent. @default false */
  disableCarts: z._default(z.boolean(), false),
  /**
   * The opt-in checkbox's label at checkout. The shop's server records this text as what the
   * shopper agreed to (`server/routes/admin-ajax.ts`). @default 'Subscribe to our newsletter'
   */
  optInLabel: z._default(z.string().check(z.minLength(1), z.maxLength(200)), 'Subscribe to our newsletter'),
});

/** Checked options of the newsletter plugin. */
export type NewsletterOptions = z.output<typeof newsletterOptions>;
