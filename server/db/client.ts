/**
 * Opens the shop database: embedded PGlite by default (files under `<dataDir>/pglite`, or in memory),
 * PostgreSQL when a URL is given. Either way the same migrations run at open, and an empty
 * catalogue is seeded with the demo shop.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectRoot } from '../lib/root.js';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { queryRows, type ShopDatabase } from './query.js';
import * as schema from './schema.js';
import { seedCatalogue } from './seed.js';
import { executeRunner, parameterRunner, prepareStatements, type StatementRunner } from './statements.js';
import { pgliteHot, postgresHot, type HotDatabase } from './batch.js';

export { queryRows, type ShopDatabase };

/** An open database. */
export interface OpenedDatabase {
  readonly db: ShopDatabase;
  readonly kind: 'pglite' | 'postgres';
  /**
   * How the cart's hot statements run: prepared once on PGlite, plain parameterised queries on
   * PostgreSQL. Optional so a hand-made OpenedDatabase still works (with plain queries).
   */
  readonly statements?: StatementRunner;
  /**
   * Several hot statements per round trip (`server/db/batch.ts`): the cart's fast paths. Optional
   * so a hand-made OpenedDatabase still works (then every cart request takes the general path).
   */
  readonly hot?: HotDatabase;
  /** PGlite only: the whole database as a tarball, which {@link OpenDatabaseOptions.from} opens again. */
  readonly dump?: () => Promise<Blob>;
  /** Closes the connection(s); the object is unusable afterwards. */
  close(): Promise<void>;
}

/** Where the data lives. */
export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when set, PGlite is not used. */
  readonly databaseUrl?: string | undefined;
  /** PGlite data root (files in `<dataDir>/pglite`), or `'memory'` for a throwaway database. @default './.data' */
  readonly dataDir?: string | undefined;
  /** Size of the PostgreSQL connection pool. @default 10 */
  readonly poolSize?: number;
  /**
   * A throwaway PGlite database (`dataDir: 'memory'`) starts as a copy of this dump (see
   * {@link OpenedDatabase.dump}) instead of an empty database: the tests open a shop per file, and
   * setting one up from scratch took 2–3 s, from a dump of a migrated and seeded one about 0.5 s.
   */
  readonly from?: Blob;
}

const MIGRATIONS = path.join(projectRoot, 'server', 'db', 'migrations');

/**
 * PGlite runs PostgreSQL inside this process, so its memory is the server's memory, and WebAssembly
 * memory only ever grows. PostgreSQL's defaults are sized for a database server: 128 MB of shared
 * buffers alone made up about a third of the shop's resident memory, filling up as sessions and
 * carts were written. The shop's data is a few megabytes and the operating system caches the
 * files anyway, so PGlite gets small buffers (the memory soak bench keeps this honest).
 */
export const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'maintenance_work_mem = 16MB', 'work_mem = 4MB', 'temp_buffers = 4MB'].join('\n');

/** Advisory lock key shared by every process that migrates this database (any 64-bit number). */
const MIGRATION_LOCK = 0x53_75_6b_69_4d_67; // "SukiMg"

/**
 * Runs initdb for a new PGlite folder in a short-lived child process. initdb is a WebAssembly
 * instance of its own, and what it and its files allocate outside WebAssembly memory stays in this
 * process's malloc heap after it is gone (about 55 MiB of resident memory, never given back, in a
 * server started on a new folder). Resolves false when the child could not do it; the caller then
 * sets the folder up in process, which reports the real problem (a full disk, a read-only folder).
 */
export async function initPgliteInChild(dir: string): Promise<boolean> {
  let modulePath: string;
  try {
    modulePath = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  } catch {
    return false;
  }
  const script = `require(${JSON.stringify(modulePath)}).PGlite.create(${JSON.stringify(dir)}, { postgresqlconf: ${JSON.stringify(PGLITE_SETTINGS)} }).then((db) => db.close()).then(() => process.exit(0), () => process.exit(1));`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore', env: { ...process.env, NODE_OPTIONS: '' } });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0 && existsSync(path.join(dir, 'PG_VERSION'))));
  });
}

async function openPglite(dataDir: string, from: Blob | undefined): Promise<OpenedDatabase> {
  const dir = dataDir === 'memory' ? null : path.resolve(dataDir, 'pglite');
  if (dir) await mkdir(dir, { recursive: true });
  const create = () =>
    dir ? PGlite.create(dir, { postgresqlconf: PGLITE_SETTINGS, extensions: { pg_trgm } }) : PGlite.create({ postgresqlconf: PGLITE_SETTINGS, extensions: { pg_trgm }, ...(from ? { loadDataDir: from } : {}) });
  // A new folder is set up by initdb, a second WebAssembly instance that PGlite keeps for as long
  // as it is open (about 250 MB of resident memory on top of the database's own).
  const fresh = dir !== null && !existsSync(path.join(dir, 'PG_VERSION')) && !(await initPgliteInChild(dir));
  let client = await create();
  let db = drizzlePglite({ client, schema });
  try {
    // One process owns a PGlite directory, so no lock is needed around migrations here.
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    const seeded = await seedCatalogue(db);
    // PGlite has no autovacuum: without statistics the planner scans whole tables for every join.
    await client.exec('ANALYZE');
    if (dir && (fresh || seeded)) {
      // Open the folder again, so what initdb and the seed's inserts left in memory goes with the
      // first instance (WebAssembly memory never shrinks while its instance lives).
      await client.close();
      // When the process runs with --expose-gc (`npm start` does), collect now: the closed instance
      // is garbage, but nothing else would make the collector run soon.
      (globalThis as { gc?: () => void }).gc?.();
      client = await create();
      db = drizzlePglite({ client, schema });
    }
    await prepareStatements((text) => client.exec(text));
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', statements: executeRunner, hot: pgliteHot(client), dump: () => client.dumpDataDir('none'), close: () => client.close() };
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<OpenedDatabase> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePostgres({ client: pool, schema });
  try {
    // Several processes may start at once: a session advisory lock on one connection makes them
    // migrate one after the other (the migrator itself is not safe to run concurrently).
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await migratePostgres(db, { migrationsFolder: MIGRATIONS });
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } finally {
      lockClient.release();
    }
    if (await seedCatalogue(db)) await db.execute(sql`ANALYZE`);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, kind: 'postgres', statements: parameterRunner, hot: postgresHot(pool), close: () => pool.end() };
}

/**
 * Opens, migrates and (when the catalogue is empty) seeds the database.
 * @throws when the database cannot be reached or a migration fails.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? './.data', options.from);
}
