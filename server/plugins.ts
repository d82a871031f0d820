import { planPlugins, resolveConfigSchemas } from '../src/core/plugin.js';
import { enabledPluginLoaders } from '../src/plugins/registry.js';
import type { ShopConfig } from '../src/ui/shop-config.js';

/** An enabled plugin with its validated options, as the browser receives it. */
export interface ResolvedPlugin {
  readonly name: string;
  readonly options: unknown;
}

/**
 * Loads the enabled plugins' definitions and validates their options at start-up. Any problem
 * (unknown plugin, bad option, missing dependency, cycle) stops start-up with one message that
 * lists every problem as `[plugin] path: message`.
 */
export const resolvePlugins = async (config: ShopConfig): Promise<ResolvedPlugin[]> => {
  const loaders = enabledPluginLoaders(config.plugins);
  const entries = await Promise.all(loaders.map(async ({ load, options }) => ({ plugin: (await load()).default, options })));
  const plan = planPlugins(await resolveConfigSchemas(entries));
  if (!plan.ok) throw new Error(`Invalid plugin options in plugins.config.ts:\n${plan.problems.join('\n')}`);
  return plan.order.map(({ plugin, config: options }) => ({ name: plugin.name, options }));
};
