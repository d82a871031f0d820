import { describe, expect, it } from 'vitest';
import { resolvePlugins } from './plugins.js';
import type { ShopConfig } from '../src/app/shop-config.js';

const base: ShopConfig = {
  shop: { name: 'Suki', tagline: '', storeNotice: null },
  consent: { default: 'ask' },
  cart: { redirectAfterAdd: false },
  plugins: {},
};

describe('resolvePlugins', () => {
  it('returns enabled plugins with parsed options, leaving disabled ones out', async () => {
    const resolved = await resolvePlugins({ ...base, plugins: { 'analytics-gtag': { enabled: true, options: {} }, pixel: { enabled: false } } });
    expect(resolved.map((p) => p.name)).toEqual(['analytics-gtag']);
  });

  it('lists every problem of every plugin in one message', async () => {
    const run = resolvePlugins({
      ...base,
      plugins: {
        'analytics-gtag': { enabled: true, options: { measurementId: 42 } },
        pixel: { enabled: true, options: { pixelId: {} } },
      },
    });
    await expect(run).rejects.toThrow(/\[analytics-gtag\] measurementId: .+\n\[pixel\] pixelId: .+/);
  });

  it('refuses an unknown plugin name', async () => {
    await expect(resolvePlugins({ ...base, plugins: { 'analytics-gtga': { enabled: true } } })).rejects.toThrow(/\[analytics-gtga\] enabled: no such plugin/);
  });
});
