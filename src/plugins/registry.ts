import type { PageType } from '../core/events.js';
import type { PluginDefinition } from '../core/plugin.js';
import type { PluginViews } from '../ui/slots.js';

/** A plugin module as the registry loads it. */
export interface PluginModule {
  readonly default: PluginDefinition;
  /** React views the plugin mounts into the shell's named slots. */
  readonly views?: PluginViews;
}

/**
 * Every plugin that can be enabled, by name, each behind a dynamic import so the bundler makes one
 * chunk per plugin and a disabled plugin's code is never downloaded.
 */
export const pluginRegistry = {
  'analytics-gtag': () => import('./analytics-gtag/index.js'),
  pixel: () => import('./pixel/index.js'),
  swatches: () => import('./swatches/index.js'),
  'shop-filters': () => import('./shop-filters/index.js'),
} as const satisfies Record<string, () => Promise<PluginModule>>;

/** Names of the plugins that exist. */
export type PluginName = keyof typeof pluginRegistry;

/**
 * Plugins needed only on some kinds of page (their views mount nowhere else): the browser loads
 * them, and the server links them, only there. Plugins not listed load on every page.
 */
export const pluginPageTypes: Readonly<Partial<Record<PluginName, readonly PageType[]>>> = {
  swatches: ['product'],
  'shop-filters': ['home', 'shop', 'category', 'search'],
};

/** Whether a plugin is loaded on a kind of page. */
export const pluginLoadsOn = (name: string, pageType: PageType): boolean => {
  const pages = isPluginName(name) ? pluginPageTypes[name] : undefined;
  return pages === undefined || pages.includes(pageType);
};

/** One plugin's switch and options in the integrator's config. */
export interface PluginToggle {
  readonly enabled: boolean;
  readonly options?: unknown;
}

/** A plugin to load. */
export interface PluginLoader {
  readonly name: PluginName;
  readonly load: () => Promise<PluginModule>;
}

/** A plugin to load with the integrator's raw options. */
export interface EnabledPluginLoader extends PluginLoader {
  readonly options: unknown;
}

/** True when `name` is a plugin in the registry. */
export const isPluginName = (name: string): name is PluginName => Object.hasOwn(pluginRegistry, name);

/**
 * Loaders for the given names, in order. Names not in the registry are skipped (the server has
 * already checked the config; the browser just loads what it was told to).
 */
export const pluginLoaders = (names: readonly string[]): PluginLoader[] =>
  names.filter(isPluginName).map((name) => ({ name, load: pluginRegistry[name] }));

/**
 * Loaders of the enabled plugins only, in config order, with their raw options. An enabled name
 * that is not in the registry is an error (a typo would otherwise switch a plugin off silently).
 */
export const enabledPluginLoaders = (config: Readonly<Record<string, PluginToggle>>): EnabledPluginLoader[] => {
  const unknown = Object.keys(config).filter((name) => config[name]?.enabled && !isPluginName(name));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown plugins in the config:\n${unknown.map((name) => `[${name}] enabled: no such plugin (known: ${Object.keys(pluginRegistry).join(', ')})`).join('\n')}`,
    );
  }
  return Object.entries(config).flatMap(([name, toggle]) =>
    toggle.enabled && isPluginName(name) ? [{ name, load: pluginRegistry[name], options: toggle.options }] : [],
  );
};

/**
 * Loads the enabled plugins and pairs each with its options, ready for `createRuntime`. A plugin
 * whose chunk fails to load is reported through `onError` and left out.
 */
export const loadEnabledPlugins = async (
  config: Readonly<Record<string, PluginToggle>>,
  onError: (name: PluginName, error: unknown) => void = () => {},
): Promise<Array<{ readonly plugin: PluginDefinition; readonly options: unknown }>> => {
  const loaded = await Promise.all(
    enabledPluginLoaders(config).map(async ({ name, load, options }) => {
      try {
        return { plugin: (await load()).default, options };
      } catch (error) {
        onError(name, error);
        return null;
      }
    }),
  );
  return loaded.filter((entry) => entry !== null);
};
