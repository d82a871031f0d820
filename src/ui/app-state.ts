import type { Category, Product, ProductVariation } from '../core/domain/catalog.js';
import type { ConsentState, PageType } from '../core/events.js';
import type { StoreNoticeConfig } from './shop-config.js';

/** Listing layouts of the spec. */
export type ListingLayout = 'grid' | 'masonry' | 'carousel' | 'full';

/** One list of products on a page. */
export interface ProductSection {
  readonly id: string;
  readonly title: string;
  readonly listName: string;
  readonly layout: ListingLayout;
  readonly products: readonly Product[];
  readonly total: number;
}

/** What the server loaded for the page; the browser hydrates from it without fetching again. */
export type PageData =
  | {
      readonly type: 'home' | 'shop' | 'category';
      readonly title: string;
      readonly description: string;
      readonly category: Category | null;
      readonly sections: readonly ProductSection[];
      readonly page: number;
      readonly totalPages: number;
    }
  | {
      readonly type: 'product';
      readonly title: string;
      readonly description: string;
      readonly product: Product;
      /** A variable product's variations when there are few enough to embed (30); else the browser loads them. */
      readonly variations: readonly ProductVariation[] | null;
      readonly related: ProductSection | null;
    }
  | { readonly type: 'cart'; readonly title: string; readonly description: string }
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
  readonly categories: readonly Category[];
}

/** Everything serialized into the page for hydration. */
export interface AppState {
  readonly path: string;
  readonly search: string;
  readonly pageType: PageType;
  readonly page: PageData;
  readonly shop: PublicShopSettings;
  /** Store snapshots by store name (runtime.serialize()). */
  readonly stores: Readonly<Record<string, unknown>>;
  /** Enabled plugins with their validated options. */
  readonly plugins: ReadonlyArray<{ readonly name: string; readonly options: unknown }>;
  /** Store API nonce for the non-JS remove links. */
  readonly cartNonce: string;
}
