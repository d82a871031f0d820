/**
 * What the wishlist plugin needs only once the shopper acts (one chunk, fetched after hydration when
 * the count cookie says there are lists to read, or with the first add): the state machine, the
 * commands' work, and the add notice and list chooser.
 */
import type { FeatureContext } from '../../core/plugin.js';
import type { PortFailure, WishlistPort } from '../../core/ports.js';
import { err, type Result } from '../../core/result.js';
import type { WishlistState } from '../../core/domain/wishlist.js';
import { COOKIE_DISABLED_TEXT, cookiesUsable } from './basics.js';
import { createWishlistController, type AddInput } from './controller.js';
import type { WishlistChange } from './index.js';
import type { AddOutcome } from './rules.js';
import type { WishlistView } from './state.js';
export { AddNotice, ListChooser } from './views/AddExtras.js';

/** The stock plugin's cookie test: write `cookietest=1`, read it back, delete it. */
const cookieTest = (): boolean => {
  document.cookie = 'cookietest=1; path=/';
  const kept = document.cookie.includes('cookietest=1');
  document.cookie = 'cookietest=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  return kept;
};

/** The plugin's commands, over the controller. */
export interface WishlistWork {
  load(): Promise<void>;
  add(input: AddInput): Promise<AddOutcome>;
  seed(state: WishlistState): void;
  change(change: WishlistChange): Promise<Result<WishlistState, PortFailure>>;
}

/** Starts the plugin's state machine over the port. */
export const start = ({ store, emit }: Pick<FeatureContext<unknown, WishlistView>, 'store' | 'emit'>, port: WishlistPort): WishlistWork => {
  const controller = createWishlistController({ port, store, emit, now: Date.now });
  return {
    load: async () => {
      await controller.load();
    },
    add: async (input) => {
      // With cookies off nothing is sent: the shopper's lists could not be kept.
      if (!cookiesUsable(navigator.cookieEnabled, cookieTest)) {
        const notice = { productId: input.productId, kind: 'failed' as const, text: COOKIE_DISABLED_TEXT, at: Date.now(), url: '/wishlist/' };
        store.update((view) => ({ ...view, notices: { ...view.notices, [input.productId]: notice } }));
        return { kind: 'failed', message: COOKIE_DISABLED_TEXT };
      }
      return controller.add(input);
    },
    seed: (state) => controller.seed(state),
    change: (change) => {
      switch (change.op) {
        case 'remove':
          return controller.remove(change.rowId, change.item ?? null);
        case 'quantity':
          return controller.setQuantity(change.rowId, change.quantity, change.item ?? null);
        case 'move':
          return controller.move(change.rowId, change.to, change.newList);
        case 'sort':
          return controller.sort(change.listId, change.rowIds);
        case 'create':
          return controller.createList(change.list);
        case 'update':
          return controller.updateList(change.listId, { ...(change.name !== undefined ? { name: change.name } : {}), ...(change.privacy !== undefined ? { privacy: change.privacy } : {}) });
        case 'delete':
          return controller.deleteList(change.listId);
        default:
          return Promise.resolve(err({ kind: 'invalid-response', message: 'Unknown change.' }));
      }
    },
  };
};

