/**
 * Server settings from the environment, validated once at start-up so a typo in `PORT` or
 * `DATABASE_URL` stops the process with a readable message instead of failing later.
 */
import { z } from 'zod';
import { parseProxyEntry } from './lib/address.js';
import { parseMediaUrl } from './storage/open.js';

/** Validated server settings. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database. */
  readonly databaseUrl?: string;
  /** Where PGlite keeps its files (`<dataDir>/pglite`). */
  readonly dataDir: string;
  /** Signs sessions, nonces and cart tokens; generated and stored in the database when absent. */
  readonly secret?: string;
  /** An existing WooCommerce shop to stand in front of (upstream mode: no database at all). */
  readonly upstream?: string;
  /** `SUKI_PUBLIC_URL`: the origin shoppers use (every absolute link); default: the listen address. */
  readonly publicUrl?: string;
  /** `SUKI_TRUST_PROXY`: the proxies (addresses or CIDR ranges) whose X-Forwarded-* headers are believed. */
  readonly trustProxy?: readonly string[];
  /** Requests handled at once; more wait in the queue (`SUKI_MAX_CONCURRENT`). */
  readonly maxConcurrent: number;
  /** Requests that may wait; past that the server answers 503 with Retry-After (`SUKI_MAX_QUEUE`). */
  readonly maxQueue: number;
  /** Memory for the render cache in bytes; 0 switches it off (`SUKI_RENDER_CACHE_MB`). */
  readonly renderCacheBytes: number;
  /** How long an instance trusts the catalogue generation it read, in ms (`SUKI_CACHE_CHECK_MS`). */
  readonly cacheCheckMs: number;
  /**
   * `SUKI_SMTP_URL`: where order emails go (`smtp://user:pass@host:587`, `smtps://…:465`); absent,
   * each message is written as an `.eml` file under `<dataDir>/mail/` and its path is logged.
   */
  readonly smtpUrl?: string;
  /** `SUKI_MAIL_FROM`: the sender of the shop's emails. @default 'Suki <shop@suki.example.ph>' */
  readonly mailFrom: string;
  /**
   * Multiplies every account limit (login, registration, reset attempts) and the contact forms'
   * per-client limit: for test servers whose
   * clients all share one address (`SUKI_ACCOUNT_LIMIT_SCALE`). @default 1
   */
  readonly accountLimitScale: number;
  /**
   * `SUKI_MEDIA_URL`: where review photos and videos are kept (`server/storage/open.ts`): absent,
   * `<dataDir>/media`; `file:///folder`; or `s3://bucket/prefix?endpoint=…&region=…` with the
   * credentials in `SUKI_MEDIA_ACCESS_KEY_ID` / `SUKI_MEDIA_SECRET_ACCESS_KEY`.
   */
  readonly mediaUrl?: string;
}

/** Requests handled at once by default: enough to overlap database waits, few enough to keep each fast. */
export const DEFAULT_MAX_CONCURRENT = 8;
/** Requests that may wait by default: about two seconds of uncached renders on a small machine. */
export const DEFAULT_MAX_QUEUE = 64;
/** Render cache memory by default, in MiB. */
export const DEFAULT_RENDER_CACHE_MB = 32;
/** Longest time a read of the catalogue generation is trusted by default, in ms. */
export const DEFAULT_CACHE_CHECK_MS = 100;

// Empty strings count as "unset", as shells and .env files often produce them.
const blankToUndefined = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A whole number from the environment, within bounds. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,9}$/, `must be a whole number between ${min} and ${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be a whole number between ${min} and ${max}`)
      .default(fallback),
  );

const envSchema = z.object({
  PORT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a whole number between 0 and 65535')
      .transform(Number)
      .refine((n) => n <= 65_535, 'must be a whole number between 0 and 65535')
      .default(3000),
  ),
  HOST: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9.:[\]-]{1,253}$/, 'must be a host name or an IP address, e.g. 127.0.0.1')
      .default('127.0.0.1'),
  ),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
        } catch {
          return false;
        }
      }, 'must be a PostgreSQL URL such as postgres://user:password@127.0.0.1:5432/suki')
      .optional(),
  ),
  SUKI_DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./.data')),
  SUKI_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, 'must be at least 32 characters long (use a random string)').optional(),
  ),
  SUKI_UPSTREAM: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash && !url.username;
        } catch {
          return false;
        }
      }, 'must be the address of a WooCommerce shop, such as https://shop.example')
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  SUKI_PUBLIC_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'http:' || url.protocol === 'https:') && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username && !url.password;
        } catch {
          return false;
        }
      }, 'must be the address shoppers use, scheme and host only, such as https://shop.example')
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  SUKI_TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((value) => value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== ''))
      .refine((entries) => entries.length > 0 && entries.every((entry) => parseProxyEntry(entry) !== null), 'must be a comma-separated list of IP addresses or CIDR ranges, such as 127.0.0.1,::1 or 10.0.0.0/8')
      .optional(),
  ),
  SUKI_MAX_CONCURRENT: wholeNumber(1, 10_000, DEFAULT_MAX_CONCURRENT),
  SUKI_MAX_QUEUE: wholeNumber(0, 100_000, DEFAULT_MAX_QUEUE),
  SUKI_RENDER_CACHE_MB: wholeNumber(0, 4096, DEFAULT_RENDER_CACHE_MB),
  SUKI_CACHE_CHECK_MS: wholeNumber(0, 60_000, DEFAULT_CACHE_CHECK_MS),
  SUKI_ACCOUNT_LIMIT_SCALE: wholeNumber(1, 1000, 1),
  SUKI_SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
        } catch {
          return false;
        }
      }, 'must be an SMTP URL such as smtp://user:password@mail.example.ph:587 or smtps://mail.example.ph:465')
      .optional(),
  ),
  SUKI_MEDIA_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .superRefine((value, context) => {
        try {
          parseMediaUrl(value, '.');
        } catch (error) {
          context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        }
      })
      .optional(),
  ),
  SUKI_MAIL_FROM: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(200)
      .regex(/^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/, 'must be an address such as Suki <shop@suki.example.ph>')
      .default('Suki <shop@suki.example.ph>'),
  ),
});

/**
 * Reads the server settings from `env`.
 * @throws Error listing every invalid variable as `NAME: problem`.
 */
export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new Error(`Invalid server configuration:\n${problems.join('\n')}`);
  }
  const { PORT, HOST, DATABASE_URL, SUKI_DATA_DIR, SUKI_SECRET, SUKI_UPSTREAM, SUKI_PUBLIC_URL, SUKI_TRUST_PROXY, SUKI_SMTP_URL } = parsed.data;
  return {
    port: PORT,
    host: HOST,
    dataDir: SUKI_DATA_DIR,
    maxConcurrent: parsed.data.SUKI_MAX_CONCURRENT,
    maxQueue: parsed.data.SUKI_MAX_QUEUE,
    renderCacheBytes: parsed.data.SUKI_RENDER_CACHE_MB * 1024 * 1024,
    cacheCheckMs: parsed.data.SUKI_CACHE_CHECK_MS,
    mailFrom: parsed.data.SUKI_MAIL_FROM,
    accountLimitScale: parsed.data.SUKI_ACCOUNT_LIMIT_SCALE,
    ...(SUKI_SMTP_URL === undefined ? {} : { smtpUrl: SUKI_SMTP_URL }),
    ...(parsed.data.SUKI_MEDIA_URL === undefined ? {} : { mediaUrl: parsed.data.SUKI_MEDIA_URL }),
    ...(DATABASE_URL === undefined ? {} : { databaseUrl: DATABASE_URL }),
    ...(SUKI_SECRET === undefined ? {} : { secret: SUKI_SECRET }),
    ...(SUKI_UPSTREAM === undefined ? {} : { upstream: SUKI_UPSTREAM }),
    ...(SUKI_PUBLIC_URL === undefined ? {} : { publicUrl: SUKI_PUBLIC_URL }),
    ...(SUKI_TRUST_PROXY === undefined ? {} : { trustProxy: SUKI_TRUST_PROXY }),
  };
}

/**
 * The public origin when `SUKI_PUBLIC_URL` is not set: the listen address (`http://127.0.0.1:3000`).
 * A server listening on every address (`0.0.0.0`, `::`) has no one address, so `localhost` stands
 * in; such a deployment should set `SUKI_PUBLIC_URL` (start-up says so).
 */
export function listenOrigin(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '[::]';
  const shown = wildcard ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
