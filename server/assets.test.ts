import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestAssets, pageAssets } from './assets.js';
import { resolvePlugins } from './plugins.js';

const manifest = {
  'src/entry-client.tsx': { file: 'assets/main-1.js', isEntry: true, css: ['assets/main-1.css'], imports: ['_shared-2.js'], dynamicImports: ['src/plugins/pixel/index.ts'] },
  '_shared-2.js': { file: 'assets/shared-2.js' },
  '_schemas-3.js': { file: 'assets/schemas-3.js' },
  'src/plugins/analytics-gtag/index.ts': { file: 'assets/analytics-gtag-4.js', isDynamicEntry: true, imports: ['src/entry-client.tsx', '_schemas-3.js'] },
  'src/plugins/pixel/index.ts': { file: 'assets/pixel-5.js', isDynamicEntry: true, imports: ['src/entry-client.tsx', '_schemas-3.js'] },
  'src/plugins/swatches/index.ts': { file: 'assets/swatches-6.js', isDynamicEntry: true, imports: ['src/entry-client.tsx', '_schemas-3.js'] },
  'src/ui/pages/ProductPage.tsx': { file: 'assets/ProductPage-7.js', isDynamicEntry: true, imports: ['src/entry-client.tsx'] },
  'src/checkout-client.ts': { file: 'assets/checkout-client-8.js', isDynamicEntry: true, imports: ['src/entry-client.tsx'] },
  'src/plugins/wishlist/index.ts': { file: 'assets/wishlist-9.js', isDynamicEntry: true, imports: ['src/entry-client.tsx'] },
  'src/plugins/wishlist/views/AddButton.tsx': { file: 'assets/AddButton-10.js', isDynamicEntry: true, imports: ['src/entry-client.tsx'] },
  'src/plugins/wishlist/views/WishlistPage.tsx': { file: 'assets/WishlistPage-11.js', isDynamicEntry: true, imports: ['src/entry-client.tsx'] },
};

const withManifest = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'suki-manifest-'));
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
};

describe('manifestAssets', () => {
  it('links the entry, its CSS and static imports, and preloads only enabled plugin chunks', async () => {
    const dir = await withManifest();
    const assets = await manifestAssets(dir, [{ path: 'src/plugins/analytics-gtag/index.ts' }]);
    expect(assets.scripts).toEqual(['/assets/main-1.js']);
    expect(assets.styles).toEqual(['/assets/main-1.css']);
    expect(assets.modulePreloads).toEqual(['/assets/shared-2.js', '/assets/analytics-gtag-4.js', '/assets/schemas-3.js']);
    expect(assets.modulePreloads.join()).not.toContain('pixel');
  });

  it('reads the first-paint stylesheet (its own entry) for the pages that inline it', async () => {
    const dir = await withManifest();
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ ...manifest, 'src/ui/first-paint.css': { file: 'assets/first-paint-12.css', isEntry: true, src: 'src/ui/first-paint.css' } }));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'first-paint-12.css'), '.tile{display:flex}');
    const assets = await manifestAssets(dir, []);
    expect(assets.firstPaint).toEqual({ href: '/assets/first-paint-12.css', css: '.tile{display:flex}' });
    expect(assets.styles).toEqual(['/assets/main-1.css']);
  });

  it('links no plugin chunk when every plugin is off', async () => {
    const dir = await withManifest();
    const assets = await manifestAssets(dir, []);
    expect(assets.modulePreloads).toEqual(['/assets/shared-2.js']);
  });
});

describe('pageAssets', () => {
  it('links the product page chunk and the product-only plugins on product pages only', async () => {
    const dir = await withManifest();
    const assetsFor = await pageAssets(dir, await resolvePlugins({ plugins: { 'analytics-gtag': { enabled: true }, swatches: { enabled: true } } }));
    const product = assetsFor(new URL('http://shop.test/product/suki-logo-tee/'));
    expect(product.modulePreloads).toContain('/assets/swatches-6.js');
    expect(product.modulePreloads).toContain('/assets/ProductPage-7.js');
    const listing = assetsFor(new URL('http://shop.test/shop/'));
    expect(listing.modulePreloads.join()).not.toMatch(/swatches|ProductPage/);
  });

  it('preloads no plugin whose code waits for consent (gtag), on any page; the browser fetches it once consent is given', async () => {
    const dir = await withManifest();
    const assetsFor = await pageAssets(dir, await resolvePlugins({ plugins: { 'analytics-gtag': { enabled: true }, swatches: { enabled: true } } }));
    for (const address of ['http://shop.test/', 'http://shop.test/shop/', 'http://shop.test/product/suki-logo-tee/', 'http://shop.test/checkout/']) {
      expect(assetsFor(new URL(address)).modulePreloads.join()).not.toContain('analytics-gtag');
    }
    expect(assetsFor(new URL('http://shop.test/product/suki-logo-tee/')).modulePreloads).toContain('/assets/swatches-6.js');
  });
});

describe('pageAssets on the checkout pages', () => {
  it('links the checkout chunk on /checkout/ and its order-received page, and nowhere else', async () => {
    const dir = await withManifest();
    const assetsFor = await pageAssets(dir, await resolvePlugins({ plugins: { 'analytics-gtag': { enabled: true }, swatches: { enabled: true } } }));
    for (const address of ['http://shop.test/checkout/', 'http://shop.test/checkout/order-received/12/?key=wc_order_x']) {
      const checkout = assetsFor(new URL(address));
      expect(checkout.modulePreloads).toContain('/assets/checkout-client-8.js');
      expect(checkout.modulePreloads.join()).not.toMatch(/swatches|ProductPage/);
    }
    for (const address of ['http://shop.test/', 'http://shop.test/shop/', 'http://shop.test/cart/', 'http://shop.test/product/suki-logo-tee/']) {
      expect(assetsFor(new URL(address)).modulePreloads.join()).not.toContain('checkout');
    }
  });
});

describe('pageAssets on the wishlist pages', () => {
  it('links the chunks the wishlist plugin renders its pages with there only, and nothing of it when it is off', async () => {
    const dir = await withManifest();
    const assetsFor = await pageAssets(dir, await resolvePlugins({ plugins: { wishlist: { enabled: true } } }));
    for (const address of ['http://shop.test/wishlist/', 'http://shop.test/wishlist/view/ABCDEFGH12345678/']) {
      const preloads = assetsFor(new URL(address)).modulePreloads;
      expect(preloads).toEqual(expect.arrayContaining(['/assets/wishlist-9.js', '/assets/AddButton-10.js', '/assets/WishlistPage-11.js']));
    }
    for (const address of ['http://shop.test/', 'http://shop.test/shop/', 'http://shop.test/product/suki-logo-tee/']) {
      const preloads = assetsFor(new URL(address)).modulePreloads;
      expect(preloads).toContain('/assets/wishlist-9.js');
      expect(preloads.join()).not.toMatch(/AddButton|WishlistPage/);
    }
    const off = await pageAssets(dir, await resolvePlugins({ plugins: { wishlist: { enabled: false } } }));
    expect(off(new URL('http://shop.test/wishlist/')).modulePreloads.join()).not.toMatch(/wishlist|AddButton|WishlistPage/);
  });
});
