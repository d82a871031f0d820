import type { Locale } from '../i18n/index.js';
import type { FilterCatalogue, SectionBase, SectionFilterConfig } from '../core/catalog/section.js';
import type { CatalogFacets, Category, CategoryEntry, ListedProduct, Product, ProductVariation } from '../core/domain/catalog.js';
import type { BlogComment, BlogPost } from '../core/domain/blog.js';
import type { CheckoutCart, ReceivedOrder } from '../core/domain/checkout.js';
import type { CheckoutSubmission } from './checkout-submit.js';
import type { Currency } from '../core/domain/money.js';
import type { MoneyFormats } from '../core/rules/money-pattern.js';
import type { ShopFilters } from '../core/rules/shop-filters.js';
import type { ConsentState, PageType } from '../core/events.js';
import type { AccountSummary, AccountView } from './account-page.js';
import type { WishlistPageView } from './wishlist-page.js';
import type { ContactPageView } from './contact-page.js';
import type { AllReviewsView, HomeReviewsView, ProductQuestionsView, ProductReviewsView, TrustBadge } from '../core/domain/reviews.js';
import type { OrderTracking } from './order-tracking.js';
import type { InspectorMode, StoreNoticeConfig } from './shop-config.js';

/** Blog list layouts. */
export type BlogLayout = 'standard' | 'masonry';

/** Listing layouts of the spec. */
export type ListingLayout = 'grid' | 'masonry' | 'carousel' | 'full';

/** One list of products on a page. */
export interface ProductSection {
  readonly id: string;
  readonly title: string;
  readonly listName: string;
  readonly layout: ListingLayout;
  /** Cut down to what a tile reads (`listedProduct`). */
  readonly products: readonly ListedProduct[];
  readonly total: number;
  /** The last page shown and how many there are (a next page means a load-more control). */
  readonly page: number;
  readonly totalPages: number;
  readonly perPage: number;
  /** The section's own order before the shopper picks a sort (best sellers, newest...). */
  readonly base: SectionBase | null;
  /** Address of the next page for the load-more link (works without scripts); null on the last page. */
  readonly nextUrl: string | null;
  /** Address of the previous page (for the links shown without the shop-filters plugin); null on page 1. */
  readonly prevUrl: string | null;
  /** Filter lists, when the shop-filters plugin filters this section. */
  readonly filtering: SectionFiltering | null;
}

/** A filterable section's state as the server rendered it. */
export interface SectionFiltering {
  readonly config: SectionFilterConfig;
  /** The page's primary section uses the bare stock parameters; others are prefixed by their id. */
  readonly primary: boolean;
  readonly filters: ShopFilters;
  /** The server's counts and price range for these filters (null when it could not say). */
  readonly facets: CatalogFacets | null;
  readonly currency: Currency | null;
}

/** What the server loaded for the page; the browser hydrates from it without fetching again. */
export type PageData =
  | {
      readonly type: 'home' | 'shop' | 'category' | 'search';
      readonly title: string;
      readonly description: string;
      readonly category: Category | null;
      readonly sections: readonly ProductSection[];
      readonly page: number;
      readonly totalPages: number;
      /** Categories, attributes and brands the filter lists are built from; null without filters. */
      readonly filterCatalogue: FilterCatalogue | null;
      /** Home only, with the reviews plugin on: its grid and slider sections (`reviews-view.ts`). */
      readonly reviews?: HomeReviewsView;
    }
  | {
      readonly type: 'product';
      readonly title: string;
      readonly description: string;
      readonly product: Product;
      /** A variable product's variations when there are few enough to embed (30); else the browser loads them. */
      readonly variations: readonly ProductVariation[] | null;
      readonly related: ProductSection | null;
      /**
       * With the reviews plugin on: the `Reviews ({n})` tab (`reviews-view.ts`); null when it could
       * not be read (the tab says so and offers to retry). Absent with the plugin off.
       */
      readonly reviews?: ProductReviewsView | null;
      /** With the questions plugin on: the `Questions & answers` tab; null when it could not be read. */
      readonly questions?: ProductQuestionsView | null;
    }
  | {
      readonly type: 'blog';
      readonly title: string;
      readonly description: string;
      readonly layout: BlogLayout;
      readonly posts: readonly BlogPost[];
      readonly page: number;
      readonly totalPages: number;
      readonly total: number;
      readonly perPage: number;
      /** Address of the next page for the load-more link; null on the last page. */
      readonly nextUrl: string | null;
    }
  | {
      readonly type: 'post';
      readonly title: string;
      readonly description: string;
      readonly post: BlogPost;
      /** Approved comments, oldest first. */
      readonly comments: readonly BlogComment[];
    }
  | { readonly type: 'cart'; readonly title: string; readonly description: string }
  | {
      readonly type: 'checkout';
      readonly title: string;
      readonly description: string;
      /** The cart with its rates and payment methods as the shop priced it for this page. */
      readonly checkout: CheckoutCart;
      /** The key of a `Place order` posted without scripts from this page (one order per page). */
      readonly attempt: string;
      /** The form as posted without scripts and refused, with its errors; null otherwise. */
      readonly submission: CheckoutSubmission | null;
    }
  | {
      readonly type: 'order-received';
      readonly title: string;
      readonly description: string;
      /** The order, only when the address carried its key (and the email once the grace period is over). */
      readonly order: ReceivedOrder | null;
      /** Why no order is shown; null when it is. */
      readonly message: string | null;
      /** The shop asks for the billing email to show this order (its key alone no longer does). */
      readonly askEmail: boolean;
      /** The shop's bank account, shown for a direct bank transfer. */
      readonly bankDetails: readonly string[];
    }
  | {
      readonly type: 'order-tracking';
      readonly title: string;
      readonly description: string;
      /** The form and, after a post, what the server found. */
      readonly tracking: OrderTracking;
    }
  | {
      readonly type: 'account';
      readonly title: string;
      readonly description: string;
      /** Which My Account page and its forms (`account-page.ts`). */
      readonly account: AccountView;
    }
  | {
      readonly type: 'wishlist';
      readonly title: string;
      readonly description: string;
      /** The list shown and the viewer's lists (`wishlist-page.ts`); the `wishlist` plugin's page view lays it out. */
      readonly wishlist: WishlistPageView;
    }
  | {
      readonly type: 'reviews';
      readonly title: string;
      readonly description: string;
      /** `/reviews/` as its address asked (`reviews-view.ts`); the `reviews` plugin's page view lays it out. */
      readonly reviews: AllReviewsView;
    }
  | {
      readonly type: 'contact';
      readonly title: string;
      readonly description: string;
      /** The form, its schema and a no-script post's answer (`contact-page.ts`); the `contact-form` plugin's page view lays it out. */
      readonly contact: ContactPageView;
    }
  | { readonly type: 'not-found' | 'error'; readonly title: string; readonly description: string; readonly message: string };

/** Settings the browser needs, safe to publish. */
export interface PublicShopSettings {
  readonly name: string;
  readonly tagline: string;
  /** Null when there is none or the shopper dismissed it. */
  readonly storeNotice: StoreNoticeConfig | null;
  readonly redirectAfterAdd: boolean;
  readonly consentDefault: ConsentState;
  /** The consent answer stored in the shopper's cookie, if any. */
  readonly consentStored: 'granted' | 'denied' | null;
  /** Without descriptions (`categoryEntry`): the menu shows names only. */
  readonly categories: readonly CategoryEntry[];
  /** Whether the event inspector may open (`inspectorMode`); absent: only in a development build. */
  readonly debug?: InspectorMode;
  /** The contact page exists (the contact-form plugin is on): the footer links to it. */
  readonly contactPage?: true;
}

/** Everything serialized into the page for hydration. */
export interface AppState {
  /** The page's language (`src/i18n`): the shopper's `suki_lang` cookie, English by default. */
  readonly locale: Locale;
  readonly path: string;
  readonly search: string;
  readonly pageType: PageType;
  readonly page: PageData;
  readonly shop: PublicShopSettings;
  /** Store snapshots by store name (runtime.serialize()). */
  readonly stores: Readonly<Record<string, unknown>>;
  /** Enabled plugins with their validated options. */
  readonly plugins: ReadonlyArray<{
    readonly name: string;
    readonly options: unknown;
    /** Its code is fetched only once the shopper consents (`waitsForConsent`); not preloaded. */
    readonly afterConsent?: true;
  }>;
  /** Store API nonce for the non-JS remove links. */
  readonly cartNonce: string;
  /** The floating trust badge's content, on every page while the trust-badge plugin is on (and not hidden by its cookie). */
  readonly trustBadge?: TrustBadge;
  /** Whether the shopper is signed in (the header's `My account` link); absent means a guest. */
  readonly account?: AccountSummary;
  /**
   * How the shop's locale writes the page's amounts, learnt from Intl by the server
   * (`money-pattern.ts`): the browser formats them without building an `Intl.NumberFormat`.
   */
  readonly moneyFormats?: MoneyFormats;
}
