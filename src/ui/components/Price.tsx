import type { ProductPrices } from '../../core/domain/catalog.js';
import { formatMoney } from '../../core/rules/money.js';
import { useTexts } from '../i18n.js';
import { listingTexts } from '../messages/listing.js';

/** A product price: sale price with the regular price struck through, or a variation range. */
export function Price({ prices, onSale }: { prices: ProductPrices; onSale: boolean }) {
  const fmt = (n: number) => formatMoney(n, prices.currency);
  const t = useTexts(listingTexts);
  if (prices.range && prices.range.min !== prices.range.max) {
    return (
      <p className="price">
        {fmt(prices.range.min)} – {fmt(prices.range.max)}
      </p>
    );
  }
  if (onSale && prices.regularPrice > prices.price) {
    return (
      <p className="price price--sale">
        <del aria-label={t.regularPrice({ price: fmt(prices.regularPrice) })}>{fmt(prices.regularPrice)}</del>{' '}
        <ins aria-label={t.salePrice({ price: fmt(prices.price) })}>{fmt(prices.price)}</ins>
      </p>
    );
  }
  return (
    <p className="price">{fmt(prices.price)}</p>
  );
}
