/** The database type shared by every module, and raw-row access that works on both drivers. */
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

/** The Drizzle database, whichever driver is underneath. Transactions have the same type. */
export type ShopDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a raw query. Both drivers answer an object with `rows`; the row type is the caller's promise. */
export async function queryRows<T>(db: ShopDatabase, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as T[];
  }
  return [];
}
