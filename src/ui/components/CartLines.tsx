import type { Cart, CartLine } from '../../core/domain/cart.js';
import { formatMoney } from '../../core/rules/money.js';
import { useTexts } from '../i18n.js';
import { cartLinesTexts } from '../messages/cart-lines.js';
import { useUi } from '../runtime-context.js';
import { QuantityStepper } from './QuantityStepper.js';
import { SlotFills } from '../slots.js';

/** The non-script removal address of a line, as the stock shop links it. */
export const removeHref = (key: string, nonce: string): string =>
  `/cart/?remove_item=${encodeURIComponent(key)}&_wpnonce=${encodeURIComponent(nonce)}`;

/** Cart lines with quantity steppers and remove links; shared by the cart panel and the cart page. */
export function CartLines({ cart, compact = false }: { cart: Cart; compact?: boolean }) {
  const { runtime, state } = useUi();
  const t = useTexts(cartLinesTexts);
  const money = (n: number) => formatMoney(n, cart.totals.currency);
  const remove = async (line: CartLine, href: string) => {
    const result = await runtime.execute('cart.remove', { key: line.key });
    // A failed mini-cart remove follows the link, as the stock shop does.
    if (!result.ok && compact) window.location.assign(href);
  };
  return (
    <ul className={compact ? 'cart-lines cart-lines--compact' : 'cart-lines'} aria-label={t.items} data-cart-control="">
      {cart.lines.map((line) => {
        const href = removeHref(line.key, state.cartNonce);
        // The shop's message about this line (it names the product in quotes).
        const problem = cart.problems?.find((p) => p.message.includes(`“${line.name}”`) || p.message.includes(`"${line.name}"`));
        return (
          <li key={line.key} className="cart-line" data-pending={line.pending || undefined} aria-busy={line.pending || undefined}>
            {line.image && <img className="cart-line__img" src={line.image.thumbnail || line.image.src} alt="" width={64} height={64} loading="lazy" />}
            <div className="cart-line__body">
              <a className="cart-line__name" href={line.permalink}>
                {line.name}
              </a>
              {line.variation.length > 0 && (
                <p className="cart-line__variation">{line.variation.map((v) => `${v.attribute}: ${v.value}`).join(', ')}</p>
              )}
              <p className="cart-line__price">
                {money(line.unitPrice)} <span className="visually-hidden">{t.each}</span>
              </p>
              {line.pending && <p className="cart-line__status">{t.saving}</p>}
              {problem && (
                <p className="cart-line__problem" role="note">
                  {problem.message}
                </p>
              )}
            </div>
            <div className="cart-line__qty" role="group" aria-label={t.quantityOf({ name: line.name })}>
              <QuantityStepper
                value={line.quantity}
                min={line.limits.minimum > 0 ? line.limits.minimum : 1}
                max={line.limits.maximum > 0 ? line.limits.maximum : undefined}
                step={line.limits.multipleOf}
                disabled={!line.limits.editable}
                busy={line.pending}
                onCommit={async (quantity) => (await runtime.execute('cart.setQuantity', { key: line.key, quantity })).ok}
                itemName={`“${line.name}”`}
              />
            </div>
            <p className="cart-line__total">{money(line.lineTotal)}</p>
            <a
              className="cart-line__remove"
              role="button"
              href={href}
              aria-label={t.remove({ name: line.name })}
              aria-disabled={line.pending || undefined}
              onClick={(e) => {
                e.preventDefault();
                if (!line.pending) void remove(line, href);
              }}
            >
              ×
            </a>
            <SlotFills name="cart.lineActions" props={{ line }} />
          </li>
        );
      })}
    </ul>
  );
}

/** Subtotal and total rows. */
export function CartTotals({ cart }: { cart: Cart }) {
  const money = (n: number) => formatMoney(n, cart.totals.currency);
  const t = useTexts(cartLinesTexts);
  return (
    <dl className="cart-totals">
      <div>
        <dt>{t.subtotal}</dt>
        <dd>{money(cart.totals.subtotal)}</dd>
      </div>
      {cart.totals.discount > 0 && (
        <div>
          <dt>{t.discount}</dt>
          <dd>−{money(cart.totals.discount)}</dd>
        </div>
      )}
      {cart.coupons.length > 0 && (
        <div>
          <dt>{t.coupons}</dt>
          <dd>{cart.coupons.map((c) => c.code).join(', ')}</dd>
        </div>
      )}
      <div className="cart-totals__total">
        <dt>{t.total}</dt>
        <dd>{money(cart.totals.total)}</dd>
      </div>
    </dl>
  );
}

/** The slide-out cart's body: compact lines and the totals (loaded by `CartPanel` on demand). */
export function PanelLines({ cart }: { readonly cart: Cart }) {
  return (
    <>
      <CartLines cart={cart} compact />
      <CartTotals cart={cart} />
    </>
  );
}
