import { useEffect, useState } from 'react';
import { stepQuantity } from '../../core/rules/quantity.js';

interface QuantityStepperProps {
  readonly value: number;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly disabled?: boolean;
  /** Called with the new quantity after a button press, Enter, or leaving the field. */
  readonly onCommit: (quantity: number) => void;
  readonly id?: string;
  /** What the quantity is of, for the controls' names where several steppers share a page (a cart). */
  readonly itemName?: string;
}

/** A quantity spinbutton with increase and decrease buttons, following the spec's stepper rules. */
export function QuantityStepper({ value, min, max, step, disabled, onCommit, id, itemName }: QuantityStepperProps) {
  const of = itemName ? ` of ${itemName}` : '';
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const limits = { min, max, step };
  const commit = (next: number) => {
    setDraft(String(next));
    if (next !== value) onCommit(next);
  };
  const commitDraft = () => commit(stepQuantity(draft, limits, 'none'));
  return (
    <div className="qty">
      <button
        type="button"
        className="qty__btn"
        aria-label={`Decrease quantity${of}`}
        disabled={disabled}
        onClick={() => commit(stepQuantity(draft, limits, 'down'))}
      >
        −
      </button>
      <input
        id={id}
        className="qty__input"
        type="number"
        inputMode="numeric"
        aria-label={`Quantity${of}`}
        value={draft}
        min={min}
        max={max}
        step={step ?? 1}
        disabled={disabled}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={(e) => {
          // Focus moving to this stepper's own +/− button: that click decides, counting a
          // non-numeric draft as 0, as the spec says.
          const next = e.relatedTarget;
          if (next instanceof Node && e.currentTarget.parentElement?.contains(next)) return;
          commitDraft();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            // Commit here and stop the browser from also submitting the surrounding form.
            e.preventDefault();
            commitDraft();
          }
        }}
      />
      <button
        type="button"
        className="qty__btn"
        aria-label={`Increase quantity${of}`}
        disabled={disabled}
        onClick={() => commit(stepQuantity(draft, limits, 'up'))}
      >
        +
      </button>
    </div>
  );
}
