import { useState } from 'react';
import type { PageData } from '../app-state.js';
import { AddToCartButton } from '../components/AddToCartButton.js';
import { LazyImage } from '../components/LazyImage.js';
import { Price } from '../components/Price.js';
import { ProductSection } from '../components/ProductSection.js';
import { QuantityStepper } from '../components/QuantityStepper.js';

type ProductData = Extract<PageData, { type: 'product' }>;

/** A minimal product page: name, image, price, short description, quantity and add to cart. */
export function ProductPage({ page }: { page: ProductData }) {
  const { product } = page;
  const [quantity, setQuantity] = useState(Math.max(1, product.addToCart.minimum));
  const image = product.images[0];
  const limits = product.addToCart;
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          {product.categories[0] && (
            <li>
              <a href={`/product-category/${product.categories[0].slug}/`}>{product.categories[0].name}</a>
            </li>
          )}
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <article className="product">
        <div className="product__gallery">
          {image && <LazyImage className="product__image" image={image} eager priority width={800} height={800} />}
        </div>
        <div className="product__summary">
          <h1 className="product__title">{product.name}</h1>
          <Price prices={product.prices} onSale={product.onSale} />
          <p className={product.isInStock ? 'stock stock--in' : 'stock stock--out'}>
            {product.isInStock ? 'In stock' : 'Out of stock'}
            {product.isInStock && product.lowStockRemaining !== null && ` (only ${product.lowStockRemaining} left)`}
          </p>
          {product.shortDescription && <p className="product__short">{product.shortDescription}</p>}
          {product.type === 'variable' ? (
            <p className="product__note">Choose a colour and size on the full product page (coming with the swatches module).</p>
          ) : (
            product.isPurchasable &&
            product.isInStock && (
              <form className="product__cart" onSubmit={(e) => e.preventDefault()}>
                <label className="visually-hidden" htmlFor="product-qty">
                  Quantity
                </label>
                <QuantityStepper
                  id="product-qty"
                  value={quantity}
                  min={Math.max(1, limits.minimum)}
                  max={limits.maximum > 0 ? limits.maximum : undefined}
                  step={limits.multipleOf}
                  onCommit={setQuantity}
                />
                <AddToCartButton product={product} quantity={quantity} />
              </form>
            )
          )}
          {product.sku && <p className="product__meta">SKU: {product.sku}</p>}
          {product.categories.length > 0 && (
            <p className="product__meta">Category: {product.categories.map((c) => c.name).join(', ')}</p>
          )}
        </div>
      </article>
      {product.description && (
        <section className="product__description" aria-labelledby="desc-heading">
          <h2 id="desc-heading">Description</h2>
          <p>{product.description}</p>
        </section>
      )}
      {page.related && page.related.products.length > 0 && (
        <ProductSection section={page.related} eagerCount={0} firstOnPage={false} />
      )}
    </>
  );
}
