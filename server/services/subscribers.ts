/**
 * Newsletter subscribers with the consent they gave. Only an opt-in is written: the row says when
 * (`consent_at`), where (`consent_source`, the page the shopper ticked the box on) and what they
 * agreed to (`consent_text`, the checkbox's words). An address sent without the opt-in is not kept,
 * and it never unsubscribes anyone: an unticked box at a later checkout is not a withdrawal.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ShopDatabase } from '../db/query.js';
import { subscribers } from '../db/schema.js';

/** Addresses are kept trimmed and lower-cased (the provider's hash is the MD5 of that form). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** One opt-in. */
export interface OptIn {
  readonly email: string;
  readonly language: string;
  /** The page the opt-in came from (`/checkout/`), or `unknown`. */
  readonly source: string;
  /** The words of the opt-in the shopper ticked. */
  readonly text: string;
  readonly at: Date;
}

/** Records an opt-in: a new subscriber, or the latest consent of a known one. */
export async function recordOptIn(db: ShopDatabase, optIn: OptIn): Promise<void> {
  const consent = { language: optIn.language, subscribed: true, consentAt: optIn.at.toISOString(), consentSource: optIn.source, consentText: optIn.text };
  await db
    .insert(subscribers)
    .values({ email: normaliseEmail(optIn.email), ...consent })
    .onConflictDoUpdate({ target: subscribers.email, set: consent });
}

/** The subscribed address whose MD5 is `hash` (the provider's cart hash), or null. */
export async function subscriberByHash(db: ShopDatabase, hash: string): Promise<string | null> {
  const [row] = await db
    .select({ email: subscribers.email })
    .from(subscribers)
    .where(and(eq(subscribers.subscribed, true), sql`md5(${subscribers.email}) = ${hash.toLowerCase()}`))
    .limit(1);
  return row?.email ?? null;
}
