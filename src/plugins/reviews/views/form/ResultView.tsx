import { useEffect, useRef } from 'react';
import type { ReviewResult } from '../../../../core/domain/reviews.js';
import type { ReviewFormTexts } from '../../form/messages.js';

/**
 * The server's answer: its `description` and its button's text, as plain text. A success (code 0)
 * offers `Continue` (the form is cleared and closed), anything else `Try again` / `OK` (back to the
 * filled form). The button takes focus so the keyboard continues from there.
 */
export function ResultView({ texts: t, result, onContinue, onTryAgain }: { readonly texts: ReviewFormTexts; readonly result: ReviewResult; readonly onContinue: () => void; readonly onTryAgain: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), [result]);
  const success = result.code === 0;
  return (
    <div className={`review-result ${success ? 'review-result--success' : 'review-result--error'}`}>
      <p className="review-result__text">{result.description}</p>
      <button ref={button} type="button" className={`button${success ? ' button--primary' : ''}`} onClick={success ? onContinue : onTryAgain}>
        {result.button || (success ? t.continue : t.tryAgain)}
      </button>
    </div>
  );
}
