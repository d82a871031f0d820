import { BASE_LOCALE, textsIn } from '../../i18n/index.js';
import { cartFailureTexts, type CartFailureTexts } from './messages.js';
import type { BoundEmit } from '../bus.js';
import type { CommandInput } from '../commands.js';
import type { Cart, CartLine } from '../domain/cart.js';
import { itemFactsOfLine, type ItemFacts } from '../events.js';
import { messageOf, type Logger } from '../logger.js';
import type { CartPort, PortFailure } from '../ports.js';
import { err, type Result } from '../result.js';
import { createStore, type ReadableStore } from '../store.js';
import { applyAdd, applyRemove, applySetQuantity, lineIdOf, PENDING_LINE_PREFIX } from './optimistic.js';

/** Kinds of cart change a shopper makes. */
export type CartIntentKind = 'add' | 'remove' | 'quantity';

/** The visible error of the last failed cart change (its optimistic change is already undone). */
export interface CartError {
  readonly intent: CartIntentKind;
  /** Product name the change was about ('' when unknown). */
  readonly name: string;
  /** A sentence for the shopper. */
  readonly message: string;
  readonly failure: PortFailure;
  /** Epoch milliseconds; a new failure always has a new value. */
  readonly at: number;
}

/** A change that is kept and will be sent again. */
export interface CartRetry {
  readonly intent: CartIntentKind;
  readonly name: string;
  /** 1 for the first retry. */
  readonly attempt: number;
  /** Timed retries this change gets in a row. */
  readonly of: number;
  readonly failure: PortFailure;
  /**
   * True once the timed retries have been used up and the shop still cannot be reached: the change
   * stays kept and is sent when the connection is back, on the shopper's next change, or after
   * {@link KEPT_RETRY_MS}, whichever comes first (and then gets another round of timed retries).
   */
  readonly untilReconnect: boolean;
}

/**
 * `unknown`: no cart read yet and nothing queued; `loading`: a refresh is queued or running;
 * `saving`: a change is queued or running; `ready`: the cart is shown and nothing is queued.
 */
export type CartStatus = 'unknown' | 'loading' | 'saving' | 'ready';

/** The cart store's snapshot (plain JSON). */
export interface CartState {
  /** The cart as shown: the server's last answer with the queued changes applied on top; null before the first read. */
  readonly cart: Cart | null;
  /** Product id → number of queued adds, for the add button's pending state. */
  readonly pendingProducts: Readonly<Record<number, number>>;
  /** Products added successfully on this page, for the "View cart" link. */
  readonly addedProducts: readonly number[];
  /** Requests queued or running (changes and refreshes). */
  readonly queueLength: number;
  /** The last failure; cleared when the shopper makes another change. */
  readonly error: CartError | null;
  /** Set while a change waits to be sent again because the shop could not be reached or was slow. */
  readonly retrying: CartRetry | null;
  readonly status: CartStatus;
}

/** Options of the cart module. */
export interface CartModuleOptions {
  readonly port: CartPort;
  /** Emits with source `cart`. */
  readonly emit: BoundEmit;
  /** Makes idempotency keys. */
  readonly ids: () => string;
  readonly now: () => number;
  readonly logger: Logger;
  /**
   * Waits before each new attempt after a network or timeout failure; one entry per retry, so its
   * length is the number of retries. @default DEFAULT_RETRY_DELAYS_MS
   */
  readonly retryDelaysMs?: readonly number[];
  /** Waits `ms`. @default setTimeout */
  readonly sleep?: (ms: number) => Promise<void>;
  /**
   * Longest wait of a change kept after its timed retries, before it is tried again anyway.
   * @default KEPT_RETRY_MS
   */
  readonly keptRetryMs?: number;
  /** A serialized `CartState` to start from (hydration); only its `cart` is kept. */
  readonly initial?: unknown;
  /** The failure sentences in the page's language. @default English */
  readonly failureTexts?: CartFailureTexts;
}

/** The cart module: its store and the handlers of the cart commands. */
export interface CartModule {
  readonly store: ReadableStore<CartState>;
  add(input: CommandInput<'cart.add'>): Promise<Result<Cart, PortFailure>>;
  remove(input: CommandInput<'cart.remove'>): Promise<Result<Cart, PortFailure>>;
  setQuantity(input: CommandInput<'cart.setQuantity'>): Promise<Result<Cart, PortFailure>>;
  refresh(): Promise<Result<Cart, PortFailure>>;
  /** Records product facts (from catalog events) so events about lines carry categories. */
  learn(item: ItemFacts): void;
  /**
   * Asks the shop, ahead of time, for the categories of the lines shown whose category nothing on
   * the page told, so a later remove or quantity change needs no look-up beside its own request.
   * Resolves when every look-up has ended; failures only leave categories unknown.
   */
  lookUpCategories(): Promise<void>;
  /** The server's last confirmed cart. */
  confirmed(): Cart | null;
  /** Idempotency keys of queued intents, oldest first (the first one may be in flight). */
  pendingIntentKeys(): readonly string[];
  /** Fails every intent that has not left yet; the one in flight finishes. */
  dispose(): void;
}

type Settle = (result: Result<Cart, PortFailure>) => void;

type Intent =
  | { readonly kind: 'add'; readonly key: string; readonly input: CommandInput<'cart.add'>; readonly settle: Settle }
  | { readonly kind: 'remove'; readonly key: string; lineKey: string; readonly line: CartLine | null; readonly settle: Settle }
  | {
      readonly kind: 'quantity';
      readonly key: string;
      lineKey: string;
      readonly quantity: number;
      readonly line: CartLine | null;
      readonly settle: Settle;
    }
  | { readonly kind: 'refresh'; readonly key: string; readonly settle: Settle };

/**
 * About ten seconds of retrying. After that, a change that could not reach the shop is kept until
 * the connection is back where the port can tell (see {@link CartRetry.untilReconnect}); other
 * failures are given up and rolled back. With no retries at all (server rendering), a failure is final.
 */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 3000, 6000];

/** A kept change is tried again at least this often even without a sign that the shop is back. */
export const KEPT_RETRY_MS = 30_000;

const retryable = (failure: PortFailure): boolean => failure.kind === 'network' || failure.kind === 'timeout';

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const hydrateCart = (initial: unknown): Cart | null => {
  if (typeof initial !== 'object' || initial === null || !('cart' in initial)) return null;
  const cart = (initial as { cart: unknown }).cart;
  if (typeof cart !== 'object' || cart === null || !Array.isArray((cart as { lines?: unknown }).lines)) return null;
  // The server serialized it from this same type.
  return cart as Cart;
};

/** A sentence for the shopper about a failed change, in the language of `texts` (English when not given). */
export const cartFailureMessage = (intent: CartIntentKind, name: string, failure: PortFailure, texts: CartFailureTexts = textsIn(cartFailureTexts, BASE_LOCALE)): string => {
  const what = name ? texts.quoted({ name }) : texts.theItem;
  switch (failure.kind) {
    case 'network':
      return texts[`${intent}Unreachable`]({ what });
    case 'timeout':
      return texts[`${intent}Slow`]({ what });
    case 'product-url':
      return failure.message || texts.needsChoice({ what });
    default:
      return failure.message || texts[`${intent}Failed`]({ what });
  }
};

/**
 * Creates the cart module. Every change and refresh goes through one queue: requests leave one at a
 * time, in the order the shopper made them. The store shows the server's last cart with the queued
 * changes re-applied on top, so when a change fails, dropping it from the queue undoes exactly that
 * change.
 *
 * Network and timeout failures keep the change in the queue (and on screen) and send it again after
 * each of `retryDelaysMs`, with the same idempotency key. A shop that ignores idempotency keys (a
 * stock WooCommerce behind upstream mode) may have made a change whose answer was lost, so before
 * an add or remove is sent again the cart is read back: if the change is already there, it counts
 * as done and is never applied twice (see {@link changeLanded}). When the retries are used up and
 * the shop still cannot be reached (not even the read-back gets an answer), a port with
 * `onReconnect` (the browser's) keeps the change: it is sent again when the connection is back, on
 * the shopper's next change, or every {@link KEPT_RETRY_MS}. A change that fails while the shop
 * answers reads is given up and rolled back with a visible error, as are refusals.
 */
export const createCartModule = (options: CartModuleOptions): CartModule => {
  const { port, emit, ids, now, logger } = options;
  const retryDelays = (options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS).map((ms) => Math.max(0, ms));
  const sleep = options.sleep ?? defaultSleep;
  const keptRetryMs = Math.max(0, options.keptRetryMs ?? KEPT_RETRY_MS);
  /**
   * True when a change may have reached the server without our knowing its outcome, so the last
   * confirmed cart may be out of date; the next add reads the cart first to have a true baseline.
   */
  let uncertain = false;
  /** Product or variation id → category names learned from listings, adds and category look-ups. */
  const categories = new Map<number, readonly string[]>();
  /** Wakes the change that waits to be sent again, if one does. */
  let wakeWaiting: (() => void) | null = null;
  /** Whether that change is kept after its timed retries (it then also wakes on the shopper's next change). */
  // Stryker disable next-line BooleanLiteral: equivalent (it is read only with wakeWaiting, which stays null until the first pause sets both)
  let waitingIsKept = false;
  const stopListening = port.onReconnect?.(() => wakeWaiting?.()) ?? null;
  const queue: Intent[] = [];
  /** Keys of lines added optimistically, mapped to the server's key once the add is confirmed. */
  const confirmedKeys = new Map<string, string>();
  let confirmed = hydrateCart(options.initial);
  let running = false;
  let disposed = false;
  // Views tell errors apart by `at`, so two failures in the same millisecond still differ.
  let lastErrorAt = -Infinity;

  const store = createStore<CartState>({
    cart: confirmed,
    pendingProducts: {},
    addedProducts: [],
    queueLength: 0,
    error: null,
    retrying: null,
    status: confirmed ? 'ready' : 'unknown',
  });

  const view = (): Cart | null => {
    let cart = confirmed;
    for (const intent of queue) {
      if (intent.kind === 'add') {
        const { input } = intent;
        cart = applyAdd(cart, {
          intentKey: intent.key,
          productId: input.productId,
          variationId: input.variationId,
          variation: input.variation,
          quantity: input.quantity,
          item: withKnownCategories(input.item),
        });
      } else if (intent.kind === 'remove') cart = applyRemove(cart, intent.lineKey);
      // Stryker disable next-line ConditionalExpression: equivalent (a refresh has no line key, and applySetQuantity leaves a cart without that key as it is)
      else if (intent.kind === 'quantity') cart = applySetQuantity(cart, intent.lineKey, intent.quantity);
    }
    return cart;
  };

  const statusOf = (cart: Cart | null): CartStatus => {
    if (queue.some((intent) => intent.kind !== 'refresh')) return 'saving';
    if (queue.length > 0) return 'loading';
    return cart ? 'ready' : 'unknown';
  };

  const pendingProductsOf = (): Record<number, number> => {
    const counts: Record<number, number> = {};
    for (const intent of queue) {
      if (intent.kind === 'add') counts[intent.input.productId] = (counts[intent.input.productId] ?? 0) + 1;
    }
    return counts;
  };

  const publish = (change?: { error?: CartError | null; added?: number; retrying?: CartRetry | null }): void => {
    const cart = view();
    const pending = pendingProductsOf();
    store.update((s) => ({
      ...s,
      cart,
      queueLength: queue.length,
      status: statusOf(cart),
      pendingProducts: samePending(s.pendingProducts, pending) ? s.pendingProducts : pending,
      ...(change?.error !== undefined ? { error: change.error } : {}),
      ...(change?.retrying !== undefined ? { retrying: change.retrying } : {}),
      addedProducts: change?.added !== undefined && !s.addedProducts.includes(change.added) ? [...s.addedProducts, change.added] : s.addedProducts,
    }));
  };

  const remember = (id: number, names: readonly string[]): void => {
    const known = names.filter(named);
    if (known.length > 0) categories.set(id, known);
    // A product in no category is known too: it is not asked about again.
    else if (!categories.has(id)) categories.set(id, []);
  };

  const withKnownCategories = (item: ItemFacts): ItemFacts => {
    if (item.categories.some(named)) return item;
    const known = categories.get(item.id);
    return known ? { ...item, categories: known } : item;
  };

  const factsOfLine = (line: CartLine, cart: Cart): ItemFacts => withKnownCategories(itemFactsOfLine(line, cart));

  /**
   * Asks the shop for the category of the line a remove or quantity change is about, when nothing
   * on this page told it (a cart page shows lines the Store API sends without categories). It runs
   * beside the change's own request; its failure only leaves the category out of the event.
   */
  const lookUpCategory = (intent: Intent): Promise<void> | null => {
    // Stryker disable next-line ConditionalExpression: equivalent (only removes and quantity changes carry a line)
    if ((intent.kind !== 'remove' && intent.kind !== 'quantity') || !intent.line) return null;
    return lookUpLine(intent.line);
  };

  /** Look-ups under way, by product id, so a line is never asked about twice at once. */
  const lookingUp = new Map<number, Promise<void>>();

  /** Asks the shop for a line's category unless it is known; null when there is nothing to ask. */
  const lookUpLine = (line: CartLine): Promise<void> | null => {
    const { id, category } = line;
    if (!port.productCategory || (category !== null && named(category)) || categories.has(id)) return null;
    const running = lookingUp.get(id);
    if (running) return running;
    const lookup = port
      .productCategory(id)
      .then(
        (result) => {
          if (result.ok) remember(id, result.value === null ? [] : [result.value]);
          else logger.debug(`the category of product ${id} could not be read (${result.error.kind})`);
        },
        (error: unknown) => logger.warn(`the category of product ${id} could not be read: ${messageOf(error)}`),
      )
      .finally(() => lookingUp.delete(id));
    lookingUp.set(id, lookup);
    return lookup;
  };

  const resolveKey = (key: string): string => confirmedKeys.get(key) ?? key;

  const call = async (intent: Intent): Promise<Result<Cart, PortFailure>> => checkedResult(await callPort(intent));

  const callPort = async (intent: Intent): Promise<Result<Cart, PortFailure>> => {
    try {
      switch (intent.kind) {
        case 'add': {
          const { input } = intent;
          return await port.add({
            productId: input.productId,
            quantity: input.quantity,
            ...(input.variationId !== undefined ? { variationId: input.variationId } : {}),
            ...(input.variation ? { variation: input.variation } : {}),
            ...(input.productUrl ? { productUrl: input.productUrl } : {}),
            idempotencyKey: intent.key,
          });
        }
        case 'remove':
          return await port.remove({ key: resolveKey(intent.lineKey), idempotencyKey: intent.key });
        case 'quantity':
          return await port.setQuantity({ key: resolveKey(intent.lineKey), quantity: intent.quantity, idempotencyKey: intent.key });
        case 'refresh':
          return await port.load();
      }
    } catch (error) {
      // Ports should never throw; if one does, treat it like a failed connection.
      logger.error('the cart port threw instead of returning a failure', error);
      return err({ kind: 'network', message: messageOf(error) });
    }
  };

  const load = async (): Promise<Result<Cart, PortFailure>> => {
    try {
      return checkedResult(await port.load());
    } catch (error) {
      logger.error('the cart port threw instead of returning a failure', error);
      return err({ kind: 'network', message: messageOf(error) });
    }
  };

  /** Takes a cart read back from the server as the truth (the queued changes stay on top). */
  const adopt = (cart: Cart): void => {
    confirmed = cart;
    uncertain = false;
    publish();
  };

  const send = async (intent: Intent): Promise<Result<Cart, PortFailure>> => {
    const checked = intent.kind === 'add' || intent.kind === 'remove';
    // Whether a request of this change went out and its outcome is unknown (its answer was lost).
    let unknownOutcome = false;
    const giveUp = (result: Result<Cart, PortFailure>): Result<Cart, PortFailure> => {
      if (unknownOutcome) uncertain = true;
      return result;
    };
    const attempt = async (): Promise<Result<Cart, PortFailure>> => {
      const result = await call(intent);
      // Sticky: a later refusal does not tell whether an earlier lost request was made.
      if (intent.kind !== 'refresh' && !result.ok && retryable(result.error)) unknownOutcome = true;
      return result;
    };
    // The add's baseline: its line's quantity before it was sent; null until known.
    let before: number | null = null;
    let result: Result<Cart, PortFailure> | null = null;
    if (intent.kind === 'add') {
      if (uncertain) {
        const fresh = await load();
        if (fresh.ok) adopt(fresh.value);
        else result = fresh;
      }
      if (result === null) before = quantityOfLine(confirmed, lineIdOf(intent.input));
    }
    result ??= await attempt();
    // Once kept past its timed retries, the change stays "kept until the connection is back".
    let kept = false;
    // Whether the shop answered the last read-back: then it can be reached, and only this change
    // fails to get through (a blocked endpoint), which a connection coming back will not mend.
    let shopAnswered = false;
    for (let retry = 0; ; retry++) {
      if (result.ok) return result;
      if (!retryable(result.error)) return giveUp(result);
      const failure = result.error;
      const of = retryDelays.length;
      if (retry < of) {
        logger.warn(`cart ${intent.kind} failed (${failure.kind}); trying again (${retry + 1} of ${of})`);
        if (intent.kind !== 'refresh') publish({ retrying: { intent: intent.kind, name: nameOf(intent), attempt: retry + 1, of, failure, untilReconnect: kept } });
        await pause(retryDelays[retry] ?? 0);
      } else {
        // Where the port can tell when the connection is back (the browser's), a change is not
        // dropped because the shop stayed out of reach for a while: it is kept until then.
        if (intent.kind === 'refresh' || shopAnswered || !keepsUntilReconnect(failure)) return giveUp(result);
        logger.warn(`cart ${intent.kind} failed (${failure.kind}) ${of} times; kept until the shop can be reached`);
        kept = true;
        publish({ retrying: { intent: intent.kind, name: nameOf(intent), attempt: of, of, failure, untilReconnect: true } });
        await pause(keptRetryMs, true);
        if (disposed) return giveUp(result);
        // Start a new round of timed retries after this attempt.
        retry = -1;
      }
      if (checked) {
        const readBack = await load();
        shopAnswered = readBack.ok;
        if (!readBack.ok) {
          // Still unreachable: keep the original failure and wait again. A broken answer: give up.
          if (!retryable(readBack.error)) return giveUp(result);
          continue;
        }
        adopt(readBack.value);
        unknownOutcome = false;
        if (intent.kind === 'add' && before === null) before = quantityOfLine(readBack.value, lineIdOf(intent.input));
        else if (changeLanded(intent, before, readBack.value, resolveKey)) return readBack;
      }
      result = await attempt();
    }
  };

  /** Whether a change whose timed retries are used up with this failure is kept rather than given up. */
  const keepsUntilReconnect = (failure: PortFailure): boolean =>
    failure.kind === 'network' && stopListening !== null && retryDelays.length > 0 && !disposed;

  /**
   * Waits `ms`, or less when the connection comes back; a kept change (`kept`) also wakes on the
   * shopper's next change and when the cart stops.
   */
  const pause = async (ms: number, kept = false): Promise<void> => {
    await new Promise<void>((resolve) => {
      wakeWaiting = resolve;
      waitingIsKept = kept;
      sleep(ms).then(resolve, resolve);
    });
    wakeWaiting = null;
    // Stryker disable next-line BooleanLiteral: equivalent (wakeWaiting is null again, and the next pause sets the flag anew)
    waitingIsKept = false;
  };

  const nameOf = (intent: Intent): string => {
    if (intent.kind === 'add') return intent.input.item.name;
    if (intent.kind === 'remove' || intent.kind === 'quantity') return intent.line?.name ?? '';
    // Stryker disable next-line StringLiteral: equivalent (a refresh's name is never asked for: it shows no retry and no error)
    return '';
  };

  const settle = (intent: Intent, result: Result<Cart, PortFailure>): void => {
    // Stryker disable next-line ConditionalExpression: equivalent (clearing a retry notice that is already null publishes the same state)
    if (store.getSnapshot().retrying !== null) publish({ retrying: null });
    if (!result.ok) {
      if (intent.kind === 'refresh') {
        logger.warn(`reading the cart failed (${result.error.kind})`);
        publish();
      } else {
        const name = nameOf(intent);
        // A refusal that says what the cart now is (a Store API 409): that is the truth to show.
        const { failure, cart: told } = splitRefusal(result.error);
        if (told) {
          confirmed = told;
          uncertain = false;
        }
        const error: CartError = {
          intent: intent.kind,
          name,
          message: cartFailureMessage(intent.kind, name, failure, options.failureTexts),
          failure,
          at: (lastErrorAt = Math.max(now(), lastErrorAt + 1)),
        };
        publish({ error });
        emit('cart.failed', { intent: intent.kind, name, failure });
      }
      intent.settle(result);
      return;
    }
    const cart = result.value;
    confirmed = cart;
    uncertain = false;
    switch (intent.kind) {
      case 'add': {
        const { input } = intent;
        const id = lineIdOf(input);
        const line = cart.lines.find((l) => l.id === id);
        if (line) confirmedKeys.set(PENDING_LINE_PREFIX + intent.key, line.key);
        for (const queued of queue) {
          if (queued.kind === 'remove' || queued.kind === 'quantity') queued.lineKey = resolveKey(queued.lineKey);
        }
        publish({ added: input.productId });
        emit('cart.added', { item: withKnownCategories(input.item), quantity: input.quantity, cart });
        break;
      }
      case 'remove':
        publish();
        if (intent.line) emit('cart.removed', { item: factsOfLine(intent.line, cart), quantity: intent.line.quantity, cart });
        else logger.debug(`removed line ${intent.lineKey} was not in the cart shown; no event`);
        break;
      case 'quantity':
        publish();
        if (intent.line) {
          emit('cart.quantityChanged', {
            item: factsOfLine(intent.line, cart),
            previousQuantity: intent.line.quantity,
            quantity: intent.quantity,
            cart,
          });
        } else logger.debug(`changed line ${intent.lineKey} was not in the cart shown; no event`);
        break;
      case 'refresh':
        publish();
        emit('cart.loaded', { cart });
        break;
    }
    intent.settle(result);
  };

  const pump = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      while (queue.length > 0) {
        const intent = queue[0]!;
        const lookup = lookUpCategory(intent);
        const result = await send(intent);
        // Events about the line need its category; the look-up ran beside the request.
        if (lookup && result.ok) await lookup;
        queue.shift();
        settle(intent, result);
      }
    } finally {
      running = false;
    }
  };

  const enqueue = (build: (settle: Settle) => Intent): Promise<Result<Cart, PortFailure>> => {
    if (disposed) return Promise.resolve(err({ kind: 'network', message: 'The cart has stopped; the change was not sent.' }));
    return new Promise((resolve) => {
      let settled = false;
      const intent = build((result) => {
        if (settled) return;
        settled = true;
        resolve(result);
      });
      queue.push(intent);
      publish(intent.kind === 'refresh' ? undefined : { error: null });
      // The shopper acts again: a change kept for want of a connection is tried at once.
      if (intent.kind !== 'refresh' && waitingIsKept) wakeWaiting?.();
      void pump().catch((error: unknown) => logger.error('the cart queue stopped unexpectedly', error));
    });
  };

  const shownLine = (key: string): CartLine | null => store.getSnapshot().cart?.lines.find((line) => line.key === key) ?? null;

  return {
    store,
    add(input) {
      if (!Number.isFinite(input.quantity) || input.quantity <= 0) {
        return Promise.resolve(err({ kind: 'refused', message: 'The quantity to add must be more than zero.' }));
      }
      remember(input.item.id, input.item.categories);
      remember(lineIdOf(input), input.item.categories);
      const key = input.idempotencyKey ?? ids();
      return enqueue((settle) => ({ kind: 'add', key, input, settle }));
    },
    remove(input) {
      const key = input.idempotencyKey ?? ids();
      const lineKey = resolveKey(input.key);
      return enqueue((settle) => ({ kind: 'remove', key, lineKey, line: shownLine(lineKey), settle }));
    },
    setQuantity(input) {
      if (!Number.isFinite(input.quantity) || input.quantity < 0) {
        return Promise.resolve(err({ kind: 'refused', message: 'The quantity must be zero or more.' }));
      }
      const key = input.idempotencyKey ?? ids();
      const lineKey = resolveKey(input.key);
      return enqueue((settle) => ({ kind: 'quantity', key, lineKey, quantity: input.quantity, line: shownLine(lineKey), settle }));
    },
    refresh() {
      return enqueue((settle) => ({ kind: 'refresh', key: ids(), settle }));
    },
    learn(item) {
      remember(item.id, item.categories);
    },
    async lookUpCategories() {
      const lines = store.getSnapshot().cart?.lines ?? [];
      await Promise.all(lines.filter((line) => !line.pending).map(lookUpLine));
    },
    confirmed: () => confirmed,
    pendingIntentKeys: () => queue.map((intent) => intent.key),
    dispose() {
      if (disposed) return;
      disposed = true;
      stopListening?.();
      // A change kept after its timed retries gives up now.
      if (waitingIsKept) wakeWaiting?.();
      // The head may be in flight; it settles normally. The rest never leave.
      const waiting = queue.splice(running ? 1 : 0);
      for (const intent of waiting) intent.settle(err({ kind: 'network', message: 'The cart stopped before this change was sent.' }));
      publish();
    },
  };
};

/** A port's answer, or a network failure when a broken port answered with something else. */
const checkedResult = (value: unknown): Result<Cart, PortFailure> =>
  typeof value === 'object' && value !== null && 'ok' in value && typeof value.ok === 'boolean'
    ? (value as Result<Cart, PortFailure>)
    : err({ kind: 'network', message: 'The cart could not be reached.' });

/** Quantity of the line with this id (product or variation), 0 when absent or no cart yet. */
const quantityOfLine = (cart: Cart | null, id: number): number => {
  let total = 0;
  // Stryker disable next-line ArrayDeclaration: equivalent (no cart has no lines; a list of strings has no line with this id either)
  for (const line of cart?.lines ?? []) if (line.id === id) total += line.quantity;
  return total;
};

/**
 * Whether an add or remove whose answer was lost is already in the cart read back: an add when its
 * line's quantity moved from the baseline (`before`), a remove when its line is gone. Only this
 * shopper's own queue changes the cart between the baseline and the read, one request at a time,
 * so a moved quantity means this add arrived.
 */
export const changeLanded = (
  intent: { readonly kind: 'add'; readonly input: { readonly productId: number; readonly variationId?: number | undefined } } | { readonly kind: 'remove'; readonly lineKey: string },
  before: number | null,
  now: Cart,
  resolveKey: (key: string) => string = (key) => key,
): boolean => {
  if (intent.kind === 'remove') {
    const key = resolveKey(intent.lineKey);
    return !now.lines.some((line) => line.key === key);
  }
  return before !== null && quantityOfLine(now, lineIdOf(intent.input)) !== before;
};

/** A failure without the cart a refusal may carry, and that cart (null when it has none). */
const splitRefusal = (failure: PortFailure): { readonly failure: PortFailure; readonly cart: Cart | null } => {
  // Stryker disable next-line LogicalOperator: equivalent (a refusal without a cart, rebuilt, is the same refusal)
  if (failure.kind !== 'refused' || failure.cart === undefined) return { failure, cart: null };
  return { failure: { kind: 'refused', message: failure.message }, cart: failure.cart };
};

/** Whether a category name says something ('' and blanks do not). */
const named = (name: string): boolean => name.trim() !== '';

// Stryker disable next-line BlockStatement: equivalent (an emptied body answers undefined, "not the same": a new but equal object is the same state)
const samePending = (a: Readonly<Record<number, number>>, b: Readonly<Record<number, number>>): boolean => {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  for (const key of keysA) if (a[Number(key)] !== b[Number(key)]) return false;
  return true;
};
