/**
 * The page state's lists: each product cut down to what a listing tile reads
 * ({@link ListedProduct}) and each category to what the menu and filter lists show
 * ({@link CategoryEntry}), so the hydration state does not repeat descriptions, attributes and
 * identifiers that nothing on the page reads.
 */
import type { CategoryEntry, ImageSource, ListedProduct } from '../domain/catalog.js';

/** Images a tile draws: the main one and the hover one. */
export const LISTED_IMAGES = 2;

const imageSource = (image: ImageSource): ImageSource => ({ src: image.src, srcset: image.srcset, sizes: image.sizes });

/** A product (or an already listed one) with only the fields a listing tile reads. */
export const listedProduct = (product: ListedProduct): ListedProduct => ({
  id: product.id,
  name: product.name,
  sku: product.sku,
  permalink: product.permalink,
  type: product.type,
  onSale: product.onSale,
  prices: product.prices,
  images: product.images.slice(0, LISTED_IMAGES).map(imageSource),
  categories: product.categories.map((c) => ({ name: c.name })),
  isPurchasable: product.isPurchasable,
  isInStock: product.isInStock,
  // The tile's stars: only for products with reviews, so the others carry nothing more.
  ...(product.reviewCount ? { averageRating: product.averageRating ?? 0, reviewCount: product.reviewCount } : {}),
});

/** A category without its description (only the category page's own intro shows one). */
export const categoryEntry = (category: CategoryEntry): CategoryEntry => ({
  id: category.id,
  name: category.name,
  slug: category.slug,
  parent: category.parent,
  count: category.count,
});
