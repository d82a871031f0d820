import { useEffect, useId, useRef, useState } from 'react';
import { readTypedQuantity, stepQuantity, typedQuantityMessage } from '../../core/rules/quantity.js';
import { quantityNotes } from '../../core/rules/quantity-messages.js';
import { useTexts } from '../i18n.js';
import { quantityTexts } from '../messages/quantity.js';
import { useUi } from '../runtime-context.js';

interface QuantityStepperProps {
  /** The confirmed quantity: what the field goes back to when it is left empty. */
  readonly value: number;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  /** Never changeable (a product sold one at a time): the controls are disabled. */
  readonly disabled?: boolean;
  /**
   * A change is being saved: the controls ignore input but keep focus, so a keyboard user who just
   * pressed Enter or a button is not thrown back to the top of the page.
   */
  readonly busy?: boolean;
  /**
   * Called with the new quantity after a button press, Enter, or leaving the field. A commit that
   * saves somewhere resolves to whether it was saved; the reason for an adjusted quantity is
   * announced after that (so it is the last thing said), and not at all when the save failed.
   */
  readonly onCommit: (quantity: number) => void | Promise<boolean>;
  readonly id?: string;
  /** What the quantity is of, for the controls' names where several steppers share a page (a cart). */
  readonly itemName?: string;
}

/**
 * A quantity spinbutton with decrease and increase buttons, following the spec's stepper rules. A
 * typed quantity is taken on Enter or when the field is left; an emptied field goes back to the
 * confirmed quantity, and one beyond the limits is brought inside them, each with a message shown
 * under the field and said in the live region.
 */
export function QuantityStepper({ value, min, max, step, disabled, busy = false, onCommit, id, itemName }: QuantityStepperProps) {
  const { signals } = useUi();
  const t = useTexts(quantityTexts);
  const notes = useTexts(quantityNotes);
  const noteId = useId();
  const [draft, setDraft] = useState(String(value));
  const [note, setNote] = useState<string | null>(null);
  // A pointer pressed on this stepper's own −/+ button: the focus leaving the field is that press,
  // and the button decides from the draft (counting a non-numeric one as 0, as the spec says).
  const pressing = useRef(false);
  useEffect(() => setDraft(String(value)), [value]);
  const limits = { min, max, step };

  const commit = (next: number, message: string | null = null) => {
    setDraft(String(next));
    setNote(message);
    const say = () => {
      if (message) signals.emit('announce', { message });
    };
    if (next === value) return say();
    const saving = onCommit(next);
    if (saving) void saving.then((saved) => (saved ? say() : setNote(null)));
    else say();
  };
  const commitDraft = () => {
    const outcome = readTypedQuantity(draft, value, limits);
    commit(outcome.quantity, typedQuantityMessage(outcome, itemName, notes));
  };
  const press = (direction: 'up' | 'down') => {
    pressing.current = false;
    if (!busy) commit(stepQuantity(draft, limits, direction));
  };
  const buttonProps = {
    type: 'button' as const,
    className: 'qty__btn',
    disabled,
    'aria-disabled': busy || undefined,
    onPointerDown: () => {
      pressing.current = true;
    },
  };

  return (
    <div className="qty-field">
      <div className="qty">
        <button {...buttonProps} aria-label={itemName ? t.decreaseOf({ name: itemName }) : t.decrease} onClick={() => press('down')}>
          −
        </button>
        <input
          id={id}
          className="qty__input"
          type="number"
          inputMode="numeric"
          aria-label={itemName ? t.quantityOf({ name: itemName }) : t.quantity}
          aria-describedby={note ? noteId : undefined}
          value={draft}
          min={min}
          max={max}
          step={step ?? 1}
          disabled={disabled}
          readOnly={busy}
          aria-disabled={busy || undefined}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={(e) => {
            const next = e.relatedTarget;
            const ownButton = next instanceof Node && e.currentTarget.parentElement?.contains(next);
            const pressed = pressing.current;
            pressing.current = false;
            // Tab to the own button is leaving the field like any other; a click on it is the button's.
            if (ownButton && pressed) return;
            if (!busy) commitDraft();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Commit here and stop the browser from also submitting the surrounding form.
              e.preventDefault();
              if (!busy) commitDraft();
            }
          }}
        />
        <button {...buttonProps} aria-label={itemName ? t.increaseOf({ name: itemName }) : t.increase} onClick={() => press('up')}>
          +
        </button>
      </div>
      {note && (
        <p className="qty__note" id={noteId}>
          {note}
        </p>
      )}
    </div>
  );
}
