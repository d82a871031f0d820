/**
 * Shopper login on the embedded shop, over real HTTP on 127.0.0.1 against a throwaway database
 * (in-memory PGlite; PostgreSQL when DATABASE_URL is set).
 *
 * - Login latency: for every sample a new guest opens `/my-account/` (not timed: its cookie and the
 *   login nonce), then posts the stock login form (timed: nonce, limits in the database, the
 *   Argon2id verification, the session rotated, the cart merged, the 303). At 1 and at 8
 *   connections. The hash dominates, so its parameters are printed, with the time of one hash
 *   alone; a wrong password and an unknown account are timed too (they must cost the same).
 * - Guest-cart merge: a guest cart of 50 lines merged into an account cart of 25 (all of them among
 *   the guest's products), the merge rule and the rewrite of the account's cart in one transaction,
 *   measured in process (`mergeCartInto`), and a whole login carrying such a cart over HTTP.
 *
 * The rate-limit counters are cleared between samples (not timed): every request comes from
 * 127.0.0.1, and the limits are there to stop exactly this. Writes bench-results/server-login[-postgres].json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { createShopApp } from '../server/app.js';
import { openDatabase } from '../server/db/client.js';
import { cartItems, products, sessions } from '../server/db/schema.js';
import { parameterRunner } from '../server/db/statements.js';
import { listen } from '../server/listen.js';
import { createCustomer } from '../server/services/accounts.js';
import { lineKey, mergeCartInto } from '../server/services/cart.js';
import { ARGON2_DESCRIPTION, hashPassword } from '../server/services/passwords.js';
import { accountCartId } from '../server/services/session-store.js';
import { standInPages } from '../server/test/accounts.js';
import { request } from './lib/server-load.js';

const PASSWORD = 'Tr0ub4dor&3-horse';
const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const round = (n: number): number => Math.round(n * 100) / 100;
const stats = (samples: readonly number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples: sorted.length, p50_ms: round(percentile(sorted, 50)), p90_ms: round(percentile(sorted, 90)), max_ms: round(sorted[sorted.length - 1] ?? Number.NaN) };
};

/** A guest on its own keep-alive connection who opens the login page and logs in. */
async function loginOnce(base: string, username: string, password: string, expected: number, before?: (cookie: string) => Promise<void>): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const page = await request(agent, new URL('/my-account/', base), 'GET', {});
    const cookie = (page.headers['set-cookie'] ?? []).map((l) => l.split(';')[0] ?? '').join('; ');
    const nonce = (JSON.parse(page.body) as { account: { view: { nonces: { login: string } } } }).account.view.nonces.login;
    if (before) await before(cookie);
    const form = new URLSearchParams({ username, password, 'woocommerce-login-nonce': nonce, login: 'Log in' }).toString();
    const started = performance.now();
    const reply = await request(agent, new URL('/my-account/', base), 'POST', { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: base }, form);
    const ms = performance.now() - started;
    if (reply.status !== expected) throw new Error(`login answered ${reply.status}, expected ${expected}: ${reply.body.slice(0, 200)}`);
    return ms;
  } finally {
    agent.destroy();
  }
}

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], dataDir: 'memory' });
  const app = createShopApp({ database, pages: standInPages, logger: { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) } });
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  const ctx = { db: database.db, run: database.statements ?? parameterRunner };
  const clearLimits = () => database.db.execute(sql`DELETE FROM suki_rate_limits`);
  try {
    // Eight accounts, one per connection.
    const accounts: string[] = [];
    for (let i = 0; i < 8; i++) {
      const created = await createCustomer(database.db, `bench.login.${i}@example.ph`, PASSWORD);
      if (!created.ok) throw new Error('could not create the bench accounts');
      accounts.push(created.customer.username);
    }
    const hashSamples: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await hashPassword(`${PASSWORD}-${i}`);
      hashSamples.push(performance.now() - started);
    }

    const measure = async (connections: number, perConnection: number) => {
      const samples: number[] = [];
      await Promise.all(
        Array.from({ length: connections }, async (_, c) => {
          for (let n = 0; n < perConnection; n++) {
            await clearLimits();
            samples.push(await loginOnce(server.url, accounts[c] ?? accounts[0]!, PASSWORD, 303));
          }
        }),
      );
      return { connections, ...stats(samples) };
    };
    await measure(2, 5);
    const single = await measure(1, 40);
    const eight = await measure(8, 10);

    const failures = async (username: string) => {
      const samples: number[] = [];
      for (let n = 0; n < 30; n++) {
        await clearLimits();
        samples.push(await loginOnce(server.url, username, 'Wrong-password-123', 401));
      }
      return stats(samples);
    };
    const wrongPassword = await failures(accounts[0]!);
    const unknownAccount = await failures('nobody.here');

    // The merge: 50 guest lines into an account cart of 25 lines, all 25 of them among the guest's.
    const items = await database.db.select({ id: products.id }).from(products).where(eq(products.type, 'simple')).limit(50);
    if (items.length < 50) throw new Error(`the seed has ${items.length} simple products; the merge needs 50`);
    await database.db.update(products).set({ stockQuantity: null, maxPerOrder: null, soldIndividually: false }).where(sql`${products.id} IN ${items.map((i) => i.id)}`);
    const fillCart = async (id: string, from: number, count: number) => {
      await database.db.insert(sessions).values({ id, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }).onConflictDoNothing();
      await database.db.delete(cartItems).where(eq(cartItems.sessionId, id));
      await database.db.insert(cartItems).values(items.slice(from, from + count).map((p) => ({ sessionId: id, key: lineKey(p.id, 0), productId: p.id, variationId: 0, itemId: p.id, quantity: 2 })));
    };
    const accountCart = accountCartId(999_999);
    const mergeSamples: number[] = [];
    for (let n = 0; n < 40; n++) {
      await fillCart(accountCart, 0, 25);
      await fillCart('bench-guest-cart', 0, 50);
      const started = performance.now();
      await database.db.transaction((tx) => mergeCartInto({ db: tx, run: ctx.run }, 'bench-guest-cart', accountCart));
      mergeSamples.push(performance.now() - started);
    }
    const merge = stats(mergeSamples);
    // A whole login that carries a 50-line guest cart.
    const withCart: number[] = [];
    for (let n = 0; n < 10; n++) {
      await clearLimits();
      withCart.push(
        await loginOnce(server.url, accounts[1]!, PASSWORD, 303, async (cookie) => {
          const id = /suki_session=([0-9a-f]{64})/.exec(cookie)?.[1];
          if (!id) throw new Error('no session cookie');
          await fillCart(id, 0, 50);
        }),
      );
    }
    const loginWithCart = stats(withCart);

    const result = {
      benchmark: 'shopper login (POST /my-account/) and the guest-cart merge',
      argon2: ARGON2_DESCRIPTION,
      database: database.kind,
      node: process.version,
      date: new Date().toISOString(),
      hash_alone: stats(hashSamples),
      login: [single, eight],
      wrong_password: wrongPassword,
      unknown_account: unknownAccount,
      merge_50_lines_into_25: merge,
      login_with_50_line_guest_cart: loginWithCart,
    };
    console.log(`password hash: ${ARGON2_DESCRIPTION}; one hash alone p50 ${result.hash_alone.p50_ms} ms`);
    for (const r of result.login) console.log(`login, ${r.connections} connection(s): ${r.samples} logins, p50 ${r.p50_ms} ms, p90 ${r.p90_ms} ms, max ${r.max_ms} ms`);
    console.log(`refused login p50: wrong password ${wrongPassword.p50_ms} ms, unknown account ${unknownAccount.p50_ms} ms (the same work either way)`);
    console.log(`guest-cart merge, 50 lines into 25: p50 ${merge.p50_ms} ms, p90 ${merge.p90_ms} ms (goal: ≤ 20 ms)`);
    console.log(`login carrying a 50-line guest cart: p50 ${loginWithCart.p50_ms} ms`);
    const out = database.kind === 'pglite' ? 'bench-results/server-login.json' : 'bench-results/server-login-postgres.json';
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written to ${out}`);
  } finally {
    await server.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
