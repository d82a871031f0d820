import type { Result } from './result.js';
import type { AttributeTaxonomy, Brand, CatalogFacets, Category, FacetRequest, ListedProduct, Product, ProductPage, ProductQuery, ProductVariation } from './domain/catalog.js';
import type { BlogComment, BlogPage, BlogPost, CommentInput, CommentReceipt } from './domain/blog.js';
import type { AddToCartRequest, Cart } from './domain/cart.js';
import type { ContactFormSchema, FeedbackAnswer, RefillAnswer } from './domain/contact-form.js';
import type { NewWishlist, WishlistAddAnswer, WishlistAddRequest, WishlistDetails, WishlistPrivacy, WishlistState } from './domain/wishlist.js';
import type {
  AllReviewsView,
  HomeReviewsView,
  NewQuestion,
  ProductQuestionsView,
  ProductReviewsView,
  QuestionPage,
  QuestionQuery,
  QuestionResult,
  RatingFilter,
  ReviewPage,
  ReviewQuery,
  ReviewResult,
  ReviewSort,
  ReviewSubmission,
  TrustBadge,
  UploadedMedia,
  Votes,
} from './domain/reviews.js';
import type { Address, BillingAddress, CheckoutCart, CheckoutDraft, PlacedOrder, ReceivedOrder, PlaceOrderRequest } from './domain/checkout.js';

/**
 * Why a call through a port failed. Adapters map every transport, status and parse problem to one
 * of these; nothing deeper than an adapter sees a thrown HTTP error.
 */
export type PortFailure =
  /** No answer: offline, DNS, connection refused. */
  | { readonly kind: 'network'; readonly message: string }
  | { readonly kind: 'timeout'; readonly message: string }
  /** The server answered with an error status and, usually, a `{code, message}` body. */
  | {
      readonly kind: 'http';
      readonly status: number;
      readonly code: string;
      readonly message: string;
      /** The error's `data` beyond its status, when it has more (adapters read it; the rest of the app does not). */
      readonly data?: unknown;
    }
  /** The answer did not match the expected shape (HTML login page, truncated JSON...). */
  | { readonly kind: 'invalid-response'; readonly message: string }
  /**
   * The shop refused an add (stock, limits, a missing choice); url is the product's page on this
   * shop to send the shopper to, or null.
   */
  | { readonly kind: 'product-url'; readonly url: string | null; readonly message: string }
  /** The shop refused a change; `cart` is the cart as the shop now has it, when it said so (a 409). */
  | { readonly kind: 'refused'; readonly message: string; readonly cart?: Cart }
  | { readonly kind: 'not-found'; readonly message: string };

/** Reads the catalogue. */
export interface CatalogPort {
  listProducts(query: ProductQuery): Promise<Result<ProductPage, PortFailure>>;
  /**
   * The same listing with only what a tile reads (a grid, a filter's answer, related products):
   * the shop is asked for those fields alone, so the answer is a fraction of the size.
   */
  listTiles(query: ProductQuery): Promise<Result<ProductPage<ListedProduct>, PortFailure>>;
  /** By numeric id or by slug. */
  getProduct(idOrSlug: number | string): Promise<Result<Product, PortFailure>>;
  listCategories(): Promise<Result<readonly Category[], PortFailure>>;
  /** Every variation of a variable product, with price, stock, limits and image. */
  listVariations(parentId: number): Promise<Result<readonly ProductVariation[], PortFailure>>;
  /** Price range and item counts of a listing's filter lists, for the same filters. */
  facets(query: ProductQuery, request: FacetRequest): Promise<Result<CatalogFacets, PortFailure>>;
  /** Every global attribute with its terms. */
  listAttributes(): Promise<Result<readonly AttributeTaxonomy[], PortFailure>>;
  listBrands(): Promise<Result<readonly Brand[], PortFailure>>;
}

/** Reads and changes the shopper's cart. Every write resolves to the cart as the server now has it. */
export interface CartPort {
  load(): Promise<Result<Cart, PortFailure>>;
  add(request: AddToCartRequest): Promise<Result<Cart, PortFailure>>;
  remove(request: { readonly key: string; readonly idempotencyKey: string }): Promise<Result<Cart, PortFailure>>;
  setQuantity(request: {
    readonly key: string;
    readonly quantity: number;
    readonly idempotencyKey: string;
  }): Promise<Result<Cart, PortFailure>>;
  /**
   * The first category name of a product or variation (a variation has its parent's), null when it
   * has none. Cart items do not carry categories; analytics events about cart lines ask for them.
   * Optional: without it, lines keep the categories learned from listings and adds.
   */
  productCategory?(id: number): Promise<Result<string | null, PortFailure>>;
  /**
   * Calls `listener` whenever the connection may be back (the browser came online) and returns how
   * to stop. Optional: without it, a change kept while the shop is unreachable is sent again on the
   * shopper's next change.
   */
  onReconnect?(listener: () => void): () => void;
}

/** Reads the blog and sends comments (the WordPress REST API). */
export interface BlogPort {
  listPosts(query: { readonly page: number; readonly perPage: number }): Promise<Result<BlogPage<BlogPost>, PortFailure>>;
  getPost(slug: string): Promise<Result<BlogPost, PortFailure>>;
  listComments(postId: number, page: number): Promise<Result<BlogPage<BlogComment>, PortFailure>>;
  createComment(input: CommentInput): Promise<Result<CommentReceipt, PortFailure>>;
}

/**
 * Why a checkout call failed: a port failure, or one of the checkout's own refusals that carry
 * more than a message.
 */
export type CheckoutFailure =
  | PortFailure
  /** The shop refused because of the cart (a line out of stock: a 409); `cart` is the cart as it now is. */
  | { readonly kind: 'cart-conflict'; readonly code: string; readonly message: string; readonly cart: CheckoutCart; readonly lineKey?: string }
  /** The shop refused fields (`rest_invalid_param`): messages by our form's field name where known. */
  | { readonly kind: 'invalid-fields'; readonly code: string; readonly message: string; readonly fields: Readonly<Record<string, string>> };

/** The checkout through the Store API: the customer's addresses, shipping, coupons, the order. */
export interface CheckoutPort {
  /** The cart with its shipping rates and payment methods (`GET cart`). */
  loadCart(): Promise<Result<CheckoutCart, CheckoutFailure>>;
  /** Sets the addresses; the shop answers with rates and totals for them (`cart/update-customer`). */
  updateCustomer(request: { readonly billing: BillingAddress; readonly shipping: Address }): Promise<Result<CheckoutCart, CheckoutFailure>>;
  /** Chooses a shipping rate of a package (`cart/select-shipping-rate`). */
  selectShippingRate(request: { readonly packageId: number; readonly rateId: string }): Promise<Result<CheckoutCart, CheckoutFailure>>;
  applyCoupon(code: string): Promise<Result<CheckoutCart, CheckoutFailure>>;
  removeCoupon(code: string): Promise<Result<CheckoutCart, CheckoutFailure>>;
  /** The checkout's draft order (`GET checkout`: a stock shop creates or updates it). */
  loadDraft(): Promise<Result<CheckoutDraft, CheckoutFailure>>;
  /** Places the order (`POST checkout`), with the attempt's idempotency key. */
  placeOrder(request: PlaceOrderRequest): Promise<Result<PlacedOrder, CheckoutFailure>>;
  /** Reads a placed order with its key (`GET order/{id}?key=`), and the billing email after the grace period. */
  getOrder(request: { readonly id: number; readonly key: string; readonly email?: string }): Promise<Result<ReceivedOrder, CheckoutFailure>>;
}

/** What the newsletter capture sends: the shopper's address, language and opt-in. */
export interface NewsletterUser {
  readonly email: string;
  /** Two-letter language of the shop (`en`). */
  readonly language: string;
  readonly subscribed: boolean;
}

/** The newsletter provider's capture calls (the shop's admin-ajax actions). */
export interface NewsletterPort {
  /** The address behind a provider's cart hash (`mc_cart_id` in a link), or null when it knows none. */
  lookUpByHash(hash: string): Promise<Result<string | null, PortFailure>>;
  /** Hands the shopper's address and opt-in to the provider; a refusal is a failure. */
  setUser(user: NewsletterUser): Promise<Result<void, PortFailure>>;
}

/**
 * The shopper's wishlists (Suki's JSON route `/wp-json/suki/v1/wishlist…`, `src/app/wishlist-page.ts`):
 * every write answers the whole new state, so one change is one round trip.
 */
export interface WishlistPort {
  read(): Promise<Result<WishlistState, PortFailure>>;
  add(request: WishlistAddRequest): Promise<Result<WishlistAddAnswer, PortFailure>>;
  removeItem(rowId: number): Promise<Result<WishlistState, PortFailure>>;
  setQuantity(rowId: number, quantity: number): Promise<Result<WishlistState, PortFailure>>;
  moveItem(rowId: number, to: number | 'new', newList?: NewWishlist): Promise<Result<WishlistState, PortFailure>>;
  createList(list: NewWishlist): Promise<Result<WishlistState, PortFailure>>;
  /** The viewer's own list with its items (the page after a change it cannot apply locally). */
  getList(id: number): Promise<Result<WishlistDetails, PortFailure>>;
  updateList(id: number, change: { readonly name?: string; readonly privacy?: WishlistPrivacy }): Promise<Result<WishlistState, PortFailure>>;
  deleteList(id: number): Promise<Result<WishlistState, PortFailure>>;
  /** Saves a list's order: every row id of the list, in the new order. */
  sortItems(id: number, rowIds: readonly number[]): Promise<Result<WishlistState, PortFailure>>;
  askEstimate(id: number, request: { readonly email: string; readonly message: string }): Promise<Result<{ readonly message: string }, PortFailure>>;
}

/** An upload's progress: bytes sent of the file's total. */
export type UploadProgress = (sent: number, total: number) => void;

/**
 * Reviews, their votes and media (Suki's JSON route `/wp-json/suki/v1/reviews…`,
 * `src/app/reviews-view.ts`). Views of pages come with the page; these are the calls made after.
 */
export interface ReviewsPort {
  list(query: ReviewQuery, signal?: AbortSignal): Promise<Result<ReviewPage, PortFailure>>;
  /** The product page's tab (the page loader's call). */
  productBlock(productId: number): Promise<Result<ProductReviewsView, PortFailure>>;
  /** `/reviews/` for its address's query (the page loader's call). */
  allReviews(query: { readonly page: number; readonly rating: RatingFilter; readonly search: string; readonly sort: ReviewSort }): Promise<Result<AllReviewsView, PortFailure>>;
  /** The home page's grid and slider (the page loader's call). */
  home(): Promise<Result<HomeReviewsView, PortFailure>>;
  /** The trust badge's content (the page loader's call). */
  badge(): Promise<Result<TrustBadge, PortFailure>>;
  vote(reviewId: number, upvote: boolean): Promise<Result<Votes, PortFailure>>;
  submit(review: ReviewSubmission): Promise<Result<ReviewResult, PortFailure>>;
  /** Uploads one file with progress; a refusal's message (`PortFailure.message`) is shown as text. */
  upload(file: Blob & { readonly name: string }, item: number | 'shop', progress: UploadProgress, signal?: AbortSignal): Promise<Result<UploadedMedia, PortFailure>>;
  deleteUpload(media: UploadedMedia): Promise<Result<void, PortFailure>>;
}

/** Questions and answers (Suki's JSON route `/wp-json/suki/v1/questions…`). */
export interface QuestionsPort {
  list(query: QuestionQuery, signal?: AbortSignal): Promise<Result<QuestionPage, PortFailure>>;
  /** The product page's tab (the page loader's call). */
  productBlock(productId: number): Promise<Result<ProductQuestionsView, PortFailure>>;
  /** Asks a question, or answers one (`questionId`). */
  ask(question: NewQuestion): Promise<Result<QuestionResult, PortFailure>>;
  /** A vote on a question or an answer. */
  vote(id: number, upvote: boolean): Promise<Result<Votes, PortFailure>>;
}

/** A file part of a contact submission (a `File` in the browser); the adapter posts it as it is. */
export interface FilePart {
  readonly name: string;
  readonly size: number;
}

/** Contact Form 7's REST routes (`contact-form-7/v1`, `wire-protocol.md` §6.2). */
export interface ContactFormPort {
  /** `GET contact-forms/{id}/feedback/schema`. */
  schema(formId: number): Promise<Result<ContactFormSchema, PortFailure>>;
  /** `POST contact-forms/{id}/feedback`, multipart, the fields in form order. */
  submit(formId: number, fields: ReadonlyArray<readonly [string, string | FilePart]>): Promise<Result<FeedbackAnswer, PortFailure>>;
  /** `GET contact-forms/{id}/refill`. */
  refill(formId: number): Promise<Result<RefillAnswer, PortFailure>>;
}

/** Every port the runtime hands to plugins. */
export interface Ports {
  readonly catalog: CatalogPort;
  readonly cart: CartPort;
  readonly blog: BlogPort;
  /** The newsletter provider; absent where no page uses it (server rendering, tests). */
  readonly newsletter?: NewsletterPort;
  /** The shopper's wishlists; absent where no page uses it (server rendering, tests). */
  readonly wishlist?: WishlistPort;
  /** Reviews; absent when the reviews plugin is off. */
  readonly reviews?: ReviewsPort;
  /** Questions and answers; absent when the questions plugin is off. */
  readonly questions?: QuestionsPort;
  /** Contact forms; absent when the contact-form plugin is off. */
  readonly contactForm?: ContactFormPort;
}
