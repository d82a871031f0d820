/**
 * The wishlist plugin's off switch, as the server links pages: switched off, no page links any of
 * its chunks (so the browser, which loads only what the page lists, never fetches them); switched
 * on, pages link only its small index (the buttons' chunk, the state machine and the list page
 * come later, from the index). The build's manifest is stood in by one of the same shape.
 */
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageAssets } from '../../server/assets.js';
import { resolvePlugins } from '../../server/plugins.js';

const manifest = {
  'src/entry-client.tsx': {
    file: 'assets/main-1.js',
    isEntry: true,
    imports: ['_shell-2.js'],
    dynamicImports: ['src/plugins/wishlist/index.ts', 'src/plugins/swatches/index.ts', 'src/adapters/wishlist.ts'],
  },
  '_shell-2.js': { file: 'assets/shell-2.js' },
  'src/plugins/wishlist/index.ts': { file: 'assets/wishlist-3.js', isDynamicEntry: true, imports: ['_shell-2.js'], dynamicImports: ['src/plugins/wishlist/views/AddButton.tsx'] },
  'src/plugins/wishlist/views/AddButton.tsx': { file: 'assets/AddButton-4.js', isDynamicEntry: true, imports: ['_shell-2.js'], dynamicImports: ['src/plugins/wishlist/views/WishlistPage.tsx'] },
  'src/plugins/wishlist/views/WishlistPage.tsx': { file: 'assets/WishlistPage-5.js', isDynamicEntry: true, imports: ['_shell-2.js'] },
  'src/adapters/wishlist.ts': { file: 'assets/wishlist-6.js', isDynamicEntry: true, imports: ['_shell-2.js'] },
  'src/plugins/swatches/index.ts': { file: 'assets/swatches-7.js', isDynamicEntry: true, imports: ['_shell-2.js'] },
  'src/ui/pages/ProductPage.tsx': { file: 'assets/ProductPage-8.js', isDynamicEntry: true, imports: ['_shell-2.js'] },
};

const ADDRESSES = ['/', '/shop/', '/product/suki-logo-tee/', '/cart/', '/checkout/', '/my-account/', '/wishlist/', '/blog/'];

const linksFor = async (enabled: boolean) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'suki-wishlist-manifest-'));
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  const assetsFor = await pageAssets(dir, await resolvePlugins({ plugins: { wishlist: { enabled }, swatches: { enabled: true } } }));
  return ADDRESSES.map((address) => [address, [...assetsFor(new URL(`http://shop.test${address}`)).modulePreloads, ...assetsFor(new URL(`http://shop.test${address}`)).scripts].join(' ')] as const);
};

describe('the wishlist plugin switched off', () => {
  it('no page links any of its code', async () => {
    for (const [address, links] of await linksFor(false)) {
      expect(links, address).not.toMatch(/wishlist|AddButton|WishlistPage/);
    }
  });

  it('switched on, pages link its index only (the rest comes later), and the wishlist pages the chunks they render with too', async () => {
    for (const [address, links] of await linksFor(true)) {
      expect(links, address).toContain('/assets/wishlist-3.js');
      expect(links, address).not.toMatch(/wishlist-6/);
      if (address === '/wishlist/') expect(links, address).toMatch(/AddButton-4\.js.*WishlistPage-5\.js|WishlistPage-5\.js.*AddButton-4\.js/);
      else expect(links, address).not.toMatch(/AddButton|WishlistPage/);
    }
  });
});
