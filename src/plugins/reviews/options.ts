import { z } from 'zod/mini';

const count = (min: number, max: number) => z.number().check(z.int(), z.minimum(min), z.maximum(max));

/**
 * Options of the reviews plugin (Customer Reviews for WooCommerce's settings, `cr_ajax_object` and
 * the `[cusrev_all_reviews]`, `[cusrev_reviews_grid]` and `[cusrev_reviews_slider]` shortcodes'
 * attributes). The server reads the same checked options (`server/routes/reviews.ts`): per-page
 * sizes, who may review, moderation, on-site questions and media limits hold on both sides.
 */
export const reviewsOptions = z.strictObject({
  /** Reviews per page on the product page (`ivole_ajax_reviews_per_page`). @default 5 */
  perPage: z._default(count(1, 50), 5),
  /** The product page's default order (`ivole_ajax_reviews_sort`). @default 'recent' */
  sort: z._default(z.enum(['recent', 'helpful', 'ratinghigh', 'ratinglow']), 'recent'),
  /** Who may write a review: `anybody`, `registered` (signed in), `verified` (bought it), `none`. @default 'anybody' */
  accepting: z._default(z.enum(['anybody', 'registered', 'verified', 'none']), 'anybody'),
  /** Publish reviews by verified owners at once; every other review waits for the shop. @default false */
  autoApproveVerified: z._default(z.boolean(), false),
  /** On-site questions of the review form (extra ratings, text or number answers). @default [] */
  questions: z._default(
    z.array(
      z.strictObject({
        name: z.string().check(z.regex(/^[a-z0-9_]{1,40}$/)),
        label: z.string().check(z.minLength(1), z.maxLength(120)),
        type: z.enum(['text', 'number', 'rating']),
        required: z._default(z.boolean(), false),
      }),
    ).check(z.maxLength(10)),
    [],
  ),
  /** Photos and videos on reviews. */
  media: z._default(
    z.strictObject({
      enabled: z._default(z.boolean(), true),
      /** Most files per review (`ivole_attach_image_quantity`). @default 5 */
      limit: z._default(count(1, 10), 5),
      /** Largest file in MiB (`ivole_attach_image_size`). @default 25 */
      maxMiB: z._default(count(1, 100), 25),
      /** Accept videos as well as photos. @default true */
      videos: z._default(z.boolean(), true),
    }),
    { enabled: true, limit: 5, maxMiB: 25, videos: true },
  ),
  /** A captcha on the review form: the site key given to the browser (the server's verifier is configured by `SUKI_CAPTCHA_SECRET`). */
  captchaSiteKey: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{10,100}$/))),
  /** `/reviews/`: numbered pages (`true`; searching navigates to `?crsearch=`) or `Show more` in place. @default true */
  pagination: z._default(z.boolean(), true),
  /** Reviews per page on `/reviews/` (the shortcode's `per_page`). @default 10 */
  allPerPage: z._default(count(1, 50), 10),
  /**
   * The home page's reviews grid (masonry cards with a summary box); `count` cards at first. A
   * `title` is the shop's own heading, shown as written in every language; without one the heading
   * is the catalogue's ("What shoppers say", in the page's language).
   */
  grid: z._default(z.union([z.literal(false), z.strictObject({ title: z.optional(z.string().check(z.maxLength(120))), count: count(1, 30) })]), { count: 6 }),
  /** The home page's reviews slider; its heading as the grid's ("Recent reviews" without a `title`). */
  slider: z._default(z.union([z.literal(false), z.strictObject({ title: z.optional(z.string().check(z.maxLength(120))), count: count(1, 30) })]), { count: 8 }),
});

/** Checked options of the reviews plugin. */
export type ReviewsOptions = z.output<typeof reviewsOptions>;
