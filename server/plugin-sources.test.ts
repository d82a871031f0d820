import { describe, expect, it } from 'vitest';
import { loadPlugins, pluginLoadsOn } from '../src/plugins/loader.js';
import { scanPluginSources } from './plugin-sources.js';

describe('scanPluginSources', () => {
  it('finds every shipped plugin and the examples on disk, named after their folders', () => {
    const sources = scanPluginSources();
    expect([...sources.keys()].sort()).toEqual(expect.arrayContaining(['analytics-gtag', 'last-added', 'pixel', 'shop-filters', 'swatches']));
    expect(sources.get('last-added')?.path).toBe('examples/last-added/index.ts');
    expect(sources.get('pixel')?.path).toBe('src/plugins/pixel/index.ts');
  });

  it('loads the real plugins with their views and page scopes', async () => {
    const loaded = await loadPlugins(scanPluginSources(), [{ name: 'shop-filters' }, { name: 'swatches' }]);
    expect(loaded.map((p) => [p.plugin.name, p.views !== undefined])).toEqual([
      ['shop-filters', true],
      ['swatches', true],
    ]);
    expect(pluginLoadsOn(loaded[1]!.plugin, 'product')).toBe(true);
    expect(pluginLoadsOn(loaded[1]!.plugin, 'shop')).toBe(false);
  });
});
