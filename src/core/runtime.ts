import { BASE_LOCALE, textsIn, type Locale } from '../i18n/index.js';
import { cartFailureTexts } from './cart/messages.js';
import type { Subscription } from 'rxjs';
import { createEventBus, subscribeFor, type BoundEmit, type Emit, type EventStreams, type StreamOwner } from './bus.js';
import { createCartModule, type CartState } from './cart/cart-module.js';
import { createCommandBus, DuplicateHandlerError, type CommandHandler, type Execute } from './command-bus.js';
import type { CommandType } from './commands.js';
import { createConsentModule, initialConsent, type ConsentOptions, type ConsentSnapshot } from './consent.js';
import type { DomainEvent, DomainEventMap, DomainEventType } from './events.js';
import { createIdGenerator } from './ids.js';
import { consoleLogger, messageOf, prefixLogger, type Logger } from './logger.js';
import {
  planPlugins,
  resolveConfigSchemas,
  type DestinationContext,
  type FeatureContext,
  type PluginEntry,
  type PluginTeardown,
  type PluginViewContext,
} from './plugin.js';
import type { Ports } from './ports.js';
import { createStore, type ReadableStore } from './store.js';
import { normaliseSearch } from './rules/search.js';
import { ok } from './result.js';
import type { RuntimeTap } from './tap.js';

/** Options of {@link createRuntime}. */
export interface RuntimeOptions {
  /** Adapters the built-in modules and feature plugins use. */
  readonly ports: Ports;
  /** Plugins to run, with raw options. @default [] */
  readonly plugins?: readonly PluginEntry[];
  /**
   * The plugins' options were validated (and completed with defaults) by the server: take them as
   * they are, without loading any options schema. The browser sets this. @default false
   */
  readonly pluginOptionsValidated?: boolean;
  /**
   * Plan the plugins (check options, make their stores and their views' contexts) but run no
   * plugin's `setup`: server rendering, where subscriptions and side effects have no place.
   * @default false
   */
  readonly renderOnly?: boolean;
  /** Consent for tracking destinations. */
  readonly consent: ConsentOptions;
  /**
   * Consent-requiring plugins whose code is fetched only once the shopper consents (the browser's
   * tracking destinations): called at the first grant, or by `start()` when consent is already
   * granted. The consent gate holds events until they have started, then replays them in order.
   */
  readonly consentedPlugins?: () => Promise<readonly PluginEntry[]>;
  /** Store snapshots serialized by another runtime (the server's); stores start from them. @default {} */
  readonly initialState?: Readonly<Record<string, unknown>>;
  /**
   * The event inspector's recorder (`tap.ts`): it hears every event before anyone else, sees what
   * the consent gate passes on, and wraps `execute`. @default none
   */
  readonly tap?: RuntimeTap | undefined;
  /** @default the console */
  readonly logger?: Logger | undefined;
  /** Makes event ids and idempotency keys. @default a random prefix and a counter */
  readonly ids?: () => string;
  /** Epoch milliseconds. @default Date.now */
  readonly now?: () => number;
  /** The page's language: the cart's failure sentences are in it. @default en-PH */
  readonly locale?: Locale;
  readonly cart?: {
    /** Waits before each retry of a cart change after a network or timeout failure. @default DEFAULT_RETRY_DELAYS_MS */
    readonly retryDelaysMs?: readonly number[];
    /** Waits `ms` (tests pass a fake clock). @default setTimeout */
    readonly sleep?: (ms: number) => Promise<void>;
  };
}

/** The stores every runtime has. */
export interface RuntimeStores {
  readonly cart: ReadableStore<CartState>;
  readonly consent: ReadableStore<ConsentSnapshot>;
}

/** One storefront runtime. Many may live in one process; they share nothing. */
export interface Runtime extends EventStreams {
  /** Runs a command; never rejects. */
  readonly execute: Execute;
  /**
   * Checks every plugin's options (rejecting with every problem at once), then starts the plugins in
   * dependency order. Calling it again returns the same promise.
   */
  start(): Promise<void>;
  /** Stops plugins in reverse order (aborting their signals, running teardowns), completes streams. */
  stop(): Promise<void>;
  /** Snapshots of every registered store by name, for the page's serialized state. */
  serialize(): Record<string, unknown>;
  readonly stores: RuntimeStores;
  /**
   * What the views of the plugin called `name` get (options, its store, emit and execute under its
   * name); undefined until `start()` has planned the plugins, or for a plugin not in this runtime.
   * The shell's slots call it; views receive the result typed by their plugin's definition.
   */
  viewContext(name: string): PluginViewContext<unknown, unknown> | undefined;
  /** Emits an event from the app shell (`page.viewed`, `catalog.listViewed`...). Source defaults to `app`. */
  readonly emit: Emit;
}

interface RunningPlugin {
  readonly name: string;
  readonly controller: AbortController;
  readonly subscriptions: Set<Subscription>;
  readonly releases: Array<() => void>;
  teardown: PluginTeardown | null;
}

/**
 * Creates a runtime: an event bus, a command registry, the built-in cart and consent modules and,
 * once started, the plugins. Built-in commands work before `start()`.
 */
export const createRuntime = (options: RuntimeOptions): Runtime => {
  const logger = options.logger ?? consoleLogger();
  const ids = options.ids ?? createIdGenerator();
  const now = options.now ?? Date.now;
  const initialState = options.initialState ?? {};
  const stopController = new AbortController();

  const bus = createEventBus({ ids, now });
  const gatedBus = createEventBus({ ids, now });
  const commands = createCommandBus({ logger, signal: stopController.signal });
  // The inspector's recorder subscribes here, before the consent gate and the cart do.
  const execute = options.tap?.(bus, gatedBus, commands.execute) || commands.execute;
  const stores = new Map<string, ReadableStore<unknown>>();
  const viewContexts = new Map<string, PluginViewContext<unknown, unknown>>();

  const ownerFor = (log: Logger, subscriptions?: Set<Subscription>): StreamOwner => ({
    report: (error, what) => log.error(`${what}: ${messageOf(error)}`, error),
    ...(subscriptions ? { subscriptions } : {}),
  });
  const appOwner = ownerFor(logger);
  const appStreams = bus.streams(appOwner);
  const bindEmit =
    (source: string): BoundEmit =>
    (type, payload) =>
      bus.emit(type, payload, source);

  // Plugins that wait for consent start after the others, once consent is granted.
  const consentedPlugins = options.consentedPlugins;
  const grantedAtStart = initialConsent(options.consent) === 'granted';
  const consent = createConsentModule({
    consent: options.consent,
    source: bus,
    gated: gatedBus,
    emit: bindEmit('consent'),
    owner: ownerFor(prefixLogger(logger, 'consent')),
    ...(consentedPlugins && !grantedAtStart ? { beforeOpen: () => startConsented(consentedPlugins) } : {}),
  });
  const cartLogger = prefixLogger(logger, 'cart');
  const cart = createCartModule({
    port: options.ports.cart,
    emit: bindEmit('cart'),
    ids,
    now,
    logger: cartLogger,
    initial: initialState['cart'],
    failureTexts: textsIn(cartFailureTexts, options.locale ?? BASE_LOCALE),
    ...(options.cart?.retryDelaysMs ? { retryDelaysMs: options.cart.retryDelaysMs } : {}),
    ...(options.cart?.sleep ? { sleep: options.cart.sleep } : {}),
  });
  const cartOwner = ownerFor(cartLogger);
  const catalogFacts = subscribeFor(cartOwner, bus.streams(cartOwner).ofType('catalog.listViewed', 'catalog.itemSelected'), (event) => {
    if (event.type === 'catalog.listViewed') for (const item of event.payload.items) cart.learn(item);
    else cart.learn(event.payload.item);
  });
  stores.set('cart', cart.store);
  stores.set('consent', consent.store);
  commands.handle('cart.add', (input) => cart.add(input), 'cart');
  commands.handle('cart.remove', (input) => cart.remove(input), 'cart');
  commands.handle('cart.setQuantity', (input) => cart.setQuantity(input), 'cart');
  commands.handle('cart.refresh', () => cart.refresh(), 'cart');
  commands.handle('cart.lookUpCategories', async () => ok(await cart.lookUpCategories()), 'cart');
  commands.handle('blog.posts', (input) => options.ports.blog.listPosts({ page: Math.max(1, Math.floor(input.page)), perPage: Math.min(Math.max(1, input.perPage), 100) }), 'blog');
  // The comment form checks its rules (`rules/forms.ts`) before sending; the server checks them again.
  commands.handle(
    'blog.comment',
    async (input) => {
      const result = await options.ports.blog.createComment({ ...input, author: input.author.trim(), email: input.email.trim(), content: input.content.trim() });
      if (result.ok) emit('blog.commented', { postId: input.postId, status: result.value.status }, 'blog');
      return result;
    },
    'blog',
  );
  commands.handle('catalog.search', (input) => options.ports.catalog.listProducts({ search: normaliseSearch(input.term), perPage: Math.min(Math.max(1, input.limit), 20) }), 'catalog');
  commands.handle('catalog.variations', (input) => options.ports.catalog.listVariations(input.productId), 'catalog');
  commands.handle('consent.set', consent.handleSet, 'consent');

  const running: RunningPlugin[] = [];
  let phase: 'idle' | 'starting' | 'running' | 'stopping' | 'stopped' = 'idle';
  let startPromise: Promise<void> | null = null;
  let stopPromise: Promise<void> | null = null;

  const releasePlugin = (plugin: RunningPlugin): void => {
    plugin.controller.abort();
    for (const release of plugin.releases.splice(0)) release();
    for (const subscription of [...plugin.subscriptions]) subscription.unsubscribe();
  };

  /** Plans plugins: checks their options, orders them, makes their stores and their views' contexts. */
  const plan = async (entries: readonly PluginEntry[]) => {
    const checked = options.pluginOptionsValidated ? entries : await resolveConfigSchemas(entries);
    const planned = planPlugins(checked, { trusted: options.pluginOptionsValidated ?? false });
    if (!planned.ok) throw new Error(`Suki could not start; fix these plugin settings:\n${planned.problems.join('\n')}`);
    // Every plugin's state and its views' context exist before any setup runs (and without one).
    const pluginStores = new Map(
      planned.order.map(({ plugin, config }) => {
        const name = plugin.name;
        if (stores.has(name)) throw new Error(`Suki could not start: the plugin "${name}" has the name of a built-in store.`);
        // The snapshot was serialized from this plugin's store by the server.
        const store = createStore<unknown>(Object.hasOwn(initialState, name) ? initialState[name] : plugin.initialState);
        if (plugin.initialState !== undefined) stores.set(name, store);
        viewContexts.set(name, { name, options: config, store, emit: bindEmit(name), execute });
        return [name, store] as const;
      }),
    );
    return { order: planned.order, pluginStores };
  };

  /** Runs planned plugins' setups in order; returns the messages that must stop the runtime. */
  const launch = async ({ order, pluginStores }: Awaited<ReturnType<typeof plan>>): Promise<string[]> => {
    const failed = new Set<string>();
    const fatal: string[] = [];
    for (const { plugin, config } of order) {
      const log = prefixLogger(logger, plugin.name);
      const blockedBy = (plugin.dependsOn ?? []).filter((dependency) => failed.has(dependency));
      if (blockedBy.length > 0) {
        log.error(`not started: it depends on ${blockedBy.map((d) => `"${d}"`).join(', ')}, which failed to start`);
        failed.add(plugin.name);
        continue;
      }
      const record: RunningPlugin = {
        name: plugin.name,
        controller: new AbortController(),
        subscriptions: new Set(),
        releases: [],
        teardown: null,
      };
      const owner = ownerFor(log, record.subscriptions);
      const streams = (plugin.requiresConsent ? gatedBus : bus).streams(owner);
      const base: DestinationContext<unknown> = {
        name: plugin.name,
        events$: streams.events$,
        ofType: streams.ofType,
        ofDomain: streams.ofDomain,
        subscribe: (stream$, observer) => subscribeFor(owner, stream$, observer),
        config,
        logger: log,
        signal: record.controller.signal,
      };
      const context: DestinationContext<unknown> | FeatureContext<unknown, unknown> =
        plugin.kind === 'feature'
          ? {
              ...base,
              emit: bindEmit(plugin.name),
              execute,
              handle: <K extends CommandType>(type: K, handler: CommandHandler<K>) => {
                const release = commands.handle(type, handler, plugin.name);
                record.releases.push(release);
                return release;
              },
              ports: options.ports,
              store: pluginStores.get(plugin.name)!,
            }
          : base;
      try {
        // The context matches the plugin's kind, options and state, as its definition declared them.
        const teardown = await plugin.setup(context as never);
        record.teardown = typeof teardown === 'function' ? teardown : null;
        running.push(record);
      } catch (error) {
        releasePlugin(record);
        failed.add(plugin.name);
        if (error instanceof DuplicateHandlerError) fatal.push(error.message);
        else log.error(`setup failed; the plugin is off: ${messageOf(error)}`, error);
      }
    }
    return fatal;
  };

  const startPlugins = async (): Promise<void> => {
    const consented = consentedPlugins && grantedAtStart && !options.renderOnly ? await consentedPlugins() : [];
    const planned = await plan([...(options.plugins ?? []), ...consented]);
    if (options.renderOnly) return;
    const fatal = await launch(planned);
    if (fatal.length > 0) {
      await stopPlugins();
      throw new Error(`Suki could not start:\n${fatal.join('\n')}`);
    }
  };

  /** Loads and starts the plugins that waited for consent, once the others have started; never rejects. */
  const startConsented = async (load: () => Promise<readonly PluginEntry[]>): Promise<void> => {
    try {
      if (startPromise) await startPromise;
      const entries = await load();
      if (phase !== 'running' && phase !== 'starting') return;
      const fatal = await launch(await plan(entries));
      for (const message of fatal) logger.error(message);
    } catch (error) {
      logger.error(`the plugins waiting for consent could not start: ${messageOf(error)}`, error);
    }
  };

  const stopPlugins = async (): Promise<void> => {
    for (const plugin of running.splice(0).reverse()) {
      plugin.controller.abort();
      try {
        await plugin.teardown?.();
      } catch (error) {
        logger.error(`[${plugin.name}] teardown failed: ${messageOf(error)}`, error);
      }
      releasePlugin(plugin);
    }
  };

  const start = (): Promise<void> => {
    if (phase === 'stopping' || phase === 'stopped') {
      return Promise.reject(new Error('A stopped runtime cannot start again; create a new one.'));
    }
    if (startPromise) return startPromise;
    phase = 'starting';
    startPromise = startPlugins().then(
      () => {
        if (phase === 'starting') phase = 'running';
      },
      (error: unknown) => {
        phase = 'idle';
        throw error;
      },
    );
    return startPromise;
  };

  const stop = (): Promise<void> => {
    if (stopPromise) return stopPromise;
    const previous = startPromise;
    phase = 'stopping';
    stopPromise = (async () => {
      if (previous) await previous.catch(() => {});
      await stopPlugins();
      stopController.abort();
      catalogFacts.unsubscribe();
      cart.dispose();
      consent.dispose();
      commands.close();
      gatedBus.close();
      bus.close();
      phase = 'stopped';
    })();
    return stopPromise;
  };

  const emit: Emit = <K extends DomainEventType>(type: K, payload: DomainEventMap[K], source?: string): DomainEvent<K> =>
    bus.emit(type, payload, source ?? 'app');

  return {
    events$: appStreams.events$,
    ofType: appStreams.ofType,
    ofDomain: appStreams.ofDomain,
    execute,
    start,
    stop,
    serialize: () => {
      const snapshot: Record<string, unknown> = {};
      for (const [name, store] of stores) snapshot[name] = store.getSnapshot();
      return snapshot;
    },
    stores: { cart: cart.store, consent: consent.store },
    viewContext: (name) => viewContexts.get(name),
    emit,
  };
};
