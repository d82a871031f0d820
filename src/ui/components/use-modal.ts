import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Modal behaviour while `open`: focus moves into `node` (to `[data-autofocus]`), Tab stays inside,
 * Escape calls `onClose`, the page behind does not scroll, and on close focus returns to `opener`.
 */
export function useModal(open: boolean, node: RefObject<HTMLElement | null>, onClose: () => void, opener: RefObject<Element | null>): void {
  useEffect(() => {
    if (!open) return;
    const root = node.current;
    // Whatever had focus when the modal opened gets it back when it closes.
    const back = opener.current;
    root?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      }
      if (e.key === 'Tab' && root) {
        const focusables = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = focusables[0];
        const last = focusables[focusables.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('no-scroll');
      if (back instanceof HTMLElement) back.focus();
    };
  }, [open, node, onClose, opener]);
}
