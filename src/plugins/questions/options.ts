import { z } from 'zod/mini';

/**
 * Options of the questions plugin (Customer Reviews for WooCommerce's Q&A tab). The server reads the
 * same checked options (`server/routes/reviews.ts`).
 */
export const questionsOptions = z.strictObject({
  /** Questions per page (`cr_qna_per_page`). @default 5 */
  perPage: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(50)), 5),
  /** Shoppers may ask and answer (`false`: the list only). @default true */
  accepting: z._default(z.boolean(), true),
  /** A captcha on the Q&A form: the site key given to the browser (the server's verifier is configured by `SUKI_CAPTCHA_SECRET`). */
  captchaSiteKey: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{10,100}$/))),
});

/** Checked options of the questions plugin. */
export type QuestionsOptions = z.output<typeof questionsOptions>;
