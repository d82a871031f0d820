/**
 * The contact-form plugin's switch, as the server links pages: switched off, no page links any of
 * its code; switched on, only the contact pages do (it is scoped to them), never the home page, the
 * shop or a product. The build's manifest is stood in by one of the same shape.
 */
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageAssets } from '../../server/assets.js';
import { resolvePlugins } from '../../server/plugins.js';

const manifest = {
  'src/entry-client.tsx': { file: 'assets/main-1.js', isEntry: true, imports: ['_shell-2.js'], dynamicImports: ['src/plugins/contact-form/index.ts', 'src/adapters/contact-form.ts'] },
  '_shell-2.js': { file: 'assets/shell-2.js' },
  'src/plugins/contact-form/index.ts': { file: 'assets/contact-form-3.js', isDynamicEntry: true, imports: ['_shell-2.js', '_contact-rules-4.js'] },
  '_contact-rules-4.js': { file: 'assets/contact-rules-4.js' },
  'src/adapters/contact-form.ts': { file: 'assets/contact-form-5.js', isDynamicEntry: true, imports: ['_shell-2.js'] },
};

const ADDRESSES = ['/', '/shop/', '/product/suki-logo-tee/', '/cart/', '/checkout/', '/my-account/', '/blog/', '/contact/', '/contact/wholesale/'];

const linksFor = async (enabled: boolean) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'suki-contact-manifest-'));
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  const assetsFor = await pageAssets(dir, await resolvePlugins({ plugins: { 'contact-form': { enabled } } }));
  return ADDRESSES.map((address) => {
    const assets = assetsFor(new URL(`http://shop.test${address}`));
    return [address, [...assets.modulePreloads, ...assets.scripts].join(' ')] as const;
  });
};

describe('the contact-form plugin switch', () => {
  it('off: no page links any of its code', async () => {
    for (const [address, links] of await linksFor(false)) expect(links, address).not.toMatch(/contact/);
  });

  it('on: only the contact pages link it (and its rules), never the adapter up front', async () => {
    for (const [address, links] of await linksFor(true)) {
      if (address.startsWith('/contact/')) {
        expect(links, address).toContain('/assets/contact-form-3.js');
        expect(links, address).toContain('/assets/contact-rules-4.js');
      } else expect(links, address).not.toMatch(/contact/);
      expect(links, address).not.toContain('contact-form-5');
    }
  });
});
