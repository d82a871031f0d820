/**
 * HTML the stock wishlist client receives from our admin-ajax actions: the fragments it swaps into
 * the page (`wire-protocol.md` §1.2: the add button of a product, and the list's form), and the
 * estimate's confirmation. Every text (titles, product names) is escaped here: a title holding
 * HTML shows as that text, never as markup.
 */
import type { WishlistDetails } from '../../src/core/domain/wishlist.js';
import { PHP } from '../../src/core/domain/money.js';
import { formatMoney } from '../../src/core/rules/money.js';
import { escapeHtml } from '../lib/escape.js';

/** One fragment's options as the client sent them (strings, with 'true'/'false' made booleans). */
export type FragmentOptions = Readonly<Record<string, string | boolean>>;

/** A fragment's options back into the `data-fragment-options` attribute (JSON, then HTML-escaped). */
const optionsAttribute = (options: FragmentOptions): string => escapeHtml(JSON.stringify(options));

/**
 * The add button of a product (`item: add_to_wishlist`): with the `exists` class and the "Browse
 * wishlist" link once the product is in one of the viewer's lists, else the add link.
 */
export function addButtonFragment(options: FragmentOptions, state: { readonly exists: boolean; readonly wishlistUrl: string; readonly addNonce: string }): string {
  const productId = String(options['product_id'] ?? '').replace(/[^0-9]/g, '');
  const parentId = String(options['parent_product_id'] ?? productId).replace(/[^0-9]/g, '');
  const type = escapeHtml(String(options['product_type'] ?? 'simple'));
  const classes = ['yith-wcwl-add-to-wishlist', `add-to-wishlist-${productId}`, ...(state.exists ? ['exists'] : []), 'no-icon', 'wishlist-fragment', 'on-first-load'].join(' ');
  const inner = state.exists
    ? `<div class="yith-wcwl-wishlistexistsbrowse" data-product-id="${productId}" data-original-product-id="${parentId}"><span class="feedback">The product is already in your wishlist!</span><a href="${escapeHtml(state.wishlistUrl)}" rel="nofollow" data-title="Browse wishlist">Browse wishlist</a></div>`
    : `<div class="yith-wcwl-add-button"><a href="?add_to_wishlist=${productId}&amp;_wpnonce=${escapeHtml(state.addNonce)}" class="add_to_wishlist single_add_to_wishlist" data-product-id="${productId}" data-product-type="${type}" data-original-product-id="${parentId}" data-title="Add to wishlist" rel="nofollow"><span>Add to wishlist</span></a></div>`;
  return `\n<div class="${classes}" data-fragment-ref="${productId}" data-fragment-options="${optionsAttribute(options)}">\n${inner}\n</div>\n`;
}

const money = (minor: number | null): string => (minor === null ? '' : formatMoney(minor, PHP));

/**
 * A list's form (`item: wishlist`, `#yith-wcwl-form`): the title and a table of the items with
 * their row ids, remove links (for the owner), prices, stock and add-to-cart links.
 */
export function listFormFragment(options: FragmentOptions, list: WishlistDetails | null, view: { readonly owner: boolean; readonly removeNonce: string; readonly notice?: string }): string {
  const attributes = `id="yith-wcwl-form" action="${list ? escapeHtml(list.url) : '/wishlist/'}" method="post" class="woocommerce yith-wcwl-form wishlist-fragment" data-fragment-options="${optionsAttribute(options)}"`;
  const notice = view.notice ? `<div class="woocommerce-notices-wrapper"><div class="woocommerce-message" role="alert">${escapeHtml(view.notice)}</div></div>` : '';
  if (!list || list.items.length === 0) {
    return `<form ${attributes}>${notice}<table class="shop_table cart wishlist_table wishlist_view traditional responsive"${list ? ` data-id="${list.id}" data-token="${escapeHtml(list.token)}"` : ''}><tbody class="wishlist-items-wrapper"><tr><td colspan="6" class="wishlist-empty">No products added to the wishlist</td></tr></tbody></table></form>`;
  }
  const rows = list.items
    .map((item) => {
      const name = escapeHtml(item.name);
      const remove = view.owner
        ? `<td class="product-remove"><div><a href="${escapeHtml(`${list.url}?remove_from_wishlist=${item.rowId}&_wpnonce=${view.removeNonce}`)}" class="remove remove_from_wishlist" title="Remove this product">&times;</a></div></td>`
        : '';
      const details = item.attributes.map((a) => `<dl class="variation"><dt>${escapeHtml(a.name)}:</dt><dd>${escapeHtml(a.value)}</dd></dl>`).join('');
      const was = item.priceWhenAdded !== null ? ` <small class="price-was">was ${escapeHtml(money(item.priceWhenAdded))}</small>` : '';
      const cart = item.purchasable
        ? `<a href="${escapeHtml(item.addToCartUrl)}" data-quantity="${item.quantity}" class="product_type_${escapeHtml(item.productType)} add_to_cart_button add_to_cart alt" data-product_id="${item.productId}" aria-label="Add to cart: &ldquo;${name}&rdquo;" rel="nofollow">Add to cart</a>`
        : '';
      return `<tr id="yith-wcwl-row-${item.rowId}" data-row-id="${item.rowId}">${remove}<td class="product-name"><a href="${escapeHtml(item.permalink)}">${name}</a>${details}</td><td class="product-price">${escapeHtml(money(item.price))}${was}</td><td class="product-quantity">${item.quantity}</td><td class="product-stock-status"><span class="wishlist-${item.stock.status === 'instock' ? 'in-stock' : 'out-of-stock'}">${escapeHtml(item.stock.text)}</span></td><td class="product-add-to-cart">${cart}</td></tr>`;
    })
    .join('');
  const title = `<div class="wishlist-title"><h2>${escapeHtml(list.title || 'My wishlist')}</h2></div>`;
  return `<form ${attributes}>${notice}${title}<table class="shop_table cart wishlist_table wishlist_view traditional responsive" data-id="${list.id}" data-token="${escapeHtml(list.token)}"><tbody class="wishlist-items-wrapper">${rows}</tbody></table><input type="hidden" value="${escapeHtml(list.token)}" name="wishlist_id" id="wishlist_id"></form>`;
}

/** The estimate popup's confirmation (`template` of `ask_an_estimate`). */
export function estimateTemplate(message: string): string {
  return `<div class="yith-ask-an-estimate-popup-confirmation"><p class="woocommerce-message" role="status">${escapeHtml(message)}</p></div>`;
}
