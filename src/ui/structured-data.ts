/**
 * schema.org structured data of a product page: Product with its Offer (or AggregateOffer for a
 * variable product), brand, GTIN and MPN, and the BreadcrumbList. Serialized so no string in it
 * can end the `<script>` block.
 */
import type { Product, ProductVariation } from '../core/domain/catalog.js';
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

/** The Product and BreadcrumbList graph of a product page. */
export function productStructuredData(product: Product, variations: readonly ProductVariation[], origin: string): JsonLd {
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
