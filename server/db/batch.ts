/**
 * Several hot statements in one round trip to the database.
 *
 * Why: a cart answer needs the session, the lines and whether there are coupons; a cart write also
 * renews the session and writes the line. Run one by one through Drizzle each statement costs a
 * round trip, and on PGlite every round trip is several crossings into WebAssembly (the extended
 * protocol's parse, bind, describe, execute and sync) plus Drizzle's and PGlite's result handling,
 * which together cost more than running the statement. A batch sends `EXECUTE a(...); EXECUTE
 * b(...)` as one simple-protocol query: one crossing (or one network round trip on PostgreSQL),
 * answered with each statement's rows.
 *
 * Statements of one batch run one after the other, each with its own snapshot (READ COMMITTED), in
 * one transaction: outside {@link HotDatabase.transaction} the batch is its own implicit
 * transaction (all or nothing). Inside one, later batches see what earlier ones wrote, and the
 * transaction commits when the callback returns (rolls back when it throws).
 *
 * On PGlite the statements are the ones PREPAREd at open (`prepareStatements`). On PostgreSQL each
 * pooled connection PREPAREs them the first time it runs a batch. Arguments are written as SQL
 * literals by {@link literal}, for the declared parameter types only.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { literal, preparationText, type Statement, type StatementParam } from './statements.js';

/** One statement of a batch with its arguments. */
export interface StatementCall {
  readonly statement: Statement;
  readonly params: readonly StatementParam[];
}

/** A row of a hot statement (column name to value, as the driver parsed it). */
export type HotRow = Record<string, unknown>;

/** Runs batches inside one open transaction. */
export interface HotTransaction {
  /** Runs the statements in one round trip; answers each statement's rows, in order. */
  batch(calls: readonly StatementCall[]): Promise<HotRow[][]>;
}

/** Batches of hot statements on the shop's database. */
export interface HotDatabase {
  /**
   * False when statements never run side by side (PGlite: one connection, one query at a time), so a
   * single statement needs no lock taken before it to see the writes committed before it.
   */
  readonly concurrent: boolean;
  /** Runs the statements in one round trip, as one implicit transaction; answers each statement's rows. */
  batch(calls: readonly StatementCall[]): Promise<HotRow[][]>;
  /** Runs `body` in a transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(body: (tx: HotTransaction) => Promise<T>): Promise<T>;
}

/** A call, for building batches tersely. */
export const call = (statement: Statement, ...params: StatementParam[]): StatementCall => {
  if (params.length !== statement.types.length) throw new Error(`${statement.name} takes ${statement.types.length} parameters.`);
  return { statement, params };
};

/**
 * Opens every batch: inside it (the batch's transaction only) the planner may not choose a
 * sequential scan where an index serves. The hot statements look rows up by key, and their plans
 * are cached: one made while a table was small (a new shop, or since the last ANALYZE; PGlite has no
 * autovacuum) would go on scanning the whole table as it grows. With 20,000 stored answers an add
 * took 34 ms instead of 1. Every plan of a hot statement is made inside a batch, so under this rule.
 */
const BATCH_PREAMBLE = 'SET LOCAL enable_seqscan = off';

/** The batch as one query text: the preamble, then `EXECUTE name(literal, ...)` per call. */
export function batchText(calls: readonly StatementCall[]): string {
  return [BATCH_PREAMBLE, ...calls.map(({ statement, params }) => `EXECUTE ${statement.name}(${params.map(literal).join(', ')})`)].join(';\n');
}

/** Hot batches on PGlite (the statements were PREPAREd when the database opened). */
export function pgliteHot(client: PGlite): HotDatabase {
  const run = async (target: PGlite | Transaction, calls: readonly StatementCall[]): Promise<HotRow[][]> => {
    if (calls.length === 0) return [];
    const results = await target.exec(batchText(calls));
    // The first result is the preamble's.
    return results.slice(1).map((result) => result.rows as HotRow[]);
  };
  return {
    concurrent: false,
    batch: (calls) => run(client, calls),
    transaction: (body) => client.transaction((tx) => body({ batch: (calls) => run(tx, calls) })),
  };
}

/** The rows of a simple-protocol answer: one result per statement (pg answers a lone result without the array). */
const rowsOf = (answer: pg.QueryResult | pg.QueryResult[]): HotRow[][] => (Array.isArray(answer) ? answer : [answer]).map((result) => result.rows as HotRow[]);

/** Runs a batch's text on a connection: each call's rows (the preamble's result, and BEGIN's when `begin`, left out). */
const runText = async (client: pg.PoolClient, calls: readonly StatementCall[], begin: boolean): Promise<HotRow[][]> => {
  const answer = (await client.query(`${begin ? 'BEGIN;\n' : ''}${batchText(calls)}`)) as unknown as pg.QueryResult | pg.QueryResult[];
  return rowsOf(answer).slice(begin ? 2 : 1);
};

/** Hot batches on PostgreSQL: each pooled connection PREPAREs the statements before its first batch. */
export function postgresHot(pool: pg.Pool): HotDatabase {
  const prepared = new WeakSet<pg.PoolClient>();
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    if (prepared.has(client)) return client;
    try {
      await client.query(preparationText());
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
    prepared.add(client);
    return client;
  };
  return {
    concurrent: true,
    batch: async (calls) => {
      if (calls.length === 0) return [];
      const client = await connect();
      try {
        const rows = await runText(client, calls, false);
        client.release();
        return rows;
      } catch (error) {
        // A failed batch was its own implicit transaction: rolled back, and the connection is fine.
        client.release();
        throw error;
      }
    },
    transaction: async (body) => {
      const client = await connect();
      let begun = false;
      try {
        const result = await body({
          batch: async (calls) => {
            // BEGIN travels with the first batch: one round trip fewer. From then on the transaction
            // is open (also when a statement of this batch fails), and must end.
            const first = !begun;
            begun = true;
            return runText(client, calls, first);
          },
        });
        if (begun) await client.query('COMMIT');
        client.release();
        return result;
      } catch (error) {
        let broken = false;
        if (begun) await client.query('ROLLBACK').catch(() => (broken = true));
        client.release(broken);
        throw error;
      }
    },
  };
}
