/**
 * The page lab's reference: a legacy-style WooCommerce listing, as a classic theme serves it. Static
 * HTML made once at start from the same products, in the same order, as Suki's `/shop/` (read from
 * Suki's own page state, so both show identical tiles and pictures), with jQuery and Swiper's
 * bundle as plain scripts at the end of the body plus a small theme script (`legacy.js`): add to
 * cart shows "added" at once and posts `?wc-ajax=add_to_cart` in the background, and a category
 * filter click fetches the filtered page and swaps the list, as ajax filter plugins do. Served
 * from 127.0.0.1 with brotli (precompressed scripts and styles, HTML at quality 5), like a tuned
 * host. Pictures are copied from Suki at start and served from here, so no page crosses origins.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

/** A tile's facts as Suki's page state carries them (`ListedProduct`). */
interface Tile {
  readonly id: number;
  readonly name: string;
  readonly permalink: string;
  readonly type: string;
  readonly onSale: boolean;
  readonly isPurchasable: boolean;
  readonly isInStock: boolean;
  readonly prices: { readonly price: number; readonly regularPrice: number; readonly range: { readonly min: number; readonly max: number } | null; readonly currency: { readonly minorUnit: number; readonly prefix: string } };
  readonly images: ReadonlyArray<{ readonly src: string; readonly srcset: string; readonly sizes: string }>;
  readonly categories: ReadonlyArray<{ readonly name: string }>;
}

interface Category {
  readonly name: string;
  readonly slug: string;
  readonly count: number;
}

interface ShopState {
  readonly page: { readonly sections: ReadonlyArray<{ readonly products: readonly Tile[] }> };
  readonly shop: { readonly name: string; readonly categories: readonly Category[] };
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[ch] ?? ch);

const money = (minor: number, currency: Tile['prices']['currency']): string => {
  const units = (minor / 10 ** currency.minorUnit).toFixed(currency.minorUnit);
  const [whole = '0', cents] = units.split('.');
  return `<span class="woocommerce-Price-amount amount">${escape(currency.prefix)}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${cents ? `.${cents}` : ''}</span>`;
};

const priceHtml = (p: Tile['prices'], onSale: boolean): string => {
  if (p.range && p.range.min !== p.range.max) return `${money(p.range.min, p.currency)} &ndash; ${money(p.range.max, p.currency)}`;
  if (onSale && p.regularPrice > p.price) return `<del aria-hidden="true">${money(p.regularPrice, p.currency)}</del> <ins>${money(p.price, p.currency)}</ins>`;
  return money(p.price, p.currency);
};

/** Suki's absolute picture address, made local to the legacy server. */
const localPicture = (src: string): string => new URL(src).pathname;

/**
 * The loop's picture: WooCommerce's `woocommerce_thumbnail` size (300 px; the `srcset`'s smallest
 * file), drawn at 300 px, the same file Suki's tiles take on this viewport.
 */
const thumbnailOf = (image: Tile['images'][number]): string => image.srcset.split(', ')[0]?.split(' ')[0] || image.src;

/** One product in the loop, as WooCommerce's `content-product.php` writes it. */
const tileHtml = (tile: Tile, index: number): string => {
  const image = tile.images[0];
  const link = new URL(tile.permalink).pathname;
  const simple = tile.type === 'simple' && tile.isPurchasable && tile.isInStock;
  const img = image
    ? `<img width="300" height="300" src="${escape(localPicture(thumbnailOf(image)))}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="" decoding="async"${index === 0 ? ' fetchpriority="high"' : ' loading="lazy"'}${image.srcset ? ` srcset="${escape(image.srcset.split(', ').map((c) => c.replace(/^\S+/, (u) => localPicture(u))).join(', '))}" sizes="(max-width: 300px) 100vw, 300px"` : ''}>`
    : '';
  const button = simple
    ? `<a href="?add-to-cart=${tile.id}" data-quantity="1" class="button product_type_simple add_to_cart_button ajax_add_to_cart" data-product_id="${tile.id}" aria-label="Add to cart: &ldquo;${escape(tile.name)}&rdquo;" rel="nofollow">Add to cart</a>`
    : `<a href="${escape(link)}" class="button product_type_${escape(tile.type)}" aria-label="Select options for &ldquo;${escape(tile.name)}&rdquo;" rel="nofollow">${tile.isInStock ? 'Select options' : 'Read more'}</a>`;
  return `<li class="product type-product post-${tile.id} ${tile.isInStock ? 'instock' : 'outofstock'}${tile.onSale ? ' sale' : ''}"><a href="${escape(link)}" class="woocommerce-LoopProduct-link woocommerce-loop-product__link">${tile.onSale ? '<span class="onsale">Sale!</span>' : ''}${img}<h2 class="woocommerce-loop-product__title">${escape(tile.name)}</h2><span class="price">${priceHtml(tile.prices, tile.onSale)}</span></a>${button}</li>`;
};

/** The whole listing page, one filter state. */
const pageHtml = (state: ShopState, tiles: readonly Tile[], active: string | null): string => {
  const categories = state.shop.categories
    .map((c) => `<li class="cat-item${c.slug === active ? ' current-cat' : ''}"><a href="/shop/?product_cat=${escape(c.slug)}">${escape(c.name)}</a> <span class="count">(${c.count})</span></li>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="en-PH">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shop &#8211; ${escape(state.shop.name)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/legacy.css">
<link rel="stylesheet" href="/assets/swiper-bundle.min.css">
</head>
<body class="archive post-type-archive post-type-archive-product woocommerce woocommerce-page">
<header class="site-header"><a class="site-title" href="/">${escape(state.shop.name)}</a><nav class="primary-navigation"><ul><li><a href="/shop/">Shop</a></li>${state.shop.categories.map((c) => `<li><a href="/shop/?product_cat=${escape(c.slug)}">${escape(c.name)}</a></li>`).join('')}</ul></nav><a class="cart-contents" href="/cart/">Cart</a></header>
<div class="site-content">
<aside class="widget-area"><section class="widget woocommerce widget_product_categories"><h2 class="widget-title">Product categories</h2><ul class="product-categories"><li class="cat-item${active === null ? ' current-cat' : ''}"><a href="/shop/">All</a></li>${categories}</ul></section></aside>
<main class="site-main">
<h1 class="page-title">Shop</h1>
<ul class="products columns-4">${tiles.map(tileHtml).join('')}</ul>
</main>
</div>
<footer class="site-footer"><p>${escape(state.shop.name)}</p></footer>
<script src="/assets/jquery.min.js"></script>
<script src="/assets/swiper-bundle.min.js"></script>
<script src="/assets/legacy.js"></script>
</body>
</html>`;
};

const LEGACY_CSS = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f1b16;background:#fdfaf4}
a{color:#9e1a47}
.site-header{display:flex;flex-wrap:wrap;align-items:center;gap:1rem;padding:1rem 3rem;border-bottom:1px solid #e7e5e4;background:#fff}
.site-title{font-size:1.6rem;font-weight:800;text-decoration:none}
.primary-navigation ul{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;margin:0;padding:0}
.primary-navigation a{color:#1f1b16;text-decoration:none}
.cart-contents{margin-left:auto}
.site-content{display:grid;grid-template-columns:260px 1fr;gap:2rem;max-width:1280px;margin:0 auto;padding:1.5rem 3rem 4rem}
.widget-title{font-size:1rem}
.product-categories{list-style:none;margin:0;padding:0}
.product-categories li{padding:.25rem 0}
.current-cat>a{font-weight:700}
.page-title{font-size:2.2rem;margin:.5rem 0 1rem}
ul.products{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:1.5rem;list-style:none;margin:0;padding:0;transition:opacity .3s}
ul.products.loading{opacity:.4}
li.product{position:relative;display:flex;flex-direction:column;gap:.35rem}
li.product img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;border-radius:8px;background:#eee}
.woocommerce-LoopProduct-link{color:inherit;text-decoration:none}
.woocommerce-loop-product__title{font-size:1rem;margin:.5rem 0 0}
.price{font-weight:700}
.price del{font-weight:400;opacity:.6}
.onsale{position:absolute;top:.5rem;left:.5rem;background:#9e1a47;color:#fff;border-radius:999px;padding:.1rem .6rem;font-size:.8rem}
.button{display:inline-flex;justify-content:center;padding:.5rem 1rem;border:1px solid #1f1b16;border-radius:999px;color:#1f1b16;text-decoration:none;font-weight:600}
.button.loading{opacity:.6}
.button.added{background:#2f7d6d;border-color:#2f7d6d;color:#fff}
.added_to_cart{font-size:.9rem}
.site-footer{border-top:1px solid #e7e5e4;padding:2rem 3rem;text-align:center}
@media (max-width:767px){.site-content{grid-template-columns:1fr;padding:1rem}.site-header{padding:.75rem 1rem}}
`;

/**
 * The theme's script: jQuery's ready, add to cart shown as added at once (the legacy theme does
 * not wait for the shop), and the category widget loading the filtered page in place.
 */
const LEGACY_JS = `jQuery(function ($) {
  $(document.body).on('click', '.ajax_add_to_cart', function (e) {
    e.preventDefault();
    var $button = $(this);
    $button.removeClass('added').addClass('added').text('Added');
    if (!$button.next('.added_to_cart').length) $button.after(' <a href="/cart/" class="added_to_cart wc-forward" title="View cart">View cart</a>');
    $.post('/?wc-ajax=add_to_cart', { product_id: $button.data('product_id'), quantity: 1 });
  });
  $(document.body).on('click', '.widget_product_categories a', function (e) {
    e.preventDefault();
    var url = this.href;
    var $list = $('ul.products').addClass('loading');
    $.get(url, function (html) {
      var $page = $($.parseHTML(html));
      $list.replaceWith($page.find('ul.products').addBack('ul.products').first());
      $('.widget_product_categories').replaceWith($page.find('.widget_product_categories').addBack('.widget_product_categories').first());
      window.history.pushState({}, '', url);
    });
  });
  window.__legacyReady = true;
});
`;

/** A running reference server. */
export interface LegacyShop {
  readonly base: string;
  /** Bytes of each asset as sent with brotli, by path. */
  readonly brotliBytes: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

interface Asset {
  readonly type: string;
  readonly body: Buffer;
  readonly br: Buffer;
}

const brotli = (body: Buffer, quality: number): Buffer => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
const asset = (type: string, body: Buffer): Asset => ({ type, body, br: brotli(body, 11) });

/** Reads Suki's page state for an address. */
const sukiState = async (sukiBase: string, pathAndQuery: string): Promise<ShopState> => {
  const html = await (await fetch(`${sukiBase}${pathAndQuery}`)).text();
  const json = /<script type="application\/json" id="suki-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`no page state at ${pathAndQuery}`);
  return JSON.parse(json) as ShopState;
};

/**
 * Starts the reference on 127.0.0.1:`port`, with Suki at `sukiBase` as the source of its products
 * and pictures (read once, at start).
 */
export async function startLegacy(port: number, sukiBase: string): Promise<LegacyShop> {
  const shop = await sukiState(sukiBase, '/shop/');
  const pages = new Map<string, string>();
  const firstTiles = shop.page.sections[0]?.products ?? [];
  pages.set('/shop/', pageHtml(shop, firstTiles, null));
  for (const category of shop.shop.categories) {
    const state = await sukiState(sukiBase, `/shop/?product_cat=${encodeURIComponent(category.slug)}`);
    pages.set(`/shop/?product_cat=${category.slug}`, pageHtml(shop, state.page.sections[0]?.products ?? [], category.slug));
  }
  const assets = new Map<string, Asset>([
    ['/assets/jquery.min.js', asset('text/javascript', readFileSync(path.join(root, 'node_modules/jquery/dist/jquery.min.js')))],
    ['/assets/swiper-bundle.min.js', asset('text/javascript', readFileSync(path.join(root, 'node_modules/swiper/swiper-bundle.min.js')))],
    ['/assets/swiper-bundle.min.css', asset('text/css', readFileSync(path.join(root, 'node_modules/swiper/swiper-bundle.min.css')))],
    ['/assets/legacy.js', asset('text/javascript', Buffer.from(LEGACY_JS))],
    ['/assets/legacy.css', asset('text/css', Buffer.from(LEGACY_CSS))],
  ]);
  // Every picture any page shows, copied from Suki.
  const pictures = new Set<string>();
  for (const html of pages.values()) for (const m of html.matchAll(/\/wp-content\/uploads\/[^"\s,]+/g)) pictures.add(m[0]);
  await Promise.all(
    [...pictures].map(async (p) => {
      const response = await fetch(`${sukiBase}${p}`);
      assets.set(p, { type: response.headers.get('content-type') ?? 'image/svg+xml', body: Buffer.from(await response.arrayBuffer()), br: Buffer.alloc(0) });
    }),
  );

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const acceptsBr = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (url.searchParams.get('wc-ajax') === 'add_to_cart') {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' });
      res.end('{"fragments":{},"cart_hash":"legacy"}');
      return;
    }
    const key = url.pathname === '/shop/' && url.searchParams.has('product_cat') ? `/shop/?product_cat=${url.searchParams.get('product_cat')}` : url.pathname;
    const page = pages.get(key);
    if (page !== undefined) {
      const body = Buffer.from(page);
      const headers: Record<string, string> = { 'content-type': 'text/html; charset=UTF-8', 'cache-control': 'no-store', vary: 'Accept-Encoding' };
      if (acceptsBr) headers['content-encoding'] = 'br';
      res.writeHead(200, headers);
      res.end(acceptsBr ? brotli(body, 5) : body);
      return;
    }
    const found = assets.get(url.pathname);
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    const compressed = acceptsBr && found.br.length > 0;
    res.writeHead(200, { 'content-type': found.type, 'cache-control': 'public, max-age=31536000', vary: 'Accept-Encoding', ...(compressed ? { 'content-encoding': 'br' } : {}) });
    res.end(compressed ? found.br : found.body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    brotliBytes: new Map([...assets].filter(([, a]) => a.br.length > 0).map(([p, a]) => [p, a.br.length])),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
