/**
 * REST API keys for shop staff, as WooCommerce makes them: a consumer key `ck_…` and secret `cs_…`
 * (40 hex digits each), shown once. The key is stored as WooCommerce hashes it (HMAC-SHA256 with
 * `wc-api`), the secret as SHA-256, and a request is checked by looking the key's hash up and
 * comparing the secret's hash in constant time.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ShopDatabase } from '../db/query.js';
import { apiKeys } from '../db/schema.js';

export type ApiPermission = 'read' | 'write' | 'read_write';

/** A key as made: the only time the secret is seen. */
export interface NewApiKey {
  readonly id: number;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly permissions: ApiPermission;
}

const keyHash = (consumerKey: string): string => createHmac('sha256', 'wc-api').update(consumerKey).digest('hex');
const secretHash = (consumerSecret: string): Buffer => createHash('sha256').update(consumerSecret).digest();

/** Makes a key. */
export async function createApiKey(db: ShopDatabase, description: string, permissions: ApiPermission): Promise<NewApiKey> {
  const consumerKey = `ck_${randomBytes(20).toString('hex')}`;
  const consumerSecret = `cs_${randomBytes(20).toString('hex')}`;
  const [row] = await db
    .insert(apiKeys)
    .values({ description, permissions, consumerKeyHash: keyHash(consumerKey), consumerSecretHash: secretHash(consumerSecret).toString('hex'), truncatedKey: consumerKey.slice(-7) })
    .returning({ id: apiKeys.id });
  if (!row) throw new Error('API key insert returned nothing');
  return { id: row.id, consumerKey, consumerSecret, permissions };
}

/** The permissions of a key and secret pair, or null when they do not match a key. */
export async function checkApiKey(db: ShopDatabase, consumerKey: string, consumerSecret: string): Promise<ApiPermission | null> {
  if (!/^ck_[0-9a-f]{40}$/.test(consumerKey) || !/^cs_[0-9a-f]{40}$/.test(consumerSecret)) return null;
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.consumerKeyHash, keyHash(consumerKey)));
  if (!row) return null;
  const stored = Buffer.from(row.consumerSecretHash, 'hex');
  const given = secretHash(consumerSecret);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  await db.update(apiKeys).set({ lastAccess: new Date().toISOString() }).where(eq(apiKeys.id, row.id));
  return row.permissions;
}

/** Whether a permission allows a method. */
export const permits = (permission: ApiPermission, method: string): boolean =>
  method === 'GET' || method === 'HEAD' ? permission !== 'write' : permission !== 'read';
