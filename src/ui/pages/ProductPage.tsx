import { useState } from 'react';
import { galleryWithVariation } from '../../core/rules/gallery.js';
import { variationSummary } from '../../core/rules/variation-data.js';
import type { PageData } from '../../app/app-state.js';
import { useLocale, useTexts } from '../i18n.js';
import { productTexts } from '../messages/product.js';
import { useUi } from '../runtime-context.js';
import { AddToCartButton } from '../components/AddToCartButton.js';
import { Price } from '../components/Price.js';
import { ProductGallery } from '../components/ProductGallery.js';
import { ProductSection } from '../components/ProductSection.js';
import { QuantityStepper } from '../components/QuantityStepper.js';
import { Tabs, type TabSpec } from '../components/Tabs.js';
import { renderTab, SlotFills } from '../slots.js';
import { useVariationChoice, VariationForm } from '../components/VariationForm.js';

type ProductData = Extract<PageData, { type: 'product' }>;

/**
 * The product page: breadcrumbs, gallery with lightbox, summary with price and stock, the simple
 * product's quantity and add to cart or the variable product's variation form, the tabs
 * (description, additional information) and the related-products carousel.
 */
export function ProductPage({ page }: { page: ProductData }) {
  const { product } = page;
  const { views } = useUi();
  const t = useTexts(productTexts);
  const choice = useVariationChoice(product, page.variations);
  const { chosen } = choice;
  const [quantity, setQuantity] = useState(Math.max(1, product.addToCart.minimum));
  const limits = product.addToCart;
  const images = galleryWithVariation(product.images, chosen?.image ?? null);
  const identifiers = chosen?.identifiers ?? product.identifiers;
  const sku = chosen?.sku || product.sku;
  const variable = product.type === 'variable';

  const details: Array<[string, string]> = [
    ...product.attributes.map((a): [string, string] => [a.name, a.terms.map((t) => t.name).join(', ')]),
    ...(identifiers.brand || product.brands[0] ? [[t.brand, identifiers.brand || product.brands[0]?.name || ''] as [string, string]] : []),
    ...(identifiers.gtin ? [[t.gtin, identifiers.gtin] as [string, string]] : []),
    ...(identifiers.mpn ? [[t.mpn, identifiers.mpn] as [string, string]] : []),
  ];
  const pluginTabs = views.productTabs();
  const locale = useLocale();
  const tabs: TabSpec[] = [
    ...(product.description ? [{ id: 'description', label: t.description, panel: <p>{product.description}</p> }] : []),
    ...(details.length > 0
      ? [
          {
            id: 'additional',
            label: t.additional,
            panel: (
              <table className="product__attributes">
                <tbody>
                  {details.map(([name, value]) => (
                    <tr key={name}>
                      <th scope="row">{name}</th>
                      <td>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ),
          },
        ]
      : []),
    // Tabs other plugins add (reviews, questions and answers).
    ...pluginTabs.map((tab) => ({ id: tab.id, label: typeof tab.label === 'function' ? tab.label(product, locale) : tab.label, panel: renderTab(tab, product) })),
  ];

  return (
    <>
      <nav className="breadcrumbs" aria-label={t.breadcrumb}>
        <ol>
          <li>
            <a href="/">{t.home}</a>
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
          <ProductGallery name={product.name} images={images} />
        </div>
        <div className="product__summary">
          <h1 className="product__title">{product.name}</h1>
          <Price prices={product.prices} onSale={product.onSale} />
          {!variable && (
            <p className={product.isInStock ? 'stock stock--in' : 'stock stock--out'}>
              {variationSummary({
                id: product.id,
                sku: product.sku,
                prices: product.prices,
                onSale: product.onSale,
                isInStock: product.isInStock,
                isPurchasable: product.isPurchasable,
                stockLeft: product.lowStockRemaining,
                limits: product.addToCart,
                image: null,
                identifiers: product.identifiers,
              }, t)}
            </p>
          )}
          {product.shortDescription && <p className="product__short">{product.shortDescription}</p>}
          {variable ? (
            <VariationForm product={product} choice={choice} />
          ) : (
            product.isPurchasable &&
            product.isInStock && (
              <form className="product__cart" onSubmit={(e) => e.preventDefault()}>
                <label className="visually-hidden" htmlFor="product-qty">
                  {t.quantity}
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
          <SlotFills name="product.summary" props={{ product, variation: chosen }} />
          {sku && <p className="product__meta">{t.sku({ sku })}</p>}
          {product.categories.length > 0 && <p className="product__meta">{t.category({ names: product.categories.map((c) => c.name).join(', ') })}</p>}
        </div>
      </article>
      <Tabs tabs={tabs} label={t.details} />
      {page.related && page.related.products.length > 0 && <ProductSection section={page.related} eagerCount={0} firstOnPage={false} />}
    </>
  );
}
