import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../core/logger.js';
import type { ConsentState } from '../../core/events.js';
import type { NewsletterPort, NewsletterUser, PortFailure } from '../../core/ports.js';
import { err, ok, type Result } from '../../core/result.js';
import { createRuntime } from '../../core/runtime.js';
import { stubPorts } from '../../core/testing/cart-fixtures.js';
import newsletter from './index.js';

/** A fake provider: records every call; answers are queued (default: taken) and released by hand. */
function fakeProvider(options: { readonly answer?: (user: NewsletterUser) => Result<void, PortFailure>; readonly hashes?: Readonly<Record<string, string>> } = {}) {
  const sent: NewsletterUser[] = [];
  const lookedUp: string[] = [];
  const pending: Array<() => void> = [];
  let hold = false;
  const port: NewsletterPort = {
    lookUpByHash: async (hash) => {
      lookedUp.push(hash);
      return ok(options.hashes?.[hash] ?? null);
    },
    setUser: (user) => {
      sent.push(user);
      const answer = options.answer?.(user) ?? ok(undefined);
      if (!hold) return Promise.resolve(answer);
      return new Promise((resolve) => pending.push(() => resolve(answer)));
    },
  };
  return {
    port,
    sent,
    lookedUp,
    holdAnswers: () => {
      hold = true;
    },
    releaseAll: async () => {
      for (const release of pending.splice(0)) release();
      await flush();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function boot(provider: ReturnType<typeof fakeProvider> | null, options: Record<string, unknown> = {}, consent: ConsentState = 'granted') {
  const logs: string[] = [];
  const logger: Logger = { debug: (m) => logs.push(`debug ${m}`), info() {}, warn: (m) => logs.push(`warn ${m}`), error: (m) => logs.push(`error ${m}`) };
  const ports = provider ? { ...stubPorts(), newsletter: provider.port } : stubPorts();
  const runtime = createRuntime({ ports, plugins: [{ plugin: newsletter, options }], consent: { default: consent }, logger });
  const events: Array<{ type: string; payload: unknown }> = [];
  runtime.events$.subscribe((e) => events.push({ type: e.type, payload: e.payload }));
  await runtime.start();
  const typed = async (email: string) => {
    runtime.emit('checkout.email', { email }, 'ui');
    await flush();
  };
  const optIn = async (subscribed: boolean) => {
    runtime.emit('newsletter.optInChanged', { subscribed }, 'newsletter');
    await flush();
  };
  return { runtime, logs, typed, optIn, events };
}

describe('newsletter plugin', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a valid checkout address once, with the language and the opt-in unticked', async () => {
    const provider = fakeProvider();
    const { typed } = await boot(provider);
    await typed('juan@example.ph');
    await typed('juan@example.ph');
    await typed(' juan@example.ph ');
    expect(provider.sent).toEqual([{ email: 'juan@example.ph', language: 'en', subscribed: false }]);
  });

  it('never sends an invalid address; a new valid one is sent', async () => {
    const provider = fakeProvider();
    const { typed } = await boot(provider, { language: 'tl' });
    for (const bad of ['', 'juan', 'juan@example', 'ju an@example.com', '<b>@x.com']) await typed(bad);
    expect(provider.sent).toEqual([]);
    await typed('maria+shop@example.com');
    expect(provider.sent).toEqual([{ email: 'maria+shop@example.com', language: 'tl', subscribed: false }]);
  });

  it('captures the address typed at login or registration as at checkout; a plain username captures nothing', async () => {
    const provider = fakeProvider();
    const { runtime } = await boot(provider);
    const account = async (email: string, source: 'login' | 'register') => {
      runtime.emit('account.email', { email, source }, 'account');
      await flush();
    };
    await account('ana.buyer', 'login');
    expect(provider.sent).toEqual([]);
    await account('ana.buyer@example.com', 'login');
    await account('ana.buyer@example.com', 'register');
    expect(provider.sent).toEqual([{ email: 'ana.buyer@example.com', language: 'en', subscribed: false }]);
    await account('rico@example.ph', 'register');
    expect(provider.sent.map((u) => u.email)).toEqual(['ana.buyer@example.com', 'rico@example.ph']);
  });

  it('waits for consent at login and registration too', async () => {
    const provider = fakeProvider();
    const { runtime } = await boot(provider, {}, 'ask');
    runtime.emit('account.email', { email: 'ana.buyer@example.com', source: 'register' }, 'account');
    await flush();
    expect(provider.sent).toEqual([]);
    await runtime.execute('consent.set', { state: 'granted' });
    await flush();
    expect(provider.sent.map((u) => u.email)).toEqual(['ana.buyer@example.com']);
  });

  it('loads on the checkout and the My Account pages only', () => {
    expect(newsletter.pages).toEqual(['checkout', 'account']);
  });

  it('sends again with the new choice when the opt-in changes, and not when it is told the same choice', async () => {
    const provider = fakeProvider();
    const { typed, optIn } = await boot(provider);
    await optIn(false);
    expect(provider.sent).toEqual([]);
    await typed('juan@example.ph');
    await optIn(true);
    await optIn(true);
    expect(provider.sent.map((u) => u.subscribed)).toEqual([false, true]);
    await typed('juan@example.ph');
    expect(provider.sent).toHaveLength(2);
  });

  it('the opt-in ticked before any address goes with the first address', async () => {
    const provider = fakeProvider();
    const { typed, optIn } = await boot(provider);
    await optIn(true);
    expect(provider.sent).toEqual([]);
    await typed('juan@example.ph');
    expect(provider.sent).toEqual([{ email: 'juan@example.ph', language: 'en', subscribed: true }]);
  });

  it('does not send the same address while its first send is unanswered, and retries it after a failure', async () => {
    let fail = true;
    const provider = fakeProvider({ answer: () => (fail ? err({ kind: 'network', message: 'offline' }) : ok(undefined)) });
    provider.holdAnswers();
    const { typed, logs } = await boot(provider);
    await typed('juan@example.ph');
    await typed('juan@example.ph');
    expect(provider.sent).toHaveLength(1);
    await provider.releaseAll();
    expect(logs).toContain('warn [newsletter] the newsletter provider did not take the address: offline');
    fail = false;
    await typed('juan@example.ph');
    expect(provider.sent).toHaveLength(2);
    await provider.releaseAll();
    await typed('juan@example.ph');
    expect(provider.sent).toHaveLength(2);
  });

  it('an answer to the send before the opt-in changed does not count for the new choice', async () => {
    const provider = fakeProvider({ answer: (user) => (user.subscribed ? err({ kind: 'network', message: 'offline' }) : ok(undefined)) });
    provider.holdAnswers();
    const { typed, optIn } = await boot(provider);
    await typed('juan@example.ph');
    await optIn(true);
    expect(provider.sent.map((u) => u.subscribed)).toEqual([false, true]);
    // The old choice is taken, the new one fails: the new one must go again.
    await provider.releaseAll();
    await typed('juan@example.ph');
    expect(provider.sent.map((u) => u.subscribed)).toEqual([false, true, true]);
  });

  it('a refusal is only logged, and nothing else happens', async () => {
    const provider = fakeProvider({ answer: () => err({ kind: 'refused', message: 'filter blocked due to carts being disabled' }) });
    const { typed, logs, events } = await boot(provider);
    await typed('juan@example.ph');
    expect(logs.filter((l) => l.startsWith('warn'))).toEqual(['warn [newsletter] the newsletter provider did not take the address: filter blocked due to carts being disabled']);
    expect(events.map((e) => e.type)).toEqual(['checkout.email']);
  });

  it('holds what was typed until consent is granted, then sends only the last valid address', async () => {
    const provider = fakeProvider();
    const { typed, runtime } = await boot(provider, {}, 'ask');
    await typed('juan@example.ph');
    await typed('juan@');
    expect(provider.sent).toEqual([]);
    await runtime.execute('consent.set', { state: 'granted' });
    await flush();
    expect(provider.sent.map((u) => u.email)).toEqual(['juan@example.ph']);
  });

  it('sends nothing after consent is refused', async () => {
    const provider = fakeProvider();
    const { typed, runtime } = await boot(provider, {}, 'ask');
    await typed('juan@example.ph');
    await runtime.execute('consent.set', { state: 'denied' });
    await typed('maria@example.com');
    expect(provider.sent).toEqual([]);
  });

  it('sends nothing when the shop does not allow cookies, when carts are disabled, or when the browser has cookies off', async () => {
    for (const options of [{ allowCookies: false }, { disableCarts: true }]) {
      const provider = fakeProvider();
      const { typed, logs } = await boot(provider, options);
      await typed('juan@example.ph');
      expect(provider.sent).toEqual([]);
      expect(logs.some((l) => l.startsWith('debug [newsletter] off'))).toBe(true);
    }
    vi.stubGlobal('navigator', { cookieEnabled: false });
    const provider = fakeProvider();
    const { typed } = await boot(provider);
    await typed('juan@example.ph');
    expect(provider.sent).toEqual([]);
  });

  it('remembers what was sent for the next page of the tab, and nothing when cookies are not allowed', async () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) });
    const first = fakeProvider();
    await (await boot(first)).typed('juan@example.ph');
    expect(first.sent).toHaveLength(1);
    const next = fakeProvider();
    const page2 = await boot(next);
    await page2.typed('juan@example.ph');
    expect(next.sent).toEqual([]);
    await page2.optIn(true);
    expect(next.sent).toEqual([{ email: 'juan@example.ph', language: 'en', subscribed: true }]);

    storage.clear();
    await (await boot(fakeProvider(), { allowCookies: false })).typed('maria@example.com');
    expect(storage.size).toBe(0);
  });

  it('ignores a remembered value that is not a valid address', async () => {
    vi.stubGlobal('sessionStorage', { getItem: () => JSON.stringify({ current: 'bad', lastSent: '<x>@y' }), setItem: () => undefined });
    const provider = fakeProvider();
    const { typed } = await boot(provider);
    await typed('juan@example.ph');
    expect(provider.sent).toHaveLength(1);
  });

  it('survives storage that throws', async () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    });
    const provider = fakeProvider();
    const { typed } = await boot(provider);
    await typed('juan@example.ph');
    expect(provider.sent).toHaveLength(1);
  });

  it('looks a cart link up and tells the checkout the address it names, without sending it', async () => {
    const hash = 'a'.repeat(32);
    vi.stubGlobal('location', { search: `?mc_cart_id=${hash}` });
    const provider = fakeProvider({ hashes: { [hash]: 'juan@example.ph' } });
    const { events } = await boot(provider);
    await flush();
    expect(provider.lookedUp).toEqual([hash]);
    expect(events).toEqual([{ type: 'newsletter.emailRecovered', payload: { email: 'juan@example.ph' } }]);
    expect(provider.sent).toEqual([]);
  });

  it('does not look up a malformed cart hash', async () => {
    vi.stubGlobal('location', { search: '?mc_cart_id=../../etc' });
    const provider = fakeProvider();
    await boot(provider);
    await flush();
    expect(provider.lookedUp).toEqual([]);
  });

  it('warns once and stays quiet without a newsletter port', async () => {
    const { typed, logs } = await boot(null);
    await typed('juan@example.ph');
    expect(logs).toEqual(['warn [newsletter] no newsletter port on this page; nothing is sent']);
  });

  it('rejects a malformed language', async () => {
    const runtime = createRuntime({ ports: stubPorts(), plugins: [{ plugin: newsletter, options: { language: 'english' } }], consent: { default: 'granted' } });
    await expect(runtime.start()).rejects.toThrow('[newsletter] language: must be a two-letter language code such as "en"');
  });
});
