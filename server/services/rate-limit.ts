/**
 * Rate limits kept in the database, so every instance of the shop on one PostgreSQL (or the one
 * PGlite process) enforces one limit. Counting is rate-limiter-flexible's Drizzle store: one atomic
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` per attempt on `suki_rate_limits`, a fixed window
 * that starts at a client's first attempt. Every limit of the shop goes through {@link dbRateLimit};
 * none is kept in process memory.
 */
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { ShopDatabase } from '../db/query.js';
import { rateLimits } from '../db/schema.js';

/** A limit on how often one client may do one thing. */
export interface RateLimit {
  /** True when the client may go ahead now; the attempt is then counted. */
  take(client: string): Promise<boolean>;
  /** Gives back a counted attempt that did not happen after all (e.g. a refused duplicate). */
  release(client: string): Promise<void>;
  /**
   * Like {@link take}, but says how long the client must wait: 0 when the attempt may go ahead
   * (it is then counted), else the milliseconds until the window ends.
   */
  attempt(client: string): Promise<number>;
}

/** What a limit allows. */
export interface RateLimitOptions {
  /** Distinguishes this limit's rows from other limits' (`comment-flood`). */
  readonly name: string;
  /** Attempts allowed per window. */
  readonly max: number;
  /** Length of the window, whole seconds. */
  readonly windowMs: number;
}

/** A limit counted in the shop database's `suki_rate_limits` table. */
export function dbRateLimit(db: ShopDatabase, options: RateLimitOptions): RateLimit {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: options.name,
    points: options.max,
    duration: Math.max(1, Math.round(options.windowMs / 1000)),
    // The app's maintenance removes old rows (purgeRateLimits); no timer per limiter.
    clearExpiredByTimeout: false,
  });
  return {
    take: async (client) => {
      try {
        await limiter.consume(client, 1);
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
    release: async (client) => {
      await limiter.reward(client, 1);
    },
    attempt: async (client) => {
      try {
        await limiter.consume(client, 1);
        return 0;
      } catch (error) {
        if (error instanceof RateLimiterRes) return Math.max(1, error.msBeforeNext);
        throw error;
      }
    },
  };
}

/** Removes counters whose window ended more than an hour ago. */
export async function purgeRateLimits(db: ShopDatabase, nowMs = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(nowMs - 3_600_000)));
}
