/**
 * Reading what a stock YITH WooCommerce Wishlist 3.x (free) shop answers: its wishlist page's HTML
 * (the free plugin has no JSON to read a list from), the localised settings `yith_wcwl_l10n` with
 * the per-action nonces, and the JSON of its admin-ajax actions. Pure functions, no HTTP; the
 * translation that calls the stock shop is `wishlist.ts`.
 *
 * The facts are in the peer-2 recordings (`tests/fixtures/stock-woocommerce-9.1/peer-2/wishlist-*.http`,
 * `yith-*.http`): the page is the `#yith-wcwl-form` form whose `data-fragment-options` say whose list
 * it is (`is_user_owner`, `wishlist_id`, `wishlist_token`, `is_private`, `count`), and whose table rows
 * (`tr[data-row-id]`) hold the remove link (`?remove_from_wishlist=ID&_wpnonce=…`, owner only), the
 * picture, the name link, the price (`del`/`ins` when on sale), the stock status and WooCommerce's
 * loop add-to-cart link. In the free plugin a row's `data-row-id` is the product's (or variation's) id,
 * not the item's database id, and `remove_from_wishlist` takes that id.
 */
import { decodeEntities, htmlToText } from '../../src/adapters/text.js';
import type { WishlistAddResult, WishlistFeatures, WishlistItemView } from '../../src/core/domain/wishlist.js';
import type { WishlistNotice } from '../../src/app/wishlist-page.js';
import { readStockNotices } from './my-account.js';

/** What a shop with the free plugin can do beyond add and remove: nothing (one list, no premium actions). */
export const STOCK_FREE_FEATURES: WishlistFeatures = {
  multipleLists: false,
  moveItems: false,
  sortItems: false,
  quantities: false,
  estimates: false,
  // `save_title` has a nonce in the settings, but the free plugin's page offers no title form
  // (`page_title: false`, an empty TITLE block) and names the default list `false`: not offered.
  renameLists: false,
  changePrivacy: false,
};

const MAX_ROWS = 500;
const MAX_TEXT = 300;
const clip = (value: string, max = MAX_TEXT): string => (value.length > max ? `${value.slice(0, max - 1)}…` : value);
/** Text of an HTML fragment on one line. */
const text = (html: string): string => htmlToText(html).replace(/\s+/g, ' ').trim();

/** The value of attribute `name` in a start tag, entities decoded; null when absent. */
export const attribute = (tag: string, name: string): string | null => {
  const found = new RegExp(`(?:^|\\s)${name.replace(/[-]/g, '\\-')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return found ? decodeEntities(found[1] ?? found[2] ?? '') : null;
};

/** The first start tag of element `element` in `html` that has `needle` in it (e.g. a class), or null. */
const startTag = (html: string, element: string, needle: RegExp): string | null => {
  for (const [tag] of html.matchAll(new RegExp(`<${element}\\b(?:[^>"']|"[^"]*"|'[^']*')*>`, 'gi'))) if (needle.test(tag)) return tag;
  return null;
};

const hasClass = (name: string) => new RegExp(`\\sclass\\s*=\\s*"(?:[^"]*\\s)?${name}(?:\\s[^"]*)?"`, 'i');

/** The inside of the first `<td>` with class `name` in a row. */
const cell = (row: string, name: string): string | null => {
  for (const [, open = '', inner = ''] of row.matchAll(/(<td\b(?:[^>"']|"[^"]*"|'[^']*')*>)([\s\S]*?)<\/td>/gi)) if (hasClass(name).test(open)) return inner;
  return null;
};

// ---------------------------------------------------------------------------------------------
// The localised settings

/** What the page's `yith_wcwl_l10n` tells us. */
export interface StockL10n {
  readonly nonces: { readonly add: string; readonly remove: string };
  readonly redirectToCart: boolean;
  readonly removeAfterAddToCart: boolean;
  readonly multiWishlist: boolean;
}

const NONCE = /^[0-9a-f]{6,20}$/;
const nonceOf = (value: unknown): string => (typeof value === 'string' && NONCE.test(value) ? value : '');
/** PHP's truthy strings as `wp_localize_script` writes them ('1', 'yes'; '' is false). */
const truthy = (value: unknown): boolean => value === true || value === '1' || value === 'yes' || value === 1;

/**
 * The `yith_wcwl_l10n` object of a stock page, or null when the page has none (or it is not JSON).
 * The nonces fall back to the page's own no-script links (the add button's and the remove link's
 * `_wpnonce`, which are the same nonces).
 */
export function readStockL10n(html: string): StockL10n | null {
  const script = /var yith_wcwl_l10n\s*=\s*(\{.*?\});\s*(?:\n|<\/script>|$)/.exec(html)?.[1];
  let parsed: Record<string, unknown> | null = null;
  if (script !== undefined) {
    try {
      const value: unknown = JSON.parse(script);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) parsed = value as Record<string, unknown>;
    } catch {
      parsed = null;
    }
  }
  const nonce = (typeof parsed?.['nonce'] === 'object' && parsed['nonce'] !== null ? parsed['nonce'] : {}) as Record<string, unknown>;
  const add = nonceOf(nonce['add_to_wishlist_nonce']) || (/[?&](?:amp;|#038;)?add_to_wishlist=\d+&(?:amp;|#038;)?_wpnonce=([0-9a-f]{6,20})\b/.exec(html)?.[1] ?? '');
  const remove = nonceOf(nonce['remove_from_wishlist_nonce']) || (/[?&](?:amp;|#038;)?remove_from_wishlist=\d+&(?:amp;|#038;)?_wpnonce=([0-9a-f]{6,20})\b/.exec(html)?.[1] ?? '');
  if (parsed === null && add === '' && remove === '') return null;
  return {
    nonces: { add, remove },
    redirectToCart: truthy(parsed?.['redirect_to_cart']),
    removeAfterAddToCart: truthy(parsed?.['remove_from_wishlist_after_add_to_cart']),
    multiWishlist: truthy(parsed?.['multi_wishlist']),
  };
}

// ---------------------------------------------------------------------------------------------
// Money

/** How the stock shop writes amounts (from its Store API: `prices.currency_*`). */
export interface StockCurrency {
  readonly code: string;
  readonly minorUnit: number;
  readonly decimalSeparator: string;
  readonly thousandSeparator: string;
}

/**
 * An amount as WooCommerce prints it (`₱1,200.00`, symbol and markup already gone or not) in minor
 * units, or null when it is not one. Digits, the shop's thousand separator and one decimal separator
 * are read; anything else around the number (the symbol, spaces) is dropped.
 */
export function parseStockAmount(printed: string, currency: StockCurrency): number | null {
  const body = /[0-9][0-9\s.,'\u00a0\u202f]*/.exec(text(printed))?.[0]?.trim() ?? '';
  if (body === '') return null;
  const thousands = currency.thousandSeparator;
  const decimal = currency.decimalSeparator || '.';
  const withoutThousands = thousands ? body.split(thousands).join('') : body;
  const [whole = '', fraction = '', ...rest] = withoutThousands.replace(/[\s\u00a0\u202f]/g, '').split(decimal);
  if (rest.length > 0 || !/^\d{1,15}$/.test(whole) || !/^\d*$/.test(fraction) || fraction.length > currency.minorUnit) return null;
  const minor = Number(whole) * 10 ** currency.minorUnit + Number(fraction.padEnd(currency.minorUnit, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

const SYMBOL = /<span\b[^>]*\bwoocommerce-Price-currencySymbol\b[^>]*>[\s\S]*?<\/span>/g;
const AMOUNT = /<span\b[^>]*\bwoocommerce-Price-amount\b[^>]*>\s*(?:<bdi>)?([^<]*)/g;

/** The current price a price cell prints: `ins` when on sale, the lowest of a range; null when none. */
export function readPriceCell(html: string, currency: StockCurrency): number | null {
  // The screen-reader sentences repeat the amounts ("Original price was: …"); the struck-out one is not today's price.
  const visible = html
    .replace(/<span\b[^>]*\bscreen-reader-text\b[^>]*>[\s\S]*?<\/span>/g, '')
    .replace(/<del\b[\s\S]*?<\/del>/g, '')
    .replace(SYMBOL, '');
  const known = [...visible.matchAll(AMOUNT)].map((m) => parseStockAmount(m[1] ?? '', currency)).filter((a): a is number => a !== null);
  return known.length === 0 ? null : Math.min(...known);
}

// ---------------------------------------------------------------------------------------------
// The wishlist page

/** The list a stock page shows. */
export interface StockList {
  readonly id: number;
  readonly token: string;
  /** '' for the free plugin's default list (named `false`). */
  readonly title: string;
  readonly isDefault: boolean;
  readonly isPrivate: boolean;
}

/** One row of the stock table, before prices are read with the shop's currency. */
export interface StockRow {
  /** `data-row-id`: the product's or variation's id in the free plugin. */
  readonly rowId: number;
  readonly productId: number;
  readonly parentId: number;
  readonly productType: string;
  readonly name: string;
  readonly permalink: string;
  readonly image: WishlistItemView['image'];
  readonly attributes: WishlistItemView['attributes'];
  /** The price cell's HTML (read with the shop's currency by {@link stockItemView}). */
  readonly priceHtml: string;
  readonly stock: WishlistItemView['stock'];
  /** ISO 8601, or '' when the page does not show it (the free plugin's default). */
  readonly dateAdded: string;
  readonly quantity: number;
  /** The add-to-cart link as a path on our host, or the product's page when it cannot go straight in. */
  readonly addToCartUrl: string;
  readonly purchasable: boolean;
  /** The remove link's nonce ('' when the viewer gets none). */
  readonly removeNonce: string;
}

/** What a stock wishlist page shows. */
export interface StockWishlistPage {
  /** The list shown; null when the viewer has none yet (or the token names none). */
  readonly list: StockList | null;
  /** Whether the stock shop treats the viewer as the list's owner (`is_user_owner`, or remove links shown). */
  readonly owner: boolean;
  readonly rows: readonly StockRow[];
  readonly l10n: StockL10n | null;
  readonly notices: readonly WishlistNotice[];
}

const FORM = /<form\b(?:[^>"']|"[^"]*"|'[^']*')*\bid\s*=\s*"yith-wcwl-form"(?:[^>"']|"[^"]*"|'[^']*')*>/i;
const ROW = /<tr\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/tr>/gi;
const TOKEN = /^[A-Za-z0-9]{4,64}$/;

const positiveId = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Our path for a link of the stock page (already on our origin, the forwarder rewrote it). */
export const localPath = (href: string, ourOrigin: string, pagePath: string): string => {
  let url: URL;
  try {
    url = new URL(href, `${ourOrigin}${pagePath}`);
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  return url.origin === ourOrigin ? `${url.pathname}${url.search}` : url.toString();
};

const readOptions = (form: string): Record<string, unknown> => {
  const raw = attribute(form, 'data-fragment-options');
  if (raw === null) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const STOCK_STATUS: ReadonlyArray<readonly [RegExp, WishlistItemView['stock']['status']]> = [
  [/\bwishlist-out-of-stock\b/, 'outofstock'],
  [/\bwishlist-on-backorder\b|\bon-backorder\b/, 'onbackorder'],
  [/\bwishlist-in-stock\b/, 'instock'],
];

/** One table row, or null when it is not an item (the empty list's row). */
function readRow(open: string, row: string, ourOrigin: string, pagePath: string): StockRow | null {
  const rowId = positiveId(attribute(open, 'data-row-id'));
  if (rowId === null) return null;
  const nameCell = cell(row, 'product-name') ?? '';
  const nameLink = /<a\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/a>/i.exec(nameCell);
  const permalink = localPath(attribute(nameLink?.[1] ?? '', 'href') ?? '', ourOrigin, pagePath);
  const variation = /<dl\b[^>]*\bvariation\b[^>]*>([\s\S]*?)<\/dl>/i.exec(nameCell)?.[1] ?? '';
  const attributes = [...variation.matchAll(/<dt\b[^>]*>([\s\S]*?)<\/dt>\s*<dd\b[^>]*>([\s\S]*?)<\/dd>/gi)]
    .map((m) => ({ name: clip(text(m[1] ?? '').replace(/:$/, ''), 120), value: clip(text(m[2] ?? ''), 120) }))
    .filter((a) => a.name !== '' && a.value !== '')
    .slice(0, 20);
  const name = clip(text(nameLink?.[2] ?? nameCell.replace(/<dl\b[\s\S]*?<\/dl>/gi, '')));
  if (name === '') return null;

  const thumb = cell(row, 'product-thumbnail') ?? '';
  const img = startTag(thumb, 'img', /\ssrc\s*=/i);
  const src = img ? localPath(attribute(img, 'src') ?? '', ourOrigin, pagePath) : '';
  const srcset = img
    ? (attribute(img, 'srcset') ?? '')
        .split(',')
        .map((entry) => entry.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([url = '', width = '']) => [localPath(url, ourOrigin, pagePath), width].filter((p) => p !== '').join(' '))
        .join(', ')
    : '';
  const image = img && src ? { src, srcset, alt: clip(attribute(img, 'alt') ?? '') } : null;

  const stockCell = cell(row, 'product-stock-status') ?? '';
  const status = STOCK_STATUS.find(([pattern]) => pattern.test(stockCell))?.[1] ?? 'instock';
  const stock = { status, text: clip(text(stockCell), 120) };

  const cartCell = cell(row, 'product-add-to-cart') ?? row;
  const cartLink = startTag(cartCell, 'a', /\badd_to_cart_button\b|\badd-to-cart=|\bproduct_type_/);
  const cartHref = cartLink ? (attribute(cartLink, 'href') ?? '') : '';
  const cartUrl = cartHref ? new URL(cartHref, `${ourOrigin}${pagePath}`) : null;
  const addsDirectly = cartUrl !== null && cartUrl.searchParams.has('add-to-cart');
  // No cart link (out of stock): nothing says it is more than a simple product.
  const productType = /\bproduct_type_([a-z0-9_-]{1,40})\b/.exec(cartLink ?? '')?.[1] ?? (cartLink === null || addsDirectly ? 'simple' : 'variable');
  const variationId = positiveId(cartUrl?.searchParams.get('variation_id'));
  const addToCartId = positiveId(cartUrl?.searchParams.get('add-to-cart'));
  const parentId = variationId === rowId && addToCartId !== null ? addToCartId : rowId;
  const addToCartUrl = cartUrl === null ? permalink : addsDirectly ? `${pagePath}${cartUrl.search}` : localPath(cartHref, ourOrigin, pagePath);

  const dateText = /<span\b[^>]*\bdateadded\b[^>]*>([\s\S]*?)<\/span>/i.exec(row)?.[1];
  const dated = dateText === undefined ? NaN : Date.parse(`${text(dateText).replace(/^[^:]*:\s*/, '')} UTC`);
  const quantityInput = startTag(row, 'input', /name\s*=\s*"[^"]*\[quantity\]"/i);
  const quantity = positiveId(quantityInput ? attribute(quantityInput, 'value') : null) ?? 1;

  const removeLink = startTag(cell(row, 'product-remove') ?? row, 'a', /remove_from_wishlist=/);
  const removeNonce = /_wpnonce=([0-9a-f]{6,20})/.exec(removeLink ? (attribute(removeLink, 'href') ?? '') : '')?.[1] ?? '';

  return {
    rowId,
    productId: rowId,
    parentId,
    productType,
    name,
    permalink,
    image,
    attributes,
    priceHtml: cell(row, 'product-price') ?? '',
    stock,
    dateAdded: Number.isNaN(dated) ? '' : new Date(dated).toISOString(),
    quantity: Math.min(quantity, 9999),
    addToCartUrl,
    purchasable: addsDirectly && status !== 'outofstock',
    removeNonce,
  };
}

/**
 * The wishlist a stock page (`/wishlist/` or `/wishlist/view/{token}/`) shows, or null when the page
 * has no wishlist form (not a wishlist page, or one we cannot read). Links come back as paths on
 * our host; names, titles and notices as plain text.
 */
export function readStockWishlistPage(html: string, ourOrigin: string, pagePath: string): StockWishlistPage | null {
  const formTag = FORM.exec(html);
  if (!formTag) return null;
  const form = formTag[0];
  const after = html.slice(formTag.index + form.length);
  const inside = after.slice(0, Math.max(after.search(/<\/form>/i), 0) || after.length);
  const options = readOptions(form);
  const table = startTag(inside, 'table', /\bwishlist_table\b/);
  const id = positiveId(options['wishlist_id']) ?? positiveId(table ? attribute(table, 'data-id') : null);
  const tokenValue = typeof options['wishlist_token'] === 'string' ? options['wishlist_token'] : table ? (attribute(table, 'data-token') ?? '') : '';
  const token = TOKEN.test(tokenValue) ? tokenValue : '';
  const heading = /<div\b[^>]*\bwishlist-title\b[^>]*>[\s\S]*?<h2\b[^>]*>([\s\S]*?)<\/h2>/i.exec(inside)?.[1];
  const list: StockList | null =
    id !== null && token !== ''
      ? { id, token, title: clip(text(heading ?? ''), 255), isDefault: options['is_default'] !== false, isPrivate: options['is_private'] === true }
      : null;
  const body = /<tbody\b[^>]*>([\s\S]*?)<\/tbody>/i.exec(inside)?.[1] ?? '';
  const rows: StockRow[] = [];
  for (const [, open = '', row = ''] of body.matchAll(ROW)) {
    const read = readRow(open, row, ourOrigin, pagePath);
    if (read && !rows.some((r) => r.rowId === read.rowId)) rows.push(read);
    if (rows.length >= MAX_ROWS) break;
  }
  const owner = typeof options['is_user_owner'] === 'boolean' ? options['is_user_owner'] : rows.some((r) => r.removeNonce !== '');
  return { list: list === null ? null : list, owner, rows: list === null ? [] : rows, l10n: readStockL10n(html), notices: readStockNotices(html) };
}

/** An item of the stock page as our views show it, its price read with the shop's currency. */
export function stockItemView(row: StockRow, position: number, currency: StockCurrency): WishlistItemView {
  return {
    rowId: row.rowId,
    productId: row.productId,
    parentId: row.parentId,
    productType: row.productType,
    name: row.name,
    permalink: row.permalink,
    image: row.image,
    attributes: row.attributes,
    price: readPriceCell(row.priceHtml, currency),
    // The free plugin does not show what an item cost when it was added.
    priceWhenAdded: null,
    currency: currency.code,
    currencyMinorUnit: currency.minorUnit,
    stock: row.stock,
    dateAdded: row.dateAdded,
    quantity: row.quantity,
    position,
    purchasable: row.purchasable,
    addToCartUrl: row.addToCartUrl,
  };
}

// ---------------------------------------------------------------------------------------------
// The admin-ajax answers

/** What a stock `add_to_wishlist` answer means. */
export type StockAddAnswer =
  | { readonly kind: 'answered'; readonly result: WishlistAddResult; readonly message: string }
  /** `{result:false}` (or `{fragments:[]}`) with 200: the nonce was refused. */
  | { readonly kind: 'nonce' }
  | { readonly kind: 'malformed' };

const MAX_MESSAGE = 500;

/** Reads a stock `add_to_wishlist` answer (already parsed JSON). */
export function readStockAddAnswer(body: unknown): StockAddAnswer {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { kind: 'malformed' };
  const answer = body as Record<string, unknown>;
  if (answer['result'] === false) return { kind: 'nonce' };
  if (!('result' in answer)) return Array.isArray(answer['fragments']) && answer['fragments'].length === 0 ? { kind: 'nonce' } : { kind: 'malformed' };
  const result = answer['result'];
  if (result !== 'true' && result !== 'exists' && result !== 'error' && result !== true) return { kind: 'malformed' };
  const message = typeof answer['message'] === 'string' ? clip(text(answer['message']), MAX_MESSAGE) : '';
  return { kind: 'answered', result: result === true ? 'true' : result, message };
}

/** Whether a stock `remove_from_wishlist` answer is one (`{fragments: …}`; success and a refused nonce look alike). */
export const isStockFragmentsAnswer = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && 'fragments' in body && typeof (body as { fragments: unknown }).fragments === 'object';
