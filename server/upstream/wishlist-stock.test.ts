/**
 * Reading a stock YITH WooCommerce Wishlist 3.35.0 (free) shop, against the recorded peer-2 answers:
 * the wishlist page (owner's view, another visitor's view by token, after a removal), the
 * localised settings with their nonces, prices in minor units, and the admin-ajax answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpRecording, SHOP } from '../../src/adapters/testing/fake-shop.js';
import { withoutMarkers } from '../test/fake-stock-wishlist.js';
import {
  attribute,
  parseStockAmount,
  readPriceCell,
  readStockAddAnswer,
  readStockL10n,
  readStockWishlistPage,
  STOCK_FREE_FEATURES,
  stockItemView,
  type StockCurrency,
} from './wishlist-stock.js';
import { readStoreCurrency, stockWishlistState, stockWishlistView } from './wishlist.js';

const OURS = 'http://suki.test';
/** A recorded page as our forwarder hands it on: the stock origin already made ours. */
const page = (name: string) => withoutMarkers(httpRecording(`peer-2/${name}.http`).body).split(SHOP).join(OURS).split(SHOP.replace(/\//g, '\\/')).join(OURS.replace(/\//g, '\\/'));
const json = (name: string): unknown => JSON.parse(httpRecording(`peer-2/${name}.http`).body);
const PHP: StockCurrency = { code: 'PHP', minorUnit: 2, decimalSeparator: '.', thousandSeparator: ',' };

describe('the stock wishlist page', () => {
  it('the owner’s page: the list, its rows in the stock order, the remove nonce, links as our paths', () => {
    const read = readStockWishlistPage(page('wishlist-page'), OURS, '/wishlist/');
    expect(read?.list).toEqual({ id: 6, token: 'N9DWHLQ9YYOH', title: '', isDefault: true, isPrivate: false });
    expect(read?.owner).toBe(true);
    expect(read?.rows.map((r) => [r.rowId, r.productId, r.parentId, r.name, r.productType])).toEqual([
      [16, 16, 16, 'Peer Mug', 'simple'],
      [14, 14, 14, 'Peer Tee', 'simple'],
    ]);
    const mug = read?.rows[0];
    expect(mug).toMatchObject({
      permalink: '/product/peer-mug/',
      image: { src: '/wp-content/uploads/2026/11/peer-mug-450x450.png', srcset: '', alt: 'Peer Mug' },
      attributes: [],
      stock: { status: 'instock', text: 'In Stock' },
      dateAdded: '',
      quantity: 1,
      addToCartUrl: '/wishlist/?add-to-cart=16',
      purchasable: true,
      removeNonce: '60a6d22694',
    });
    expect(read?.notices).toEqual([]);
  });

  it('prices in minor units: today’s price of an item on sale, not the struck-out one', () => {
    const read = readStockWishlistPage(page('wishlist-page'), OURS, '/wishlist/');
    const items = (read?.rows ?? []).map((row, i) => stockItemView(row, i, PHP));
    expect(items.map((i) => [i.name, i.price, i.priceWhenAdded, i.currency, i.currencyMinorUnit, i.position])).toEqual([
      ['Peer Mug', 39900, null, 'PHP', 2, 0],
      ['Peer Tee', 35000, null, 'PHP', 2, 1],
    ]);
    expect(readPriceCell('<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#8369;</span>1,200.00</bdi></span> &ndash; <span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#8369;</span>1,300.00</bdi></span>', PHP)).toBe(120000);
    expect(readPriceCell('', PHP)).toBeNull();
  });

  it('another visitor’s page by token: the same list, read-only (no remove links), not the owner', () => {
    const read = readStockWishlistPage(page('wishlist-page-by-token-other-visitor'), OURS, '/wishlist/view/N9DWHLQ9YYOH/');
    expect(read?.owner).toBe(false);
    expect(read?.list?.token).toBe('N9DWHLQ9YYOH');
    expect(read?.rows.map((r) => [r.rowId, r.removeNonce, r.addToCartUrl])).toEqual([
      [16, '', '/wishlist/view/N9DWHLQ9YYOH/?add-to-cart=16'],
      [14, '', '/wishlist/view/N9DWHLQ9YYOH/?add-to-cart=14'],
    ]);
    const view = stockWishlistView(read!, PHP);
    expect(view.viewer).toBe('visitor');
    expect(view.lists).toEqual([]);
    expect(view.nonces.remove).toBe('');
  });

  it('after a removal (the link or the action) the page lists what is left', () => {
    for (const name of ['wishlist-page-after-remove', 'wishlist-remove-link']) {
      const read = readStockWishlistPage(page(name), OURS, '/wishlist/');
      expect(read?.rows.map((r) => r.name)).toEqual(['Peer Tee']);
      expect(stockWishlistState(read!).entries).toEqual([{ rowId: 14, wishlistId: 6, productId: 14, parentId: 14, quantity: 1, position: 0 }]);
    }
  });

  it('the state: the one list with its token address, entries by row id, every premium feature off', () => {
    const state = stockWishlistState(readStockWishlistPage(page('wishlist-page'), OURS, '/wishlist/')!);
    expect(state).toEqual({
      lists: [{ id: 6, token: 'N9DWHLQ9YYOH', title: '', privacy: 0, isDefault: true, itemCount: 2, url: '/wishlist/view/N9DWHLQ9YYOH/' }],
      entries: [
        { rowId: 16, wishlistId: 6, productId: 16, parentId: 16, quantity: 1, position: 0 },
        { rowId: 14, wishlistId: 6, productId: 14, parentId: 14, quantity: 1, position: 1 },
      ],
      defaultListId: 6,
      features: { multipleLists: false, moveItems: false, sortItems: false, quantities: false, estimates: false, renameLists: false, changePrivacy: false },
    });
    expect(Object.values(STOCK_FREE_FEATURES).every((on) => !on)).toBe(true);
  });

  it('a page without the wishlist form is not read as an empty list', () => {
    expect(readStockWishlistPage('<html><body><p>Maintenance</p></body></html>', OURS, '/wishlist/')).toBeNull();
    expect(readStockWishlistPage(page('wishlist-add-to-cart-link'), OURS, '/wishlist/')).toBeNull();
  });

  it('a page whose list has no id or token shows no list (a visitor before the first add)', () => {
    const html = page('wishlist-page').replace('data-id="6" data-token="N9DWHLQ9YYOH"', 'data-id="" data-token=""').replace(/&quot;wishlist_id&quot;:6/, '&quot;wishlist_id&quot;:false').replace(/&quot;wishlist_token&quot;:&quot;N9DWHLQ9YYOH&quot;/, '&quot;wishlist_token&quot;:&quot;&quot;');
    const read = readStockWishlistPage(html, OURS, '/wishlist/');
    expect(read?.list).toBeNull();
    expect(read?.rows).toEqual([]);
    expect(stockWishlistState(read!)).toMatchObject({ lists: [], entries: [], defaultListId: null });
  });

  it('names, alt texts and notices stay text: markup in them is never handed on as markup', () => {
    const hostile = page('wishlist-page')
      .replace(/Peer Mug\s*<\/a>/, '&lt;img src=x onerror=alert(1)&gt; Mug <b>bold</b></a>')
      .replace('alt="Peer Mug"', 'alt="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"')
      .replace('<form', '<div class="woocommerce-message" role="alert">Removed <a href="/x">“<script>alert(1)</script>”</a></div><form');
    const read = readStockWishlistPage(hostile, OURS, '/wishlist/');
    expect(read?.rows[0]?.name).toBe('<img src=x onerror=alert(1)> Mug bold');
    expect(read?.rows[0]?.image?.alt).toBe('"><script>x</script>');
    expect(read?.notices).toEqual([{ kind: 'success', text: 'Removed “”' }]);
    // A list title the page shows (when the shop turns it on) is text too.
    const titled = page('wishlist-page').replace('<!-- TITLE -->', '<div class="wishlist-title"><h2>&lt;b&gt;Gifts&lt;/b&gt; <i>for Ana</i></h2></div>');
    expect(readStockWishlistPage(titled, OURS, '/wishlist/')?.list?.title).toBe('<b>Gifts</b> for Ana');
  });

  it('a variation, an item out of stock and one that needs options are read from the stock cart link', () => {
    const row = (cells: string) => `<form id="yith-wcwl-form" data-fragment-options="{&quot;wishlist_id&quot;:6,&quot;wishlist_token&quot;:&quot;N9DWHLQ9YYOH&quot;,&quot;is_user_owner&quot;:true}"><table class="shop_table wishlist_table"><tbody>${cells}</tbody></table></form>`;
    const html = row(
      [
        '<tr data-row-id="40"><td class="product-name"><a href="http://suki.test/product/peer-hoodie/?attribute_pa_color=red">Peer Hoodie - Red, M</a><dl class="variation"><dt>Color:</dt><dd>Red</dd><dt>Size:</dt><dd>M</dd></dl></td>',
        '<td class="product-stock-status"><span class="wishlist-in-stock">In Stock</span></td><td class="product-add-to-cart"><span class="dateadded">Added on: November 23, 2026</span><a href="?add-to-cart=36&#038;variation_id=40&#038;attribute_pa_color=red&#038;attribute_pa_size=m" class="product_type_variation add_to_cart_button">Add to cart</a></td></tr>',
        '<tr data-row-id="20"><td class="product-name"><a href="/product/peer-socks/">Peer Socks</a></td><td class="product-stock-status"><span class="wishlist-out-of-stock">Out of stock</span></td><td class="product-add-to-cart"></td></tr>',
        '<tr data-row-id="36"><td class="product-name"><a href="/product/peer-hoodie/">Peer Hoodie</a></td><td class="product-add-to-cart"><a href="http://suki.test/product/peer-hoodie/" class="product_type_variable add_to_cart_button">Select options</a></td></tr>',
        '<tr><td colspan="6" class="wishlist-empty">No products added to the wishlist</td></tr>',
      ].join(''),
    );
    const rows = readStockWishlistPage(html, OURS, '/wishlist/')?.rows ?? [];
    expect(rows.map((r) => [r.rowId, r.productId, r.parentId, r.productType, r.purchasable, r.addToCartUrl, r.stock.status])).toEqual([
      [40, 40, 36, 'variation', true, '/wishlist/?add-to-cart=36&variation_id=40&attribute_pa_color=red&attribute_pa_size=m', 'instock'],
      [20, 20, 20, 'simple', false, '/product/peer-socks/', 'outofstock'],
      [36, 36, 36, 'variable', false, '/product/peer-hoodie/', 'instock'],
    ]);
    expect(rows[0]?.attributes).toEqual([
      { name: 'Color', value: 'Red' },
      { name: 'Size', value: 'M' },
    ]);
    expect(rows[0]?.dateAdded).toBe('2026-11-23T00:00:00.000Z');
  });
});

describe('reading whatever a page holds', () => {
  it('a recorded page cut, spliced or stuffed anywhere reads without throwing, and what it reads is well-formed', () => {
    const base = page('wishlist-page');
    const junk = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('<', '>', '"', '</td>', '<tr data-row-id="-1">', '</tbody>', '<td class="product-name">', '&#99999999;', 'data-row-id="9007199254740993"'));
    fc.assert(
      fc.property(fc.nat(base.length), fc.nat(base.length), junk, (at, cut, inserted) => {
        const html = `${base.slice(0, at)}${inserted}${base.slice(Math.min(base.length, at + (cut % 200)))}`;
        const read = readStockWishlistPage(html, OURS, '/wishlist/');
        for (const row of read?.rows ?? []) {
          expect(Number.isSafeInteger(row.rowId) && row.rowId > 0).toBe(true);
          expect(row.name).not.toBe('');
          expect(row.name.length).toBeLessThanOrEqual(300);
          for (const link of [row.permalink, row.addToCartUrl, row.image?.src ?? '']) expect(link).toMatch(/^(?:$|\/|https?:)/);
          const item = stockItemView(row, 0, PHP);
          expect(item.price === null || Number.isSafeInteger(item.price)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the stock settings and answers', () => {
  it('the product page’s yith_wcwl_l10n gives the per-action nonces and the options', () => {
    expect(readStockL10n(page('wishlist-product-page'))).toEqual({
      nonces: { add: '1d9e84516c', remove: '60a6d22694' },
      redirectToCart: false,
      removeAfterAddToCart: false,
      multiWishlist: false,
    });
    // Without the settings script, the no-script links carry the same nonces.
    expect(readStockL10n(page('wishlist-page'))?.nonces).toEqual({ add: '', remove: '60a6d22694' });
    expect(readStockL10n('<a href="?add_to_wishlist=14&#038;_wpnonce=1d9e84516c">')?.nonces.add).toBe('1d9e84516c');
    expect(readStockL10n('<script>var yith_wcwl_l10n = {not json};\n</script>')).toBeNull();
    expect(readStockL10n('<p>nothing</p>')).toBeNull();
  });

  it('add answers: true and exists with their messages as text, {result:false} and {fragments:[]} are a refused nonce', () => {
    expect(readStockAddAnswer(json('yith-add_to_wishlist'))).toEqual({ kind: 'answered', result: 'true', message: '' });
    expect(readStockAddAnswer(json('yith-add_to_wishlist-again'))).toEqual({ kind: 'answered', result: 'exists', message: '' });
    expect(readStockAddAnswer(json('yith-add_to_wishlist-variable'))).toEqual({ kind: 'answered', result: 'true', message: '' });
    expect(readStockAddAnswer(json('yith-add_to_wishlist-badnonce'))).toEqual({ kind: 'nonce' });
    expect(readStockAddAnswer(json('yith-remove_from_wishlist'))).toEqual({ kind: 'nonce' });
    expect(readStockAddAnswer({ result: 'error', message: '<strong>An error</strong> occurred while adding the products to the wishlist.' })).toEqual({
      kind: 'answered',
      result: 'error',
      message: 'An error occurred while adding the products to the wishlist.',
    });
    for (const bad of [null, 'true', [], { result: 'maybe' }, { fragments: { a: 'b' } }, { success: true }]) expect(readStockAddAnswer(bad)).toEqual({ kind: 'malformed' });
  });

  it('the currency comes from the stock Store API (a product list or a cart)', () => {
    expect(readStoreCurrency(JSON.parse(httpRecording('peer-2/storeapi-products.http').body))).toEqual(PHP);
    expect(readStoreCurrency({ totals: { currency_code: 'JPY', currency_minor_unit: 0, currency_decimal_separator: '.', currency_thousand_separator: ',' } })?.code).toBe('JPY');
    for (const bad of [[], null, [{ prices: { currency_code: 'pesos', currency_minor_unit: 2 } }], [{ prices: { currency_code: 'PHP', currency_minor_unit: 9 } }]]) expect(readStoreCurrency(bad)).toBeNull();
  });

  it('attributes are read whatever the quoting, entities decoded', () => {
    expect(attribute('<a data-x=\'1&amp;2\' href="?a=1&#038;b=2">', 'href')).toBe('?a=1&b=2');
    expect(attribute('<a data-x=\'1&amp;2\'>', 'data-x')).toBe('1&2');
    expect(attribute('<a data-product_id="3">', 'product_id')).toBeNull();
  });
});

describe('amounts as WooCommerce prints them', () => {
  const separators = fc.constantFrom(['.', ','], [',', '.'], ['.', ''], [',', ' '], ['.', "'"], [',', '\u00a0']);
  const format = (minor: number, unit: number, decimal: string, thousands: string) => {
    const whole = Math.floor(minor / 10 ** unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
    return unit > 0 ? `${whole}${decimal}${String(minor % 10 ** unit).padStart(unit, '0')}` : whole;
  };

  it('any amount printed with the shop’s separators and symbol reads back as the same minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 3 }), separators, fc.constantFrom('&#8369;', '₱', 'US$', ''), fc.boolean(), (minor, unit, [decimal, thousands], symbol, suffix) => {
        const currency: StockCurrency = { code: 'PHP', minorUnit: unit, decimalSeparator: decimal ?? '.', thousandSeparator: thousands ?? '' };
        const printed = format(minor, unit, decimal ?? '.', thousands ?? '');
        expect(parseStockAmount(suffix ? `${printed}&nbsp;${symbol}` : `${symbol}${printed}`, currency)).toBe(minor);
      }),
    );
  });

  it('what is not an amount reads as none', () => {
    for (const text of ['', 'Free!', '1.2.3', '12.345']) expect(parseStockAmount(text, PHP)).toBeNull();
  });
});
