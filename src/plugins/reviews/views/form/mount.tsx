/**
 * What the first-load code holds of the review form: a loader and a mount. The form itself
 * (`ReviewForm.tsx`, its rules, state machines and views) is a chunk of its own, fetched when the
 * shopper opens the form, or earlier when they point at or focus `Write a review`
 * ({@link preloadReviewForm}); never on page load.
 */
import { createElement, useEffect, useState, type ComponentType } from 'react';
import type { ReviewFormProps } from './ReviewForm.js';

type FormView = ComponentType<ReviewFormProps>;
let loaded: FormView | null = null;
let loading: Promise<FormView> | undefined;

/** Fetches the form's chunk (once; again after a failure). */
export const preloadReviewForm = (): Promise<FormView> =>
  (loading ??= import('./ReviewForm.js').then(
    (m) => (loaded = m.ReviewForm),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/** `?review=1` in a product page's address asks for the standalone form (opened at once). */
export const wantsReviewForm = (search: string): boolean => new URLSearchParams(search).get('review') === '1';

/** The review form once its chunk is in; meanwhile a short note, and a retry if it cannot be fetched. */
export function ReviewFormMount(props: ReviewFormProps) {
  const [view, setView] = useState<FormView | null>(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (view) return;
    let live = true;
    preloadReviewForm().then(
      (v) => live && setView(() => v),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [view, attempt]);
  if (view) return createElement(view, props);
  if (failed) {
    return createElement(
      'p',
      { className: 'review-form__loading', role: 'alert' },
      'The review form could not be loaded. ',
      createElement('button', { type: 'button', className: 'button button--small', onClick: () => (setFailed(false), setAttempt((n) => n + 1)) }, 'Retry'),
    );
  }
  return createElement('p', { className: 'review-form__loading', 'aria-busy': true }, 'Loading the review form…');
}
