/**
 * The wishlist plugin's state (plain JSON, in the plugin's store; the server renders it empty and
 * the browser fills it after hydration).
 */
import type { WishlistState } from '../../core/domain/wishlist.js';

/** What an add button says after its add: in a list, refused by the shop, or failed. */
export interface ProductNotice {
  readonly productId: number;
  readonly kind: 'in-list' | 'error' | 'failed';
  /** Plain text. */
  readonly text: string;
  /** Epoch ms; a new notice always has a new value. */
  readonly at: number;
  /** The list the product went to (`Browse wishlist`). */
  readonly url: string;
}

export interface WishlistView {
  /** The viewer's lists as shown (server state with changes on their way applied); null while unknown. */
  readonly state: WishlistState | null;
  /** Whether `state` rests on a server answer (else on changes alone). */
  readonly known: boolean;
  /** The header's count: the state's once known, else the count cookie's; null when neither says. */
  readonly count: number | null;
  /** Products whose add is on its way. */
  readonly adding: readonly number[];
  /** The last add's notice per product id. */
  readonly notices: Readonly<Record<number, ProductNotice>>;
  /** The last failed change (already undone), for the page's error notice. */
  readonly error: { readonly message: string; readonly at: number } | null;
}

export const INITIAL_VIEW: WishlistView = { state: null, known: false, count: null, adding: [], notices: {}, error: null };
