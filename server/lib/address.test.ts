/** The pure rules of proxy trust, public origin and cross-site writes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientBehind, isOwnOrigin, proxyMatcher, publicOrigin } from './address.js';
import { isCrossSiteWrite } from './request.js';

const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join('.'));

describe('clientBehind', () => {
  const trusted = proxyMatcher(['127.0.0.1', '10.0.0.0/8']);

  it('is the peer itself whenever the peer is not a trusted proxy, whatever X-Forwarded-For says', () => {
    fc.assert(fc.property(ipv4.filter((ip) => !trusted(ip)), fc.option(fc.string(), { nil: undefined }), (peer, header) => clientBehind(peer, header, trusted) === peer));
  });

  it('is the rightmost untrusted hop behind trusted proxies, ignoring what the client wrote further left', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), ipv4.filter((ip) => !trusted(ip)), fc.array(fc.constantFrom('10.1.2.3', '127.0.0.1')), (spoofed, client, proxies) => {
        const header = [...spoofed.map((s) => s.replace(/,/g, '')), client, ...proxies].join(', ');
        return clientBehind('127.0.0.1', header, trusted) === client;
      }),
    );
  });

  it('unwraps IPv4-mapped addresses and matches CIDR ranges', () => {
    expect(clientBehind('::ffff:10.0.0.7', '203.0.113.9', trusted)).toBe('203.0.113.9');
    expect(clientBehind('::ffff:192.0.2.1', '203.0.113.9', trusted)).toBe('192.0.2.1');
    expect(proxyMatcher(['fd00::/8'])('fd12::1')).toBe(true);
    expect(() => proxyMatcher(['proxy.internal'])).toThrow(/not an IP address/);
  });
});

describe('publicOrigin', () => {
  const requestUrl = new URL('http://evil.example:3000/x');
  it('prefers the configured public URL, then a trusted proxy, then the listen address; never an untrusted Host', () => {
    expect(publicOrigin({ requestUrl, publicUrl: 'https://shop.example', trustedPeer: true, forwardedHost: 'other.example' })).toBe('https://shop.example');
    expect(publicOrigin({ requestUrl, trustedPeer: true, forwardedHost: 'shop.example', forwardedProto: 'https' })).toBe('https://shop.example');
    expect(publicOrigin({ requestUrl, trustedPeer: false, forwardedHost: 'shop.example', listenUrl: 'http://127.0.0.1:3000' })).toBe('http://127.0.0.1:3000');
    expect(publicOrigin({ requestUrl, trustedPeer: true, forwardedHost: 'bad host!', forwardedProto: 'gopher' })).toBe('http://evil.example:3000');
  });
});

describe('isCrossSiteWrite', () => {
  const own = 'https://shop.example';
  const foreign = fc.webUrl().map((url) => new URL(url).origin).filter((origin) => origin !== own);

  it('refuses any foreign Origin, whatever else the request says', () => {
    fc.assert(fc.property(foreign, fc.constantFrom(undefined, 'same-origin', 'none'), (origin, site) => isCrossSiteWrite({ origin, secFetchSite: site, referer: `${own}/` }, own)));
  });

  it('refuses any Sec-Fetch-Site but same-origin and none, even with our Origin', () => {
    fc.assert(fc.property(fc.string().filter((s) => !['same-origin', 'none'].includes(s.trim().toLowerCase())), (site) => isCrossSiteWrite({ origin: own, secFetchSite: site }, own)));
  });

  it('judges by Referer only when Origin and Sec-Fetch-Site are both missing', () => {
    fc.assert(fc.property(foreign, fc.webPath(), (origin, path) => isCrossSiteWrite({ referer: `${origin}${path}` }, own)));
    expect(isCrossSiteWrite({ referer: `${own}/shop/` }, own)).toBe(false);
    expect(isCrossSiteWrite({ referer: 'not a url' }, own)).toBe(true);
    expect(isCrossSiteWrite({ secFetchSite: 'same-origin', referer: 'https://evil.example/' }, own)).toBe(false);
    expect(isCrossSiteWrite({}, own)).toBe(false);
  });

  it('takes the other loopback names for a loopback shop, on the same scheme and port only', () => {
    expect(isOwnOrigin('http://localhost:3000', 'http://127.0.0.1:3000')).toBe(true);
    expect(isOwnOrigin('http://[::1]:3000', 'http://127.0.0.1:3000')).toBe(true);
    expect(isOwnOrigin('https://localhost:3000', 'http://127.0.0.1:3000')).toBe(false);
    expect(isOwnOrigin('http://localhost:3001', 'http://127.0.0.1:3000')).toBe(false);
    expect(isOwnOrigin('http://localhost:3000', 'https://shop.example')).toBe(false);
  });
});
