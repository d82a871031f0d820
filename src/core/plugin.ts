import type { Observable } from 'rxjs';
import type { input, output, ZodMiniType } from 'zod/mini';
import type { BoundEmit, OfDomain, OfType, Subscribe } from './bus.js';
import type { CommandHandler, Execute } from './command-bus.js';
import type { CommandType } from './commands.js';
import type { DomainEvent, PageType } from './events.js';
import type { Logger } from './logger.js';
import type { Ports } from './ports.js';
import type { ReadableStore, Store } from './store.js';

/**
 * `feature` plugins own state, handle commands and emit events; `destination` plugins only observe
 * events (analytics, pixel): they cannot change anything and their failures never reach others.
 */
export type PluginKind = 'feature' | 'destination';

/** A plugin's options schema (a zod mini schema). */
export type PluginConfigSchema = ZodMiniType<unknown, unknown>;

/** Loads a plugin's options schema on demand. */
export interface PluginConfigLoader<S extends PluginConfigSchema> {
  readonly load: () => Promise<S>;
}

/** True when a plugin's `config` is a loader rather than the schema itself. */
const isLoader = (config: unknown): config is PluginConfigLoader<PluginConfigSchema> =>
  typeof config === 'object' && config !== null && 'load' in config && typeof (config as { load: unknown }).load === 'function';

/**
 * Loads every plugin's options schema that is behind a loader, so {@link planPlugins} can check
 * the options. A loader that fails leaves the entry as it was (planning then reports it).
 */
export const resolveConfigSchemas = async (entries: readonly PluginEntry[]): Promise<PluginEntry[]> =>
  Promise.all(
    entries.map(async (entry) => {
      const config: unknown = entry.plugin.config;
      if (!isLoader(config)) return entry;
      try {
        return { ...entry, plugin: { ...entry.plugin, config: await config.load() } };
      } catch {
        return entry;
      }
    }),
  );

/** What a plugin's setup may return: its teardown, sync or async, or nothing. */
export type PluginTeardown = () => void | Promise<void>;

/** What every plugin gets. */
export interface PluginContextBase<C> {
  /** The plugin's name. */
  readonly name: string;
  /** Every event, in emit order (behind the consent gate when the plugin requires consent). */
  readonly events$: Observable<DomainEvent>;
  /** Events of the given names, narrowed. */
  readonly ofType: OfType;
  /** Events of one domain, narrowed. */
  readonly ofDomain: OfDomain;
  /**
   * Subscribes to a stream (one of the above, piped or not) for the plugin: a handler that throws is
   * logged under the plugin's name and keeps its subscription, and the subscription ends when the
   * plugin stops. `subscribe(ofType('cart.added'), (event) => ...)`.
   */
  readonly subscribe: Subscribe;
  /** Options parsed by the plugin's schema (defaults applied). */
  readonly config: C;
  /** The runtime's logger, prefixed with `[name]`. */
  readonly logger: Logger;
  /** Aborted when the runtime stops or the plugin's setup failed. */
  readonly signal: AbortSignal;
}

/** What a destination gets: observation only. */
export type DestinationContext<C> = PluginContextBase<C>;

/** What a feature gets on top: it may emit, run and handle commands, use ports and own its state. */
export interface FeatureContext<C, St = undefined> extends PluginContextBase<C> {
  /** Emits an event with the plugin's name as source. */
  readonly emit: BoundEmit;
  /** Runs a command. */
  readonly execute: Execute;
  /** Registers the one handler of a command; returns its unregister. Released at stop. */
  handle<K extends CommandType>(type: K, handler: CommandHandler<K>): () => void;
  /** The ports (cart, catalog...). */
  readonly ports: Ports;
  /**
   * The plugin's own state, made by the runtime from the definition's `initialState` (or from the
   * server's snapshot when the page was hydrated) and serialized under the plugin's name. Its views
   * read it through their {@link PluginViewContext}.
   */
  readonly store: Store<St>;
}

/** The context of a plugin of kind `K` with parsed options `C` and state `St`. */
export type PluginContext<K extends PluginKind, C, St = undefined> = K extends 'feature' ? FeatureContext<C, St> : DestinationContext<C>;

/**
 * What a plugin's views get (as the `plugin` prop): the plugin's checked options, a read-only
 * handle on its state, and emit/execute under the plugin's name. Typed by the plugin's own
 * definition through {@link ViewContextOf}, so a view needs no lookup by name and no cast.
 */
export interface PluginViewContext<C, St> {
  readonly name: string;
  readonly options: C;
  readonly store: ReadableStore<St>;
  /** Emits an event with the plugin's name as source. */
  readonly emit: BoundEmit;
  /** Runs a command. */
  readonly execute: Execute;
}

/** The view context of a plugin definition: `ViewContextOf<typeof myPlugin>`. */
export type ViewContextOf<P> = P extends PluginDefinition<string, PluginKind, infer S, infer St> ? PluginViewContext<output<S>, St> : never;

/** The options an integrator writes for a plugin (defaults still optional): `OptionsInputOf<typeof myPlugin>`. */
export type OptionsInputOf<P> = P extends PluginDefinition<string, PluginKind, infer S, infer _St> ? input<S> : never;

/**
 * Every plugin that exists, by name, for the types of `plugins.config.ts`. Each plugin adds itself
 * from its own folder by declaration merging:
 * `declare module '…/core/plugin.js' { interface PluginTypes { 'my-plugin': typeof myPlugin } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface PluginTypes {}

/** A plugin: a plain object made by {@link definePlugin}. */
export interface PluginDefinition<
  N extends string = string,
  K extends PluginKind = PluginKind,
  S extends PluginConfigSchema = PluginConfigSchema,
  St = unknown,
> {
  /** Unique, kebab-case; also the folder name under `src/plugins/`. */
  readonly name: N;
  readonly kind: K;
  /**
   * The options schema, or a loader of it (`{ load: () => import('./options.js').then(...) }`) so
   * the schema library stays out of the browser, which receives options the server validated.
   */
  readonly config: S | PluginConfigLoader<S>;
  /** Plugins that must start first. @default [] */
  readonly dependsOn?: readonly string[];
  /** When true, events reach the plugin only once consent is granted (held while `ask`). @default false */
  readonly requiresConsent?: boolean;
  /**
   * The kinds of page the plugin works on; elsewhere its code is neither linked nor loaded.
   * @default every page
   */
  readonly pages?: readonly PageType[];
  /**
   * The plugin's state when a page starts (plain JSON). A plugin that declares it gets `ctx.store`
   * and its views get a read-only handle; the state is serialized into the page under the
   * plugin's name and the browser starts from it.
   */
  readonly initialState?: St;
  /**
   * The other sites the plugin's code talks to with these options (a tag script, its beacons), so
   * the server's Content-Security-Policy allows them only while the plugin is on. @default none
   */
  externalSources?(options: output<S>): ExternalSources;
  /** Wires the plugin; returns its teardown. A throw (sync or async) is logged and the plugin stays off. */
  setup(context: PluginContext<K, output<S>, St>): PluginTeardown | void | Promise<PluginTeardown | void>;
}

/** Origins (`https://host`, or `https://*.host` for every subdomain) a plugin loads from or sends to. */
export interface ExternalSources {
  /** Scripts it adds to the page. */
  readonly scripts?: readonly string[];
  /** Addresses it sends to with fetch, XHR or beacons. */
  readonly connect?: readonly string[];
  /** Images it loads (tracking pixels). */
  readonly images?: readonly string[];
}

/**
 * Any plugin, its options and state types erased: what the runtime, the loader and the registry
 * hold. Every {@link PluginDefinition} is one; the types were checked where it was defined.
 */
export interface AnyPlugin extends Omit<PluginDefinition, 'setup'> {
  /** Only the runtime calls it, with the context the plugin's kind and types call for. */
  setup(context: never): PluginTeardown | void | Promise<PluginTeardown | void>;
}

/** One plugin to run, with its raw options. */
export interface PluginEntry {
  readonly plugin: AnyPlugin;
  /** Raw options; `undefined` is parsed as `{}`. */
  readonly options?: unknown;
}

const PLUGIN_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * Declares a plugin. The `kind` decides the context type: a destination's `setup` sees no `emit`,
 * `execute`, `handle`, `ports` or `registerStore`.
 */
export function definePlugin<const N extends string, K extends PluginKind, S extends PluginConfigSchema, St = undefined>(
  definition: PluginDefinition<N, K, S, St>,
): PluginDefinition<N, K, S, St> {
  if (!PLUGIN_NAME.test(definition.name)) {
    throw new Error(`Plugin name "${definition.name}" must be kebab-case (letters, digits and single hyphens).`);
  }
  if (definition.kind !== 'feature' && definition.kind !== 'destination') {
    throw new Error(`[${definition.name}] kind must be "feature" or "destination".`);
  }
  return Object.freeze({ ...definition });
}

/** A plugin ready to start: its parsed options and position. */
export interface PlannedPlugin {
  readonly plugin: AnyPlugin;
  readonly config: unknown;
}

/** The outcome of checking plugin entries: every problem, or the start order. */
export type PluginPlan =
  | { readonly ok: true; readonly order: readonly PlannedPlugin[] }
  | { readonly ok: false; readonly problems: readonly string[] };

interface IssueLike {
  readonly code?: string;
  readonly path?: readonly PropertyKey[];
  readonly expected?: unknown;
  readonly format?: unknown;
  readonly pattern?: unknown;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly keys?: readonly unknown[];
  readonly values?: readonly unknown[];
}

const formatPath = (path: readonly PropertyKey[] | undefined): string => {
  if (!path || path.length === 0) return '(root)';
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text ? `.${String(part)}` : String(part);
  }
  return text;
};

/**
 * What a plugin option's issue says: zod mini ships without locales, so its own messages are a bare
 * "Invalid input"; this says what was expected. Given to the parse as its error map, so it comes
 * before any locale that full `zod`, loaded elsewhere in the same process, sets for every schema;
 * a message the plugin's schema gives itself still comes first.
 */
const describeIssue = (issue: IssueLike): string | undefined => {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${String(issue.expected)}`;
    case 'invalid_format':
      return issue.pattern !== undefined ? `must match ${String(issue.pattern)}` : `must be a valid ${String(issue.format)}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'unrecognized_keys':
      return `unknown option${(issue.keys?.length ?? 0) > 1 ? 's' : ''} ${(issue.keys ?? []).map((k) => `"${String(k)}"`).join(', ')}`;
    case 'invalid_value':
      return `expected one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return undefined;
  }
};

/**
 * Checks plugin entries and orders them: parses every plugin's options with its schema (unless
 * `trusted`: options already validated elsewhere are taken as they are), checks
 * names, `dependsOn` and cycles, and collects every problem as `[plugin] path: message`. The order
 * is topological and stable: among plugins whose dependencies have started, the one listed first
 * starts first.
 */
export const planPlugins = (entries: readonly PluginEntry[], { trusted = false }: { readonly trusted?: boolean } = {}): PluginPlan => {
  const problems: string[] = [];
  const byName = new Map<string, PluginEntry>();
  const parsed = new Map<string, unknown>();

  for (const entry of entries) {
    const { plugin } = entry;
    const name = plugin.name;
    if (byName.has(name)) {
      problems.push(`[${name}] name: more than one plugin is called "${name}"`);
      continue;
    }
    byName.set(name, entry);
    if (trusted) {
      // Options the server already checked and completed with defaults (in the browser).
      parsed.set(name, entry.options === undefined ? {} : entry.options);
      continue;
    }
    const schema = plugin.config as { safeParse?: unknown } | undefined;
    if (!schema || isLoader(schema) || typeof schema.safeParse !== 'function') {
      problems.push(`[${name}] config: the plugin's options schema is not loaded (call resolveConfigSchemas first)`);
      continue;
    }
    const result = (schema as PluginConfigSchema).safeParse(entry.options === undefined ? {} : entry.options, { error: describeIssue });
    if (result.success) parsed.set(name, result.data);
    else for (const issue of result.error.issues) problems.push(`[${name}] ${formatPath(issue.path)}: ${issue.message}`);
  }

  for (const [name, entry] of byName) {
    for (const dependency of entry.plugin.dependsOn ?? []) {
      if (dependency === name) problems.push(`[${name}] dependsOn: a plugin cannot depend on itself`);
      else if (!byName.has(dependency)) problems.push(`[${name}] dependsOn: unknown or disabled plugin "${dependency}"`);
    }
  }

  const order: PluginEntry[] = [];
  const placed = new Set<string>();
  const pending = [...byName.values()];
  const ready = (entry: PluginEntry) =>
    (entry.plugin.dependsOn ?? []).every((dependency) => placed.has(dependency) || !byName.has(dependency) || dependency === entry.plugin.name);
  for (;;) {
    const index = pending.findIndex(ready);
    if (index < 0) break;
    const [next] = pending.splice(index, 1);
    order.push(next!);
    placed.add(next!.plugin.name);
  }
  if (pending.length > 0) problems.push(...describeCycles(pending, placed));

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, order: order.map((entry) => ({ plugin: entry.plugin, config: parsed.get(entry.plugin.name) })) };
};

const describeCycles = (stuck: readonly PluginEntry[], placed: ReadonlySet<string>): string[] => {
  const names = new Set(stuck.map((entry) => entry.plugin.name));
  const dependsOn = new Map(stuck.map((entry) => [entry.plugin.name, (entry.plugin.dependsOn ?? []).filter((d) => names.has(d))]));
  const reported = new Set<string>();
  const lines: string[] = [];
  for (const start of names) {
    if (reported.has(start)) continue;
    // Walk first dependencies until a name repeats: that stretch is a cycle.
    const path: string[] = [];
    const seen = new Map<string, number>();
    let current: string | undefined = start;
    while (current !== undefined && !seen.has(current)) {
      seen.set(current, path.length);
      path.push(current);
      current = dependsOn.get(current)?.[0];
    }
    if (current === undefined) continue;
    const cycle = path.slice(seen.get(current));
    if (cycle.some((name) => reported.has(name))) continue;
    for (const name of cycle) reported.add(name);
    lines.push(`[${cycle[0]}] dependsOn: dependency cycle ${[...cycle, cycle[0]].join(' → ')}`);
  }
  for (const name of names) {
    if (!reported.has(name) && !placed.has(name)) lines.push(`[${name}] dependsOn: waits on a dependency cycle`);
  }
  return lines;
};
