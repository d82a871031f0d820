import { planPlugins, resolveConfigSchemas } from '../src/core/plugin.js';
import { enabledPlugins, loadPlugins, type LoadedPlugin, type PluginSources } from '../src/plugins/loader.js';
import type { ShopConfig } from '../src/app/shop-config.js';
import { scanPluginSources } from './plugin-sources.js';

/**
 * Loads the enabled plugins and validates their options at start-up. Any problem (unknown plugin,
 * a folder whose module is not a plugin, bad option, missing dependency, cycle) stops start-up with
 * one message that lists every problem as `[plugin] path: message`. The result, in start order,
 * carries the checked options (defaults filled in) that pages pass on to the browser.
 */
export const resolvePlugins = async (config: Pick<ShopConfig, 'plugins'>, sources: PluginSources = scanPluginSources()): Promise<LoadedPlugin[]> => {
  const loaded = await loadPlugins(sources, enabledPlugins(config.plugins, sources));
  const plan = planPlugins(await resolveConfigSchemas(loaded));
  if (!plan.ok) throw new Error(`Invalid plugin options in plugins.config.ts:\n${plan.problems.join('\n')}`);
  const byName = new Map(loaded.map((plugin) => [plugin.name, plugin]));
  return plan.order.flatMap(({ plugin, config: options }) => {
    const found = byName.get(plugin.name);
    return found ? [{ ...found, options }] : [];
  });
};
