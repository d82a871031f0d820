/**
 * The mini-cart fragment (`div.widget_shopping_cart_content`) that the wc-ajax cart endpoints
 * return, in WooCommerce's markup so theme styles and scripts recognise it. Every value is escaped.
 */
import { escapeHtml } from '../lib/escape.js';
import { amountHtml } from '../lib/money.js';
import { cartTotals, type CartLine } from '../services/cart.js';
import { activePrice } from '../services/stock-rules.js';
import { linePermalink } from './store-cart.js';
import { imageFiles, type ShopUrls } from './store-product.js';

/** The fragment selector the WooCommerce scripts replace. */
export const MINI_CART_SELECTOR = 'div.widget_shopping_cart_content';

/** Renders the mini-cart; `nonce` goes into the non-script removal links. */
export function miniCartHtml(urls: ShopUrls, lines: readonly CartLine[], nonce: string): string {
  if (lines.length === 0) {
    return '<div class="widget_shopping_cart_content">\n\n\t<p class="woocommerce-mini-cart__empty-message">No products in the cart.</p>\n\n</div>';
  }
  const items = lines.map((line) => {
    const name = line.attributes.length > 0 ? `${line.parentName} - ${line.attributes.map((a) => a.termName).join(', ')}` : line.parentName;
    const remove = `${urls.origin}/cart/?remove_item=${encodeURIComponent(line.key)}&_wpnonce=${encodeURIComponent(nonce)}`;
    const image =
      line.imageId === null
        ? ''
        : `<img width="300" height="300" src="${escapeHtml(imageFiles(urls, line.parentSlug, 1).thumbnail)}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="${escapeHtml(line.imageAlt)}" decoding="async" loading="lazy" />`;
    return (
      '\t\t<li class="woocommerce-mini-cart-item mini_cart_item">\n' +
      `\t\t\t<a href="${escapeHtml(remove)}" class="remove remove_from_cart_button" aria-label="${escapeHtml(`Remove ${name} from cart`)}" data-product_id="${line.productId}" data-cart_item_key="${escapeHtml(line.key)}" data-product_sku="${escapeHtml(line.item.sku)}">&times;</a>` +
      `<a href="${escapeHtml(linePermalink(urls, line))}">${image}${escapeHtml(name)}</a>\n` +
      `\t\t\t<span class="quantity">${line.quantity} &times; ${amountHtml(activePrice(line.item), true)}</span>\n` +
      '\t\t</li>\n'
    );
  });
  const totals = cartTotals(lines);
  return (
    '<div class="widget_shopping_cart_content">\n\n' +
    '\t<ul class="woocommerce-mini-cart cart_list product_list_widget">\n' +
    items.join('') +
    '\t</ul>\n\n' +
    `\t<p class="woocommerce-mini-cart__total total">\n\t\t<strong>Subtotal:</strong> ${amountHtml(totals.totalItems, true)}\t</p>\n\n` +
    `\t<p class="woocommerce-mini-cart__buttons buttons"><a href="${escapeHtml(`${urls.origin}/cart/`)}" class="button wc-forward">View cart</a></p>\n\n` +
    '</div>'
  );
}
