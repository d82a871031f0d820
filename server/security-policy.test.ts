/**
 * The pages' Content-Security-Policy: inline scripts by hash (data blocks left alone), the fixed
 * directives, plugin hosts only while the plugin is on and configured, and the header on real
 * rendered pages next to the other security headers.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shopConfig from '../plugins.config.js';
import { parseShopConfig, type ShopConfig } from '../src/app/shop-config.js';
import { createPagesHandler } from './pages.js';
import { contactFormsSettingsOf } from './routes/contact-forms.js';
import { resolvePlugins } from './plugins.js';
import { contentSecurityPolicy, externalSourcesOf, inlineScriptHashes } from './security-policy.js';
import { startShop, type TestShop } from './test/harness.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const directive = (policy: string, name: string): string[] =>
  (policy.split(';').map((part) => part.trim().split(/\s+/)).find(([first]) => first === name) ?? []).slice(1);

describe('inlineScriptHashes', () => {
  it('hashes exactly the text of every inline script the browser would run', () => {
    const body = fc.string().filter((text) => !/<\/script/i.test(text));
    fc.assert(
      fc.property(body, fc.constantFrom('', ' type="module"', " type='text/javascript'", ' type=module', ' async'), (text, attributes) => {
        const hashes = inlineScriptHashes(`<p>x</p><script${attributes}>${text}</script>`);
        return hashes.length === 1 && hashes[0] === sha(text);
      }),
    );
  });

  it('leaves out external scripts, the hydration state and JSON-LD', () => {
    const html = [
      '<script type="module" src="/assets/entry.js"></script>',
      '<script type="application/json" id="suki-state">{"a":1}</script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<SCRIPT>run()</SCRIPT >',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([sha('run()')]);
  });
});

describe('contentSecurityPolicy', () => {
  it('has the fixed directives and no inline or eval escape hatch in production', () => {
    const policy = contentSecurityPolicy({}, inlineScriptHashes('<script>a()</script>'));
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'self'"]);
    expect(directive(policy, 'script-src')).toEqual(["'self'", sha('a()')]);
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it('is looser on the dev server, where Vite injects code', () => {
    expect(directive(contentSecurityPolicy({ dev: true }), 'script-src')).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
  });
});

describe('plugin hosts', () => {
  const configWith = (gtag: { enabled: boolean; id?: string }, pixel: { enabled: boolean; id?: string }): ShopConfig => {
    const base = parseShopConfig(shopConfig);
    return {
      ...base,
      plugins: {
        ...base.plugins,
        'analytics-gtag': { enabled: gtag.enabled, options: gtag.id ? { measurementId: gtag.id } : {} },
        pixel: { enabled: pixel.enabled, options: pixel.id ? { pixelId: pixel.id } : {} },
      },
    } as ShopConfig;
  };
  const policyFor = async (config: ShopConfig) => contentSecurityPolicy({ sources: externalSourcesOf(await resolvePlugins(config)) });

  it('allows Google’s tag and the pixel when they are on and configured', async () => {
    const policy = await policyFor(configWith({ enabled: true, id: 'G-TEST1234' }, { enabled: true, id: '1234567890' }));
    expect(directive(policy, 'script-src')).toEqual(expect.arrayContaining(['https://www.googletagmanager.com', 'https://connect.facebook.net']));
    expect(directive(policy, 'connect-src')).toEqual(expect.arrayContaining(['https://*.google-analytics.com', 'https://www.facebook.com']));
    expect(directive(policy, 'img-src')).toEqual(expect.arrayContaining(['https://*.google-analytics.com', 'https://www.facebook.com']));
  });

  it('allows no outside host when the plugins are off, or on without an id', async () => {
    for (const config of [configWith({ enabled: false, id: 'G-TEST1234' }, { enabled: false, id: '1234567890' }), configWith({ enabled: true }, { enabled: true })]) {
      expect(await policyFor(config)).not.toMatch(/https:/);
    }
  });
});

describe('security headers on rendered pages', () => {
  let shop: TestShop;
  beforeAll(async () => {
    const config = parseShopConfig(shopConfig);
    const plugins = await resolvePlugins(config);
    const api: { fetch?: (request: Request) => Promise<Response> } = {};
    const pages = createPagesHandler({
      apiFetch: async (request) => api.fetch!(request),
      loadRenderer: async () => import('../src/entry-server.js'),
      assets: async () => ({ scripts: ['/assets/entry.js'], styles: ['/assets/shell.css'], modulePreloads: [] }),
      config,
      plugins,
    });
    shop = await startShop({ pages, pagePolicy: { sources: externalSourcesOf(plugins) }, publicUrl: 'https://shop.example', contactForms: contactFormsSettingsOf(plugins) });
    api.fetch = async (request) => shop.app.fetch(request);
  });
  afterAll(async () => {
    await shop.close();
  });

  it('sends the policy, nosniff, the referrer and permissions policies with every page', async () => {
    for (const path of ['/', '/shop/', '/product/kapeng-barako-ground-coffee/', '/blog/', '/cart/', '/checkout/', '/checkout/order-received/1/?key=wc_order_none', '/order-tracking/', '/contact/', '/contact/wholesale/', '/no/such/page/']) {
      const response = await fetch(`${shop.url}${path}`);
      const html = await response.text();
      expect(response.headers.get('content-type'), path).toContain('text/html');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(directive(policy, 'object-src'), path).toEqual(["'none'"]);
      expect(directive(policy, 'script-src'), path).toEqual(["'self'"]);
      // The policy is made once, so no page may carry an inline script (add its hash to the policy if one must).
      expect(inlineScriptHashes(html), path).toEqual([]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
      // The page's data stays inert data.
      expect(html).toContain('<script type="application/json" id="suki-state">');
      if (path.startsWith('/contact/')) expect(html, path).toContain('data-status="init"');
    }
  });

  it('makes the canonical address and the JSON-LD from the public address, not from the Host the page was asked on', async () => {
    const html = await (await fetch(`${shop.url}/product/kapeng-barako-ground-coffee/`)).text();
    expect(html).toContain('<link rel="canonical" href="https://shop.example/product/kapeng-barako-ground-coffee/">');
    expect(html).toMatch(/"url":"https:\/\/shop\.example\/product\/kapeng-barako-ground-coffee\/"/);
    expect(html).not.toContain(shop.url);
  });
});
