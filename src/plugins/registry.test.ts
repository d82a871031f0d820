import { describe, expect, it } from 'vitest';
import { enabledPluginLoaders, isPluginName, loadEnabledPlugins, pluginLoaders, pluginRegistry } from './registry.js';

describe('plugin registry', () => {
  it('returns loaders of enabled plugins only, in config order, with options', () => {
    const loaders = enabledPluginLoaders({
      pixel: { enabled: true, options: { pixelId: '123456' } },
      'analytics-gtag': { enabled: false },
    });
    expect(loaders.map((l) => [l.name, l.options])).toEqual([['pixel', { pixelId: '123456' }]]);
    expect(loaders[0]!.load).toBe(pluginRegistry.pixel);
  });

  it('rejects an enabled plugin that does not exist, ignores a disabled one', () => {
    expect(() => enabledPluginLoaders({ 'analytcs-gtag': { enabled: true } })).toThrow('[analytcs-gtag] enabled: no such plugin');
    expect(enabledPluginLoaders({ ghost: { enabled: false } })).toEqual([]);
  });

  it('maps names to loaders, skipping unknown ones', () => {
    expect(pluginLoaders(['analytics-gtag', 'nope']).map((l) => l.name)).toEqual(['analytics-gtag']);
    expect(isPluginName('pixel')).toBe(true);
    expect(isPluginName('toString')).toBe(false);
  });

  it('loads each plugin module whose name matches its registry key', async () => {
    const loaded = await loadEnabledPlugins({ 'analytics-gtag': { enabled: true }, pixel: { enabled: true } });
    expect(loaded.map((entry) => entry.plugin.name)).toEqual(['analytics-gtag', 'pixel']);
    expect(loaded.every((entry) => entry.plugin.requiresConsent)).toBe(true);
  });
});
