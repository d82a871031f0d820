/**
 * The wishlist's rules, as pure functions (properties in `rules.test.ts`): what an add's answer
 * means for the button, list titles, privacy values, quantities and their 1000 ms debounce, the
 * order of a list after a move or a drag, what a viewer may do with a list, the count. The few the
 * first-load code needs (the count cookie, the header's text, the cookie test) are in `basics.ts`.
 */
import type { PortFailure } from '../../core/ports.js';
import type { Result } from '../../core/result.js';
import type { WishlistAddAnswer, WishlistEntry, WishlistFeatures, WishlistPrivacy, WishlistState } from '../../core/domain/wishlist.js';
import type { WishlistTexts } from './messages.js';

/** Notices and popups close after this long by default (`popup_timeout`). */
export const POPUP_TIMEOUT_MS = 3000;
/** The estimate dialog closes this long after its confirmation (`time_to_close_prettyphoto`). */
export const ESTIMATE_CLOSE_MS = 3000;
/** A quantity is sent this long after its last change (`update_item_quantity`). */
export const QUANTITY_DEBOUNCE_MS = 1000;
/** Longest list title (the shop's column; the stock plugin allowed < 65535). */
export const TITLE_MAX = 255;
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;

// ---------------------------------------------------------------------------------------------
// Add results (`wire-protocol.md` §1.5)

/**
 * What an add came to, for the button and its notice: `in-list` (`true` or `exists`: the button
 * shows it is in a list, with `Browse wishlist`), `error` (the shop refused: its message with an
 * error icon), `failed` (no usable answer: transport, nonce, a malformed reply; never silence).
 */
export type AddOutcome =
  | { readonly kind: 'in-list'; readonly result: 'true' | 'exists'; readonly message: string }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * A sentence for a failure that left no answer, in the page's language (`texts`); `what` is what
 * could not be updated (a quoted product name), the wishlist when not given.
 */
export const failureText = (failure: PortFailure, texts: WishlistTexts, what: string = texts.theWishlist): string => {
  switch (failure.kind) {
    case 'network':
      return texts.failedNetwork({ what });
    case 'timeout':
      return texts.failedTimeout({ what });
    case 'invalid-response':
      return texts.failedAnswer({ what });
    default:
      return failure.message || texts.failed({ what });
  }
};

/**
 * What an add's answer (or its failure) means for the shopper, in the page's language (`texts`).
 * The shop's own words are shown when it gave some, except with `ownWords` (a page in another
 * language than the shop's, which speaks English): then an add that put the product in a list says
 * the catalogue's sentence. A refusal keeps the shop's words (they say why).
 */
export const addOutcome = (answer: Result<WishlistAddAnswer, PortFailure>, texts: WishlistTexts, name = '', ownWords = false): AddOutcome => {
  if (!answer.ok) return { kind: 'failed', message: failureText(answer.error, texts, name ? texts.quoted({ name }) : texts.theWishlist) };
  const { result, message } = answer.value;
  if (result === 'error') return { kind: 'error', message: message || texts.addError };
  const fallback = result === 'true' ? (name ? texts.addedNamed({ name }) : texts.added) : name ? texts.alreadyNamed({ name }) : texts.already;
  return { kind: 'in-list', result, message: ownWords ? fallback : message || fallback };
};

// ---------------------------------------------------------------------------------------------
// Titles, privacy

export type TitleCheck = { readonly ok: true; readonly title: string } | { readonly ok: false; readonly message: string };

/** A list title: required and at most {@link TITLE_MAX} characters once trimmed (by code points); the message in `texts`' language. */
export const checkTitle = (raw: string, texts: WishlistTexts): TitleCheck => {
  const title = raw.trim();
  if (title === '') return { ok: false, message: texts.titleEmpty };
  if ([...title].length > TITLE_MAX) return { ok: false, message: texts.titleLong({ max: TITLE_MAX }) };
  return { ok: true, title };
};

/** A privacy value's label (`Public`, `Shared`, `Private`) in `texts`' language. */
export const privacyLabel = (privacy: WishlistPrivacy, texts: WishlistTexts): string => (privacy === 0 ? texts.public : privacy === 1 ? texts.shared : texts.private);
/** Privacy values in wire order (0, 1, 2); their labels are {@link privacyLabel}'s. */
export const PRIVACY_VALUES: readonly WishlistPrivacy[] = [0, 1, 2];

/** A privacy value from the wire or a form field, or null when it is not one of 0, 1, 2. */
export const parsePrivacy = (raw: unknown): WishlistPrivacy | null => {
  const n = typeof raw === 'string' && /^[012]$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  return n === 0 || n === 1 || n === 2 ? n : null;
};

/** Whether a list has an address others can open (public or shared). */
export const isShareable = (privacy: WishlistPrivacy): boolean => privacy !== 2;

/** What a list's title shows (the default list's may be empty: `My wishlist` in `texts`' language). */
export const listTitle = (title: string, texts: WishlistTexts): string => (title.trim() === '' ? texts.myWishlist : title);

// ---------------------------------------------------------------------------------------------
// Quantities and their debounce

/** A quantity typed by the shopper: a whole number 1–9999, else null. */
export const parseQuantity = (raw: string): number | null => {
  const text = raw.trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= QUANTITY_MIN && n <= QUANTITY_MAX ? n : null;
};

/** Quantities waiting to be sent: row id → the latest value and when it is due. */
export type QuantitySchedule = Readonly<Record<number, { readonly quantity: number; readonly due: number }>>;

export type QuantityEvent =
  | { readonly type: 'change'; readonly rowId: number; readonly quantity: number; readonly at: number }
  | { readonly type: 'tick'; readonly at: number };

/**
 * The debounce as a pure step: a change (re)starts its row's wait of `delay` and keeps only the
 * latest value; a tick sends every row whose wait is over, once, with its latest value.
 */
export const quantityStep = (
  schedule: QuantitySchedule,
  event: QuantityEvent,
  delay = QUANTITY_DEBOUNCE_MS,
): { readonly schedule: QuantitySchedule; readonly send: ReadonlyArray<{ readonly rowId: number; readonly quantity: number }> } => {
  if (event.type === 'change') return { schedule: { ...schedule, [event.rowId]: { quantity: event.quantity, due: event.at + delay } }, send: [] };
  const send: Array<{ rowId: number; quantity: number }> = [];
  const rest: Record<number, { quantity: number; due: number }> = {};
  for (const [key, entry] of Object.entries(schedule)) {
    if (entry.due <= event.at) send.push({ rowId: Number(key), quantity: entry.quantity });
    else rest[Number(key)] = entry;
  }
  return { schedule: rest, send };
};

/** When the next tick is needed, or null when nothing waits. */
export const nextDue = (schedule: QuantitySchedule): number | null => {
  const dues = Object.values(schedule).map((e) => e.due);
  return dues.length === 0 ? null : Math.min(...dues);
};

// ---------------------------------------------------------------------------------------------
// Order of a list

/** The row ids after moving one up (-1) or down (+1); unchanged at either end or when absent. */
export const moveRow = (rowIds: readonly number[], rowId: number, delta: -1 | 1): readonly number[] => {
  const from = rowIds.indexOf(rowId);
  return from < 0 ? rowIds : dragRow(rowIds, from, from + delta);
};

/** The row ids after dragging the one at `from` to index `to` (clamped); unchanged when `from` is out of range. */
export const dragRow = (rowIds: readonly number[], from: number, to: number): readonly number[] => {
  if (from < 0 || from >= rowIds.length) return rowIds;
  const target = Math.max(0, Math.min(rowIds.length - 1, to));
  if (target === from) return rowIds;
  const next = [...rowIds];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
};

/** Entries of one list in the given order, renumbered 0..n-1; others untouched. */
export const applyOrder = (entries: readonly WishlistEntry[], wishlistId: number, rowIds: readonly number[]): readonly WishlistEntry[] => {
  const rank = new Map(rowIds.map((id, i) => [id, i]));
  return entries.map((e) => (e.wishlistId === wishlistId && rank.has(e.rowId) ? { ...e, position: rank.get(e.rowId)! } : e));
};

/** Row ids of one list in position order. */
export const rowIdsOf = (entries: readonly WishlistEntry[], wishlistId: number): readonly number[] =>
  entries
    .filter((e) => e.wishlistId === wishlistId)
    .sort((a, b) => a.position - b.position || a.rowId - b.rowId)
    .map((e) => e.rowId);

/** A sentence for the live region after a move in a list (1-based), from the page's `moved` text. */
export const movedText = (moved: (values: { name: string; position: number; of: number }) => string, name: string, index: number, of: number): string => moved({ name, position: index + 1, of });

// ---------------------------------------------------------------------------------------------
// Who may do what

/** The controls a list's page shows. Add to cart is always there (for visitors too). */
export interface ListControls {
  readonly remove: boolean;
  readonly quantity: boolean;
  readonly move: boolean;
  readonly sort: boolean;
  readonly rename: boolean;
  readonly privacy: boolean;
  readonly create: boolean;
  readonly deleteList: boolean;
  readonly estimate: boolean;
  readonly share: boolean;
  readonly addToCart: true;
}

/**
 * What the viewer may do: a visitor only adds to the cart (and copies the link of a list they can
 * see); the owner gets what the shop can do (`features`) and the integrator allows (`options`).
 */
export const controlsFor = (
  viewer: 'owner' | 'visitor',
  features: WishlistFeatures,
  privacy: WishlistPrivacy,
  options: { readonly multipleLists: boolean; readonly estimates: boolean },
): ListControls => {
  const owner = viewer === 'owner';
  const multiple = owner && features.multipleLists && options.multipleLists;
  return {
    remove: owner,
    quantity: owner && features.quantities,
    move: multiple && features.moveItems,
    sort: owner && features.sortItems,
    rename: owner && features.renameLists,
    privacy: owner && features.changePrivacy,
    create: multiple,
    deleteList: multiple,
    estimate: owner && features.estimates && options.estimates,
    share: isShareable(privacy),
    addToCart: true,
  };
};

// ---------------------------------------------------------------------------------------------
// Membership and count

/**
 * Whether a product is in any of the viewer's lists: a variation by its own id; a product by its id
 * or, for the parent of a variable product, by any of its variations.
 */
export const isInLists = (entries: readonly WishlistEntry[], productId: number): boolean =>
  entries.some((e) => e.productId === productId || e.parentId === productId);

/** Every item of every list (the header's count). */
export const itemCount = (state: Pick<WishlistState, 'entries'>): number => state.entries.length;

// ---------------------------------------------------------------------------------------------
// Notices

/** Whether a notice opened at `openedAt` closes at `now`: after `timeout`, never while hovered or focused. */
export const noticeCloses = (openedAt: number, now: number, timeout: number, held: boolean): boolean => !held && now - openedAt >= timeout;
