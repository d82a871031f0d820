/**
 * Store API product JSON, field for field as WooCommerce 9 writes it (plus `brands`, which newer
 * WooCommerce adds). Text that WordPress treats as HTML (names, descriptions) is escaped here.
 */
import type { CategoryRecord, ImageRecord, ProductRecord, ProductRow, VariationRecord } from '../services/catalog.js';
import { activePrice, isInStock, isOnSale, lowStockRemaining, purchaseLimit, QUANTITY_CEILING } from '../services/stock-rules.js';
import { escapeHtml, paragraphs } from '../lib/escape.js';
import { IDENTIFIERS_NAMESPACE, identifiersFor } from '../services/identifiers.js';
import { CURRENCY_FIELDS, priceHtml } from '../lib/money.js';
import { FULL_SIDE, RASTER_SIDES, rasterAt, rasterSrcset } from '../media/raster.js';

/** Absolute URLs of the shop, built from the request's origin. */
export interface ShopUrls {
  readonly origin: string;
}

/** `/product/<slug>/` on the shop's origin. */
export function productPermalink(urls: ShopUrls, slug: string): string {
  return `${urls.origin}/product/${encodeURIComponent(slug)}/`;
}

/**
 * Address of a generated product picture (position 1 = main, 2 = hover) at full size, as WebP
 * (`media/raster.ts`; the drawing itself stays at the same address with `.svg`).
 */
export function imageUrl(urls: ShopUrls, slug: string, position: number): string {
  return `${urls.origin}/wp-content/uploads/suki/${encodeURIComponent(slug)}-${position}.webp`;
}

/** The fields of a Store API image object that name its files, as WooCommerce fills them. */
export function imageFiles(urls: ShopUrls, slug: string, position: number) {
  const src = imageUrl(urls, slug, position);
  return {
    src,
    thumbnail: rasterAt(src, RASTER_SIDES[0]),
    srcset: rasterSrcset(src),
    sizes: `(max-width: ${FULL_SIDE}px) 100vw, ${FULL_SIDE}px`,
    name: `${slug}-${position}.webp`,
  };
}

/** Store API image object. */
export function storeImage(urls: ShopUrls, slug: string, image: ImageRecord) {
  return { id: image.id, ...imageFiles(urls, slug, image.position), alt: escapeHtml(image.alt) };
}

function ratingText(hundredths: number): string {
  return hundredths === 0 ? '0' : (hundredths / 100).toFixed(2);
}

/** Prices of a product: its own, or for a variable product the spread over its variations. */
function priceSummary(record: ProductRecord) {
  if (record.row.type !== 'variable' || record.variations.length === 0) {
    const active = activePrice(record.row);
    return { active, regular: record.row.regularPrice, sale: active, min: active, max: active, onSale: isOnSale(record.row) };
  }
  const actives = record.variations.map((v) => activePrice(v.row));
  const regulars = record.variations.map((v) => v.row.regularPrice);
  const min = Math.min(...actives);
  const max = Math.max(...actives);
  return {
    active: min,
    regular: Math.min(...regulars),
    sale: min,
    min,
    max,
    onSale: record.variations.some((v) => isOnSale(v.row)),
  };
}

function termLink(urls: ShopUrls, base: string, slug: string): string {
  return `${urls.origin}/${base}/${encodeURIComponent(slug)}/`;
}

/** `Colour: Indigo, Size: M`, WooCommerce's summary of a variation. */
export function variationSummary(variation: VariationRecord): string {
  return variation.attributes.map((a) => `${escapeHtml(a.name)}: ${escapeHtml(a.termName)}`).join(', ');
}

function addToCart(urls: ShopUrls, row: ProductRow, name: string, variable: boolean, slug: string) {
  if (variable) {
    return {
      text: 'Select options',
      description: `Select options for &ldquo;${name}&rdquo;`,
      url: productPermalink(urls, slug),
      minimum: 1,
      maximum: QUANTITY_CEILING,
      multiple_of: 1,
    };
  }
  const available = isInStock(row);
  return {
    text: available ? 'Add to cart' : 'Read more',
    description: available ? `Add to cart: &ldquo;${name}&rdquo;` : `Read more about &ldquo;${name}&rdquo;`,
    url: available ? `?add-to-cart=${row.id}` : productPermalink(urls, slug),
    minimum: 1,
    maximum: purchaseLimit(row),
    multiple_of: 1,
  };
}

/** A parent product (simple or variable) as the Store API answers it. */
export function storeProduct(urls: ShopUrls, record: ProductRecord) {
  const { row } = record;
  const variable = row.type === 'variable';
  const name = escapeHtml(row.name);
  const price = priceSummary(record);
  const inStock = variable ? record.variations.some((v) => isInStock(v.row)) : isInStock(row);
  return {
    id: row.id,
    name,
    slug: row.slug,
    parent: 0,
    type: row.type,
    variation: '',
    permalink: productPermalink(urls, row.slug),
    sku: escapeHtml(row.sku),
    short_description: paragraphs(row.shortDescription),
    description: paragraphs(row.description),
    on_sale: price.onSale,
    prices: {
      price: String(price.active),
      regular_price: String(price.regular),
      sale_price: String(price.sale),
      price_range: price.min === price.max ? null : { min_amount: String(price.min), max_amount: String(price.max) },
      ...CURRENCY_FIELDS,
    },
    price_html: priceHtml({ regular: price.regular, active: price.active, min: price.min, max: price.max }),
    average_rating: ratingText(row.ratingHundredths),
    review_count: row.reviewCount,
    images: record.images.map((image) => storeImage(urls, row.slug, image)),
    categories: record.categories.map((c) => ({ id: c.id, name: escapeHtml(c.name), slug: c.slug, link: termLink(urls, 'product-category', c.slug) })),
    tags: [] as Array<{ id: number; name: string; slug: string; link: string }>,
    brands: record.brand ? [{ id: record.brand.id, name: escapeHtml(record.brand.name), slug: record.brand.slug, link: termLink(urls, 'brand', record.brand.slug) }] : [],
    attributes: record.attributes.map((a) => ({
      id: a.id,
      name: escapeHtml(a.name),
      taxonomy: a.taxonomy,
      has_variations: a.hasVariations,
      terms: a.terms.map((t) => ({ id: t.id, name: escapeHtml(t.name), slug: t.slug })),
    })),
    variations: record.variations.map((v) => ({
      id: v.row.id,
      attributes: v.attributes.map((a) => ({ name: escapeHtml(a.name), value: a.termSlug })),
    })),
    has_options: variable,
    is_purchasable: true,
    is_in_stock: inStock,
    is_on_backorder: false,
    low_stock_remaining: variable ? null : lowStockRemaining(row),
    sold_individually: row.soldIndividually,
    add_to_cart: addToCart(urls, row, name, variable, row.slug),
    extensions: { [IDENTIFIERS_NAMESPACE]: identifiers(row, record) },
  };
}

function identifiers(row: ProductRow, record: ProductRecord) {
  const { gtin, mpn, brand } = identifiersFor(row.id, row.sku, record.brand?.name ?? '');
  return { gtin, mpn: escapeHtml(mpn), brand: escapeHtml(brand) };
}

/** A variation as `GET products/{variation id}` answers it. */
export function storeVariation(urls: ShopUrls, record: ProductRecord, variation: VariationRecord) {
  const { row } = variation;
  const parent = storeProduct(urls, record);
  const active = activePrice(row);
  const query = variation.attributes.map((a) => `attribute_${a.taxonomy}=${encodeURIComponent(a.termSlug)}`).join('&');
  return {
    ...parent,
    id: row.id,
    name: escapeHtml(record.row.name),
    slug: row.slug,
    parent: record.row.id,
    type: 'variation',
    variation: variationSummary(variation),
    permalink: `${productPermalink(urls, record.row.slug)}${query ? `?${query}` : ''}`,
    sku: escapeHtml(row.sku),
    short_description: '',
    description: '',
    on_sale: isOnSale(row),
    prices: { ...parent.prices, price: String(active), regular_price: String(row.regularPrice), sale_price: String(active), price_range: null },
    price_html: priceHtml({ regular: row.regularPrice, active, min: active, max: active }),
    attributes: [],
    variations: [],
    has_options: false,
    is_in_stock: isInStock(row),
    low_stock_remaining: lowStockRemaining(row),
    sold_individually: row.soldIndividually,
    // The variation's own picture when it has one, as WooCommerce shows it; else the product's.
    images: variation.images.length > 0 ? variation.images.map((image) => storeImage(urls, row.slug, image)) : parent.images,
    add_to_cart: addToCart(urls, row, escapeHtml(record.row.name), false, record.row.slug),
    extensions: { [IDENTIFIERS_NAMESPACE]: identifiers(row, record) },
  };
}

/** A category as `GET products/categories` answers it. */
export function storeCategory(urls: ShopUrls, category: CategoryRecord) {
  return {
    id: category.id,
    name: escapeHtml(category.name),
    slug: category.slug,
    description: escapeHtml(category.description),
    parent: category.parent,
    count: category.count,
    image: null,
    review_count: category.reviewCount,
    permalink: termLink(urls, 'product-category', category.slug),
  };
}
