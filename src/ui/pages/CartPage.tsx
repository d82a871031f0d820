import { CartLines, CartTotals } from '../components/CartLines.js';
import { useSelector, useUi } from '../runtime-context.js';
import { SlotFills } from '../slots.js';

/** The cart page: lines with quantities and removal, and totals in PHP. */
export function CartPage() {
  const { runtime } = useUi();
  const cart = useSelector(runtime.stores.cart, (s) => s.cart);
  return (
    <>
      <h1 className="page-title">Cart</h1>
      {!cart || cart.lines.length === 0 ? (
        <div className="cart-empty">
          <p>Your cart is currently empty.</p>
          <p>
            <a className="button button--primary" href="/shop/">
              Return to shop
            </a>
          </p>
        </div>
      ) : (
        <div className="cart-page">
          <CartLines cart={cart} />
          <section className="cart-page__totals" aria-labelledby="totals-heading">
            <h2 id="totals-heading">Cart totals</h2>
            <CartTotals cart={cart} />
            <SlotFills name="cart.totals" props={{ cart }} />
            <p className="cart-page__checkout">
              <a className="button button--primary" href="/checkout/">
                Proceed to checkout
              </a>
            </p>
          </section>
        </div>
      )}
    </>
  );
}
