/**
 * The wishlist plugin's behaviour: its state machine over the port and the handlers of its commands,
 * registered when the buttons' chunk (which carries this module) is in: on the shopper's first sign
 * of life, once the page has settled, or before hydration on the wishlist pages.
 */
import type { FeatureContext } from '../../core/plugin.js';
import type { PortFailure } from '../../core/ports.js';
import { err, ok, type Result } from '../../core/result.js';
import type { WishlistState } from '../../core/domain/wishlist.js';
import { BASE_LOCALE, localeOf, textsIn } from '../../i18n/index.js';
import { cookiesUsable } from './basics.js';
import { createWishlistController, type WishlistController } from './controller.js';
import type { WishlistChange } from './index.js';
import { wishlistTexts } from './messages.js';
import type { WishlistOptions } from './options.js';
import type { WishlistView } from './state.js';

/** The stock plugin's cookie test: write `cookietest=1`, read it back, delete it. */
const cookieTest = (): boolean => {
  document.cookie = 'cookietest=1; path=/';
  const kept = document.cookie.includes('cookietest=1');
  document.cookie = 'cookietest=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  return kept;
};

/** What the plugin's setup hands over: its context. */
export type WishlistContext = FeatureContext<WishlistOptions, WishlistView>;

/** Starts the plugin's state machine over the port and registers its commands. */
export const start = ({ store, emit, handle, ports }: WishlistContext): void => {
  // The page's language (`<html lang>`, rendered from the page's state): the notices and failures the controller writes are in it.
  const locale = localeOf(document.documentElement.lang) ?? BASE_LOCALE;
  const texts = textsIn(wishlistTexts, locale);
  const NO_PORT: PortFailure = { kind: 'network', message: texts.notAvailable };
  const port = ports.wishlist;
  const controller = port ? createWishlistController({ port, store, emit, now: Date.now, texts, ownWords: locale !== BASE_LOCALE }) : null;
  handle('wishlist.wake', async ({ count, wait = false }) => {
    store.update((view) => (view.count === null && count !== null ? { ...view, count } : view));
    if (count !== null && count > 0 && controller) {
      const read = controller.load();
      if (wait) await read;
    }
    return ok(undefined);
  });
  handle('wishlist.add', async (input) => {
    // With cookies off nothing is sent: the shopper's lists could not be kept.
    const usable = cookiesUsable(navigator.cookieEnabled, cookieTest);
    if (!usable || !controller) {
      const text = usable ? NO_PORT.message : texts.cookieDisabled;
      const notice = { productId: input.productId, kind: 'failed' as const, text, at: Date.now(), url: '/wishlist/' };
      store.update((view) => ({ ...view, notices: { ...view.notices, [input.productId]: notice } }));
      return ok({ kind: 'failed', message: text });
    }
    return ok(await controller.add(input));
  });
  handle('wishlist.seed', async ({ state }) => ok(controller?.seed(state)));
  handle('wishlist.change', async (change) => (controller ? run(controller, change) : err(NO_PORT)));
  handle('wishlist.estimate', async ({ listId, email, message }) => (port ? port.askEstimate(listId, { email, message }) : err(NO_PORT)));
};

/** One change from the list page. */
const run = (controller: WishlistController, change: WishlistChange): Promise<Result<WishlistState, PortFailure>> => {
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
};
