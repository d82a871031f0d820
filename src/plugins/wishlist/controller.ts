/**
 * The wishlist's state machine in the browser: every change is painted at once (optimistic), sent
 * through the wishlist port, and then either confirmed by the server's answer (which carries the
 * whole new state) or undone with a visible message.
 *
 * - Requests may overlap. The shown state is the last *applied* server answer with the changes
 *   still on their way re-applied on top, so a failed change drops out and undoes exactly itself.
 * - Latest answer wins: an answer to a request sent before the one whose answer is already applied
 *   is not applied (it may predate it). When such an answer was dropped, the state is read again
 *   once nothing else is on its way, so what is shown ends equal to what the server has.
 * - Only server-confirmed changes are emitted (`wishlist.changed`).
 *
 * Loaded lazily (its own chunk): the plugin's first-load code only paints the buttons.
 */
import type { BoundEmit } from '../../core/bus.js';
import type { NewWishlist, WishlistAddAnswer, WishlistEntry, WishlistPrivacy, WishlistState } from '../../core/domain/wishlist.js';
import type { DomainEventMap, ItemFacts } from '../../core/events.js';
import type { PortFailure, WishlistPort } from '../../core/ports.js';
import { err, type Result } from '../../core/result.js';
import type { Store } from '../../core/store.js';
import { addOutcome, applyOrder, failureText, isInLists, itemCount, type AddOutcome } from './rules.js';
import type { WishlistTexts } from './messages.js';
import type { ProductNotice, WishlistView } from './state.js';

type Change = DomainEventMap['wishlist.changed']['change'];

/** What the add button sends. */
export interface AddInput {
  readonly productId: number;
  /** The parent for a variation, else the product itself. */
  readonly parentId: number;
  readonly productType: string;
  readonly name: string;
  readonly item: ItemFacts | null;
  readonly wishlistId: number | 'new' | null;
  readonly newList?: NewWishlist;
}

/** The controller's handle. */
export interface WishlistController {
  /** Reads the viewer's lists (the pressed states); resolves when the answer is in. */
  load(): Promise<Result<WishlistState, PortFailure>>;
  /** Starts from a state the page already has (the list page's own lists), until the first read. */
  seed(state: WishlistState): void;
  add(input: AddInput): Promise<AddOutcome>;
  remove(rowId: number, item?: ItemFacts | null): Promise<Result<WishlistState, PortFailure>>;
  setQuantity(rowId: number, quantity: number, item?: ItemFacts | null): Promise<Result<WishlistState, PortFailure>>;
  move(rowId: number, to: number | 'new', newList?: NewWishlist): Promise<Result<WishlistState, PortFailure>>;
  sort(listId: number, rowIds: readonly number[]): Promise<Result<WishlistState, PortFailure>>;
  createList(list: NewWishlist): Promise<Result<WishlistState, PortFailure>>;
  updateList(listId: number, change: { readonly name?: string; readonly privacy?: WishlistPrivacy }): Promise<Result<WishlistState, PortFailure>>;
  deleteList(listId: number): Promise<Result<WishlistState, PortFailure>>;
  /** Requests on their way (changes and reads). */
  inFlight(): number;
}

/** Options of {@link createWishlistController}. */
export interface ControllerOptions {
  readonly port: WishlistPort;
  readonly store: Store<WishlistView>;
  readonly emit: BoundEmit;
  readonly now: () => number;
  /** The page's language's texts (the notices and failure messages it writes into the state). */
  readonly texts: WishlistTexts;
  /** Say an add's result in `texts` rather than in the shop's words (the page is not in the shop's language). @default false */
  readonly ownWords?: boolean;
}

/** What the server can do when nothing is known yet (the answers say what it really can). */
const UNKNOWN_FEATURES: WishlistState['features'] = {
  multipleLists: false,
  moveItems: false,
  sortItems: false,
  quantities: false,
  estimates: false,
  renameLists: false,
  changePrivacy: false,
};
const EMPTY: WishlistState = { lists: [], entries: [], defaultListId: null, features: UNKNOWN_FEATURES };

type Optimistic = (state: WishlistState) => WishlistState;

/** The optimistic look of an add: a provisional row (negative id) unless the product is there already. */
const optimisticAdd =
  (input: AddInput, seq: number): Optimistic =>
  (state) => {
    if (typeof input.wishlistId === 'number' ? state.entries.some((e) => e.wishlistId === input.wishlistId && e.productId === input.productId) : isInLists(state.entries, input.productId)) return state;
    const wishlistId = typeof input.wishlistId === 'number' ? input.wishlistId : (state.defaultListId ?? -1);
    const position = state.entries.filter((e) => e.wishlistId === wishlistId).length;
    const entry: WishlistEntry = { rowId: -seq, wishlistId, productId: input.productId, parentId: input.parentId, quantity: 1, position };
    return { ...state, entries: [...state.entries, entry] };
  };

/** Creates the controller over the plugin's store. */
export const createWishlistController = ({ port, store, emit, now, texts, ownWords = false }: ControllerOptions): WishlistController => {
  let confirmed: WishlistState | null = null;
  /** Sequence number of the request whose answer `confirmed` is. */
  let confirmedSeq = 0;
  let seq = 0;
  const pending = new Map<number, Optimistic | null>();
  /** An answer was dropped as out of date: read again once nothing is on its way. */
  let stale = false;
  /**
   * Reads on their way that a change overlapped (a change was on its way when the read was sent,
   * or was sent before its answer came). The shop may have answered such a read before or after
   * making the change, so its answer cannot be trusted: it is dropped and the list read again once
   * quiet. (Without this, a read the shop answered before an add, arriving after the add's own
   * answer, took the added item off the screen.)
   */
  const overlapped = new Set<number>();
  const adding = new Map<number, number>();

  const shown = (): WishlistState | null => {
    let state = confirmed;
    for (const change of pending.values()) {
      if (!change) continue;
      state = change(state ?? EMPTY);
    }
    return state;
  };

  const publish = (extra: Partial<WishlistView> = {}): void => {
    const state = shown();
    store.update((view) => ({
      ...view,
      ...extra,
      state,
      known: confirmed !== null,
      count: confirmed !== null && state ? itemCount(state) : view.count,
      adding: [...adding.keys()],
    }));
  };

  const fail = (failure: PortFailure, what?: string): void => {
    publish({ error: { message: failureText(failure, texts, what), at: now() } });
  };

  /** Sends one request with its optimistic change; applies its answer if it is the latest. */
  const run = async <T>(change: Optimistic | null, send: () => Promise<Result<T, PortFailure>>, stateOf: (value: T) => WishlistState | null): Promise<Result<T, PortFailure>> => {
    const mine = (seq += 1);
    if (change) {
      for (const [id, other] of pending) if (other === null) overlapped.add(id);
    } else if ([...pending.values()].some((other) => other !== null)) overlapped.add(mine);
    pending.set(mine, change);
    publish();
    let result: Result<T, PortFailure>;
    try {
      result = await send();
    } catch (error) {
      result = err({ kind: 'invalid-response', message: error instanceof Error ? error.message : String(error) });
    }
    pending.delete(mine);
    const untrusted = overlapped.delete(mine);
    // A change that failed may still have been made (its answer lost): read again once quiet.
    if (!result.ok && change) stale = true;
    if (result.ok && untrusted) stale = true;
    else if (result.ok) {
      const next = stateOf(result.value);
      if (next) {
        if (mine > confirmedSeq) {
          confirmed = next;
          confirmedSeq = mine;
        } else if (change) stale = true;
      }
    }
    publish();
    if (stale && pending.size === 0) {
      stale = false;
      void load();
    }
    return result;
  };

  const load = (): Promise<Result<WishlistState, PortFailure>> => run(null, () => port.read(), (s) => s);

  const changed = (change: Change, wishlistId: number, item: ItemFacts | null, quantity: number, result: 'true' | 'exists' | null = null): void => {
    emit('wishlist.changed', { change, wishlistId, item, quantity, result, count: confirmed ? itemCount(confirmed) : 0 });
  };

  /** A change whose answer is the state: emitted when confirmed, rolled back with a message when not. */
  const write = async (change: Change, wishlistId: number, optimistic: Optimistic | null, send: () => Promise<Result<WishlistState, PortFailure>>, item: ItemFacts | null = null, quantity = 0): Promise<Result<WishlistState, PortFailure>> => {
    const result = await run(optimistic, send, (s) => s);
    if (result.ok) {
      publish({ error: null });
      changed(change, wishlistId, item, quantity);
    } else fail(result.error, item ? texts.quoted({ name: item.name }) : undefined);
    return result;
  };

  const listOf = (rowId: number): number => shown()?.entries.find((e) => e.rowId === rowId)?.wishlistId ?? 0;

  return {
    load,
    seed(state) {
      if (confirmed !== null) return;
      confirmed = state;
      publish();
    },
    async add(input) {
      adding.set(input.productId, (adding.get(input.productId) ?? 0) + 1);
      const answer = await run<WishlistAddAnswer>(optimisticAdd(input, seq + 1), () => port.add({ productId: input.productId, productType: input.productType, wishlistId: input.wishlistId, ...(input.newList ? { newList: input.newList } : {}) }), (a) => a.state);
      const left = (adding.get(input.productId) ?? 1) - 1;
      if (left > 0) adding.set(input.productId, left);
      else adding.delete(input.productId);
      const outcome = addOutcome(answer, texts, input.name, ownWords);
      const target = answer.ok ? (typeof input.wishlistId === 'number' ? input.wishlistId : (answer.value.state.defaultListId ?? 0)) : 0;
      const list = answer.ok ? answer.value.state.lists.find((l) => l.id === target) : undefined;
      const notice: ProductNotice = { productId: input.productId, kind: outcome.kind, text: outcome.message, at: now(), url: list?.url ?? '/wishlist/' };
      publish({ notices: { ...store.getSnapshot().notices, [input.productId]: notice }, error: null });
      if (outcome.kind === 'in-list') changed('added', target, input.item, 1, outcome.result);
      return outcome;
    },
    remove: (rowId, item = null) => write('removed', listOf(rowId), (s) => ({ ...s, entries: s.entries.filter((e) => e.rowId !== rowId) }), () => port.removeItem(rowId), item),
    setQuantity: (rowId, quantity, item = null) =>
      write('quantity', listOf(rowId), (s) => ({ ...s, entries: s.entries.map((e) => (e.rowId === rowId ? { ...e, quantity } : e)) }), () => port.setQuantity(rowId, quantity), item, quantity),
    move: (rowId, to, newList) =>
      write(
        'moved',
        typeof to === 'number' ? to : 0,
        typeof to === 'number' ? (s) => ({ ...s, entries: s.entries.map((e) => (e.rowId === rowId ? { ...e, wishlistId: to, position: s.entries.filter((x) => x.wishlistId === to).length } : e)) }) : null,
        () => port.moveItem(rowId, to, newList),
      ),
    sort: (listId, rowIds) => write('sorted', listId, (s) => ({ ...s, entries: applyOrder(s.entries, listId, rowIds) }), () => port.sortItems(listId, rowIds)),
    createList: (list) => write('list-created', 0, null, () => port.createList(list)),
    updateList: (listId, change) =>
      write(
        change.privacy !== undefined && change.name === undefined ? 'list-privacy' : 'list-renamed',
        listId,
        (s) => ({ ...s, lists: s.lists.map((l) => (l.id === listId ? { ...l, ...(change.name !== undefined ? { title: change.name } : {}), ...(change.privacy !== undefined ? { privacy: change.privacy } : {}) } : l)) }),
        () => port.updateList(listId, change),
      ),
    deleteList: (listId) =>
      write('list-deleted', listId, (s) => ({ ...s, lists: s.lists.filter((l) => l.id !== listId), entries: s.entries.filter((e) => e.wishlistId !== listId) }), () => port.deleteList(listId)),
    inFlight: () => pending.size,
  };
};
