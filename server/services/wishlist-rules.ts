/**
 * Pure rules of the server's wishlists: what a title may be, and how a guest's lists merge into an
 * account's at sign-in. No database here; `services/wishlists.ts` applies what these decide.
 */
import { wishlistNoticeTexts } from '../../src/app/wishlist-notices.js';
import { isBlankText, isStorableText } from '../../src/core/rules/text.js';
import { BASE_LOCALE, textsIn, type Locale } from '../../src/i18n/index.js';

/** Longest list title, in characters (code points) after trimming. */
export const TITLE_MAX = 255;

/** Largest quantity of one item. */
export const WISHLIST_QUANTITY_MAX = 9999;

/** Longest estimate message, in characters. */
export const ESTIMATE_MESSAGE_MAX = 5000;

/** The problem with a list title, or null when it may be saved (after trimming). */
export function titleProblem(raw: string, locale: Locale = BASE_LOCALE): string | null {
  const title = raw.trim();
  const t = textsIn(wishlistNoticeTexts, locale);
  if (!isStorableText(title)) return t.nameUnsavable;
  if (title === '' || isBlankText(title)) return t.nameMissing;
  if ([...title].length > TITLE_MAX) return t.nameTooLong({ max: TITLE_MAX });
  return null;
}

/** One item as the merge sees it. */
export interface MergeItem {
  readonly rowId: number;
  readonly productId: number;
  readonly quantity: number;
  readonly position: number;
}

/** What to do with the guest's default list's items when it merges into the account's default list. */
export interface MergePlan {
  /** Account rows whose quantity rises (the guest had more of the same product). */
  readonly raise: ReadonlyArray<{ readonly rowId: number; readonly quantity: number }>;
  /** Guest rows that move into the account's list, with their new positions (after the account's). */
  readonly move: ReadonlyArray<{ readonly rowId: number; readonly position: number }>;
  /** Guest rows that go (the product is already in the account's list). */
  readonly drop: readonly number[];
}

/**
 * Merges a guest's list into an account's: each product once; where both have it, the account's
 * row stays with the larger quantity; the guest's other items follow the account's, in the guest's
 * order.
 */
export function planListMerge(account: readonly MergeItem[], guest: readonly MergeItem[]): MergePlan {
  const byProduct = new Map(account.map((item) => [item.productId, item]));
  const raised = new Map<number, number>();
  const move: Array<{ rowId: number; position: number }> = [];
  const drop: number[] = [];
  let next = account.reduce((max, item) => Math.max(max, item.position + 1), 0);
  const ordered = [...guest].sort((a, b) => a.position - b.position || a.rowId - b.rowId);
  const seen = new Set<number>();
  for (const item of ordered) {
    const mine = byProduct.get(item.productId);
    if (mine) {
      if (item.quantity > Math.max(mine.quantity, raised.get(mine.rowId) ?? 0)) raised.set(mine.rowId, item.quantity);
      drop.push(item.rowId);
    } else if (seen.has(item.productId)) {
      drop.push(item.rowId);
    } else {
      seen.add(item.productId);
      move.push({ rowId: item.rowId, position: next });
      next += 1;
    }
  }
  const raise = [...raised].map(([rowId, quantity]) => ({ rowId, quantity }));
  return { raise, move, drop };
}
