import { memo, type CSSProperties } from 'react';
import type { ListedProduct } from '../../core/domain/catalog.js';
import { itemFactsOf } from '../../core/events.js';
import { useTexts } from '../i18n.js';
import { listingTexts } from '../messages/listing.js';
import { useUi } from '../runtime-context.js';
import { AddToCartButton } from './AddToCartButton.js';
import { SlotFills } from '../slots.js';
import { LazyImage } from './LazyImage.js';
import { Price } from './Price.js';

interface ProductTileProps {
  readonly product: ListedProduct;
  readonly listName: string;
  /** 1-based position in its list, for analytics. */
  readonly position: number;
  /** Above the fold: image in the server HTML. */
  readonly eager: boolean;
  readonly priority: boolean;
  /** The pictures' `sizes` in the tile's layout (`tileImageSizes`). */
  readonly imageSizes: string;
}

/**
 * A listing tile: thumbnail with hover image, name, stars (`4.6 out of 5`, for products with
 * reviews), price and add to cart. Memoised: a section that
 * re-renders (busy while a filter loads, a facet count changes) leaves the tiles it keeps alone.
 */
export const ProductTile = memo(function ProductTile({ product, listName, position, eager, priority, imageSizes }: ProductTileProps) {
  const { runtime } = useUi();
  const t = useTexts(listingTexts);
  const [main, hover] = product.images;
  const select = () => runtime.emit('catalog.itemSelected', { listName, item: itemFactsOf(product), position }, 'ui');
  return (
    <article className="tile" aria-labelledby={`tile-${product.id}-name`}>
      <a className="tile__media" href={product.permalink} onClick={select} tabIndex={-1} aria-hidden="true">
        {main && <LazyImage className="tile__img" image={main} eager={eager} priority={priority} sizes={imageSizes} alt="" />}
        {hover && <LazyImage className="tile__img tile__img--hover" image={hover} loadOn="hover" sizes={imageSizes} alt="" />}
        {product.onSale && <span className="badge">{t.sale}</span>}
      </a>
      <h3 className="tile__name" id={`tile-${product.id}-name`}>
        <a href={product.permalink} onClick={select}>
          {product.name}
        </a>
      </h3>
      {product.categories[0] && <p className="tile__cat">{product.categories[0].name}</p>}
      {product.reviewCount ? (
        // One element: its stars are drawn by `.rating-stars` (a list's render makes ~20 elements a tile).
        <p className="tile__rating rating-stars" role="img" aria-label={t.rating({ rating: (product.averageRating ?? 0).toFixed(1) })} style={{ '--rating': product.averageRating } as CSSProperties} />
      ) : null}
      <Price prices={product.prices} onSale={product.onSale} />
      {!product.isInStock && <p className="stock stock--out">{t.outOfStock}</p>}
      <AddToCartButton product={product} />
      <SlotFills name="product.tileActions" props={{ product, listName }} />
    </article>
  );
});
