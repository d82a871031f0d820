/**
 * Wishlists on the embedded shop, through three doors that share `services/wishlists.ts`:
 *
 * - Suki's JSON route `/wp-json/suki/v1/wishlist…` (the table in `src/app/wishlist-page.ts`): the
 *   whole state in every answer, the Store API `Nonce` header checked on writes, WordPress REST
 *   errors, `Cache-Control: no-store, private` and `Vary: Cookie`;
 * - the stock admin-ajax actions of YITH WooCommerce Wishlist (`wire-protocol.md` §1) for stock
 *   theme clients: stock fields, one nonce per action (published as `yith_wcwl_l10n` by
 *   `GET /wp-json/suki/v1/wishlist/stock-settings`), result values and fragments;
 * - the pages `/wishlist/` and `/wishlist/view/{token}/` (their data, as the page input
 *   `wishlist`) with their no-script links and forms.
 *
 * Who owns lists: a signed-in session's account; else the guest's `suki_wishlist` cookie (a random
 * id signed with the shop's key, `guestDays` long, independent of the 48-hour session). Every
 * answer that knows the viewer's item count sets the readable `suki_wishlist_count` cookie.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { NewWishlist, WishlistAddResult, WishlistFeatures, WishlistPrivacy, WishlistState } from '../../src/core/domain/wishlist.js';
import type { WishlistNotice, WishlistPageView } from '../../src/app/wishlist-page.js';
import { isEmail } from '../../src/core/rules/forms.js';
import { wishlistOptions, type WishlistOptions } from '../../src/plugins/wishlist/options.js';
import { clientAddress } from '../lib/address.js';
import { createNonce, safeEqual, verifyNonce, type Keys } from '../lib/crypto.js';
import { ApiError } from '../lib/errors.js';
import { isCrossSiteWrite, isHttps, mediaType, requestOrigin, siteHeaders } from '../lib/request.js';
import { queueMail } from '../mail/outbox.js';
import { estimateRequestMail } from '../mail/wishlist-emails.js';
import { setPageInput } from '../pages.js';
import { addToCart } from '../services/cart.js';
import { jsonAnswer, runCartWrite } from '../services/idempotency.js';
import { dbRateLimit } from '../services/rate-limit.js';
import { sessionAccount } from '../services/session-store.js';
import {
  accountOwnerKey,
  addItem,
  createList,
  deleteList,
  guestOwnerKey,
  listByToken,
  listDetails,
  listItemOfProduct,
  listUrl,
  mergeGuestLists,
  moveItem,
  ownerItem,
  ownerItemCount,
  ownerList,
  ownerLists,
  recordEstimate,
  removeItem,
  removeProduct,
  setItemQuantity,
  sortList,
  updateList,
  WISHLIST_TEXT,
  wishlistState,
  type AddTarget,
  type WishlistOwner,
  type WishlistRow,
} from '../services/wishlists.js';
import { ESTIMATE_MESSAGE_MAX, titleProblem, WISHLIST_QUANTITY_MAX } from '../services/wishlist-rules.js';
import { getOrCreateSession, type ShopperSession } from '../session.js';
import { wishlistNoticeTexts } from '../../src/app/wishlist-notices.js';
import { textsIn } from '../../src/i18n/index.js';
import { requestLocale } from '../lib/language.js';
import { addButtonFragment, estimateTemplate, listFormFragment, type FragmentOptions } from '../views/wishlist.js';
import { cartCookies, parseJsonBody, rawBody, requireNonce, sendJson, shopUrls, writeScope, writerSession, type ShopDeps } from './shared.js';

/** The wishlist plugin's options as the server applies them. */
export type WishlistSettings = WishlistOptions;

/** The plugin's defaults (what a shop that does not say otherwise gets). */
export const DEFAULT_WISHLIST_SETTINGS: WishlistSettings = wishlistOptions.parse({});

/**
 * The wishlist settings for the enabled plugins: off (false) when the wishlist plugin is off, else
 * its options (already checked at start-up; defaults filled in again here).
 */
export function wishlistSettingsOf(plugins: ReadonlyArray<{ readonly name: string; readonly options: unknown }>): WishlistSettings | false {
  const plugin = plugins.find((p) => p.name === 'wishlist');
  if (!plugin) return false;
  const parsed = wishlistOptions.safeParse(plugin.options ?? {});
  return parsed.success ? parsed.data : DEFAULT_WISHLIST_SETTINGS;
}

/** The guest's wishlist cookie. */
export const WISHLIST_COOKIE = 'suki_wishlist';

/** The readable item count cookie. */
export const WISHLIST_COUNT_COOKIE = 'suki_wishlist_count';

/** Nonce actions of the stock admin-ajax actions and the no-script links. */
export const WISHLIST_NONCE_ACTIONS = [
  'add_to_wishlist',
  'remove_from_wishlist',
  'reload_wishlist_and_adding_elem',
  'load_mobile',
  'delete_item',
  'save_title',
  'save_privacy',
  'load_fragments',
  'remove_from_all_wishlists',
  'ask_an_estimate',
  'move_to_another_wishlist',
  'sort_wishlist_items',
  'update_item_quantity',
] as const;
type StockAction = (typeof WISHLIST_NONCE_ACTIONS)[number];

const nonceAction = (action: string): string => `yith_wcwl:${action}`;
/** The no-script remove link's nonce action (`view.nonces.remove`). */
const REMOVE_LINK_ACTION = 'yith_wcwl:remove-link';

/** Per-client limit of estimate requests. */
export const ESTIMATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

// ---------------------------------------------------------------- the viewer

const guestMac = (keys: Keys, random: string): string => createHmac('sha256', keys.session).update(`wishlist|${random}`).digest('hex').slice(0, 32);

/** A new guest wishlist id: 128 random bits and their HMAC (never valid as a session id: another message is signed). */
const newGuestId = (keys: Keys): string => {
  const random = randomBytes(16).toString('hex');
  return `${random}${guestMac(keys, random)}`;
};

const isGuestId = (keys: Keys, value: string): boolean => /^[0-9a-f]{64}$/.test(value) && safeEqual(value.slice(32), guestMac(keys, value.slice(0, 32)));

/** Who is looking: the browser session, and the owner of their lists (null for a guest without lists yet). */
interface Viewer {
  readonly session: ShopperSession;
  readonly keys: Keys;
  readonly owner: WishlistOwner | null;
}

// ---------------------------------------------------------------- answers

const noStore = (c: Context): void => {
  c.header('Cache-Control', 'no-store, private');
  c.header('Vary', 'Cookie');
  c.header('X-Robots-Tag', 'noindex');
};

const notFound = (): ApiError => new ApiError(404, 'suki_wishlist_not_found', 'No such wishlist or wishlist item.');

const invalid = (params: Readonly<Record<string, string>>): ApiError =>
  new ApiError(400, 'suki_wishlist_invalid', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, { params: { ...params } });

const unsupported = (what: string): ApiError => new ApiError(501, 'suki_wishlist_unsupported', `This shop does not offer ${what}.`);

/** A JSON object body with only the given fields; anything else is a 400 naming the first stray field. */
const objectBody = (body: unknown, allowed: readonly string[]): Record<string, unknown> => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid({ body: 'The body must be a JSON object.' });
  for (const key of Object.keys(body)) if (!allowed.includes(key)) throw invalid({ [key.slice(0, 100)]: `${key.slice(0, 100)} is not a field of this request.` });
  return body as Record<string, unknown>;
};

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

const readPrivacy = (value: unknown, field: string): WishlistPrivacy => {
  if (value === 0 || value === 1 || value === 2) return value;
  throw invalid({ [field]: `${field} must be 0 (public), 1 (shared) or 2 (private).` });
};

const readName = (value: unknown, field: string): string => {
  if (typeof value !== 'string') throw invalid({ [field]: `${field} must be a string.` });
  const problem = titleProblem(value);
  if (problem !== null) throw invalid({ [field]: problem });
  return value.trim();
};

const readNewList = (value: unknown, field: string): NewWishlist => {
  const body = (() => {
    try {
      return objectBody(value, ['name', 'privacy']);
    } catch {
      throw invalid({ [field]: `${field} must be an object {name, privacy}.` });
    }
  })();
  return { name: readName(body['name'], `${field}.name`), privacy: body['privacy'] === undefined ? 0 : readPrivacy(body['privacy'], `${field}.privacy`) };
};

/** A path id: digits only, else the item or list does not exist for anyone. */
const pathId = (raw: string | undefined): number => {
  const id = raw !== undefined && /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

/** Options of {@link wishlistRoutes}. */
export interface WishlistRouteOptions {
  readonly settings: WishlistSettings;
  /** Draws a page from what the route set (`setPageInput`). */
  readonly render: (c: Context) => Promise<Response>;
  /** Estimate requests per client and window. @default ESTIMATE_LIMIT */
  readonly estimateLimit?: { readonly max: number; readonly windowMs: number };
}

/** What {@link wishlistRoutes} hands the app. */
export interface WishlistDoors {
  /** Suki's JSON route, to mount at `/wp-json/suki/v1/wishlist`. */
  readonly api: Hono;
  /** The pages and their no-script forms, to mount at `/`. */
  readonly pages: Hono;
  /** A stock admin-ajax action, or null when `action` is not a wishlist action. */
  readonly stockAction: (c: Context, action: string, form: URLSearchParams) => Promise<Response | null>;
  /** At sign-in or registration (after the session rotated): the guest's lists join the account's. */
  readonly afterSignIn: (c: Context, customerId: number) => Promise<void>;
  /** At sign-out: the count cookie goes. */
  readonly afterSignOut: (c: Context) => void;
  /**
   * After `?wc-ajax=add_to_cart` succeeded: a line added from a list's row (the stock client's
   * `remove_from_wishlist_after_add_to_cart` row id and `wishlist_id`) leaves the list, when the shop
   * says so and the viewer owns it.
   */
  readonly afterAddToCart: (c: Context, form: URLSearchParams) => Promise<void>;
}

/** Builds the wishlist's routes. */
export function wishlistRoutes(deps: ShopDeps, options: WishlistRouteOptions): WishlistDoors {
  const { settings, render } = options;
  const features: WishlistFeatures = {
    multipleLists: settings.multipleLists,
    moveItems: settings.multipleLists,
    sortItems: true,
    quantities: true,
    estimates: settings.estimates,
    renameLists: true,
    changePrivacy: true,
  };
  const guestMaxAge = settings.guestDays * 86_400;
  const estimateGuard = dbRateLimit(deps.db, { name: 'wishlist-estimate', ...(options.estimateLimit ?? ESTIMATE_LIMIT) });

  const cookieFlags = (c: Context): string => `Path=/; SameSite=Lax${isHttps(c) ? '; Secure' : ''}`;

  const setGuestCookie = (c: Context, id: string): void => {
    c.header('Set-Cookie', `${WISHLIST_COOKIE}=${id}; Max-Age=${guestMaxAge}; Expires=${new Date(Date.now() + guestMaxAge * 1000).toUTCString()}; HttpOnly; ${cookieFlags(c)}`, { append: true });
  };

  /** The count cookie: sent when it changes, and on every write (its Max-Age starts again); gone at 0. */
  const setCount = (c: Context, count: number, always: boolean): void => {
    const current = getCookie(c, WISHLIST_COUNT_COOKIE);
    if (count === 0) {
      if (current !== undefined) c.header('Set-Cookie', `${WISHLIST_COUNT_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieFlags(c)}`, { append: true });
      return;
    }
    if (!always && current === String(count)) return;
    c.header('Set-Cookie', `${WISHLIST_COUNT_COOKIE}=${count}; Max-Age=${guestMaxAge}; ${cookieFlags(c)}`, { append: true });
  };

  /**
   * The viewer. With `create`, a guest without a wishlist id gets one (and its cookie); every write
   * by a guest sends the cookie again, so it lives `guestDays` from the last change.
   */
  const viewerOf = async (c: Context, create: boolean, session?: ShopperSession): Promise<Viewer> => {
    const current = session ?? (await getOrCreateSession(c));
    const keys = await deps.keys();
    const account = current.isNew ? null : await sessionAccount(deps.db, current.id);
    if (account) return { session: current, keys, owner: { key: accountOwnerKey(account.customerId), customerId: account.customerId, guestExpiresAt: null } };
    const cookie = getCookie(c, WISHLIST_COOKIE);
    let guest = cookie !== undefined && isGuestId(keys, cookie) ? cookie : null;
    if (guest === null && !create) return { session: current, keys, owner: null };
    guest ??= newGuestId(keys);
    if (create) setGuestCookie(c, guest);
    return { session: current, keys, owner: { key: guestOwnerKey(guest), customerId: null, guestExpiresAt: new Date(Date.now() + guestMaxAge * 1000).toISOString() } };
  };

  const ownerOf = (viewer: Viewer): WishlistOwner => {
    if (!viewer.owner) throw new Error('A write needs an owner.');
    return viewer.owner;
  };

  /** The state, with the count cookie. */
  const stateFor = async (c: Context, viewer: Viewer, wrote: boolean): Promise<WishlistState> => {
    const state = await wishlistState(deps.db, viewer.owner?.key ?? null, features);
    setCount(c, state.entries.length, wrote);
    return state;
  };

  // ------------------------------------------------------------ Suki's JSON route

  const api = new Hono();
  api.use('*', async (c, next) => {
    await next();
    noStore(c);
    c.res.headers.set('Cache-Control', 'no-store, private');
    c.res.headers.set('Vary', 'Cookie');
  });

  /** A write: the nonce first (nothing is made for a request that fails it), then the body, then one transaction. */
  const jsonWrite = async <T>(c: Context, read: (body: unknown) => T, apply: (tx: ShopDeps['db'], owner: WishlistOwner, input: T) => Promise<void>, status = 200): Promise<Response> => {
    const session = await getOrCreateSession(c);
    await requireNonce(c, deps, session.id);
    const input = read(parseJsonBody(c, await rawBody(c)));
    const viewer = await viewerOf(c, true, session);
    const owner = ownerOf(viewer);
    await deps.db.transaction((tx) => apply(tx, owner, input));
    const state = await stateFor(c, viewer, true);
    c.header('Nonce', createNonce(viewer.keys, session.id));
    return sendJson(c, state, status);
  };

  api.get('/', async (c) => {
    const viewer = await viewerOf(c, false);
    const state = await stateFor(c, viewer, false);
    c.header('Nonce', createNonce(viewer.keys, viewer.session.id));
    return sendJson(c, state);
  });

  /** `yith_wcwl_l10n` for stock theme clients: the ajax address, options, labels and this session's nonces. */
  api.get('/stock-settings', async (c) => {
    const viewer = await viewerOf(c, false);
    return sendJson(c, stockSettings(c, viewer));
  });

  api.post('/items', async (c) => {
    const session = await getOrCreateSession(c);
    await requireNonce(c, deps, session.id);
    const body = objectBody(parseJsonBody(c, await rawBody(c)), ['productId', 'productType', 'wishlistId', 'newList']);
    if (!isId(body['productId']) || body['productId'] > 2_147_483_647) throw invalid({ productId: 'productId must be a product id (a whole number from 1).' });
    if (body['productType'] !== undefined && (typeof body['productType'] !== 'string' || body['productType'].length > 40)) throw invalid({ productType: 'productType must be a short string.' });
    const wanted = body['wishlistId'];
    let target: AddTarget;
    if (wanted === null || wanted === undefined) target = { kind: 'default' };
    else if (wanted === 'new') {
      if (!settings.multipleLists) throw unsupported('several wishlists');
      if (body['newList'] === undefined) throw invalid({ newList: 'newList is required when wishlistId is "new".' });
      target = { kind: 'new', list: readNewList(body['newList'], 'newList') };
    } else if (isId(wanted)) target = { kind: 'list', id: wanted };
    else throw invalid({ wishlistId: 'wishlistId must be a wishlist id, "new" or null.' });
    if (target.kind !== 'new' && body['newList'] !== undefined) throw invalid({ newList: 'newList goes with wishlistId "new" only.' });
    const productId = body['productId'];
    const viewer = await viewerOf(c, true, session);
    const owner = ownerOf(viewer);
    const outcome = await deps.db.transaction((tx) => addItem(tx, owner, productId, target));
    if (outcome.result === 'missing') throw notFound();
    const state = await stateFor(c, viewer, true);
    c.header('Nonce', createNonce(viewer.keys, session.id));
    return sendJson(c, { result: outcome.result, message: outcome.message, state });
  });

  api.delete('/items/:rowId', (c) =>
    jsonWrite(
      c,
      (body) => {
        objectBody(body, []);
        return pathId(c.req.param('rowId'));
      },
      async (tx, owner, rowId) => {
        if (!(await removeItem(tx, owner, rowId))) throw notFound();
      },
    ),
  );

  api.patch('/items/:rowId', (c) =>
    jsonWrite(
      c,
      (raw) => {
        const rowId = pathId(c.req.param('rowId'));
        const body = objectBody(raw, ['quantity', 'moveTo', 'newList']);
        if (body['quantity'] !== undefined) {
          if (body['moveTo'] !== undefined || body['newList'] !== undefined) throw invalid({ quantity: 'Send either quantity or moveTo.' });
          const q = body['quantity'];
          if (typeof q !== 'number' || !Number.isInteger(q) || q < 1 || q > WISHLIST_QUANTITY_MAX) throw invalid({ quantity: `quantity must be a whole number from 1 to ${WISHLIST_QUANTITY_MAX}.` });
          return { kind: 'quantity', rowId, quantity: q } as const;
        }
        const to = body['moveTo'];
        if (to === undefined) throw invalid({ body: 'Send quantity or moveTo.' });
        if (!settings.multipleLists) throw unsupported('moving items between wishlists');
        if (to === 'new') {
          if (body['newList'] === undefined) throw invalid({ newList: 'newList is required when moveTo is "new".' });
          return { kind: 'move', rowId, moveTo: { list: readNewList(body['newList'], 'newList') } } as const;
        }
        if (!isId(to)) throw invalid({ moveTo: 'moveTo must be a wishlist id or "new".' });
        if (body['newList'] !== undefined) throw invalid({ newList: 'newList goes with moveTo "new" only.' });
        return { kind: 'move', rowId, moveTo: to } as const;
      },
      async (tx, owner, input) => {
        if (input.kind === 'quantity') {
          if (!(await setItemQuantity(tx, owner, input.rowId, input.quantity))) throw notFound();
        } else if ((await moveItem(tx, owner, input.rowId, input.moveTo)) === 'missing') throw notFound();
      },
    ),
  );

  api.post('/lists', (c) =>
    jsonWrite(
      c,
      (raw) => {
        if (!settings.multipleLists) throw unsupported('several wishlists');
        const body = objectBody(raw, ['name', 'privacy']);
        return { name: readName(body['name'], 'name'), privacy: body['privacy'] === undefined ? 0 : readPrivacy(body['privacy'], 'privacy') } satisfies NewWishlist;
      },
      async (tx, owner, list) => {
        await createList(tx, owner, list);
      },
      201,
    ),
  );

  api.get('/lists/:id', async (c) => {
    const viewer = await viewerOf(c, false);
    const id = pathId(c.req.param('id'));
    const list = viewer.owner ? await ownerList(deps.db, viewer.owner.key, id) : null;
    if (!list) throw notFound();
    return sendJson(c, await listDetails(deps.db, list, shopUrls(c)));
  });

  api.patch('/lists/:id', (c) =>
    jsonWrite(
      c,
      (raw) => {
        const id = pathId(c.req.param('id'));
        const body = objectBody(raw, ['name', 'privacy']);
        return {
          id,
          ...(body['name'] !== undefined ? { title: readName(body['name'], 'name') } : {}),
          ...(body['privacy'] !== undefined ? { privacy: readPrivacy(body['privacy'], 'privacy') } : {}),
        };
      },
      async (tx, owner, { id, ...change }) => {
        if (!(await updateList(tx, owner, id, change))) throw notFound();
      },
    ),
  );

  api.delete('/lists/:id', (c) =>
    jsonWrite(
      c,
      (raw) => {
        objectBody(raw, []);
        return pathId(c.req.param('id'));
      },
      async (tx, owner, id) => {
        if (!(await deleteList(tx, owner, id))) throw notFound();
      },
    ),
  );

  api.put('/lists/:id/positions', (c) =>
    jsonWrite(
      c,
      (raw) => {
        const id = pathId(c.req.param('id'));
        const body = objectBody(raw, ['rowIds']);
        const rowIds = body['rowIds'];
        if (!Array.isArray(rowIds) || rowIds.length > 1000 || !rowIds.every(isId)) throw invalid({ rowIds: 'rowIds must be a list of row ids.' });
        return { id, rowIds };
      },
      async (tx, owner, { id, rowIds }) => {
        const done = await sortList(tx, owner, id, rowIds);
        if (done === 'missing') throw notFound();
        if (done === 'mismatch') throw invalid({ rowIds: 'rowIds must hold every row id of the list, each once.' });
      },
    ),
  );

  /** Records and mails an estimate request; the confirmation's text, or an error to throw. */
  const askEstimate = async (c: Context, viewer: Viewer, listId: number, emailRaw: unknown, messageRaw: unknown): Promise<string> => {
    if (!settings.estimates) throw unsupported('estimates');
    if (typeof emailRaw !== 'string') throw invalid({ email: 'Please enter your email address.' });
    const email = emailRaw.trim();
    if (email === '') throw invalid({ email: 'Please enter your email address.' });
    if (email.length > 254 || !isEmail(email) || !/\.[A-Za-z]{2,63}$/.test(email)) throw invalid({ email: 'Please enter a valid email address.' });
    if (messageRaw !== undefined && typeof messageRaw !== 'string') throw invalid({ message: 'message must be text.' });
    const message = (messageRaw ?? '').trim();
    if ([...message].length > ESTIMATE_MESSAGE_MAX) throw invalid({ message: `The message must be at most ${ESTIMATE_MESSAGE_MAX} characters long.` });
    const list = viewer.owner ? await ownerList(deps.db, viewer.owner.key, listId) : null;
    if (!list || !viewer.owner) throw notFound();
    const details = await listDetails(deps.db, list, shopUrls(c));
    if (details.items.length === 0) throw invalid({ wishlist: 'This wishlist has no products to estimate.' });
    const wait = await estimateGuard.attempt(clientAddress(c));
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw new ApiError(429, 'suki_wishlist_too_many_requests', 'Too many estimate requests. Please try again later.');
    }
    const ownerKey = viewer.owner.key;
    await deps.db.transaction(async (tx) => {
      const id = await recordEstimate(tx, {
        ownerKey,
        wishlistId: list.id,
        email,
        message,
        items: details.items.map((i) => ({ productId: i.productId, name: i.name, quantity: i.quantity, price: i.price })),
      });
      await queueMail(
        tx,
        estimateRequestMail({
          id,
          shopName: deps.shopName,
          to: deps.checkout.ordersEmail,
          email,
          message,
          listTitle: list.title,
          link: `${requestOrigin(c)}${listUrl(list)}`,
          items: details.items.map((i) => ({ name: i.name, details: i.attributes.map((a) => `${a.name}: ${a.value}`).join(', '), quantity: i.quantity, price: i.price })),
        }),
      );
    });
    deps.sendQueuedMail();
    return WISHLIST_TEXT.estimateSent;
  };

  api.post('/lists/:id/estimate', async (c) => {
    const session = await getOrCreateSession(c);
    await requireNonce(c, deps, session.id);
    const body = objectBody(parseJsonBody(c, await rawBody(c)), ['email', 'message']);
    const id = pathId(c.req.param('id'));
    const viewer = await viewerOf(c, false, session);
    const message = await askEstimate(c, viewer, id, body['email'], body['message']);
    return sendJson(c, { result: true, message }, 201);
  });

  // ------------------------------------------------------------ stock admin-ajax actions

  const ajaxUrl = '/wp-admin/admin-ajax.php';

  /** The `yith_wcwl_l10n` object a stock client reads (`wire-protocol.md` §1.1), with this session's nonces. */
  const stockSettings = (c: Context, viewer: Viewer) => ({
    ajax_url: ajaxUrl,
    redirect_to_cart: settings.redirectToCart ? 'yes' : 'no',
    multi_wishlist: settings.multipleLists,
    modal_enable: false,
    hide_add_button: true,
    enable_ajax_loading: false,
    remove_from_wishlist_after_add_to_cart: settings.removeAfterAddToCart,
    is_wishlist_responsive: true,
    mobile_media_query: 768,
    time_to_close_prettyphoto: settings.popupTimeout,
    popup_timeout: settings.popupTimeout,
    auto_close_popup: true,
    fragments_index_glue: '.',
    reload_on_found_variation: true,
    labels: {
      cookie_disabled: 'We are sorry, but this feature is available only if cookies on your browser are enabled.',
      added_to_cart_message: '<div class="woocommerce-notices-wrapper"><div class="woocommerce-message" role="alert">Product added to cart successfully</div></div>',
    },
    actions: Object.fromEntries(WISHLIST_NONCE_ACTIONS.map((a) => [a === 'load_fragments' ? a : `${a}_action`, a])),
    nonce: Object.fromEntries(WISHLIST_NONCE_ACTIONS.map((a) => [`${a}_nonce`, createNonce(viewer.keys, viewer.session.id, nonceAction(a))])),
    redirect_after_ask_estimate: false,
    ask_estimate_redirect_url: requestOrigin(c),
  });

  /** `fragments[key][option]=value` form fields into `{key: options}` ('true'/'false' made booleans). */
  const readFragments = (form: URLSearchParams): Map<string, FragmentOptions> => {
    const out = new Map<string, Record<string, string | boolean>>();
    for (const [name, value] of form) {
      const match = /^fragments\[([A-Za-z0-9_.-]{1,200})\]\[([A-Za-z0-9_]{1,60})\]$/.exec(name);
      if (!match) continue;
      const [, key = '', option = ''] = match;
      let entry = out.get(key);
      if (!entry) {
        if (out.size >= 100) continue;
        entry = {};
        out.set(key, entry);
      }
      entry[option] = value === 'true' ? true : value === 'false' ? false : value.slice(0, 500);
    }
    return out;
  };

  /** Renders the fragments asked for, for this viewer: `{key: html}`, or `[]` when none (as PHP encodes an empty array). */
  const renderFragments = async (c: Context, viewer: Viewer, asked: Map<string, FragmentOptions>, notice?: string): Promise<Record<string, string> | []> => {
    if (asked.size === 0) return [];
    const state = await wishlistState(deps.db, viewer.owner?.key ?? null, features);
    const inLists = new Set(state.entries.map((e) => e.productId));
    const defaultList = state.lists.find((l) => l.isDefault);
    const out: Record<string, string> = {};
    for (const [key, opts] of asked) {
      if (opts['item'] === 'add_to_wishlist') {
        const productId = Number(opts['product_id']);
        out[key] = addButtonFragment(opts, {
          exists: inLists.has(productId),
          wishlistUrl: `${requestOrigin(c)}${defaultList ? defaultList.url : '/wishlist/'}`,
          addNonce: createNonce(viewer.keys, viewer.session.id, nonceAction('add_to_wishlist')),
        });
      } else if (opts['item'] === 'wishlist' || key.includes('yith-wcwl-form')) {
        const token = typeof opts['wishlist_token'] === 'string' ? opts['wishlist_token'] : '';
        const wantedId = Number(opts['wishlist_id']);
        let list: WishlistRow | null = null;
        if (token !== '') list = await listByToken(deps.db, token);
        else if (viewer.owner && Number.isSafeInteger(wantedId) && wantedId > 0) list = await ownerList(deps.db, viewer.owner.key, wantedId);
        else if (viewer.owner && defaultList) list = await ownerList(deps.db, viewer.owner.key, defaultList.id);
        const owner = list !== null && viewer.owner !== null && list.ownerKey === viewer.owner.key;
        if (list && !owner && list.privacy === 2) list = null;
        const details = list ? await listDetails(deps.db, list, shopUrls(c)) : null;
        out[key] = listFormFragment(opts, details, { owner, removeNonce: createNonce(viewer.keys, viewer.session.id, REMOVE_LINK_ACTION), ...(notice ? { notice } : {}) });
      }
    }
    return Object.keys(out).length === 0 ? [] : out;
  };

  const userWishlists = (c: Context, viewer: Viewer, state: WishlistState, productId: number) => {
    const nonce = createNonce(viewer.keys, viewer.session.id, nonceAction('add_to_wishlist'));
    return state.lists.map((l) => ({
      id: l.id,
      wishlist_name: l.title === '' ? false : l.title.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`),
      default: l.isDefault,
      add_to_this_wishlist_url: `${requestOrigin(c)}${l.url}?add_to_wishlist=${productId}&amp;wishlist_id=${l.id}&amp;_wpnonce=${nonce}`,
    }));
  };

  const formInt = (form: URLSearchParams, name: string): number | null => {
    const raw = (form.get(name) ?? '').trim();
    if (!/^\d{1,16}$/.test(raw)) return null;
    const n = Number(raw);
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  };

  /** The list a stock request names by `wishlist_id` (id or token) or `wishlist_token`, when it is the viewer's. */
  const namedList = async (viewer: Viewer, form: URLSearchParams, idField = 'wishlist_id', tokenField = 'wishlist_token'): Promise<WishlistRow | null> => {
    if (!viewer.owner) return null;
    const token = (form.get(tokenField) ?? '').trim();
    if (token !== '') {
      const list = await listByToken(deps.db, token);
      return list && list.ownerKey === viewer.owner.key ? list : null;
    }
    const raw = (form.get(idField) ?? '').trim();
    if (/^[A-Z0-9]{32}$/.test(raw)) {
      const list = await listByToken(deps.db, raw);
      return list && list.ownerKey === viewer.owner.key ? list : null;
    }
    const id = formInt(form, idField);
    return id === null ? null : ownerList(deps.db, viewer.owner.key, id);
  };

  const ownerCount = async (c: Context, viewer: Viewer, wrote: boolean): Promise<void> => {
    setCount(c, await ownerItemCount(deps.db, viewer.owner?.key ?? null), wrote);
  };

  const stockAction = async (c: Context, action: string, form: URLSearchParams): Promise<Response | null> => {
    if (!(WISHLIST_NONCE_ACTIONS as readonly string[]).includes(action)) return null;
    const act = action as StockAction;
    noStore(c);
    const session = await getOrCreateSession(c);
    const keys = await deps.keys();
    const fragmentsAnswer = act === 'remove_from_wishlist' || act === 'load_mobile' || act === 'remove_from_all_wishlists';
    // Stock answers a bad nonce with HTTP 200 and an empty result, never an error status.
    if (c.req.method !== 'POST' || !verifyNonce(keys, session.id, (form.get('nonce') ?? '').trim(), nonceAction(act))) {
      return sendJson(c, fragmentsAnswer ? { fragments: [] } : { result: false });
    }
    const writes = !['load_fragments', 'load_mobile'].includes(act);
    const viewer = await viewerOf(c, writes && act !== 'ask_an_estimate', session);
    const asked = readFragments(form);
    const tx = deps.db;
    switch (act) {
      case 'add_to_wishlist':
      case 'reload_wishlist_and_adding_elem': {
        const productId = formInt(form, 'add_to_wishlist') ?? 0;
        const wanted = (form.get('wishlist_id') ?? '').trim();
        let target: AddTarget = { kind: 'default' };
        let refused: string | null = null;
        if (wanted === 'new') {
          const problem = titleProblem(form.get('wishlist_name') ?? '');
          const privacy = Number(form.get('wishlist_visibility') ?? '0');
          if (!settings.multipleLists) refused = WISHLIST_TEXT.error;
          else if (problem !== null) refused = problem;
          else target = { kind: 'new', list: { name: (form.get('wishlist_name') ?? '').trim(), privacy: privacy === 1 || privacy === 2 ? privacy : 0 } };
        } else if (wanted !== '' && wanted !== '0') {
          const id = formInt(form, 'wishlist_id');
          target = { kind: 'list', id: id ?? -1 };
        }
        const outcome = refused !== null ? { result: 'error' as const, message: refused, listId: null } : productId === 0 ? { result: 'error' as const, message: WISHLIST_TEXT.error, listId: null } : await tx.transaction((t) => addItem(t, ownerOf(viewer), productId, target));
        const result: WishlistAddResult = outcome.result === 'missing' ? 'exists' : outcome.result;
        const state = await wishlistState(deps.db, viewer.owner?.key ?? null, features);
        setCount(c, state.entries.length, true);
        if (act === 'reload_wishlist_and_adding_elem') {
          const list = outcome.listId !== null && viewer.owner ? await ownerList(deps.db, viewer.owner.key, outcome.listId) : null;
          const details = list ? await listDetails(deps.db, list, shopUrls(c)) : null;
          c.header('Content-Type', 'text/html; charset=UTF-8');
          return c.body(`<!doctype html><html><body>${listFormFragment({ item: 'wishlist' }, details, { owner: true, removeNonce: createNonce(keys, session.id, REMOVE_LINK_ACTION) })}</body></html>`);
        }
        const defaultList = state.lists.find((l) => l.isDefault);
        const listShown = state.lists.find((l) => l.id === outcome.listId) ?? defaultList;
        return sendJson(c, {
          prod_id: productId,
          result,
          message: result === 'exists' && outcome.result === 'exists' ? '' : outcome.message.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`),
          fragments: await renderFragments(c, viewer, asked),
          user_wishlists: userWishlists(c, viewer, state, productId),
          wishlist_url: `${requestOrigin(c)}${listShown ? listShown.url : '/wishlist/'}`,
        });
      }
      case 'remove_from_wishlist': {
        const owner = ownerOf(viewer);
        const id = formInt(form, 'remove_from_wishlist');
        if (id !== null) {
          const list = await namedList(viewer, form);
          const removed = await tx.transaction(async (t) => {
            if (await removeItem(t, owner, id)) return true;
            // The free plugin's rows carry the product id: remove that product from the named list.
            return list !== null && (await removeProduct(t, owner, id, list.id)) > 0;
          });
          await ownerCount(c, viewer, removed);
          return sendJson(c, { fragments: await renderFragments(c, viewer, asked, removed ? WISHLIST_TEXT.removed : undefined) });
        }
        return sendJson(c, { fragments: await renderFragments(c, viewer, asked) });
      }
      case 'delete_item': {
        const id = formInt(form, 'item_id');
        const removed = id !== null && (await tx.transaction((t) => removeItem(t, ownerOf(viewer), id)));
        if (!removed) return sendJson(c, { result: false });
        await ownerCount(c, viewer, true);
        return sendJson(c, { result: true, message: WISHLIST_TEXT.removed, fragments: await renderFragments(c, viewer, asked) });
      }
      case 'remove_from_all_wishlists': {
        const productId = formInt(form, 'prod_id');
        const list = (form.get('wishlist_id') ?? '').trim() === '' ? null : await namedList(viewer, form);
        if (productId !== null && ((form.get('wishlist_id') ?? '').trim() === '' || list)) await tx.transaction((t) => removeProduct(t, ownerOf(viewer), productId, list?.id ?? null));
        await ownerCount(c, viewer, true);
        return sendJson(c, { fragments: await renderFragments(c, viewer, asked) });
      }
      case 'save_title': {
        const title = form.get('title') ?? '';
        const list = await namedList(viewer, form);
        const ok = list !== null && titleProblem(title) === null && (await tx.transaction((t) => updateList(t, ownerOf(viewer), list.id, { title })));
        return sendJson(c, { result: ok, fragments: await renderFragments(c, viewer, asked) });
      }
      case 'save_privacy': {
        const privacy = (form.get('privacy') ?? '').trim();
        const list = await namedList(viewer, form);
        const ok = list !== null && /^[012]$/.test(privacy) && (await tx.transaction((t) => updateList(t, ownerOf(viewer), list.id, { privacy: Number(privacy) as WishlistPrivacy })));
        return sendJson(c, { result: ok, fragments: await renderFragments(c, viewer, asked) });
      }
      case 'move_to_another_wishlist': {
        const origin = await namedList(viewer, form, 'wishlist_id', 'wishlist_token');
        const destinationRaw = (form.get('destination_wishlist_token') ?? '').trim();
        const itemId = formInt(form, 'item_id');
        let message = 'The product could not be moved.';
        let ok = false;
        if (settings.multipleLists && origin && itemId !== null && destinationRaw !== '') {
          let to: number | { list: NewWishlist } | null = null;
          if (destinationRaw === 'new') {
            const name = form.get('wishlist_name') ?? '';
            const privacy = Number(form.get('wishlist_visibility') ?? '0');
            const problem = titleProblem(name);
            if (problem === null) to = { list: { name: name.trim(), privacy: privacy === 1 || privacy === 2 ? privacy : 0 } };
            else message = problem;
          } else {
            const destination = await namedList(viewer, new URLSearchParams({ t: destinationRaw }), 'none', 't');
            to = destination?.id ?? null;
          }
          if (to !== null) {
            const target = to;
            ok = await tx.transaction(async (t) => {
              // The popup sends the product id, the inline select the row id.
              const owner = ownerOf(viewer);
              const row = (await ownerItem(t, owner.key, itemId)) ?? null;
              const rowId = row && row.item.wishlistId === origin.id ? itemId : await listItemOfProduct(t, origin.id, itemId);
              return rowId !== null && (await moveItem(t, owner, rowId, target)) === 'ok';
            });
            if (ok) message = 'Element correctly moved.';
          }
        }
        const state = await wishlistState(deps.db, viewer.owner?.key ?? null, features);
        return sendJson(c, { result: ok, message, user_wishlists: userWishlists(c, viewer, state, 0), fragments: await renderFragments(c, viewer, asked) });
      }
      case 'sort_wishlist_items': {
        const list = await namedList(viewer, form);
        const positions = form.getAll('positions[]').concat(form.getAll('positions'));
        const ids = positions.map((p) => (/^\d{1,16}$/.test(p.trim()) ? Number(p.trim()) : -1));
        const ok = list !== null && ids.length <= 1000 && ids.every((n) => n > 0) && (await tx.transaction((t) => sortList(t, ownerOf(viewer), list.id, ids))) === 'ok';
        return sendJson(c, { result: ok });
      }
      case 'update_item_quantity': {
        const rowId = formInt(form, 'product_id');
        const raw = (form.get('quantity') ?? '').trim();
        const quantity = /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
        const list = await namedList(viewer, form);
        const row = rowId !== null && viewer.owner ? await ownerItem(deps.db, viewer.owner.key, rowId) : null;
        const ok = row !== null && (list === null || row.item.wishlistId === list.id) && quantity >= 1 && quantity <= WISHLIST_QUANTITY_MAX && (await tx.transaction((t) => setItemQuantity(t, ownerOf(viewer), row.item.id, quantity)));
        return sendJson(c, { result: ok });
      }
      case 'ask_an_estimate': {
        const list = (await namedList(viewer, form, 'ask_an_estimate', 'wishlist_token')) ?? (await namedList(viewer, form));
        try {
          if (!list) throw notFound();
          const message = await askEstimate(c, viewer, list.id, form.get('reply_email') ?? form.get('email') ?? '', form.get('additional_notes') ?? form.get('message') ?? '');
          return sendJson(c, { result: true, template: estimateTemplate(message), message });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const params = error.data['params'] as Record<string, string> | undefined;
          const text = params ? Object.values(params).join(' ') : error.status === 404 ? 'This wishlist could not be found.' : error.message;
          return sendJson(c, { result: false, template: '', message: text });
        }
      }
      case 'load_fragments':
      case 'load_mobile':
        return sendJson(c, { fragments: await renderFragments(c, viewer, asked) });
    }
  };

  // ------------------------------------------------------------ pages

  const FLASH = 'suki_wishlist_notice';
  const flashMac = (keys: Keys, sessionId: string, payload: string): string => createHmac('sha256', keys.nonce).update(`wishlist-flash|${sessionId}|${payload}`).digest('base64url').slice(0, 22);
  const setFlash = (c: Context, keys: Keys, sessionId: string, notices: readonly WishlistNotice[]): void => {
    const payload = Buffer.from(JSON.stringify(notices.slice(0, 3))).toString('base64url');
    c.header('Set-Cookie', `${FLASH}=${payload}.${flashMac(keys, sessionId, payload)}; Path=/wishlist/; Max-Age=120; HttpOnly; SameSite=Lax${isHttps(c) ? '; Secure' : ''}`, { append: true });
  };
  const takeFlash = (c: Context, keys: Keys, sessionId: string): WishlistNotice[] => {
    const raw = getCookie(c, FLASH);
    if (raw === undefined) return [];
    c.header('Set-Cookie', `${FLASH}=; Path=/wishlist/; Max-Age=0; HttpOnly; SameSite=Lax${isHttps(c) ? '; Secure' : ''}`, { append: true });
    const [payload = '', mac = ''] = raw.split('.');
    if (payload.length > 4000 || !safeEqual(flashMac(keys, sessionId, payload), mac)) return [];
    try {
      const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
      if (!Array.isArray(parsed)) return [];
      return parsed.filter(
        (n): n is WishlistNotice => typeof n === 'object' && n !== null && ['error', 'success', 'info'].includes((n as WishlistNotice).kind) && typeof (n as WishlistNotice).text === 'string',
      );
    } catch {
      return [];
    }
  };

  const redirect = (c: Context, location: string): Response => {
    noStore(c);
    return c.redirect(location, 303);
  };

  const pageSettings = { removeAfterAddToCart: settings.removeAfterAddToCart, redirectToCart: settings.redirectToCart, layout: settings.layout } as const;

  const emptyView = (viewer: Viewer, notices: readonly WishlistNotice[]): WishlistPageView => ({
    viewer: 'owner',
    list: null,
    lists: [],
    features,
    settings: pageSettings,
    notices,
    nonces: { remove: createNonce(viewer.keys, viewer.session.id, REMOVE_LINK_ACTION) },
  });

  /** The request's notices and titles. */
  const noticesOf = (c: Context) => textsIn(wishlistNoticeTexts, requestLocale(c));

  /** A notice for what an add did, in the request's language. */
  const addNotice = (c: Context, result: string): WishlistNotice => {
    const t = noticesOf(c);
    if (result === 'true') return { kind: 'success', text: t.added };
    if (result === 'exists') return { kind: 'info', text: t.exists };
    return { kind: 'error', text: result === 'missing' ? t.notAllowed : t.error };
  };

  /** Draws a wishlist page with its data; `Cache-Control: no-store, private`. */
  const page = async (c: Context, status: number, title: string, view: WishlistPageView): Promise<Response> => {
    setPageInput(c, { wishlist: { status, title, view } });
    const rendered = await render(c);
    const response = new Response(rendered.body, rendered);
    response.headers.set('Cache-Control', 'no-store, private');
    response.headers.set('Vary', 'Cookie');
    response.headers.set('X-Robots-Tag', 'noindex');
    return response;
  };

  /** The ordinary not-found page (no wishlist input), still `no-store, private`. */
  const notFoundPage = async (c: Context): Promise<Response> => {
    const rendered = await render(c);
    const response = new Response(rendered.body, rendered);
    response.headers.set('Cache-Control', 'no-store, private');
    response.headers.set('Vary', 'Cookie');
    return response;
  };

  /** The page of a list for this viewer (owner or visitor), or the not-found page. */
  const listPage = async (c: Context, viewer: Viewer, list: WishlistRow | null, notices: readonly WishlistNotice[]): Promise<Response> => {
    const owns = list !== null && viewer.owner !== null && list.ownerKey === viewer.owner.key;
    // A private list is someone else's secret: exactly a missing page for anyone but its owner.
    if (list !== null && !owns && list.privacy === 2) list = null;
    const lists = viewer.owner ? (await wishlistState(deps.db, viewer.owner.key, features)).lists : [];
    setCount(c, lists.reduce((n, l) => n + l.itemCount, 0), false);
    if (list === null) return notFoundPage(c);
    const details = await listDetails(deps.db, list, shopUrls(c));
    const title = details.title !== '' ? details.title : owns ? noticesOf(c).myWishlist : noticesOf(c).wishlist;
    return page(c, 200, title, {
      viewer: owns ? 'owner' : 'visitor',
      list: details,
      lists,
      features,
      settings: pageSettings,
      notices,
      nonces: { remove: createNonce(viewer.keys, viewer.session.id, REMOVE_LINK_ACTION) },
    });
  };

  /**
   * The no-script links of a list's page: `?add-to-cart=ID` (then, when the shop says so and the
   * viewer owns the list, the line leaves the list), `?remove_from_wishlist=ROW&_wpnonce=` and
   * `?add_to_wishlist=ID&_wpnonce=`. Each answers a 303 to the page without them, its notice kept
   * for the next page; null when the address has none of them.
   */
  const pageLinks = async (c: Context, viewer: Viewer, list: WishlistRow | null, base: string): Promise<Response | null> => {
    const url = new URL(c.req.url);
    const owns = list !== null && viewer.owner !== null && list.ownerKey === viewer.owner.key;
    const removeRow = url.searchParams.get('remove_from_wishlist');
    if (removeRow !== null) {
      const nonce = url.searchParams.get('_wpnonce') ?? '';
      const rowId = /^\d{1,16}$/.test(removeRow) ? Number(removeRow) : 0;
      let notice: WishlistNotice = { kind: 'error', text: noticesOf(c).linkExpired };
      if (verifyNonce(viewer.keys, viewer.session.id, nonce, REMOVE_LINK_ACTION) && viewer.owner) {
        const owner = viewer.owner;
        const removed = await deps.db.transaction(async (t) => (await removeItem(t, owner, rowId)) || (list !== null && owns && (await removeProduct(t, owner, rowId, list.id)) > 0));
        notice = removed ? { kind: 'success', text: noticesOf(c).removed } : { kind: 'error', text: noticesOf(c).notInList };
        await ownerCount(c, viewer, removed);
      }
      setFlash(c, viewer.keys, viewer.session.id, [notice]);
      return redirect(c, base);
    }
    const addWish = url.searchParams.get('add_to_wishlist');
    if (addWish !== null) {
      const nonce = url.searchParams.get('_wpnonce') ?? '';
      let notice: WishlistNotice = { kind: 'error', text: noticesOf(c).linkExpired };
      if (verifyNonce(viewer.keys, viewer.session.id, nonce, nonceAction('add_to_wishlist'))) {
        const guest = await viewerOf(c, true, viewer.session);
        const productId = /^\d{1,10}$/.test(addWish) ? Number(addWish) : 0;
        const target: AddTarget = owns && list ? { kind: 'list', id: list.id } : { kind: 'default' };
        const outcome = await deps.db.transaction((t) => addItem(t, ownerOf(guest), productId, target));
        notice = addNotice(c, outcome.result);
        await ownerCount(c, guest, true);
      }
      setFlash(c, viewer.keys, viewer.session.id, [notice]);
      return redirect(c, base);
    }
    const addCart = url.searchParams.get('add-to-cart');
    if (addCart !== null && list !== null) {
      const productId = /^\d{1,10}$/.test(addCart) ? Number(addCart) : 0;
      // A link followed from another site adds nothing (the page shows as it is).
      if (productId === 0 || isCrossSiteWrite(siteHeaders(c), requestOrigin(c))) return redirect(c, base);
      const item = (await listDetails(deps.db, list, shopUrls(c))).items.find((i) => i.productId === productId);
      const session = await writerSession(c, deps);
      const { answer } = await runCartWrite(deps, writeScope(c, session, 'wishlist/add-to-cart', `${list.id}:${productId}`), async (tx) => {
        const added = await addToCart(tx, session.cartId, { id: productId, quantity: item?.quantity ?? 1 }, { descriptions: false });
        if (!added.ok) return jsonAnswer(409, { ok: false });
        return jsonAnswer(200, { ok: true }, cartCookies(c, added.lines));
      });
      for (const [name, value] of answer.headers) if (name.toLowerCase() === 'set-cookie') c.header(name, value, { append: true });
      const name = item?.name ?? noticesOf(c).theProduct;
      const notices: WishlistNotice[] = [];
      if (answer.status === 200) {
        notices.push({ kind: 'success', text: noticesOf(c).addedToCart({ name }) });
        if (settings.removeAfterAddToCart && owns && viewer.owner) {
          const owner = viewer.owner;
          await deps.db.transaction((t) => removeProduct(t, owner, productId, list.id));
          await ownerCount(c, viewer, true);
        }
      } else {
        notices.push({ kind: 'error', text: noticesOf(c).notAddedToCart({ name }) });
      }
      setFlash(c, viewer.keys, viewer.session.id, notices);
      return redirect(c, answer.status === 200 && settings.redirectToCart ? '/cart/' : base);
    }
    return null;
  };

  const pages = new Hono();

  pages.get('/wishlist/', async (c) => {
    const viewer = await viewerOf(c, false);
    const wanted = c.req.query('wishlist_id');
    let list: WishlistRow | null = null;
    if (wanted !== undefined) {
      const id = /^\d{1,16}$/.test(wanted) ? Number(wanted) : 0;
      list = viewer.owner ? await ownerList(deps.db, viewer.owner.key, id) : null;
      if (!list) {
        setCount(c, await ownerItemCount(deps.db, viewer.owner?.key ?? null), false);
        return notFoundPage(c);
      }
    } else if (viewer.owner) {
      list = (await ownerLists(deps.db, viewer.owner.key)).find((l) => l.isDefault) ?? null;
    }
    const linked = await pageLinks(c, viewer, list, wanted !== undefined && list ? `/wishlist/?wishlist_id=${list.id}` : '/wishlist/');
    if (linked) return linked;
    const notices = takeFlash(c, viewer.keys, viewer.session.id);
    if (list === null) {
      const lists = viewer.owner ? (await wishlistState(deps.db, viewer.owner.key, features)).lists : [];
      setCount(c, lists.reduce((n, l) => n + l.itemCount, 0), false);
      return page(c, 200, noticesOf(c).myWishlist, { ...emptyView(viewer, notices), lists });
    }
    return listPage(c, viewer, list, notices);
  });

  pages.get('/wishlist/view/:token/', async (c) => {
    const viewer = await viewerOf(c, false);
    const list = await listByToken(deps.db, c.req.param('token'));
    const owns = list !== null && viewer.owner !== null && list.ownerKey === viewer.owner.key;
    const visible = list !== null && (owns || list.privacy !== 2) ? list : null;
    if (visible) {
      const linked = await pageLinks(c, viewer, visible, listUrl(visible));
      if (linked) return linked;
    }
    return listPage(c, viewer, visible, visible ? takeFlash(c, viewer.keys, viewer.session.id) : []);
  });
  pages.get('/wishlist', (c) => c.redirect(`/wishlist/${new URL(c.req.url).search}`, 301));

  /** A same-site page to go back to after a no-script post: the Referer's path, else the wishlist. */
  const backTo = (c: Context): string => {
    const referer = c.req.header('referer');
    if (!referer) return '/wishlist/';
    try {
      const url = new URL(referer);
      return url.origin === requestOrigin(c) && url.pathname.startsWith('/') && !url.pathname.startsWith('//') ? `${url.pathname}${url.search}`.slice(0, 500) : '/wishlist/';
    } catch {
      return '/wishlist/';
    }
  };

  const readPageForm = async (c: Context): Promise<URLSearchParams> => (mediaType(c) === 'application/x-www-form-urlencoded' ? new URLSearchParams(await c.req.text()) : new URLSearchParams());

  // A plain form posted from a catalogue page: `add_to_wishlist=ID` (the app checked the origin).
  pages.post('/wishlist/', async (c) => {
    const form = await readPageForm(c);
    const viewer = await viewerOf(c, true);
    const productId = formInt(form, 'add_to_wishlist') ?? 0;
    const listId = formInt(form, 'wishlist_id');
    const outcome = await deps.db.transaction((t) => addItem(t, ownerOf(viewer), productId, listId === null ? { kind: 'default' } : { kind: 'list', id: listId }));
    await ownerCount(c, viewer, true);
    setFlash(c, viewer.keys, viewer.session.id, [addNotice(c, outcome.result)]);
    const back = backTo(c);
    return redirect(c, back.startsWith('/wishlist/') ? back : '/wishlist/');
  });

  // A new list without scripts: `wishlist_name`, `wishlist_visibility`.
  pages.post('/wishlist/create/', async (c) => {
    const form = await readPageForm(c);
    const viewer = await viewerOf(c, true);
    if (!settings.multipleLists) return notFoundPage(c);
    const name = form.get('wishlist_name') ?? '';
    const problem = titleProblem(name, requestLocale(c));
    const privacyRaw = (form.get('wishlist_visibility') ?? '0').trim();
    if (problem !== null || !/^[012]$/.test(privacyRaw)) {
      const lists = (await wishlistState(deps.db, ownerOf(viewer).key, features)).lists;
      return page(c, 400, noticesOf(c).myWishlist, { ...emptyView(viewer, [{ kind: 'error', text: problem ?? noticesOf(c).choosePrivacy }]), lists });
    }
    const made = await deps.db.transaction((t) => createList(t, ownerOf(viewer), { name: name.trim(), privacy: Number(privacyRaw) as WishlistPrivacy }));
    setFlash(c, viewer.keys, viewer.session.id, [{ kind: 'success', text: noticesOf(c).created }]);
    return redirect(c, listUrl(made));
  });

  // ------------------------------------------------------------ sign-in and sign-out

  const afterSignIn = async (c: Context, customerId: number): Promise<void> => {
    const keys = await deps.keys();
    const cookie = getCookie(c, WISHLIST_COOKIE);
    if (cookie !== undefined) {
      if (isGuestId(keys, cookie)) await deps.db.transaction((t) => mergeGuestLists(t, guestOwnerKey(cookie), customerId));
      c.header('Set-Cookie', `${WISHLIST_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; ${cookieFlags(c)}`, { append: true });
    }
    setCount(c, await ownerItemCount(deps.db, accountOwnerKey(customerId)), true);
  };

  const afterSignOut = (c: Context): void => {
    c.header('Set-Cookie', `${WISHLIST_COUNT_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieFlags(c)}`, { append: true });
  };

  const afterAddToCart = async (c: Context, form: URLSearchParams): Promise<void> => {
    if (!settings.removeAfterAddToCart) return;
    const rowId = formInt(form, 'remove_from_wishlist_after_add_to_cart');
    if (rowId === null) return;
    const viewer = await viewerOf(c, false);
    if (!viewer.owner) return;
    const owner = viewer.owner;
    const row = await ownerItem(deps.db, owner.key, rowId);
    const listId = formInt(form, 'wishlist_id');
    if (!row || (listId !== null && row.item.wishlistId !== listId)) return;
    if (await deps.db.transaction((t) => removeItem(t, owner, row.item.id))) await ownerCount(c, viewer, true);
  };

  return { api, pages, stockAction, afterSignIn, afterSignOut, afterAddToCart };
}

