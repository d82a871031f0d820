/**
 * Reviews, their media and votes, and questions and answers, as the shop knows them (Customer
 * Reviews for WooCommerce's model, `wire-protocol.md` §2, spec §3–§5): a review belongs to a product
 * or to the shop itself (a "shop review"), has a rating 1–5, plain text, the name as given, tags,
 * photos and videos, the shop's replies and helpful/not-helpful votes. A question belongs to a
 * product and has answers; both can be voted on.
 *
 * These are the shapes the `reviews` and `questions` ports hand to the plugins and that Suki's own
 * JSON route (`/wp-json/suki/v1/reviews…` and `/wp-json/suki/v1/questions…`, see
 * `src/app/reviews-view.ts`) answers with, on our server and, translated from the stock plugin's
 * actions, in upstream mode. Every text is plain text (never HTML); views render it as text.
 */

/** Orders of a review list: newest first, most helpful (up − down), highest and lowest rating. */
export type ReviewSort = 'recent' | 'helpful' | 'ratinghigh' | 'ratinglow';
export const REVIEW_SORTS: readonly ReviewSort[] = ['recent', 'helpful', 'ratinghigh', 'ratinglow'];

/** A rating filter: 0 is every rating, 1–5 only that many stars. */
export type RatingFilter = 0 | 1 | 2 | 3 | 4 | 5;

/** A star rating a review gives. */
export type StarRating = 1 | 2 | 3 | 4 | 5;

/**
 * Which reviews a list shows: one product's, the shop's own (CusRev's item id `-1`), or both together
 * (the all-reviews page `/reviews/`, the reviews grid and slider, the trust badge).
 */
export type ReviewScope = { readonly kind: 'product'; readonly productId: number } | { readonly kind: 'shop' } | { readonly kind: 'all' };

/** A vote's direction as the viewer last cast it: 1 helpful, -1 not helpful, 0 none. */
export type VoteDirection = -1 | 0 | 1;

/** Votes on a review, a question or an answer, with the viewer's own. */
export interface Votes {
  readonly up: number;
  readonly down: number;
  readonly current: VoteDirection;
}

/** A photo or video attached to a review. */
export interface ReviewMedia {
  readonly id: number;
  readonly kind: 'image' | 'video';
  /** The full picture, or the video file. Root-relative or absolute. */
  readonly src: string;
  /** A thumbnail (images) or a poster frame, or null when the shop has none (videos). */
  readonly thumb: string | null;
  /** Natural size in pixels (0 when unknown, e.g. a video in upstream mode). */
  readonly width: number;
  readonly height: number;
  /** Plain text, e.g. "Photo 1 by Ana" (the lightbox's alt and title). */
  readonly alt: string;
  /** `image/jpeg`, `video/mp4`... */
  readonly mime: string;
}

/** A tag the shop put on reviews (CusRev's review tags; the tag filter's buttons). */
export interface ReviewTag {
  readonly id: number;
  readonly name: string;
  /** Approved reviews in the scope with this tag. */
  readonly count: number;
}

/** The shop's reply to a review (shown under it). */
export interface ReviewReply {
  readonly id: number;
  readonly author: string;
  /** ISO 8601. */
  readonly date: string;
  readonly text: string;
}

/** A product, as a review on a page of several products' reviews names it. */
export interface ReviewedProduct {
  readonly id: number;
  readonly name: string;
  /** Root-relative address of the product page. */
  readonly permalink: string;
  /** The product's main picture (small), or null. */
  readonly image: string | null;
}

/** One approved review. */
export interface Review {
  readonly id: number;
  /** The product reviewed; null for a shop review. */
  readonly product: ReviewedProduct | null;
  readonly rating: StarRating;
  /** As written: plain text, paragraphs separated by blank lines. */
  readonly text: string;
  /** The name as given (the initials avatar is made from it). */
  readonly author: string;
  /** ISO 8601. */
  readonly date: string;
  /** The reviewer's email bought the product (a completed or processing order). */
  readonly verified: boolean;
  /** Featured reviews come first in every list. */
  readonly featured: boolean;
  readonly tags: readonly Pick<ReviewTag, 'id' | 'name'>[];
  readonly media: readonly ReviewMedia[];
  readonly replies: readonly ReviewReply[];
  readonly votes: Votes;
}

/** Average, count and histogram of the approved reviews of a scope (no filter applied). */
export interface RatingSummary {
  /** Average rating in hundredths (460 is 4.6), 0 without reviews. */
  readonly averageHundredths: number;
  readonly count: number;
  /** Reviews with 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  readonly histogram: readonly [number, number, number, number, number];
}

/** A review list request. Pages are 1-based. */
export interface ReviewQuery {
  readonly scope: ReviewScope;
  readonly page: number;
  /** 1–50. */
  readonly perPage: number;
  readonly sort: ReviewSort;
  readonly rating: RatingFilter;
  /** Literal text (trimmed, at most 100 characters); empty for none. */
  readonly search: string;
  /** Tag ids; a review matches when it has every one. */
  readonly tags: readonly number[];
  /** Review ids to leave out (the reviews grid's `Show more` excludes the cards shown). */
  readonly exclude?: readonly number[];
}

/** One page of a review list. */
export interface ReviewPage {
  readonly items: readonly Review[];
  /** Reviews matching the query (filters and search), over every page. */
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
  readonly lastPage: boolean;
}

/** An answer to a question. */
export interface Answer {
  readonly id: number;
  readonly author: string;
  readonly date: string;
  readonly text: string;
  /** Written by the shop (its staff), shown as the shop's answer. */
  readonly byShop: boolean;
  /** The writer's email bought the product. */
  readonly verified: boolean;
  readonly votes: Votes;
}

/** A question about a product, with its approved answers (oldest first). */
export interface Question {
  readonly id: number;
  readonly productId: number;
  readonly author: string;
  readonly date: string;
  readonly text: string;
  readonly votes: Votes;
  readonly answers: readonly Answer[];
}

/** A question list request (1-based page). */
export interface QuestionQuery {
  readonly productId: number;
  readonly page: number;
  readonly perPage: number;
  /** Literal text (trimmed, at most 100 characters); empty for none. */
  readonly search: string;
}

export interface QuestionPage {
  readonly items: readonly Question[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
  readonly lastPage: boolean;
}

/** `Ask a question` (no `questionId`) or `Answer` (the question's id). */
export interface NewQuestion {
  readonly productId: number;
  readonly questionId?: number;
  readonly text: string;
  readonly name: string;
  readonly email: string;
  /** The captcha token, when the shop configured a site key. */
  readonly captcha?: string;
}

/**
 * The stock answer to a question or answer: 0 added, 1 could not be added (a duplicate, the flood
 * guard), 2 data validation error, 3 captcha refused, 4 captcha missing. `description` is plain text.
 */
export interface QuestionResult {
  readonly code: 0 | 1 | 2 | 3 | 4;
  readonly description: string;
}

/** An upload's handle: only the session that uploaded it, with both values, may attach it. */
export interface UploadedMedia {
  readonly id: number;
  /** 20 random hex characters. */
  readonly key: string;
}

/** A review as the form sends it. */
export interface ReviewSubmission {
  /** The product; null for a shop review (CusRev's item id `-1`). */
  readonly productId: number | null;
  readonly rating: StarRating;
  readonly text: string;
  readonly name: string;
  readonly email: string;
  /** On-site questions' answers by question name (ratings as "1"–"5"). */
  readonly answers: Readonly<Record<string, string>>;
  readonly media: readonly UploadedMedia[];
  readonly captcha?: string;
}

/**
 * The stock answer to a review: 0 added (held for moderation or published, `status` says), 1 could
 * not be added (duplicate, flood), 2 data validation error, 3 not accepting reviews, 4 must be logged
 * in, 5 only verified owners may review. `description` and `button` are plain text.
 */
export interface ReviewResult {
  readonly code: 0 | 1 | 2 | 3 | 4 | 5;
  readonly description: string;
  readonly button: string;
  /** For code 0: whether the review is on the page now or waits for the shop. */
  readonly status?: 'approved' | 'hold';
}

/** An on-site question of the review form (CusRev's "on-site review questions"). */
export interface OnsiteQuestion {
  /** Field name, `[a-z0-9_]{1,40}`. */
  readonly name: string;
  readonly label: string;
  readonly type: 'text' | 'number' | 'rating';
  readonly required: boolean;
}

/** What the review form needs to know about the shop's settings. */
export interface ReviewFormSettings {
  /** Whether new reviews are taken at all (code 3 otherwise) and from whom. */
  readonly accepting: 'anybody' | 'registered' | 'verified' | 'none';
  readonly questions: readonly OnsiteQuestion[];
  readonly media: {
    readonly enabled: boolean;
    /** Most files per review. */
    readonly limit: number;
    /** Largest file in bytes. */
    readonly maxBytes: number;
    /** Accepted MIME types. */
    readonly types: readonly string[];
    /** The shop's texts for the three refusals (`cr_upload_error_*`). */
    readonly messages: { readonly tooMany: string; readonly fileType: string; readonly fileSize: string };
  };
  /** Captcha site key; null when no captcha is configured. */
  readonly captchaSiteKey: string | null;
}

/** What the Q&A form needs. */
export interface QuestionFormSettings {
  readonly accepting: boolean;
  readonly captchaSiteKey: string | null;
}

/** The floating trust badge's content (compact: average and count; expanded: the latest reviews). */
export interface TrustBadge {
  readonly averageHundredths: number;
  readonly count: number;
  /** The latest approved reviews (at most 3), for the expanded badge. */
  readonly latest: readonly Review[];
}

// The views of the pages (documented with the JSON route in `src/app/reviews-view.ts`).

/** The product page's `Reviews ({n})` tab as the server renders it. */
export interface ProductReviewsView {
  readonly productId: number;
  readonly summary: RatingSummary;
  /** Tags used by this product's reviews (the tag filter; empty hides it). */
  readonly tags: readonly ReviewTag[];
  /** The first page, sorted by `sort`, no filter. */
  readonly first: ReviewPage;
  /** The shop's default order (`ivole_ajax_reviews_sort`). */
  readonly sort: ReviewSort;
  readonly form: ReviewFormSettings;
  /** The answer to a review just posted without scripts, in the page's language (set by the page loader). */
  readonly posted?: { readonly ok: boolean; readonly text: string };
}

/** The product page's `Questions & answers` tab. */
export interface ProductQuestionsView {
  readonly productId: number;
  readonly first: QuestionPage;
  readonly form: QuestionFormSettings;
}

/** `/reviews/`: the shop's and every product's reviews, with or without pagination. */
export interface AllReviewsView {
  readonly summary: RatingSummary;
  readonly tags: readonly ReviewTag[];
  /** The page the address asked for (already filtered, searched and sorted). */
  readonly reviews: ReviewPage;
  /** As read from the address: `ivrating`, `crsearch`, the sort, the page (`crpage`). */
  readonly query: { readonly rating: RatingFilter; readonly search: string; readonly sort: ReviewSort; readonly page: number };
  /** Numbered pages (searching navigates to `?crsearch=`) or `Show more` appending in place. */
  readonly pagination: boolean;
  readonly form: ReviewFormSettings;
}

/** The home page's reviews sections (each null when the shop does not place it). */
export interface HomeReviewsView {
  /** The masonry grid with its summary box; `Show more` loads more cards excluding the ones shown. */
  /** `title` '': the catalogue's heading in the page's language; else the shop's own. */
  readonly grid: { readonly title: string; readonly summary: RatingSummary; readonly cards: ReviewPage } | null;
  /** The slider of recent reviews (`Read more` / `Read less` per card). */
  readonly slider: { readonly title: string; readonly reviews: readonly Review[] } | null;
}
