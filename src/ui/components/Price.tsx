import type { ProductPrices } from '../../core/domain/catalog.js';
import { formatMoney } from '../../core/rules/money.js';

/** A product price: sale price with the regular price struck through, or a variation range. */
export function Price({ prices, onSale }: { prices: ProductPrices; onSale: boolean }) {
  const fmt = (n: number) => formatMoney(n, prices.currency);
  if (prices.range && prices.range.min !== prices.range.max) {
    return (
      <p className="price">
        <span>{fmt(prices.range.min)}</span> – <span>{fmt(prices.range.max)}</span>
      </p>
    );
  }
  if (onSale && prices.regularPrice > prices.price) {
    return (
      <p className="price price--sale">
        <del aria-label={`Regular price ${fmt(prices.regularPrice)}`}>{fmt(prices.regularPrice)}</del>{' '}
        <ins aria-label={`Sale price ${fmt(prices.price)}`}>{fmt(prices.price)}</ins>
      </p>
    );
  }
  return (
    <p className="price">
      <span>{fmt(prices.price)}</span>
    </p>
  );
}
