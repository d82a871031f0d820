import type { Cart, CartLine } from './domain/cart.js';
import type { MinorUnits } from './domain/money.js';
import type { CheckoutStep } from './rules/checkout-steps.js';
import type { ListedProduct } from './domain/catalog.js';
import type { PortFailure } from './ports.js';
import type { RatingFilter, ReviewSort, StarRating, VoteDirection, Votes } from './domain/reviews.js';

/** Consent for tracking destinations. `ask` means nobody has answered yet. */
export type ConsentState = 'granted' | 'denied' | 'ask';

/**
 * The product facts an analytics destination needs about an item, copied into events so that
 * destinations never reach into stores.
 */
export interface ItemFacts {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
  /** Category names, first one is the primary. */
  readonly categories: readonly string[];
  /** Unit price in minor units. */
  readonly price: number;
  readonly currencyMinorUnit: number;
  readonly currencyCode: string;
}

/**
 * Every domain event: name → payload. The single source of truth; plugins add their own events by
 * declaration merging (`declare module '.../core/events.js' { interface DomainEventMap { ... } }`).
 */
export interface DomainEventMap {
  /** A list of products was shown (listing, carousel, related products). */
  'catalog.listViewed': { readonly listName: string; readonly items: readonly ItemFacts[]; readonly offset: number };
  /** A shop section's filters changed and its new list landed (`resultCount`: products matching). */
  'shop.filtered': {
    readonly section: string;
    readonly filters: Readonly<Record<string, string>>;
    readonly resultCount: number;
  };
  /** A blog comment was accepted by the server (`hold`: awaiting moderation). */
  'blog.commented': { readonly postId: number; readonly status: 'hold' | 'approved' };
  /** The shopper searched the catalogue (GA `search`). */
  'catalog.searched': { readonly term: string; readonly resultCount: number | null };
  /** A product page was shown (GA `view_item`). */
  'catalog.itemViewed': { readonly item: ItemFacts };
  /**
   * On a variable product's page, the chosen variation changed: an id once every attribute is
   * chosen and a variation matches, null when the choice is incomplete or was reset.
   */
  'product.variationChanged': {
    readonly productId: number;
    readonly variationId: number | null;
    readonly selection: Readonly<Record<string, string>>;
  };
  /** The shopper chose a product from a list. `position` is 1-based. */
  'catalog.itemSelected': { readonly listName: string; readonly item: ItemFacts; readonly position: number };
  /** The server confirmed an add. */
  'cart.added': { readonly item: ItemFacts; readonly quantity: number; readonly cart: Cart };
  /** The server confirmed a removal. */
  'cart.removed': { readonly item: ItemFacts; readonly quantity: number; readonly cart: Cart };
  /** The server confirmed a quantity change. */
  'cart.quantityChanged': {
    readonly item: ItemFacts;
    readonly previousQuantity: number;
    readonly quantity: number;
    readonly cart: Cart;
  };
  /** The cart was read from the server (page load, refresh). */
  'cart.loaded': { readonly cart: Cart };
  /** A cart write failed and its optimistic change was rolled back. */
  'cart.failed': {
    readonly intent: 'add' | 'remove' | 'quantity';
    readonly name: string;
    readonly failure: PortFailure;
  };
  /**
   * Checkout reached an analytics step (0 begin, 1 email, 2 shipping address, 3 billing address,
   * 4 shipping method, 5 payment method). Emitted only when the step differs from the last one
   * (see `rules/checkout-steps.ts`); steps 4 and 5 carry the option chosen.
   */
  'checkout.step': {
    readonly step: CheckoutStep;
    readonly option: { readonly name: 'Shipping Method' | 'Payment Method'; readonly value: string } | null;
    readonly cart: Cart;
  };
  /**
   * The shopper entered or left the checkout's email field (the checkout page emits it on focus
   * and on blur, where the newsletter provider listens); `email` is the field's value as typed,
   * unchecked. The newsletter plugin captures it under its own rules.
   */
  'checkout.email': { readonly email: string };
  /**
   * The shopper entered or left the login form's username field or the registration form's email
   * field, or sent either form (the account pages emit it then, as the newsletter provider listens
   * on the stock `#username` and `#reg_email` fields); `email` is the field's value as typed,
   * unchecked, so a username that is no address is captured by no one.
   */
  'account.email': { readonly email: string; readonly source: 'login' | 'register' };
  /** The shopper pressed Place order with a valid form (GA `add_payment_info`). */
  'checkout.submitted': { readonly paymentMethod: string; readonly cart: Cart };
  /** The server placed the order; `cart` is the cart that was bought. */
  'checkout.placed': {
    readonly orderId: number;
    readonly total: MinorUnits;
    readonly tax: MinorUnits;
    readonly shipping: MinorUnits;
    readonly coupon: string;
    readonly cart: Cart;
  };
  /**
   * The shopper's wishlists changed, as the server confirmed it (the `wishlist` plugin emits it).
   * `added` is GA4's `add_to_wishlist` (`item`: the product's facts, its variation's once chosen;
   * `result` says whether it was new or already there); `count` is every item of every list after
   * the change (the header's `Wishlist ({n} items)`).
   */
  'wishlist.changed': {
    readonly change: 'added' | 'removed' | 'moved' | 'quantity' | 'sorted' | 'list-created' | 'list-renamed' | 'list-privacy' | 'list-deleted' | 'merged';
    readonly wishlistId: number;
    readonly item: ItemFacts | null;
    readonly quantity: number;
    readonly result: 'true' | 'exists' | null;
    readonly count: number;
  };
  /**
   * A review list changed what it shows and its answer landed (the histogram, sort, search, tags, or
   * `Show more`): `count` is the reviews matching, over every page (GA4 has no name for it; a search
   * also maps to `search`).
   */
  'review.filtered': {
    readonly scope: 'product' | 'shop' | 'all';
    readonly productId: number | null;
    readonly rating: RatingFilter;
    readonly sort: ReviewSort;
    readonly search: string;
    readonly tags: readonly number[];
    readonly page: number;
    readonly count: number;
  };
  /** The server counted a vote on a review (`direction`: the viewer's vote after it, 0 withdrawn). */
  'review.voted': { readonly reviewId: number; readonly productId: number | null; readonly direction: VoteDirection; readonly votes: Votes };
  /** The server took a review (code 0); `status` says whether it is published or held. */
  'review.submitted': { readonly productId: number | null; readonly rating: StarRating; readonly media: number; readonly status: 'approved' | 'hold' };
  /** The server took a question (`answer: false`) or an answer to one. */
  'question.asked': { readonly productId: number; readonly answer: boolean; readonly questionId: number | null };
  /** The server counted a vote on a question or an answer. */
  'question.voted': { readonly id: number; readonly productId: number; readonly direction: VoteDirection; readonly votes: Votes };
  /** A question search's answer landed (`count`: questions matching). */
  'question.searched': { readonly productId: number; readonly search: string; readonly count: number };
  /** A page was shown to the shopper. */
  'page.viewed': { readonly path: string; readonly title: string; readonly pageType: PageType };
  /** The shopper answered the consent question, or consent was changed at run time. */
  'consent.changed': { readonly state: ConsentState };
  /** A store notice with error status was shown. */
  'notice.failed': { readonly message: string; readonly source: string };
}

/** Kinds of server-rendered page. */
export type PageType = 'home' | 'shop' | 'category' | 'search' | 'blog' | 'post' | 'product' | 'cart' | 'checkout' | 'order-received' | 'order-tracking' | 'account' | 'wishlist' | 'reviews' | 'contact' | 'not-found' | 'error';

/** Any event name. */
export type DomainEventType = keyof DomainEventMap;

/** Envelope metadata. `at` is epoch milliseconds; `source` names the plugin or module that emitted. */
export interface EventMeta {
  readonly id: string;
  readonly at: number;
  readonly source: string;
}

/** The envelope of one event, discriminated by `type`. */
export type DomainEvent<K extends DomainEventType = DomainEventType> = {
  [P in K]: { readonly type: P; readonly payload: DomainEventMap[P]; readonly meta: EventMeta };
}[K];

/** Events of one domain, e.g. `DomainOf<'cart'>` is `'cart.added' | 'cart.removed' | ...`. */
export type EventsOfDomain<D extends string> = Extract<DomainEventType, `${D}.${string}`>;

/** Domains that have at least one event. */
export type EventDomain = DomainEventType extends `${infer D}.${string}` ? D : never;

/** Product facts for a product, used when emitting catalog and cart events. */
export const itemFactsOf = (product: ListedProduct): ItemFacts => ({
  id: product.id,
  sku: product.sku,
  name: product.name,
  categories: product.categories.map((c) => c.name),
  price: product.prices.price,
  currencyMinorUnit: product.prices.currency.minorUnit,
  currencyCode: product.prices.currency.code,
});

/** Product facts for a cart line. */
export const itemFactsOfLine = (line: CartLine, cart: Cart): ItemFacts => ({
  id: line.id,
  sku: line.sku,
  name: line.name,
  categories: line.category ? [line.category] : [],
  price: line.unitPrice,
  currencyMinorUnit: cart.totals.currency.minorUnit,
  currencyCode: cart.totals.currency.code,
});
