/**
 * The review form's mount point. OWNED BY rform (`issue15-rform`): replace this file's body with
 * the form; keep the export's name and its props (`../form-mount.ts`).
 */
import type { ReviewFormMountProps } from '../form-mount.js';

export function ReviewFormMount({ open, productName, onDone }: ReviewFormMountProps) {
  if (!open) return null;
  return (
    <section className="review-form" aria-label={productName ? `Write a review of ${productName}` : 'Write a review'}>
      <p>The review form is not available yet.</p>
      <button type="button" onClick={onDone}>
        Back to the reviews
      </button>
    </section>
  );
}
