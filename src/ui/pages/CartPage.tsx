import { CartLines, CartTotals } from '../components/CartLines.js';
import { useTexts } from '../i18n.js';
import { cartPageTexts } from '../messages/cart-lines.js';
import { useSelector, useUi } from '../runtime-context.js';
import { SlotFills } from '../slots.js';

/** The cart page: lines with quantities and removal, and totals in PHP. */
export function CartPage() {
  const { runtime } = useUi();
  const cart = useSelector(runtime.stores.cart, (s) => s.cart);
  const t = useTexts(cartPageTexts);
  return (
    <>
      <h1 className="page-title">{t.cart}</h1>
      {!cart || cart.lines.length === 0 ? (
        <div className="cart-empty">
          <p>{t.empty}</p>
          <p>
            <a className="button button--primary" href="/shop/">
              {t.returnToShop}
            </a>
          </p>
        </div>
      ) : (
        <div className="cart-page">
          <CartLines cart={cart} />
          <section className="cart-page__totals" aria-labelledby="totals-heading">
            <h2 id="totals-heading">{t.totals}</h2>
            <CartTotals cart={cart} />
            <SlotFills name="cart.totals" props={{ cart }} />
            <p className="cart-page__checkout">
              <a className="button button--primary" href="/checkout/">
                {t.proceed}
              </a>
            </p>
          </section>
        </div>
      )}
    </>
  );
}
