/**
 * Shopper accounts on the embedded shop: registration, sign-in with the guest cart merged into the
 * account's, single-use mailed links (password reset, email verification), account details and
 * addresses, and the account's orders. The rules (password, email, username, the look-alike key,
 * the cart merge) are the pure functions of `src/core/rules/account.ts`; this module reads and
 * writes what they decide. Sessions are rotated by the route (`rotateSession`); this module
 * records the new id and ends the old one in the same transaction as the rest.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, like, or, sql } from 'drizzle-orm';
import type { AccountCustomer } from '../../src/app/account-page.js';
import { accountKey, usernameFromEmail } from '../../src/core/rules/account.js';
import type { Locale } from '../../src/i18n/index.js';
import type { ShopDatabase } from '../db/query.js';
import { accountTokens, customers, orders, sessions } from '../db/schema.js';
import { sha256 } from '../lib/crypto.js';
import { shopperLanguage } from '../lib/language.js';
import { mergeCartInto, type CappedCartLine, type DbContext } from './cart.js';
import { EMPTY_ADDRESS, loadCustomer, saveCustomer, type CartAddress, type CartBillingAddress } from './cart-quote.js';
import { hashPassword, needsRehash, checkPassword } from './passwords.js';
import { accountCartId, endAccountSessions, endSession, startAccountSession } from './session-store.js';

export type CustomerRow = typeof customers.$inferSelect;

/** How long a password reset link works. */
export const RESET_TTL_MS = 3_600_000;

/** How long an email verification link works. */
export const VERIFY_TTL_MS = 7 * 86_400_000;

/** Orders per page of the account's orders list. */
export const ORDERS_PER_PAGE = 10;

/** The customer as the views show them. */
export const accountCustomer = (row: CustomerRow): AccountCustomer => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
});

const parseJson = (json: string): Record<string, unknown> => {
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const readAddress = (json: string): CartAddress => {
  const source = parseJson(json);
  const out: Record<string, string> = { ...EMPTY_ADDRESS };
  for (const field of Object.keys(EMPTY_ADDRESS)) {
    const value = source[field];
    if (typeof value === 'string' && value !== '') out[field] = value;
  }
  return out as unknown as CartAddress;
};

/** The account's saved billing address (with its email) and shipping address. */
export const savedAddresses = (row: CustomerRow): { billing: CartBillingAddress; shipping: CartAddress } => {
  const email = parseJson(row.billing)['email'];
  return { billing: { ...readAddress(row.billing), email: typeof email === 'string' ? email : '' }, shipping: readAddress(row.shipping) };
};

/** The customer by id. */
export async function customerById(db: ShopDatabase, id: number): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row ?? null;
}

/**
 * The customer a login names: by email when it looks like one, else by username; both compared by
 * their account key, so case, width and look-alike letters do not matter.
 */
export async function customerByLogin(db: ShopDatabase, login: string): Promise<CustomerRow | null> {
  const key = accountKey(login);
  if (key === '') return null;
  const [row] = await db
    .select()
    .from(customers)
    .where(key.includes('@') ? or(eq(customers.emailKey, key), eq(customers.usernameKey, key)) : eq(customers.usernameKey, key))
    .limit(1);
  return row ?? null;
}

/** True when an account already uses this email (by its account key). */
export async function emailTaken(db: ShopDatabase, email: string, exceptId: number | null = null): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.emailKey, accountKey(email)));
  return row !== undefined && row.id !== exceptId;
}

/** The outcome of a sign-in attempt. One failure for a missing account and a wrong password. */
export type SignInCheck = { readonly ok: true; readonly customer: CustomerRow } | { readonly ok: false };

/**
 * Checks a login and password. A missing account verifies a dummy hash, so both failures take the
 * same time. A hash made with older parameters is replaced once the password is known right.
 */
export async function checkCredentials(db: ShopDatabase, login: string, password: string): Promise<SignInCheck> {
  const row = await customerByLogin(db, login);
  const ok = await checkPassword(row?.passwordHash ?? null, password);
  if (!row || !ok) return { ok: false };
  if (needsRehash(row.passwordHash)) {
    const passwordHash = await hashPassword(password);
    await db.update(customers).set({ passwordHash }).where(and(eq(customers.id, row.id), eq(customers.passwordHash, row.passwordHash)));
    return { ok: true, customer: { ...row, passwordHash } };
  }
  return { ok: true, customer: row };
}

/** Makes sure the account's cart row exists (it holds the account's cart lines, coupons and checkout customer). */
async function ensureAccountCart(db: ShopDatabase, customerId: number): Promise<string> {
  const id = accountCartId(customerId);
  // Far in the future: an account's cart is never purged (`purgeExpiredSessions` skips it too).
  await db.insert(sessions).values({ id, expiresAt: '9999-12-31T00:00:00Z' }).onConflictDoNothing();
  return id;
}

/** True when the cart customer has nothing typed in it. */
const blankCustomer = (billing: CartBillingAddress, shipping: CartAddress): boolean =>
  [...Object.values(billing), ...Object.values(shipping)].every((value) => value === '' || value === 'PH');

/**
 * What the checkout of the account's cart starts from: what is typed there already, else the
 * guest's typed addresses, else the account's saved addresses; the account's email when none.
 */
async function prefillCheckout(db: ShopDatabase, cartId: string, guestId: string | null, customer: CustomerRow): Promise<void> {
  const current = await loadCustomer(db, cartId);
  if (!blankCustomer(current.billing, current.shipping)) {
    if (current.billing.email === '') await saveCustomer(db, cartId, { ...current, billing: { ...current.billing, email: customer.email } });
    return;
  }
  const guest = guestId === null ? null : await loadCustomer(db, guestId);
  const saved = savedAddresses(customer);
  const base = guest && !blankCustomer(guest.billing, guest.shipping) ? guest : { ...saved, shippingRate: null };
  await saveCustomer(db, cartId, { ...base, billing: { ...base.billing, email: base.billing.email || saved.billing.email || customer.email } });
}

/** What signing in did to the carts. */
export interface SignedIn {
  readonly customer: CustomerRow;
  /** Lines of the guest cart cut to their limits when merged. */
  readonly capped: readonly CappedCartLine[];
}

/**
 * Records a sign-in under the new (rotated) session id, in one transaction: the guest cart of the
 * old id merges into the account's cart, the guest's typed checkout addresses come along when the
 * account has none in progress, and the old id's row goes with everything it owned. The account
 * keeps `locale` (the request's language by default).
 */
export async function recordSignIn(ctx: DbContext, customer: CustomerRow, oldId: string | null, newId: string, remember: boolean, locale: Locale = shopperLanguage()): Promise<SignedIn> {
  return ctx.db.transaction(async (db) => {
    const tx: DbContext = { db, run: ctx.run };
    // The account keeps the language of its last sign-in (registration signs in too), for mails
    // written outside a request of the shopper's.
    await db.update(customers).set({ locale }).where(and(eq(customers.id, customer.id), sql`${customers.locale} <> ${locale}`));
    const cartId = await ensureAccountCart(db, customer.id);
    const capped = oldId === null || oldId === cartId ? [] : await mergeCartInto(tx, oldId, cartId);
    await prefillCheckout(db, cartId, oldId, customer);
    if (oldId !== null) await endSession(db, oldId);
    await startAccountSession(db, newId, customer.id, remember);
    return { customer, capped };
  });
}

/** Ends a signed-in session (log out): the row goes; the account's cart stays for next time. */
export async function recordSignOut(db: ShopDatabase, oldId: string): Promise<void> {
  await endSession(db, oldId);
}

/** A registration's outcome. */
export type Registration = { readonly ok: true; readonly customer: CustomerRow } | { readonly ok: false; readonly reason: 'exists' };

/** True for PostgreSQL's unique_violation, as either driver reports it. */
const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Creates an account for an email (already checked by `emailProblem`) and a password (checked by
 * `passwordProblem`). The username is derived from the email as a stock shop derives it. An email
 * whose account key is taken (the same address, or a look-alike of it) is refused.
 */
export async function createCustomer(db: ShopDatabase, rawEmail: string, password: string): Promise<Registration> {
  const email = rawEmail.trim();
  if (await emailTaken(db, email)) return { ok: false, reason: 'exists' };
  const passwordHash = await hashPassword(password);
  for (let attempt = 0; attempt < 3; attempt++) {
    const base = usernameFromEmail(email, () => false);
    const similar = await db
      .select({ key: customers.usernameKey })
      .from(customers)
      .where(like(customers.usernameKey, `${base.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`));
    const taken = new Set(similar.map((r) => r.key));
    const username = usernameFromEmail(email, (candidate) => taken.has(accountKey(candidate)));
    try {
      const [row] = await db
        .insert(customers)
        .values({ username, usernameKey: accountKey(username), email, emailKey: accountKey(email), displayName: username, passwordHash, billing: JSON.stringify({ email }) })
        .returning();
      if (!row) throw new Error('customer insert returned nothing');
      return { ok: true, customer: row };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The email was registered meanwhile, or the username was: look again.
      if (await emailTaken(db, email)) return { ok: false, reason: 'exists' };
    }
  }
  return { ok: false, reason: 'exists' };
}

/** A new single-use token: 256 random bits, base64url; only its SHA-256 is stored. */
const newToken = (): string => randomBytes(32).toString('base64url');

/**
 * Makes a password reset link's key for the customer; any earlier unused key stops working, so
 * only the latest mail's link does.
 */
export async function createResetToken(db: ShopDatabase, customerId: number, nowMs = Date.now()): Promise<string> {
  const token = newToken();
  await db.delete(accountTokens).where(and(eq(accountTokens.customerId, customerId), eq(accountTokens.purpose, 'reset')));
  await db.insert(accountTokens).values({ tokenHash: sha256(token), customerId, purpose: 'reset', expiresAt: new Date(nowMs + RESET_TTL_MS).toISOString() });
  return token;
}

/** The customer a reset key belongs to, when it is unused and unexpired and matches the login; else null. Reads only. */
export async function resetTokenOwner(db: ShopDatabase, token: string, login: string, nowMs = Date.now()): Promise<CustomerRow | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ customer: customers })
    .from(accountTokens)
    .innerJoin(customers, eq(customers.id, accountTokens.customerId))
    .where(and(eq(accountTokens.tokenHash, sha256(token)), eq(accountTokens.purpose, 'reset'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, new Date(nowMs).toISOString())));
  if (!row) return null;
  return accountKey(login) === row.customer.usernameKey || accountKey(login) === row.customer.emailKey ? row.customer : null;
}

/**
 * Spends a reset key and sets the new password, in one transaction: the key is marked used by a
 * conditional update (so two posts of one link cannot both succeed), the hash replaced, and every
 * session of the account ended. Null when the key is not (or no longer) good.
 */
export async function resetPassword(db: ShopDatabase, token: string, login: string, password: string, nowMs = Date.now()): Promise<CustomerRow | null> {
  const owner = await resetTokenOwner(db, token, login, nowMs);
  if (!owner) return null;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(accountTokens)
      .set({ usedAt: new Date(nowMs).toISOString() })
      .where(and(eq(accountTokens.tokenHash, sha256(token)), eq(accountTokens.customerId, owner.id), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, new Date(nowMs).toISOString())))
      .returning({ customerId: accountTokens.customerId });
    if (spent.length === 0) return null;
    await tx.update(customers).set({ passwordHash }).where(eq(customers.id, owner.id));
    await endAccountSessions(tx, owner.id);
    return { ...owner, passwordHash };
  });
}

/** Makes an email verification key for the customer's current email. */
export async function createVerifyToken(db: ShopDatabase, customer: CustomerRow, nowMs = Date.now()): Promise<string> {
  const token = newToken();
  await db.insert(accountTokens).values({ tokenHash: sha256(token), customerId: customer.id, purpose: 'verify', email: customer.email, expiresAt: new Date(nowMs + VERIFY_TTL_MS).toISOString() });
  return token;
}

/**
 * Spends a verification key: the email is marked verified (when it is still the account's), and
 * the guest orders placed earlier with that billing email become the account's. Returns the
 * customer, or null for a bad, used or expired key.
 */
export async function verifyEmail(db: ShopDatabase, token: string, nowMs = Date.now()): Promise<{ customer: CustomerRow; claimed: number } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(accountTokens)
      .set({ usedAt: new Date(nowMs).toISOString() })
      .where(and(eq(accountTokens.tokenHash, sha256(token)), eq(accountTokens.purpose, 'verify'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, new Date(nowMs).toISOString())))
      .returning({ customerId: accountTokens.customerId, email: accountTokens.email });
    if (!spent) return null;
    const [customer] = await tx
      .update(customers)
      .set({ emailVerified: true })
      .where(and(eq(customers.id, spent.customerId), eq(customers.email, spent.email)))
      .returning();
    if (!customer) return null;
    // Orders keep the billing email lower-cased.
    const claimed = await tx
      .update(orders)
      .set({ customerId: customer.id })
      .where(and(isNull(orders.customerId), eq(orders.billingEmail, customer.email.trim().toLowerCase())))
      .returning({ id: orders.id });
    return { customer, claimed: claimed.length };
  });
}

/** The account details a shopper may change. */
export interface DetailsUpdate {
  readonly firstName: string;
  readonly lastName: string;
  readonly displayName: string;
  readonly email: string;
  /** A new password (already checked), or null to keep the current one. */
  readonly password: string | null;
}

/**
 * Saves account details. A new email is unverified until its link is followed. A new password
 * ends every session of the account and records `rotated`, the id the route gave this browser.
 */
export async function updateDetails(
  db: ShopDatabase,
  customer: CustomerRow,
  update: DetailsUpdate,
  rotated: { readonly id: string; readonly remember: boolean } | null,
): Promise<CustomerRow | 'email_taken'> {
  const email = update.email.trim();
  const emailChanged = accountKey(email) !== customer.emailKey;
  if (emailChanged && (await emailTaken(db, email, customer.id))) return 'email_taken';
  const passwordHash = update.password === null ? customer.passwordHash : await hashPassword(update.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(customers)
        .set({
          firstName: update.firstName,
          lastName: update.lastName,
          displayName: update.displayName,
          email,
          emailKey: accountKey(email),
          passwordHash,
          ...(email !== customer.email ? { emailVerified: false } : {}),
        })
        .where(eq(customers.id, customer.id))
        .returning();
      if (!row) throw new Error('customer vanished');
      if (update.password !== null) {
        await endAccountSessions(tx, customer.id);
        if (rotated) await startAccountSession(tx, rotated.id, customer.id, rotated.remember);
      }
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'email_taken';
    throw error;
  }
}

/**
 * Saves one of the account's addresses, and puts it in the account cart's checkout too, so the
 * next checkout starts from it.
 */
export async function saveAddress(db: ShopDatabase, customer: CustomerRow, kind: 'billing' | 'shipping', address: CartAddress | CartBillingAddress): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set(kind === 'billing' ? { billing: JSON.stringify(address) } : { shipping: JSON.stringify(address) })
      .where(eq(customers.id, customer.id));
    const cartId = await ensureAccountCart(tx, customer.id);
    const current = await loadCustomer(tx, cartId);
    await saveCustomer(
      tx,
      cartId,
      kind === 'billing' ? { ...current, billing: address as CartBillingAddress } : { ...current, shipping: address },
    );
  });
}

/** A page of the account's orders, newest first. */
export async function customerOrders(db: ShopDatabase, customerId: number, page: number): Promise<{ rows: Array<typeof orders.$inferSelect & { items: number }>; total: number }> {
  const [counted] = await db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId));
  const rows = await db
    .select({
      order: orders,
      items: sql<number>`(SELECT COALESCE(SUM(quantity), 0) FROM suki_order_items WHERE order_id = ${orders.id})`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.id))
    .limit(ORDERS_PER_PAGE)
    .offset((page - 1) * ORDERS_PER_PAGE);
  return { rows: rows.map((r) => ({ ...r.order, items: r.items })), total: counted?.n ?? 0 };
}

/** The account a browser session is signed in to (an unexpired signed-in row), with its `Remember me` flag. */
export async function signedInCustomer(db: ShopDatabase, sessionId: string | null, nowMs = Date.now()): Promise<{ customer: CustomerRow; remember: boolean } | null> {
  if (sessionId === null) return null;
  const [row] = await db
    .select({ customer: customers, remember: sessions.remember })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date(nowMs).toISOString())));
  return row ?? null;
}
