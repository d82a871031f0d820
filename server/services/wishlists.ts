/**
 * Wishlists on the embedded shop: lists owned by a guest (the `suki_wishlist` cookie's id) or an
 * account, their items, sharing by token, and the merge of a guest's lists into an account's at
 * sign-in. Both doors (Suki's JSON route and the stock admin-ajax actions, `routes/wishlist.ts`)
 * call these functions, so they share every rule.
 *
 * Ownership is part of every statement: a list or row is looked up by its id *and* its owner, so
 * someone else's id finds nothing, exactly like an id that does not exist. Writes that change a
 * list's items lock the list row first, so parallel adds keep every item and number them without
 * gaps or repeats.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { NewWishlist, WishlistAddResult, WishlistDetails, WishlistEntry, WishlistFeatures, WishlistItemView, WishlistPrivacy, WishlistRef, WishlistState } from '../../src/core/domain/wishlist.js';
import type { ShopDatabase } from '../db/query.js';
import { products, wishlistEstimates, wishlistItems, wishlists } from '../db/schema.js';
import { safeEqual, sha256 } from '../lib/crypto.js';
import { loadProducts, type ProductRecord, type VariationRecord } from './catalog.js';
import { activePrice, isInStock } from './stock-rules.js';
import { imageFiles, productPermalink, type ShopUrls } from '../views/store-product.js';
import { planListMerge } from './wishlist-rules.js';

export type WishlistRow = typeof wishlists.$inferSelect;

/** Who owns lists: `guest:<cookie id>` or `account:<customer id>`. */
export interface WishlistOwner {
  readonly key: string;
  readonly customerId: number | null;
  /** For a guest: when their lists expire if nothing else happens (moved forward by every write). */
  readonly guestExpiresAt: string | null;
}

/** The owner key of an account. */
export const accountOwnerKey = (customerId: number): string => `account:${customerId}`;

/** The owner key of a guest's wishlist session. */
export const guestOwnerKey = (id: string): string => `guest:${id}`;

/** A random id: 48 bits, above 2^32, so ids are never a short count away from each other. */
export function randomWishlistId(): number {
  const value = randomBytes(6).readUIntBE(0, 6);
  return 2 ** 32 + (value % (2 ** 48 - 2 ** 32));
}

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Length of a list's token: 32 of 36 symbols, about 165 bits. */
export const TOKEN_LENGTH = 32;

/** True for something shaped like a token (checked before any lookup). */
export const isTokenShaped = (value: string): boolean => new RegExp(`^[A-Z0-9]{${TOKEN_LENGTH}}$`).test(value);

/** A new random token, uppercase letters and digits like the stock plugin's (but longer). */
export function newWishlistToken(): string {
  let out = '';
  while (out.length < TOKEN_LENGTH) {
    for (const byte of randomBytes(TOKEN_LENGTH * 2)) {
      // 252 = 7 × 36: bytes above it are skipped, so every symbol is equally likely.
      if (byte < 252 && out.length < TOKEN_LENGTH) out += TOKEN_ALPHABET[byte % 36];
    }
  }
  return out;
}

/** Lists that have not expired (an account's never do). */
const live = (nowIso: string): SQL => or(isNull(wishlists.expiresAt), gt(wishlists.expiresAt, nowIso)) as SQL;

const nowIso = (): string => new Date().toISOString();

/** The ids of the owner's lists, as a subquery. */
const ownedListIds = (db: ShopDatabase, ownerKey: string) => db.select({ id: wishlists.id }).from(wishlists).where(and(eq(wishlists.ownerKey, ownerKey), live(nowIso())));

/** The owner's live lists: the default first, then in the order they were made. */
export async function ownerLists(db: ShopDatabase, ownerKey: string): Promise<WishlistRow[]> {
  return db
    .select()
    .from(wishlists)
    .where(and(eq(wishlists.ownerKey, ownerKey), live(nowIso())))
    .orderBy(desc(wishlists.isDefault), asc(wishlists.createdAt), asc(wishlists.id));
}

/** One of the owner's lists, or null (missing, expired, or someone else's: all the same). */
export async function ownerList(db: ShopDatabase, ownerKey: string, id: number, lock = false): Promise<WishlistRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const query = db
    .select()
    .from(wishlists)
    .where(and(eq(wishlists.id, id), eq(wishlists.ownerKey, ownerKey), live(nowIso())));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A list by its token, whoever owns it; null when no live list has it. Compared in constant time. */
export async function listByToken(db: ShopDatabase, token: string): Promise<WishlistRow | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await db
    .select()
    .from(wishlists)
    .where(and(eq(wishlists.tokenHash, sha256(token)), live(nowIso())));
  return row && safeEqual(row.token, token) ? row : null;
}

/** Item rows of some lists, in each list's order. */
async function itemRows(db: ShopDatabase, listIds: readonly number[]) {
  if (listIds.length === 0) return [];
  return db
    .select()
    .from(wishlistItems)
    .where(inArray(wishlistItems.wishlistId, [...listIds]))
    .orderBy(asc(wishlistItems.wishlistId), asc(wishlistItems.position), asc(wishlistItems.dateAdded), asc(wishlistItems.id));
}

/** The address of a list's page. */
export const listUrl = (row: Pick<WishlistRow, 'token'>): string => `/wishlist/view/${row.token}/`;

const toRef = (row: WishlistRow, itemCount: number): WishlistRef => ({
  id: row.id,
  token: row.token,
  title: row.title,
  privacy: row.privacy as WishlistPrivacy,
  isDefault: row.isDefault,
  itemCount,
  url: listUrl(row),
});

/** Everything the owner's lists hold (empty for a viewer with no owner yet), in one query. */
export async function wishlistState(db: ShopDatabase, ownerKey: string | null, features: WishlistFeatures): Promise<WishlistState> {
  if (ownerKey === null) return { lists: [], entries: [], defaultListId: null, features };
  const rows = await db
    .select({ list: wishlists, item: { id: wishlistItems.id, productId: wishlistItems.productId, parentId: wishlistItems.parentId, quantity: wishlistItems.quantity } })
    .from(wishlists)
    .leftJoin(wishlistItems, eq(wishlistItems.wishlistId, wishlists.id))
    .where(and(eq(wishlists.ownerKey, ownerKey), live(nowIso())))
    .orderBy(desc(wishlists.isDefault), asc(wishlists.createdAt), asc(wishlists.id), asc(wishlistItems.position), asc(wishlistItems.dateAdded), asc(wishlistItems.id));
  const lists: WishlistRow[] = [];
  const counts = new Map<number, number>();
  const entries: WishlistEntry[] = [];
  for (const { list, item } of rows) {
    if (!counts.has(list.id)) {
      counts.set(list.id, 0);
      lists.push(list);
    }
    if (item === null) continue;
    const position = counts.get(list.id) ?? 0;
    counts.set(list.id, position + 1);
    entries.push({ rowId: item.id, wishlistId: list.id, productId: item.productId, parentId: item.parentId, quantity: item.quantity, position });
  }
  return {
    lists: lists.map((l) => toRef(l, counts.get(l.id) ?? 0)),
    entries,
    defaultListId: lists.find((l) => l.isDefault)?.id ?? null,
    features,
  };
}

/** Items in all of the owner's live lists (the header's count). */
export async function ownerItemCount(db: ShopDatabase, ownerKey: string | null): Promise<number> {
  if (ownerKey === null) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(wishlistItems)
    .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
    .where(and(eq(wishlists.ownerKey, ownerKey), live(nowIso())));
  return Number(row?.n ?? 0);
}

/** Guests' lists live on once their expiry is this much older than a fresh one. */
const RENEW_AFTER_MS = 3_600_000;

/**
 * Before a guest's write: their live lists live on for another `guestDays` from now (once the
 * expiry is an hour old, so a burst of writes does not rewrite them each time). Expired lists are
 * left to the periodic purge; every read skips them. An account's lists do not expire.
 */
export async function touchOwner(tx: ShopDatabase, owner: WishlistOwner): Promise<void> {
  if (owner.guestExpiresAt === null) return;
  const stale = new Date(Date.parse(owner.guestExpiresAt) - RENEW_AFTER_MS).toISOString();
  await tx
    .update(wishlists)
    .set({ expiresAt: owner.guestExpiresAt })
    .where(and(eq(wishlists.ownerKey, owner.key), lte(wishlists.expiresAt, stale), gt(wishlists.expiresAt, nowIso())));
}

/** True when the list's expiry is old enough to move forward (see {@link touchOwner}). */
const needsTouch = (owner: WishlistOwner, list: WishlistRow): boolean =>
  owner.guestExpiresAt !== null && list.expiresAt !== null && Date.parse(list.expiresAt) <= Date.parse(owner.guestExpiresAt) - RENEW_AFTER_MS;

/** Makes a list for the owner. The first list an owner has is their default one. */
export async function createList(tx: ShopDatabase, owner: WishlistOwner, list: NewWishlist): Promise<WishlistRow> {
  const [hasDefault] = await tx
    .select({ id: wishlists.id })
    .from(wishlists)
    .where(and(eq(wishlists.ownerKey, owner.key), eq(wishlists.isDefault, true)));
  const token = newWishlistToken();
  const values = {
    id: randomWishlistId(),
    ownerKey: owner.key,
    customerId: owner.customerId,
    token,
    tokenHash: sha256(token),
    title: list.name.trim(),
    privacy: list.privacy,
    isDefault: false,
    expiresAt: owner.guestExpiresAt,
  };
  if (!hasDefault) {
    const [made] = await tx
      .insert(wishlists)
      .values({ ...values, isDefault: true })
      .onConflictDoNothing()
      .returning();
    if (made) return made;
  }
  const [made] = await tx.insert(wishlists).values(values).returning();
  if (!made) throw new Error('The wishlist was not created.');
  return made;
}

/**
 * The owner's default list, made when missing, locked for the rest of the transaction (parallel
 * item writes to it wait). Parallel first adds insert at once; the partial unique index lets one
 * win and the others find it. An expired default list (a guest who came back late) goes first.
 */
export async function ensureDefaultList(tx: ShopDatabase, owner: WishlistOwner): Promise<WishlistRow> {
  const find = async () => {
    const [row] = await tx
      .select()
      .from(wishlists)
      .where(and(eq(wishlists.ownerKey, owner.key), eq(wishlists.isDefault, true)))
      .for('update');
    return row ?? null;
  };
  const found = await find();
  if (found && (found.expiresAt === null || Date.parse(found.expiresAt) > Date.now())) return found;
  if (found) await tx.delete(wishlists).where(eq(wishlists.id, found.id));
  const token = newWishlistToken();
  await tx
    .insert(wishlists)
    .values({ id: randomWishlistId(), ownerKey: owner.key, customerId: owner.customerId, token, tokenHash: sha256(token), title: '', privacy: 0, isDefault: true, expiresAt: owner.guestExpiresAt })
    .onConflictDoNothing();
  const made = await find();
  if (!made) throw new Error('The default wishlist could not be made.');
  return made;
}

/** Locks a list row for the rest of the transaction (parallel item writes to it wait). */
async function lockList(tx: ShopDatabase, id: number): Promise<void> {
  await tx.select({ id: wishlists.id }).from(wishlists).where(eq(wishlists.id, id)).for('update');
}

async function nextPosition(tx: ShopDatabase, listId: number): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${wishlistItems.position}) + 1, 0)` })
    .from(wishlistItems)
    .where(eq(wishlistItems.wishlistId, listId));
  return Number(row?.next ?? 0);
}

/** Where an add goes. */
export type AddTarget = { readonly kind: 'default' } | { readonly kind: 'list'; readonly id: number } | { readonly kind: 'new'; readonly list: NewWishlist };

/** The outcome of an add: the stock result value, or `missing` when the list is not the owner's. */
export interface AddOutcome {
  readonly result: WishlistAddResult | 'missing';
  readonly message: string;
  readonly listId: number | null;
  readonly rowId: number | null;
}

export const WISHLIST_TEXT = {
  added: 'Product added!',
  exists: 'The product is already in your wishlist!',
  error: 'An error occurred while adding the products to the wishlist.',
  notAllowed: 'You are not allowed to add products to this wishlist.',
  removed: 'Product successfully removed.',
  estimateSent: 'Your estimate request has been sent. We will reply by email.',
} as const;

/** The product an add names: the row sold (variation or product) and its parent. */
async function productFor(tx: ShopDatabase, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = await tx.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

/** Adds a product (or variation) to one of the owner's lists. Call inside a transaction. */
export async function addItem(tx: ShopDatabase, owner: WishlistOwner, productId: number, target: AddTarget): Promise<AddOutcome> {
  const product = await productFor(tx, productId);
  if (!product) return { result: 'error', message: WISHLIST_TEXT.error, listId: null, rowId: null };
  let list: WishlistRow | null;
  if (target.kind === 'default') list = await ensureDefaultList(tx, owner);
  else if (target.kind === 'new') list = await createList(tx, owner, target.list);
  else list = await ownerList(tx, owner.key, target.id, true);
  if (!list) return { result: 'missing', message: WISHLIST_TEXT.notAllowed, listId: null, rowId: null };
  if (needsTouch(owner, list)) await touchOwner(tx, owner);
  const price = product.type === 'variable' ? (product.minPrice > 0 ? product.minPrice : null) : activePrice(product);
  // The list row is locked, so the next position is this transaction's to take.
  const [made] = await tx
    .insert(wishlistItems)
    .values({
      id: randomWishlistId(),
      wishlistId: list.id,
      productId: product.id,
      parentId: product.type === 'variation' ? product.parentId : product.id,
      quantity: 1,
      position: sql`(SELECT coalesce(max(${wishlistItems.position}) + 1, 0) FROM ${wishlistItems} WHERE ${wishlistItems.wishlistId} = ${list.id})`,
      priceWhenAdded: price,
    })
    .onConflictDoNothing()
    .returning({ id: wishlistItems.id });
  if (!made) {
    const [there] = await tx
      .select({ id: wishlistItems.id })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.wishlistId, list.id), eq(wishlistItems.productId, product.id)));
    return { result: 'exists', message: WISHLIST_TEXT.exists, listId: list.id, rowId: there?.id ?? null };
  }
  return { result: 'true', message: WISHLIST_TEXT.added, listId: list.id, rowId: made.id };
}

/** One of the owner's item rows with its list, or null. */
export async function ownerItem(db: ShopDatabase, ownerKey: string, rowId: number) {
  if (!Number.isSafeInteger(rowId) || rowId <= 0) return null;
  const [row] = await db
    .select({ item: wishlistItems, list: wishlists })
    .from(wishlistItems)
    .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
    .where(and(eq(wishlistItems.id, rowId), eq(wishlists.ownerKey, ownerKey), live(nowIso())));
  return row ?? null;
}

/** The row of a product in a list (the caller checked the list is the owner's), or null. */
export async function listItemOfProduct(db: ShopDatabase, listId: number, productId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: wishlistItems.id })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.wishlistId, listId), eq(wishlistItems.productId, productId)));
  return row?.id ?? null;
}

/** Removes one of the owner's rows; false when it is not theirs (or gone). */
export async function removeItem(tx: ShopDatabase, owner: WishlistOwner, rowId: number): Promise<boolean> {
  if (!Number.isSafeInteger(rowId) || rowId <= 0) return false;
  const removed = await tx
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.id, rowId), inArray(wishlistItems.wishlistId, ownedListIds(tx, owner.key))))
    .returning({ id: wishlistItems.id });
  if (removed.length > 0) await touchOwner(tx, owner);
  return removed.length > 0;
}

/** Removes a product from one of the owner's lists, or from all of them (`listId` null). How many rows went. */
export async function removeProduct(tx: ShopDatabase, owner: WishlistOwner, productId: number, listId: number | null): Promise<number> {
  if (!Number.isSafeInteger(productId) || productId <= 0) return 0;
  const removed = await tx
    .delete(wishlistItems)
    .where(
      and(
        eq(wishlistItems.productId, productId),
        inArray(wishlistItems.wishlistId, ownedListIds(tx, owner.key)),
        listId === null ? undefined : eq(wishlistItems.wishlistId, listId),
      ),
    )
    .returning({ id: wishlistItems.id });
  if (removed.length > 0) await touchOwner(tx, owner);
  return removed.length;
}

/** Sets a row's quantity (already checked to be 1–9999); false when the row is not the owner's. */
export async function setItemQuantity(tx: ShopDatabase, owner: WishlistOwner, rowId: number, quantity: number): Promise<boolean> {
  if (!Number.isSafeInteger(rowId) || rowId <= 0) return false;
  const changed = await tx
    .update(wishlistItems)
    .set({ quantity })
    .where(and(eq(wishlistItems.id, rowId), inArray(wishlistItems.wishlistId, ownedListIds(tx, owner.key))))
    .returning({ id: wishlistItems.id });
  if (changed.length > 0) await touchOwner(tx, owner);
  return changed.length > 0;
}

/**
 * Moves a row into another of the owner's lists (or a new one). When the destination already has
 * the product, the row merges into it (the larger quantity stays) and the moved row goes.
 */
export async function moveItem(tx: ShopDatabase, owner: WishlistOwner, rowId: number, to: number | { readonly list: NewWishlist }): Promise<'ok' | 'missing'> {
  const found = await ownerItem(tx, owner.key, rowId);
  if (!found) return 'missing';
  const destination = typeof to === 'number' ? await ownerList(tx, owner.key, to) : await createList(tx, owner, to.list);
  if (!destination) return 'missing';
  await touchOwner(tx, owner);
  if (destination.id === found.item.wishlistId) return 'ok';
  await lockList(tx, destination.id);
  const [there] = await tx
    .select()
    .from(wishlistItems)
    .where(and(eq(wishlistItems.wishlistId, destination.id), eq(wishlistItems.productId, found.item.productId)));
  if (there) {
    if (found.item.quantity > there.quantity) await tx.update(wishlistItems).set({ quantity: found.item.quantity }).where(eq(wishlistItems.id, there.id));
    await tx.delete(wishlistItems).where(eq(wishlistItems.id, found.item.id));
    return 'ok';
  }
  await tx
    .update(wishlistItems)
    .set({ wishlistId: destination.id, position: await nextPosition(tx, destination.id) })
    .where(eq(wishlistItems.id, found.item.id));
  return 'ok';
}

/** Renames a list and/or changes its privacy; false when it is not the owner's. */
export async function updateList(tx: ShopDatabase, owner: WishlistOwner, id: number, change: { readonly title?: string; readonly privacy?: WishlistPrivacy }): Promise<boolean> {
  const set: { title?: string; privacy?: number } = {};
  if (change.title !== undefined) set.title = change.title.trim();
  if (change.privacy !== undefined) set.privacy = change.privacy;
  const list = await ownerList(tx, owner.key, id);
  if (!list) return false;
  await touchOwner(tx, owner);
  if (Object.keys(set).length > 0) await tx.update(wishlists).set(set).where(eq(wishlists.id, list.id));
  return true;
}

/** Deletes a list with its items; a deleted default list hands the role to the oldest other list. */
export async function deleteList(tx: ShopDatabase, owner: WishlistOwner, id: number): Promise<boolean> {
  const list = await ownerList(tx, owner.key, id, true);
  if (!list) return false;
  await tx.delete(wishlists).where(eq(wishlists.id, list.id));
  if (list.isDefault) {
    const [heir] = await tx
      .select({ id: wishlists.id })
      .from(wishlists)
      .where(and(eq(wishlists.ownerKey, owner.key), live(nowIso())))
      .orderBy(asc(wishlists.createdAt), asc(wishlists.id))
      .limit(1);
    if (heir) await tx.update(wishlists).set({ isDefault: true }).where(eq(wishlists.id, heir.id));
  }
  await touchOwner(tx, owner);
  return true;
}

/**
 * Saves a list's order: `rowIds` must be exactly the list's rows, each once (`mismatch` otherwise,
 * and nothing changes).
 */
export async function sortList(tx: ShopDatabase, owner: WishlistOwner, id: number, rowIds: readonly number[]): Promise<'ok' | 'missing' | 'mismatch'> {
  const list = await ownerList(tx, owner.key, id, true);
  if (!list) return 'missing';
  const rows = await tx.select({ id: wishlistItems.id }).from(wishlistItems).where(eq(wishlistItems.wishlistId, list.id));
  const have = new Set(rows.map((r) => r.id));
  const given = new Set(rowIds);
  if (given.size !== rowIds.length || given.size !== have.size || rowIds.some((r) => !have.has(r))) return 'mismatch';
  await touchOwner(tx, owner);
  if (rowIds.length === 0) return 'ok';
  const values = sql.join(
    rowIds.map((rowId, position) => sql`(${rowId}::bigint, ${position}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`UPDATE suki_wishlist_items AS i SET position = v.position FROM (VALUES ${values}) AS v(id, position) WHERE i.id = v.id AND i.wishlist_id = ${list.id}`);
  return 'ok';
}

// ---------------------------------------------------------------- a list's page

const PHP_MINOR_UNIT = 2;

const imageOf = (urls: ShopUrls, record: ProductRecord, variation: VariationRecord | null): WishlistItemView['image'] => {
  const own = variation?.images[0];
  const slug = own ? (variation?.row.slug ?? record.row.slug) : record.row.slug;
  const image = own ?? record.images[0];
  if (!image) return null;
  const files = imageFiles(urls, slug, image.position);
  return { src: files.thumbnail, srcset: files.srcset, alt: image.alt || record.row.name };
};

/** A list with its items as its page shows them. Products that are gone are left out. */
export async function listDetails(db: ShopDatabase, list: WishlistRow, urls: ShopUrls): Promise<WishlistDetails> {
  const items = await itemRows(db, [list.id]);
  const records = await loadProducts(db, [...new Set(items.map((i) => i.parentId))]);
  const byId = new Map(records.map((r) => [r.row.id, r]));
  const views: WishlistItemView[] = [];
  for (const item of items) {
    const record = byId.get(item.parentId);
    if (!record) continue;
    const variation = item.productId === item.parentId ? null : (record.variations.find((v) => v.row.id === item.productId) ?? null);
    if (item.productId !== item.parentId && !variation) continue;
    const sold = variation?.row ?? record.row;
    const variable = record.row.type === 'variable' && variation === null;
    const price = variable ? (record.variations.length > 0 ? Math.min(...record.variations.map((v) => activePrice(v.row))) : null) : activePrice(sold);
    const inStock = variable ? record.variations.some((v) => isInStock(v.row)) : isInStock(sold);
    const query = variation ? variation.attributes.map((a) => `attribute_${a.taxonomy}=${encodeURIComponent(a.termSlug)}`).join('&') : '';
    const permalink = `${productPermalink(urls, record.row.slug)}${query ? `?${query}` : ''}`;
    views.push({
      rowId: item.id,
      productId: item.productId,
      parentId: item.parentId,
      productType: variation ? 'variation' : record.row.type,
      name: record.row.name,
      permalink,
      image: imageOf(urls, record, variation),
      attributes: (variation?.attributes ?? []).map((a) => ({ name: a.name, value: a.termName })),
      price,
      priceWhenAdded: item.priceWhenAdded !== null && price !== null && item.priceWhenAdded !== price ? item.priceWhenAdded : null,
      currency: 'PHP',
      currencyMinorUnit: PHP_MINOR_UNIT,
      stock: inStock ? { status: 'instock', text: 'In stock' } : { status: 'outofstock', text: 'Out of stock' },
      dateAdded: new Date(item.dateAdded).toISOString(),
      quantity: item.quantity,
      position: views.length,
      purchasable: !variable && inStock && price !== null,
      addToCartUrl: variable ? permalink : `${listUrl(list)}?add-to-cart=${item.productId}`,
    });
  }
  return { ...toRef(list, views.length), dateCreated: new Date(list.createdAt).toISOString(), items: views };
}

// ---------------------------------------------------------------- sign-in

/**
 * Moves a guest's lists to an account (at sign-in or registration): the guest's default list
 * merges into the account's default (each product once, the larger quantity kept), the other lists
 * move over as they are. Call inside the sign-in's transaction. How many items the guest had.
 */
export async function mergeGuestLists(tx: ShopDatabase, guestKey: string, customerId: number): Promise<number> {
  const accountKey = accountOwnerKey(customerId);
  await tx.delete(wishlists).where(and(eq(wishlists.ownerKey, guestKey), lte(wishlists.expiresAt, nowIso())));
  const guest = await tx.select().from(wishlists).where(eq(wishlists.ownerKey, guestKey)).for('update');
  if (guest.length === 0) return 0;
  const guestItems = await itemRows(
    tx,
    guest.map((l) => l.id),
  );
  const [accountDefault] = await tx
    .select()
    .from(wishlists)
    .where(and(eq(wishlists.ownerKey, accountKey), eq(wishlists.isDefault, true)))
    .for('update');
  const guestDefault = guest.find((l) => l.isDefault);
  if (guestDefault && accountDefault) {
    const mine = await itemRows(tx, [accountDefault.id]);
    const theirs = guestItems.filter((i) => i.wishlistId === guestDefault.id);
    const plan = planListMerge(
      mine.map((i) => ({ rowId: i.id, productId: i.productId, quantity: i.quantity, position: i.position })),
      theirs.map((i) => ({ rowId: i.id, productId: i.productId, quantity: i.quantity, position: i.position })),
    );
    for (const r of plan.raise) await tx.update(wishlistItems).set({ quantity: r.quantity }).where(eq(wishlistItems.id, r.rowId));
    for (const m of plan.move) await tx.update(wishlistItems).set({ wishlistId: accountDefault.id, position: m.position }).where(eq(wishlistItems.id, m.rowId));
    await tx.delete(wishlists).where(eq(wishlists.id, guestDefault.id));
  }
  const others = guest.filter((l) => !(guestDefault && accountDefault && l.id === guestDefault.id));
  if (others.length > 0) {
    await tx
      .update(wishlists)
      .set({ ownerKey: accountKey, customerId, expiresAt: null })
      .where(
        inArray(
          wishlists.id,
          others.map((l) => l.id),
        ),
      );
  }
  return guestItems.length;
}

// ---------------------------------------------------------------- estimates and upkeep

/** Records a request for an estimate of a list. */
export async function recordEstimate(
  tx: ShopDatabase,
  request: { readonly ownerKey: string; readonly wishlistId: number; readonly email: string; readonly message: string; readonly items: ReadonlyArray<{ productId: number; name: string; quantity: number; price: number | null }> },
): Promise<number> {
  const [row] = await tx
    .insert(wishlistEstimates)
    .values({ ownerKey: request.ownerKey, wishlistId: request.wishlistId, email: request.email, message: request.message, items: JSON.stringify(request.items) })
    .returning({ id: wishlistEstimates.id });
  if (!row) throw new Error('The estimate request was not stored.');
  return row.id;
}

/** Removes guests' lists whose time is up. */
export async function purgeExpiredWishlists(db: ShopDatabase, nowMs = Date.now()): Promise<void> {
  await db.delete(wishlists).where(lte(wishlists.expiresAt, new Date(nowMs).toISOString()));
}
