/**
 * The standalone single-product review form: a product page's address with `?review=1` (the link a
 * review reminder gives, `/product/{slug}/?review=1`) opens the form at once under the product's
 * summary, headed `Review “{name}”`, whatever tab is showing. Done (`Continue` or `Cancel`), it
 * closes and the parameter leaves the address, so a reload does not open it again. The server
 * renders nothing here: it opens after hydration, with the tab's chunk (which carries this), which
 * the plugin fetches before hydrating when the address asks for the form (`../deferred.ts`).
 */
import { useEffect, useState } from 'react';
import type { Product } from '../../../../core/domain/catalog.js';
import { wantsReviewForm } from '../../review-link.js';
import { useUi } from '../../../../ui/runtime-context.js';
import type { ReviewsCtx } from '../parts.js';
import { ReviewFormMount } from './ReviewFormMount.js';

export interface StandaloneProps {
  readonly product: Product;
  readonly plugin: ReviewsCtx;
}

/** In the tab's chunk (`../deferred.ts` wraps it for the `product.summary` slot). */
export function StandaloneReviewForm({ product, plugin }: StandaloneProps) {
  const { state } = useUi();
  const [open, setOpen] = useState(false);
  // After hydration only: the server renders nothing here, whatever the address.
  useEffect(() => setOpen(wantsReviewForm(location.search)), []);
  const view = state.page.type === 'product' ? state.page.reviews : null;
  if (!open || !view || view.form.accepting === 'none') return null;
  const done = () => {
    setOpen(false);
    const url = new URL(location.href);
    url.searchParams.delete('review');
    history.replaceState(history.state, '', url);
  };
  return <ReviewFormMount plugin={plugin} productId={view.productId} productName={product.name} settings={view.form} open onDone={done} standalone />;
}
