import { useState } from 'react';
import type { ListedProduct } from '../../core/domain/catalog.js';
import { itemFactsOf } from '../../core/events.js';
import { afterAddNavigation } from '../../core/rules/navigation.js';
import { useTexts } from '../i18n.js';
import { cartButtonTexts } from '../messages/cart-button.js';
import { useSelector, useUi } from '../runtime-context.js';
import { liveControl } from '../early-clicks.js';

interface AddToCartButtonProps {
  readonly product: ListedProduct;
  readonly quantity?: number;
  readonly variationId?: number;
  readonly variation?: Readonly<Record<string, string>>;
  /** Label text shown on the button. @default the catalogue's `Add to cart` */
  readonly label?: string;
  readonly className?: string;
}


/**
 * The add-to-cart control: pending while its intent is queued, then "added" with a View cart link.
 * A refusal that names a product page on this site sends the shopper there; the redirect-to-cart
 * setting sends them to the cart. While pending it is marked disabled but never loses focus, so a
 * keyboard user who pressed it stays on it, hears its added state, and tabs on to View cart.
 */
export function AddToCartButton({ product, quantity = 1, variationId, variation, label, className }: AddToCartButtonProps) {
  const { runtime, state } = useUi();
  const t = useTexts(cartButtonTexts);
  // One subscription per button: a filter's new tiles each make theirs (and the old ones drop theirs).
  const cartState = useSelector(runtime.stores.cart, (s) => ((s.pendingProducts[product.id] ?? 0) > 0 ? 'pending' : s.addedProducts.includes(product.id) ? 'added' : 'idle'));
  const pending = cartState === 'pending';
  const added = cartState === 'added';
  const [busy, setBusy] = useState(false);

  if (!product.isPurchasable || !product.isInStock) {
    return (
      <a className={`button ${className ?? ''}`} href={product.permalink} aria-label={t.readMoreAbout({ name: product.name })}>
        {t.readMore}
      </a>
    );
  }
  if (product.type === 'variable' && variationId === undefined) {
    return (
      <a className={`button ${className ?? ''}`} href={product.permalink} aria-label={t.selectOptionsFor({ name: product.name })}>
        {t.selectOptions}
      </a>
    );
  }

  const loading = pending || busy;
  const shown = loading ? 'loading' : added ? 'added' : 'idle';
  // What the button shows in each state; its name starts with this text (WCAG 2.5.3).
  const text = shown === 'loading' ? t.adding : shown === 'added' ? t.added : (label ?? t.addToCart);
  const onClick = async () => {
    if (loading) return;
    setBusy(true);
    const result = await runtime.execute('cart.add', {
      productId: product.id,
      quantity,
      ...(variationId !== undefined ? { variationId } : {}),
      ...(variation ? { variation } : {}),
      item: itemFactsOf(product),
      productUrl: product.permalink,
    });
    setBusy(false);
    const target = afterAddNavigation(result, { redirectAfterAdd: state.shop.redirectAfterAdd, cartUrl: '/cart/' }, window.location.href);
    if (target) window.location.assign(target);
  };

  return (
    <span className="add-to-cart" data-cart-control="">
      <button
        type="button"
        ref={liveControl}
        data-early-click=""
        className={`button button--primary ${className ?? ''}`}
        aria-label={t.named({ shown: text.replace(/…$/, ''), name: product.name })}
        aria-busy={loading}
        aria-disabled={loading || undefined}
        data-state={shown}
        onClick={() => void onClick()}
      >
        {text}
      </button>
      {added && !loading && (
        <a className="added-to-cart" href="/cart/">
          {t.viewCart}
        </a>
      )}
    </span>
  );
}
