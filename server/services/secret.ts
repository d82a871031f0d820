/**
 * The server secret: from the configuration when given, otherwise generated once and kept in the
 * database, so every process of the shop (and every restart) signs with the same key.
 */
import { eq } from 'drizzle-orm';
import type { ShopDatabase } from '../db/client.js';
import { settings } from '../db/schema.js';
import { deriveKeys, generateSecret, type Keys } from '../lib/crypto.js';

const SECRET_KEY = 'secret';

/** Reads the stored secret, creating it first if needed (the first writer wins under concurrency). */
export async function loadStoredSecret(db: ShopDatabase): Promise<string> {
  await db.insert(settings).values({ key: SECRET_KEY, value: generateSecret() }).onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECRET_KEY));
  if (!row) throw new Error('The server secret could not be stored.');
  return row.value;
}

/**
 * Memoised key loader: the secret is read from the database once per app, not per request. A failed
 * read is not cached, so a database hiccup at start-up heals on the next request.
 */
export function keyLoader(db: ShopDatabase, configured?: string): () => Promise<Keys> {
  if (configured) {
    const keys = deriveKeys(configured);
    return () => Promise.resolve(keys);
  }
  let pending: Promise<Keys> | null = null;
  return () => {
    pending ??= loadStoredSecret(db).then(deriveKeys, (error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
