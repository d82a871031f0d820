/**
 * schema.org structured data of a product page: Product with its Offer (or AggregateOffer for a
 * variable product), brand, GTIN and MPN, its AggregateRating and the first page of its reviews as
 * Review items, and the BreadcrumbList. Serialized so no string in it can end the `<script>` block.
 */
import type { Product, ProductVariation } from '../core/domain/catalog.js';
import type { ProductReviewsView, Review } from '../core/domain/reviews.js';
import { toMajorString as decimalAmount } from '../core/rules/money.js';

type JsonLd = Record<string, unknown>;

const availability = (inStock: boolean): string => (inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');

/** An absolute address on the shop for a path or URL, or null for another origin. */
const absolute = (url: string, origin: string): string | null => {
  try {
    const resolved = new URL(url, `${origin}/`);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
};

/** A review as schema.org's Review: its author, date, text and rating (texts are data, escaped on serializing). */
const reviewItem = (review: Review): JsonLd => ({
  '@type': 'Review',
  author: { '@type': 'Person', name: review.author },
  datePublished: /^\d{4}-\d{2}-\d{2}/.test(review.date) ? review.date.slice(0, 10) : review.date,
  reviewBody: review.text,
  reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
});

/**
 * The rating of a product: the reviews tab's summary when the page has it (the same reviews the
 * Review items come from), else the product's own average and count; null without reviews.
 */
const aggregateRating = (product: Product, reviews: ProductReviewsView | null): JsonLd | null => {
  const count = reviews ? reviews.summary.count : product.reviewCount;
  const average = reviews ? reviews.summary.averageHundredths / 100 : product.averageRating;
  if (count <= 0 || !(average > 0)) return null;
  return { '@type': 'AggregateRating', ratingValue: Number(average.toFixed(2)), reviewCount: count, bestRating: 5, worstRating: 1 };
};

/**
 * The Product and BreadcrumbList graph of a product page; `reviews` is the page's reviews tab, when
 * the reviews plugin loaded it (its first page becomes the Review items).
 */
export function productStructuredData(product: Product, variations: readonly ProductVariation[], origin: string, reviews: ProductReviewsView | null = null): JsonLd {
  const rating = aggregateRating(product, reviews);
  const reviewItems = rating && reviews ? reviews.first.items.map(reviewItem) : [];
  const url = absolute(product.permalink, origin) ?? origin;
  const { currency } = product.prices;
  const gtin = product.identifiers.gtin || variations.find((v) => v.identifiers.gtin)?.identifiers.gtin || '';
  const mpn = product.identifiers.mpn || variations.find((v) => v.identifiers.mpn)?.identifiers.mpn || '';
  const brand = product.identifiers.brand || product.brands[0]?.name || '';
  const offers: JsonLd =
    product.type === 'variable'
      ? {
          '@type': 'AggregateOffer',
          priceCurrency: currency.code,
          lowPrice: decimalAmount(product.prices.range?.min ?? product.prices.price, currency.minorUnit),
          highPrice: decimalAmount(product.prices.range?.max ?? product.prices.price, currency.minorUnit),
          offerCount: variations.length || product.variations.length,
          availability: availability(product.isInStock),
          url,
          ...(variations.length > 0
            ? {
                offers: variations.map((v) => ({
                  '@type': 'Offer',
                  price: decimalAmount(v.prices.price, v.prices.currency.minorUnit),
                  priceCurrency: v.prices.currency.code,
                  availability: availability(v.isInStock),
                  ...(v.sku ? { sku: v.sku } : {}),
                  ...(v.identifiers.gtin ? { gtin: v.identifiers.gtin } : {}),
                  ...(v.identifiers.mpn ? { mpn: v.identifiers.mpn } : {}),
                })),
              }
            : {}),
        }
      : {
          '@type': 'Offer',
          price: decimalAmount(product.prices.price, currency.minorUnit),
          priceCurrency: currency.code,
          availability: availability(product.isInStock),
          url,
        };
  const crumbs = [
    { name: 'Home', item: `${origin}/` },
    ...(product.categories[0] ? [{ name: product.categories[0].name, item: `${origin}/product-category/${encodeURIComponent(product.categories[0].slug)}/` }] : []),
    { name: product.name, item: url },
  ];
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Product',
        name: product.name,
        url,
        ...(product.shortDescription || product.description ? { description: product.shortDescription || product.description } : {}),
        ...(product.sku ? { sku: product.sku } : {}),
        ...(gtin ? { gtin } : {}),
        ...(mpn ? { mpn } : {}),
        ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
        image: product.images.flatMap((image) => absolute(image.src, origin) ?? []),
        offers,
        ...(rating ? { aggregateRating: rating } : {}),
        ...(reviewItems.length > 0 ? { review: reviewItems } : {}),
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.item })),
      },
    ],
  };
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` are escaped as JSON
 * unicode escapes, so `</script>` or `<!--` inside a product name stays data.
 */
export const serializeJsonLd = (data: JsonLd): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
