import { useId, useState } from 'react';
import type { ReviewFormTexts } from '../../form/messages.js';
import { ratingPreview, starLabel } from '../../form/rules.js';

interface RatingGroupProps {
  readonly texts: ReviewFormTexts;
  /** The group's visible name (`Rating`, or an on-site question's label). */
  readonly label: string;
  /** The chosen star, 0 for none. */
  readonly value: number;
  readonly onChange: (value: number) => void;
  readonly error: string | null;
  readonly required?: boolean;
  /** The id the group's element gets (the form focuses it after a failed submit). */
  readonly id: string;
  readonly disabled?: boolean;
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A star rating as a radio group of native radios named `1 star` … `5 stars`: the browser gives
 * the arrow keys and the single tab stop. Hovering a star previews up to it ("n/5", never below the
 * chosen one); with nothing chosen the preview reads "0/5".
 */
export function RatingGroup({ texts, label, value, onChange, error, required = false, id, disabled = false }: RatingGroupProps) {
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const preview = ratingPreview(value, hovered);
  const lit = Number(preview.split('/')[0]);
  return (
    <div className={`review-rating${error ? ' review-rating--error' : ''}`}>
      <span className="review-form__label" id={labelId}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </span>
      <div
        role="radiogroup"
        id={id}
        tabIndex={-1}
        aria-labelledby={labelId}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="review-rating__stars"
        onMouseLeave={() => setHovered(null)}
      >
        {STARS.map((n) => (
          <label key={n} className={`review-rating__star${n <= lit ? ' review-rating__star--lit' : ''}`} onMouseEnter={() => setHovered(n)}>
            <input type="radio" className="visually-hidden" name={name} value={n} checked={value === n} disabled={disabled} onChange={() => onChange(n)} />
            <span className="visually-hidden">{starLabel(n, texts)}</span>
            <span aria-hidden="true">★</span>
          </label>
        ))}
        <span className="review-rating__preview" aria-hidden="true">
          {preview}
        </span>
      </div>
      {error ? (
        <p className="review-form__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
