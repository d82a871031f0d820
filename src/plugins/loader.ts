/**
 * The one plugin loader. Plugins are found, not listed: every folder under `src/plugins/` and
 * `examples/` whose `index.ts` default-exports a plugin definition is a plugin named after its
 * folder, and `plugins.config.ts` switches it on. The browser finds them with the bundler's glob
 * (one chunk per plugin, so a plugin that is off is never downloaded), the server by reading the
 * folders; both hand the result to {@link loadPlugins}, as does start-up validation.
 */
import type { PageType } from '../core/events.js';
import type { AnyPlugin } from '../core/plugin.js';
import type { RegisteredViews } from '../ui/slots.js';

/** A plugin folder's `index.ts` as the loader sees it. */
export interface PluginModule {
  readonly default: AnyPlugin;
  /** React views for the shell's named slots, made with `defineViews` (with their `beforeRender`, if any). */
  readonly views?: RegisteredViews;
}

/** Where plugins' code is found, from the project root. */
export const PLUGIN_FOLDERS = ['src/plugins', 'examples'] as const;

/** One plugin's code: the path of its `index.ts` from the project root, and a loader of it. */
export interface PluginSource {
  readonly name: string;
  readonly path: string;
  readonly load: () => Promise<unknown>;
}

/** Every plugin that exists, by name (its folder's name). */
export type PluginSources = ReadonlyMap<string, PluginSource>;

const INDEX_PATH = /^(?:src\/plugins|examples)\/([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\/index\.ts$/;

/**
 * Plugin sources from `{ path → loader }`, where each path is relative to `base` (a folder from
 * the project root, such as `src/` for the browser entry's `import.meta.glob`). Paths that are not
 * a plugin folder's `index.ts` are ignored.
 */
export const pluginSources = (modules: Readonly<Record<string, () => Promise<unknown>>>, base = ''): PluginSources => {
  const sources = new Map<string, PluginSource>();
  for (const [key, load] of Object.entries(modules)) {
    const segments = [...base.split('/'), ...key.split('/')].filter((part) => part !== '' && part !== '.');
    const resolved: string[] = [];
    for (const part of segments) {
      if (part === '..') resolved.pop();
      else resolved.push(part);
    }
    const path = resolved.join('/');
    const name = INDEX_PATH.exec(path)?.[1];
    if (!name) continue;
    if (sources.has(name)) throw new Error(`Two plugin folders are called "${name}": ${sources.get(name)?.path} and ${path}.`);
    sources.set(name, { name, path, load });
  }
  return sources;
};

/** A plugin switched on, with its raw (server) or checked (browser) options. */
export interface PluginSwitch {
  readonly name: string;
  readonly options?: unknown;
}

/** A loaded plugin: its definition, its views and the options it was switched on with. */
export interface LoadedPlugin {
  readonly name: string;
  /** Its `index.ts` from the project root (the bundler's manifest key). */
  readonly path: string;
  readonly plugin: AnyPlugin;
  readonly views: RegisteredViews | undefined;
  readonly options: unknown;
}

/**
 * The plugins the integrator switched on, in config order. An enabled name with no plugin folder
 * is an error that lists every such name (a typo would otherwise switch a plugin off silently).
 */
export const enabledPlugins = (
  config: Readonly<Record<string, { readonly enabled: boolean; readonly options?: unknown } | undefined>>,
  sources: PluginSources,
): PluginSwitch[] => {
  const unknown = Object.keys(config).filter((name) => config[name]?.enabled && !sources.has(name));
  if (unknown.length > 0) {
    const known = [...sources.keys()].join(', ');
    throw new Error(`Unknown plugins in the config:\n${unknown.map((name) => `[${name}] enabled: no such plugin (known: ${known})`).join('\n')}`);
  }
  return Object.entries(config).flatMap(([name, toggle]) => (toggle?.enabled ? [{ name, options: toggle.options }] : []));
};

const isPluginModule = (value: unknown): value is PluginModule => {
  if (typeof value !== 'object' || value === null || !('default' in value)) return false;
  const plugin: unknown = value.default;
  return typeof plugin === 'object' && plugin !== null && 'name' in plugin && 'setup' in plugin && typeof plugin.setup === 'function';
};

/** Options of {@link loadPlugins}. */
export interface LoadPluginsOptions {
  /**
   * Called for a plugin whose code cannot be loaded (the browser logs it and goes on without it).
   * Without it, the first such failure rejects the whole load (start-up stops with the message).
   */
  readonly onError?: (name: string, error: unknown) => void;
}

/**
 * Loads the given plugins from their sources, in the given order, and checks that each folder's
 * module is a plugin named after the folder. Names without a source are an error.
 */
export const loadPlugins = async (sources: PluginSources, wanted: readonly PluginSwitch[], options: LoadPluginsOptions = {}): Promise<LoadedPlugin[]> => {
  const loaded = await Promise.all(
    wanted.map(async ({ name, options: pluginOptions }): Promise<LoadedPlugin | null> => {
      try {
        const source = sources.get(name);
        if (!source) throw new Error(`[${name}] no such plugin (known: ${[...sources.keys()].join(', ')})`);
        const module = await source.load();
        if (!isPluginModule(module)) throw new Error(`[${name}] ${source.path} must default-export definePlugin({...})`);
        if (module.default.name !== name) throw new Error(`[${name}] ${source.path} defines a plugin called "${module.default.name}"; a plugin is named after its folder`);
        return { name, path: source.path, plugin: module.default, views: module.views, options: pluginOptions };
      } catch (error) {
        if (!options.onError) throw error;
        options.onError(name, error);
        return null;
      }
    }),
  );
  return loaded.filter((plugin) => plugin !== null);
};

/** Runs every plugin's views' `beforeRender` for a kind of page; a failure is logged and the page goes on. */
export const prepareViews = async (plugins: readonly Pick<LoadedPlugin, 'name' | 'views'>[], pageType: PageType): Promise<void> => {
  await Promise.all(plugins.map((p) => p.views?.beforeRender?.(pageType).catch((error: unknown) => console.error(`[${p.name}] could not prepare its views`, error))));
};

/** Whether a plugin works on a kind of page (plugins that name no pages work everywhere). */
export const pluginLoadsOn = (plugin: Pick<AnyPlugin, 'pages'>, pageType: PageType): boolean => plugin.pages === undefined || plugin.pages.includes(pageType);

/**
 * Whether the browser fetches a plugin's code only once the shopper consents: a tracking destination
 * that requires consent and has no views (nothing of it is on the page), such as gtag or the pixel.
 * Until then the consent gate holds the events it would hear, and replays them once it has started.
 */
export const waitsForConsent = (loaded: Pick<LoadedPlugin, 'plugin' | 'views'>): boolean =>
  loaded.plugin.kind === 'destination' && loaded.plugin.requiresConsent === true && loaded.views === undefined;
