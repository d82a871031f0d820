/** Server settings from the environment. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_CHECK_MS, DEFAULT_MAX_CONCURRENT, DEFAULT_MAX_QUEUE, DEFAULT_RENDER_CACHE_MB, listenOrigin, loadServerConfig } from './config.js';

/** The load-shedding and render-cache settings when none are given. */
const tuning = { maxConcurrent: DEFAULT_MAX_CONCURRENT, maxQueue: DEFAULT_MAX_QUEUE, renderCacheBytes: DEFAULT_RENDER_CACHE_MB * 1024 * 1024, cacheCheckMs: DEFAULT_CACHE_CHECK_MS, mailFrom: 'Suki <shop@suki.example.ph>', accountLimitScale: 1 };

describe('loadServerConfig', () => {
  it('uses the defaults for an empty environment', () => {
    expect(loadServerConfig({})).toEqual({ port: 3000, host: '127.0.0.1', dataDir: './.data', ...tuning });
  });

  it('reads every variable, treating blank ones as unset', () => {
    const secret = 's'.repeat(40);
    expect(
      loadServerConfig({ PORT: '8080', HOST: '0.0.0.0', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/suki', SUKI_DATA_DIR: '/var/lib/suki', SUKI_SECRET: secret }),
    ).toEqual({ port: 8080, host: '0.0.0.0', databaseUrl: 'postgres://u:p@127.0.0.1:5432/suki', dataDir: '/var/lib/suki', secret, ...tuning });
    expect(loadServerConfig({ PORT: '', DATABASE_URL: ' ', SUKI_SECRET: '' })).toEqual({ port: 3000, host: '127.0.0.1', dataDir: './.data', ...tuning });
    expect(loadServerConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ HOST: 'bad host!' }, 'HOST'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ SUKI_SECRET: 'short' }, 'SUKI_SECRET'],
    [{ SUKI_MAX_CONCURRENT: '0' }, 'SUKI_MAX_CONCURRENT'],
    [{ SUKI_MAX_QUEUE: 'lots' }, 'SUKI_MAX_QUEUE'],
    [{ SUKI_RENDER_CACHE_MB: '-1' }, 'SUKI_RENDER_CACHE_MB'],
    [{ SUKI_CACHE_CHECK_MS: '1.5' }, 'SUKI_CACHE_CHECK_MS'],
    [{ SUKI_SMTP_URL: 'http://mail.example.ph' }, 'SUKI_SMTP_URL'],
    [{ SUKI_SMTP_URL: 'mail.example.ph:587' }, 'SUKI_SMTP_URL'],
    [{ SUKI_MAIL_FROM: 'Suki <shop@suki.example.ph>\r\nBcc: x@example.com' }, 'SUKI_MAIL_FROM'],
    [{ SUKI_MEDIA_URL: 'ftp://media.example.ph/x' }, 'SUKI_MEDIA_URL'],
    [{ SUKI_MEDIA_URL: 's3://key:secret@bucket' }, 'SUKI_MEDIA_URL'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => loadServerConfig(env)).toThrow(new RegExp(`Invalid server configuration:\\n(.|\\n)*${name}: `));
  });

  it('reads the SMTP URL and the sender', () => {
    expect(loadServerConfig({ SUKI_SMTP_URL: 'smtps://user:pass@mail.example.ph:465', SUKI_MAIL_FROM: 'Tindahan <benta@tindahan.ph>' })).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.ph:465',
      mailFrom: 'Tindahan <benta@tindahan.ph>',
    });
  });

  it('reads where review media go', () => {
    expect(loadServerConfig({ SUKI_MEDIA_URL: 's3://shop-media?endpoint=http://127.0.0.1:9000' })).toMatchObject({ mediaUrl: 's3://shop-media?endpoint=http://127.0.0.1:9000' });
    expect(loadServerConfig({}).mediaUrl).toBeUndefined();
  });

  it('lists every problem at once', () => {
    expect(() => loadServerConfig({ PORT: 'x', SUKI_SECRET: 'y' })).toThrow(/PORT: .*\n.*SUKI_SECRET: /);
  });
});

describe('load shedding and render cache settings', () => {
  it('reads the queue depth, concurrency, cache size and generation check interval', () => {
    expect(loadServerConfig({ SUKI_MAX_CONCURRENT: '4', SUKI_MAX_QUEUE: '0', SUKI_RENDER_CACHE_MB: '0', SUKI_CACHE_CHECK_MS: '250' })).toMatchObject({
      maxConcurrent: 4,
      maxQueue: 0,
      renderCacheBytes: 0,
      cacheCheckMs: 250,
    });
  });
});

describe('SUKI_UPSTREAM', () => {
  it('takes an http(s) shop address and drops a trailing slash', () => {
    expect(loadServerConfig({ SUKI_UPSTREAM: 'https://shop.example/' }).upstream).toBe('https://shop.example');
    expect(loadServerConfig({}).upstream).toBeUndefined();
  });
  it('refuses other schemes, credentials and queries with a readable message', () => {
    for (const bad of ['ftp://shop.example', 'https://user:pw@shop.example', 'https://shop.example/?x=1', 'shop.example']) {
      expect(() => loadServerConfig({ SUKI_UPSTREAM: bad })).toThrow(/SUKI_UPSTREAM: must be the address of a WooCommerce shop/);
    }
  });
});

describe('SUKI_PUBLIC_URL and SUKI_TRUST_PROXY', () => {
  it('takes the public address as an origin and the proxies as a list', () => {
    expect(loadServerConfig({ SUKI_PUBLIC_URL: 'https://Shop.Example/' }).publicUrl).toBe('https://shop.example');
    expect(loadServerConfig({ SUKI_TRUST_PROXY: '127.0.0.1, ::1,10.0.0.0/8 , fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8']);
    expect(loadServerConfig({})).not.toHaveProperty('publicUrl');
    expect(loadServerConfig({})).not.toHaveProperty('trustProxy');
  });
  it('refuses a public address with a path, query or credentials, and proxies that are not addresses', () => {
    for (const bad of ['shop.example', 'ftp://shop.example', 'https://shop.example/shop/', 'https://shop.example/?a=1', 'https://u:p@shop.example']) {
      expect(() => loadServerConfig({ SUKI_PUBLIC_URL: bad })).toThrow(/SUKI_PUBLIC_URL: must be the address shoppers use/);
    }
    for (const bad of ['proxy.internal', '10.0.0.0/33', '127.0.0.1/8/1', ',', '1.2.3']) {
      expect(() => loadServerConfig({ SUKI_TRUST_PROXY: bad })).toThrow(/SUKI_TRUST_PROXY: must be a comma-separated list/);
    }
  });
  it('defaults the public address to the listen address', () => {
    expect(listenOrigin('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(listenOrigin('::1', 8080)).toBe('http://[::1]:8080');
    expect(listenOrigin('0.0.0.0', 3000)).toBe('http://localhost:3000');
  });
});

describe('account limit scale', () => {
  it('reads a whole number from 1 to 1000 and refuses others', () => {
    expect(loadServerConfig({ SUKI_ACCOUNT_LIMIT_SCALE: '50' }).accountLimitScale).toBe(50);
    expect(() => loadServerConfig({ SUKI_ACCOUNT_LIMIT_SCALE: '0' })).toThrow(/SUKI_ACCOUNT_LIMIT_SCALE/);
    expect(() => loadServerConfig({ SUKI_ACCOUNT_LIMIT_SCALE: 'lots' })).toThrow(/SUKI_ACCOUNT_LIMIT_SCALE/);
  });
});
