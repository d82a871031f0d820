import { z } from 'zod/mini';

/** Options of the contact-form plugin: which Contact Form 7 forms its pages show. */
export const contactFormOptions = z.strictObject({
  /** The general form's id (`contact-forms/{id}`) on `/contact/`. @default 101 (Suki's seeded form) */
  contactFormId: z._default(z.int().check(z.positive()), 101),
  /** The wholesale enquiry form's id on `/contact/wholesale/`; null: no such page. @default 102 */
  wholesaleFormId: z._default(z.nullable(z.int().check(z.positive())), 102),
});

/** Checked options of the contact-form plugin. */
export type ContactFormOptions = z.output<typeof contactFormOptions>;
