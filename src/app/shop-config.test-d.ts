// Edit-time checks of plugins.config.ts: each line marked @ts-expect-error must stay a type error
// (the type-check step fails if one of them compiles).
import { describe, it } from 'vitest';
import { defineShopConfig, type ShopConfigInput } from './shop-config.js';

const base: Omit<ShopConfigInput, 'plugins'> = {
  shop: { name: 'Suki', tagline: '', storeNotice: null },
  consent: { default: 'ask' },
  cart: { redirectAfterAdd: false },
};

describe('plugins.config.ts types', () => {
  it('types each plugin’s options by its own schema', () => {
    // A plugin's options are typed by its own schema; defaults may be left out.
    defineShopConfig({ ...base, plugins: { 'last-added': { enabled: true, options: { label: 'Just added' } }, swatches: { enabled: true, options: { types: { pa_colour: 'color' } } } } });
    defineShopConfig({ ...base, plugins: { pixel: { enabled: false } } });

    // @ts-expect-error a misspelt option name
    defineShopConfig({ ...base, plugins: { 'last-added': { enabled: true, options: { lable: 'Just added' } } } });

    // @ts-expect-error an option value the schema does not allow
    defineShopConfig({ ...base, plugins: { swatches: { enabled: true, options: { types: { pa_colour: 'colr' } } } } });

    // @ts-expect-error an option of the wrong type
    defineShopConfig({ ...base, plugins: { 'shop-filters': { enabled: true, options: { sections: { shop: { lists: ['category'], ajax: 'yes' } } } } } });

    // @ts-expect-error a plugin that does not exist
    defineShopConfig({ ...base, plugins: { 'last-addd': { enabled: true } } });
  });
});
