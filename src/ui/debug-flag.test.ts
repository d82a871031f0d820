import { afterEach, describe, expect, it, vi } from 'vitest';
import { inspectorOn } from './debug-flag.js';

/** The page's address and the tab's session storage, as the browser would give them. */
const page = (search: string, storage: Record<string, string> | 'broken' = {}) => {
  vi.stubGlobal('location', { search });
  if (storage === 'broken') {
    vi.stubGlobal(
      'sessionStorage',
      new Proxy(
        {},
        {
          get: () => {
            throw new Error('SecurityError');
          },
          set: () => {
            throw new Error('SecurityError');
          },
        },
      ),
    );
  } else vi.stubGlobal('sessionStorage', storage);
  return storage;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('inspectorOn (the shell’s debug flag)', () => {
  it('stays off without a mode (a production build whose shop did not switch it on), whatever the address says', () => {
    page('?suki-debug=1');
    expect(inspectorOn(undefined)).toBe(false);
  });

  it('is always on when the shop says so', () => {
    page('');
    expect(inspectorOn('on')).toBe(true);
  });

  it('on request: opens with ?suki-debug=1, remembers it for the tab, and forgets it with ?suki-debug=0', () => {
    const session = page('');
    expect(inspectorOn('request')).toBe(false);
    page('?s=tee&suki-debug=1', session);
    expect(inspectorOn('request')).toBe(true);
    page('?s=tee', session);
    expect(inspectorOn('request')).toBe(true);
    page('?suki-debug=0', session);
    expect(inspectorOn('request')).toBe(false);
    page('', session);
    expect(inspectorOn('request')).toBe(false);
  });

  it('ignores look-alike parameters', () => {
    page('?not-suki-debug=1');
    expect(inspectorOn('request')).toBe(false);
  });

  it('stays shut, without failing, when session storage throws', () => {
    page('?suki-debug=1', 'broken');
    expect(inspectorOn('request')).toBe(false);
    expect(inspectorOn('on')).toBe(true);
  });
});
