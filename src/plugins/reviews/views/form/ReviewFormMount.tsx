/**
 * The review form's mount point (the seam with the list's views: `../form-mount.ts`). This module is
 * all the tab, `/reviews/` and the standalone form carry of the form: a loader and a mount. The
 * form itself (`ReviewForm.tsx` with its rules, state machines and views) is a chunk of its own,
 * fetched when the form opens, or earlier when the shopper points at or focuses `Write a review`
 * ({@link preloadReviewForm}); never on page load.
 */
import { createElement, useEffect, useState, type ComponentType } from 'react';
import { useLocale, useTexts } from '../../../../ui/i18n.js';
import { reviewTexts } from '../../messages.js';
import type { ReviewFormMountProps } from '../form-mount.js';
import type { ReviewFormProps } from './ReviewForm.js';

type FormView = ComponentType<ReviewFormProps>;
let loaded: FormView | null = null;
let loading: Promise<FormView> | undefined;

/** Fetches the form's chunk (once; again after a failure). Give it to `Write a review`'s focus and pointer. */
export const preloadReviewForm = (): Promise<FormView> =>
  (loading ??= import('./ReviewForm.js').then(
    (m) => (loaded = m.ReviewForm),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/** The review form when `open`; while its chunk comes, a short note, and `Retry` if it cannot be fetched. */
export function ReviewFormMount({ plugin, productId, productName, settings, open, onDone, standalone = false }: ReviewFormMountProps) {
  const t = useTexts(reviewTexts);
  const locale = useLocale();
  const [view, setView] = useState<FormView | null>(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!open || view) return;
    let live = true;
    preloadReviewForm().then(
      (v) => live && setView(() => v),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, view, attempt]);
  if (!open) return null;
  if (view) {
    return createElement(view, {
      host: plugin,
      settings,
      productId,
      title: standalone && productName ? t.writeAbout({ name: productName }) : t.write,
      standalone,
      locale,
      onClose: onDone,
    });
  }
  if (failed) {
    return createElement(
      'p',
      { className: 'review-form__loading', role: 'alert' },
      `${t.formFailed} `,
      createElement('button', { type: 'button', className: 'button button--small', onClick: () => (setFailed(false), setAttempt((n) => n + 1)) }, t.retry),
    );
  }
  return createElement('p', { className: 'review-form__loading', 'aria-busy': true }, t.formLoading);
}
