/**
 * Limits shared by every instance of the shop: two apps on one database (two connection pools on
 * PostgreSQL, as two processes would have) enforce one comment flood limit between them.
 * Run on PostgreSQL with `bash scripts/with-postgres.sh npx vitest run --project server server/shared-limits.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp } from './app.js';
import { openDatabase, type OpenedDatabase } from './db/client.js';
import { listen, type RunningServer } from './listen.js';
import { FLOOD_MAX } from './routes/wp-v2.js';
import { memoryLogger, openTestDatabase, type TestDatabase } from './test/harness.js';

let db: TestDatabase;
let second: OpenedDatabase | null = null;
const servers: RunningServer[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  // On PostgreSQL the second instance has its own pool; PGlite is one process's database, so both apps share it.
  second = db.url ? await openDatabase({ databaseUrl: db.url, poolSize: 4 }) : null;
  for (const database of [db.database, second ?? db.database]) {
    servers.push(await listen(createShopApp({ database, logger: memoryLogger(), trustProxy: ['127.0.0.1', '::1'] }), { port: 0 }));
  }
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await second?.close();
  await db.dispose();
});

const comment = (base: string, n: number, client: string) =>
  fetch(`${base}/wp-json/wp/v2/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ post: 9001, author_name: 'Rico', author_email: `rico${n}@example.org`, content: `Shared limit comment number ${n}.` }),
  });

describe('the comment flood guard across instances', () => {
  it('counts a client’s comments on every instance together', async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    for (let n = 0; n < FLOOD_MAX; n++) expect((await comment(n % 2 === 0 ? a : b, n, '203.0.113.50')).status).toBe(201);
    const onA = await comment(a, 100, '203.0.113.50');
    const onB = await comment(b, 101, '203.0.113.50');
    expect([onA.status, onB.status]).toEqual([400, 400]);
    expect(((await onB.json()) as { code: string }).code).toBe('comment_flood');
    expect((await comment(b, 102, '203.0.113.51')).status).toBe(201);
  });

  it('lets exactly FLOOD_MAX through when a client posts to both instances at once', async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const answers = await Promise.all(Array.from({ length: FLOOD_MAX * 2 }, (_, n) => comment(n % 2 === 0 ? a : b, 200 + n, '203.0.113.60')));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(FLOOD_MAX);
    expect(statuses.filter((status) => status === 400)).toHaveLength(FLOOD_MAX);
  });
});
