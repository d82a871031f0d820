/**
 * What the reviews, questions and trust-badge plugins show on server-rendered pages, and Suki's own
 * JSON route for reviews and questions.
 *
 * ## Pages
 *
 * The page loader (`load-page.ts`) reads these views through the `reviews` and `questions` ports
 * (the JSON route below, in-process during server rendering) when the plugin is on, so cached and
 * uncached renders agree and upstream mode needs nothing else:
 * - the product page: {@link ProductReviewsView} in `page.reviews` and {@link ProductQuestionsView}
 *   in `page.questions` (the `Reviews ({n})` and `Questions & answers` tabs); the first page of
 *   reviews is also the product's JSON-LD `Review` items;
 * - `/reviews/` (page type `reviews`): {@link AllReviewsView}, from the address
 *   (`?crsearch=term`, `?ivrating=k`, `?crpage=n`), usable before scripts;
 * - the home page: {@link HomeReviewsView} (the grid and the slider sections) in `page.reviews`;
 * - every page, when the trust-badge plugin is on: {@link TrustBadge} in the state's `trustBadge`.
 *
 * ## JSON route (`application/json`)
 *
 * Reads are public and the same for everyone except `votes.current` (the viewer's own vote), so
 * they answer `Cache-Control: no-store, private` with `Vary: Cookie`. Writes carry the Store API
 * `Nonce` header like the cart routes (the HTTP client's refresh-once rule applies) and pass the
 * same-origin check. Errors are WordPress REST errors `{code, message, data: {status}}`:
 * - `suki_reviews_not_found` (404): no such product, review or question *that the viewer may see*
 *   (an unapproved review, a question of another product, a missing one all answer alike);
 * - `suki_reviews_invalid` (400, `data.params: {field: message}`): a query or body out of its range
 *   (`rating` not an integer 0–5, `page` not 1–10000, `per_page` not 1–50, text with NUL or lone
 *   surrogates...); an unknown `sort` is not an error: it falls back to `recent`;
 * - `suki_media_too_large` (413), `suki_media_type` (415), `suki_media_too_many` (400): an upload
 *   refused, with the shop's configured message; `suki_media_failed` (503): it could not be stored;
 *   `suki_media_rate_limited` (429) and `suki_overloaded` (503, too many uploads at once), both with
 *   `Retry-After`; `suki_media_stalled` (408): the body stopped arriving for 30 s;
 *   `message` is always plain text the client shows as it is;
 * - `suki_reviews_unsupported` (501): the shop behind us cannot do it (upstream); the control is hidden.
 *
 * | method and path under `/wp-json/suki/v1` | query or body | answer |
 * | --- | --- | --- |
 * | `GET /reviews` | `product=ID` or `product=shop` or `product=all`, `page`, `per_page`, `sort`, `rating`, `search`, `tags=1,2`, `exclude=7,9` | {@link ReviewPage} |
 * | `GET /reviews/block` | `product=ID` | {@link ProductReviewsView} (404 for an unknown product) |
 * | `GET /reviews/all` | `page`, `rating`, `search`, `sort` (the address of `/reviews/`) | {@link AllReviewsView} |
 * | `GET /reviews/home` | | {@link HomeReviewsView} |
 * | `GET /reviews/badge` | | {@link TrustBadge} |
 * | `POST /reviews` | {@link ReviewSubmission} | {@link ReviewResult}, 200 for every code (like the stock action); 403 bad nonce or cross-site |
 * | `POST /reviews/{id}/vote` | `{upvote: true \| false}` | {@link Votes} (the same vote again withdraws it, the opposite moves it) |
 * | `POST /reviews/media` | multipart `file` (one file), `item` (product id or `-1`) | {@link UploadedMedia} (201) |
 * | `DELETE /reviews/media/{id}` | `{key}` | 204; 404 when not this session's unattached upload |
 * | `GET /questions` | `product=ID`, `page`, `per_page`, `search` | {@link QuestionPage} |
 * | `GET /questions/block` | `product=ID` | {@link ProductQuestionsView} (the product page's Q&A tab) |
 * | `GET /reviews/stock-settings` | `product=ID` | the stock actions' nonces for a stock theme's scripts (our own server only) |
 * | `POST /questions` | {@link NewQuestion} | {@link QuestionResult}, 200 for every code |
 * | `POST /questions/{id}/vote` | `{upvote}` (a question's or an answer's id) | {@link Votes} |
 *
 * Votes on `POST /reviews/{id}/vote` follow `rules/votes` in the plugin: same direction again →
 * withdrawn, the other direction → moved. The voter is the signed-in account, else the shopper's
 * session (never the IP address, which a whole office shares).
 *
 * Our server also answers the stock admin-ajax actions of spec §7 (`cr_show_more_reviews`,
 * `cr_sort_reviews`, `cr_filter_reviews`, `cr_show_more_all_reviews`, `ivole_show_more_grid_reviews`,
 * `cr_vote_review`, `cr_vote_question`, `cr_show_more_qna`, `cr_new_qna`, `cr_submit_review`,
 * `cr_upload_media`, `cr_delete_media`, `cr_upload_local_images_frontend`,
 * `cr_delete_local_images_frontend`) with the stock fields, codes and `html` rendered from data,
 * so a stock theme's scripts work; both doors share one service. Unlike the stock defaults, nonces
 * are checked on filtering, uploads, submission and Q&A.
 */
export type { AllReviewsView, HomeReviewsView, ProductQuestionsView, ProductReviewsView, TrustBadge } from '../core/domain/reviews.js';
