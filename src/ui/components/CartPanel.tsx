import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type { Cart } from '../../core/domain/cart.js';
import { CART_PANEL_OFFSET_PX } from '../../core/rules/layout.js';
import { useTexts } from '../i18n.js';
import { cartPanelTexts } from '../messages/cart-panel.js';
import { useSelector, useUi } from '../runtime-context.js';
import { whenSettled } from './wake.js';
import { CartError } from './Notices.js';
import { useModal } from './use-modal.js';


/** Header button that opens the slide-out cart; its text, which is also its name, carries the item count. */
export function MiniCartButton() {
  const { runtime, signals } = useUi();
  const count = useSelector(runtime.stores.cart, (s) => s.cart?.itemsCount ?? 0);
  const t = useTexts(cartPanelTexts);
  return (
    <button
      type="button"
      className="minicart-button"
      aria-haspopup="dialog"
      onClick={() => signals.emit('cart-panel', { open: true })}
    >
      <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 6h15l-1.5 9h-12z" />
        <path d="M6 6 5 3H2" />
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
      </svg>{' '}
      <span className="minicart-button__text">{t.button(count)}</span>
    </button>
  );
}

/**
 * The panel's lines and totals (with the quantity steppers): their own chunk, out of the code every
 * page runs before it hydrates. Fetched once the page has settled, or when the panel first opens.
 */
type Lines = ComponentType<{ readonly cart: Cart }>;
let linesModule: Promise<Lines> | null = null;
const loadLines = (): Promise<Lines> =>
  (linesModule ??= import('./CartLines.js').then(
    (m) => m.PanelLines,
    (error: unknown) => {
      // A failed fetch is tried again the next time (the panel's `View cart` link works meanwhile).
      linesModule = null;
      throw error;
    },
  ));

/** The slide-out cart: a modal dialog named Cart with the mini-cart lines, totals and links. */
export function CartPanel() {
  const { runtime, signals } = useUi();
  const cart = useSelector(runtime.stores.cart, (s) => s.cart);
  const t = useTexts(cartPanelTexts);
  const [open, setOpen] = useState(false);
  // The lines are in the document only while the panel is open or sliding shut: a cart change made
  // while it is closed (every add) then re-renders nothing here but the count.
  const [showLines, setShowLines] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(
    () =>
      signals.on('cart-panel', ({ open: next }) => {
        if (next) {
          opener.current = document.activeElement;
          // The panel's lines can be removed: learn their categories before the shopper does.
          void runtime.execute('cart.lookUpCategories', undefined);
        }
        if (next) setShowLines(true);
        setOpen(next);
      }),
    [signals, runtime],
  );

  const [Lines, setLines] = useState<{ readonly view: Lines } | null>(null);
  const [linesFailed, setLinesFailed] = useState(false);
  // The lines' chunk comes in before the shopper is likely to open the panel, or as it opens.
  useEffect(() => whenSettled(() => void loadLines().then((view) => setLines({ view }), () => undefined)), []);
  useEffect(() => {
    if (!open || Lines) return;
    let live = true;
    setLinesFailed(false);
    loadLines().then(
      (view) => live && setLines({ view }),
      () => live && setLinesFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, Lines]);

  const close = useCallback(() => setOpen(false), []);
  useModal(open, panel, close, opener);

  return (
    <>
      <div className="cart-overlay" data-open={open} onClick={() => setOpen(false)} aria-hidden="true" />
      <div
        ref={panel}
        className="cart-panel"
        role="dialog"
        aria-modal="true"
        aria-label={t.cart}
        data-open={open}
        style={{ ['--cart-offset' as string]: `${CART_PANEL_OFFSET_PX}px` }}
        onTransitionEnd={(event) => {
          if (event.target === event.currentTarget && !open) setShowLines(false);
        }}
      >
        <div className="cart-panel__head">
          <h2 className="cart-panel__title">{t.yourCart}</h2>
          <button type="button" className="cart-panel__close" aria-label={t.closeCart} data-autofocus onClick={() => setOpen(false)}>
            ×
          </button>
        </div>
        <CartError />
        {!cart || cart.lines.length === 0 ? (
          <p className="cart-panel__empty">{t.empty}</p>
        ) : (
          (open || showLines) && (
            (Lines ? (
              <Lines.view cart={cart} />
            ) : (
              <p className="cart-panel__empty" role="status">
                {linesFailed ? t.linesFailed : t.loading}
              </p>
            ))
          )
        )}
        <p className="cart-panel__actions">
          <a className="button" href="/cart/">
            {t.viewCart}
          </a>
          {cart && cart.lines.length > 0 && (
            <a className="button button--primary" href="/checkout/">
              {t.proceed}
            </a>
          )}
        </p>
      </div>
    </>
  );
}
