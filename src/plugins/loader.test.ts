import { describe, expect, it, vi } from 'vitest';
import { enabledPlugins, loadPlugins, pluginSources, prepareViews } from './loader.js';

const fakePlugin = (name: string) => ({ default: { name, kind: 'destination', config: {}, setup: () => undefined } });

describe('plugin sources', () => {
  it('names each plugin after its folder, from glob keys relative to a base folder', () => {
    const sources = pluginSources(
      {
        './plugins/pixel/index.ts': async () => fakePlugin('pixel'),
        '../examples/last-added/index.ts': async () => fakePlugin('last-added'),
        './plugins/pixel/options.ts': async () => ({}),
        './plugins/Bad_Name/index.ts': async () => ({}),
      },
      'src',
    );
    expect([...sources.values()].map(({ name, path }) => [name, path])).toEqual([
      ['pixel', 'src/plugins/pixel/index.ts'],
      ['last-added', 'examples/last-added/index.ts'],
    ]);
  });

  it('refuses two folders with one name', () => {
    expect(() => pluginSources({ 'src/plugins/a/index.ts': async () => ({}), 'examples/a/index.ts': async () => ({}) })).toThrow('Two plugin folders are called "a"');
  });
});

describe('loadPlugins', () => {
  const sources = pluginSources({
    'src/plugins/pixel/index.ts': async () => fakePlugin('pixel'),
    'src/plugins/misnamed/index.ts': async () => fakePlugin('other'),
    'src/plugins/empty/index.ts': async () => ({ default: 42 }),
    'src/plugins/broken/index.ts': async () => {
      throw new Error('chunk failed');
    },
  });

  it('returns enabled plugins only, in config order, with their options', () => {
    expect(enabledPlugins({ pixel: { enabled: true, options: { pixelId: '1' } }, broken: { enabled: false } }, sources)).toEqual([{ name: 'pixel', options: { pixelId: '1' } }]);
  });

  it('refuses every enabled name without a folder at once, ignores disabled ones', () => {
    expect(() => enabledPlugins({ pixle: { enabled: true }, ghost: { enabled: true }, gone: { enabled: false } }, sources)).toThrow(
      /\[pixle\] enabled: no such plugin.*\n\[ghost\] enabled: no such plugin/,
    );
  });

  it('loads modules and checks each defines a plugin named after its folder', async () => {
    const [pixel] = await loadPlugins(sources, [{ name: 'pixel', options: 1 }]);
    expect(pixel).toMatchObject({ name: 'pixel', path: 'src/plugins/pixel/index.ts', options: 1, views: undefined });
    await expect(loadPlugins(sources, [{ name: 'misnamed' }])).rejects.toThrow('defines a plugin called "other"');
    await expect(loadPlugins(sources, [{ name: 'empty' }])).rejects.toThrow('must default-export definePlugin');
  });

  it('reports a plugin that cannot load and goes on, when asked to (the browser)', async () => {
    const failed: string[] = [];
    const loaded = await loadPlugins(sources, [{ name: 'broken' }, { name: 'pixel' }], { onError: (name) => failed.push(name) });
    expect(loaded.map((p) => p.name)).toEqual(['pixel']);
    expect(failed).toEqual(['broken']);
  });

  it('prepareViews runs each plugin’s views’ beforeRender for the page type, logging a failure without stopping the others', async () => {
    const seen: string[] = [];
    const withHook = pluginSources({
      'src/plugins/pixel/index.ts': async () => ({ ...fakePlugin('pixel'), views: { beforeRender: async (type: string) => void seen.push(`pixel ${type}`) } }),
      'src/plugins/broken/index.ts': async () => ({
        ...fakePlugin('broken'),
        views: {
          beforeRender: async () => {
            throw new Error('chunk failed');
          },
        },
      }),
    });
    const loaded = await loadPlugins(withHook, [{ name: 'pixel' }, { name: 'broken' }]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await prepareViews(loaded, 'wishlist');
    expect(seen).toEqual(['pixel wishlist']);
    expect(logged.mock.calls.map((call) => String(call[0]))).toEqual(['[broken] could not prepare its views']);
    logged.mockRestore();
  });

});
