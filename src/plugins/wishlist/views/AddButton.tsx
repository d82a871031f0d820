import { useContext, useEffect, useId, useState } from 'react';
import type { ListedProduct, Product, ProductVariation } from '../../../core/domain/catalog.js';
import { itemFactsOf, type ItemFacts } from '../../../core/events.js';
import type { ViewContextOf } from '../../../core/plugin.js';
import { BuiltInBrowser } from '../../../ui/components/hydrate-later.js';
import { useTexts } from '../../../ui/i18n.js';
import { shallowEqual, useSelector, useUi } from '../../../ui/runtime-context.js';
import { countFromCookie, headerText } from '../basics.js';
import type wishlist from '../index.js';
import { wishlistTexts } from '../messages.js';
import type { WishlistView } from '../state.js';
import { AddNotice as Notice, ListChooser as Chooser } from './AddExtras.js';
export { start } from '../later.js';

/** The list page's view (its own chunk; `deferred.ts` loads it through this one on the wishlist pages). */
export const loadPage = () => import('./WishlistPage.js').then((m) => m.WishlistPage);

type Ctx = ViewContextOf<typeof wishlist>;


interface ButtonProps {
  readonly plugin: Ctx;
  readonly productId: number;
  readonly parentId: number;
  readonly productType: string;
  readonly name: string;
  readonly item: ItemFacts;
  /** The text is shown (product page), else only the heart (tiles; the text is for assistive technology). */
  readonly wide?: boolean;
  /** Why it cannot be pressed yet (a variable product without a chosen variation). */
  readonly reason?: string;
}

/** What one product's button shows, from the plugin's state. */
const buttonState = (view: WishlistView, productId: number) => {
  const entry = view.state?.entries.find((e) => e.productId === productId || e.parentId === productId) ?? null;
  return {
    entry,
    url: (entry && view.state?.lists.find((l) => l.id === entry.wishlistId)?.url) || '/wishlist/',
    adding: view.adding.includes(productId),
    notice: view.notices[productId] ?? null,
  };
};

/**
 * `Add “{name}” to wishlist`: a form posted to `/wishlist/` without scripts (a button alone in a
 * list the browser built); with them, an add through the plugin, pressed (`aria-pressed`) once the
 * product is in a list, with `Browse wishlist` beside it. With several lists it first asks which
 * one.
 */
function WishlistButton({ plugin, productId, parentId, productType, name, item, wide = false, reason }: ButtonProps) {
  // One subscription for what the button shows: with four, a filter's twelve new tiles made (and
  // the old ones dropped) forty-eight.
  const { entry, url, adding, notice } = useSelector(plugin.store, (s) => buttonState(s, productId), shallowEqual);
  const severalLists = (view: WishlistView) => plugin.options.multipleLists && view.state?.features.multipleLists === true && view.state.lists.length > 1;
  const [choosing, setChoosing] = useState(false);
  // In a list the browser built (a filter's): scripts run there, so no form for them to fall back
  // on (two elements fewer per tile).
  const built = useContext(BuiltInBrowser);
  const reasonId = useId();
  const t = useTexts(wishlistTexts);
  const text = t.addNamed({ name });
  const add = (wishlistId: number | 'new' | null, newList?: { readonly name: string; readonly privacy: 0 | 1 | 2 }) => {
    setChoosing(false);
    void plugin.execute('wishlist.add', { productId, parentId, productType, name, item, wishlistId, ...(newList ? { newList } : {}) });
  };
  const press = () => {
    if (reason || adding) return;
    void (async () => {
      // With several lists the shopper chooses one: their lists must be known first.
      const count = countFromCookie(document.cookie) ?? 0;
      if (plugin.options.multipleLists && !plugin.store.getSnapshot().known && count > 0) await plugin.execute('wishlist.wake', { count, wait: true });
      if (severalLists(plugin.store.getSnapshot())) setChoosing(true);
      else add(null);
    })();
  };
  // The heart is the button's `::before` (`first-paint.css`): an inline SVG was two more elements
  // in every tile a filter's list made.
  const button = (
    <button
      type={built ? 'button' : 'submit'}
      className="wishlist-add__button"
      onClick={built ? press : undefined}
      aria-pressed={entry !== null}
      aria-disabled={reason || adding ? true : undefined}
      aria-busy={adding || undefined}
      aria-describedby={reason ? reasonId : undefined}
      title={wide ? undefined : t.addTitle}
    >
      <span className={wide ? undefined : 'visually-hidden'}>{text}</span>
    </button>
  );
  return (
    <div className={`wishlist-add${wide ? ' wishlist-add--wide' : ''}`}>
      {built ? (
        button
      ) : (
        <form
          className="wishlist-add__form"
          method="post"
          action="/wishlist/"
          onSubmit={(e) => {
            e.preventDefault();
            press();
          }}
        >
          <input type="hidden" name="add_to_wishlist" value={productId} />
          {button}
        </form>
      )}
      {reason && (
        <p className="wishlist-add__reason" id={reasonId}>
          {reason}
        </p>
      )}
      {entry && (
        <a className="wishlist-add__browse" href={url}>
          {t.browse}
        </a>
      )}
      {notice && <Notice key={notice.at} plugin={plugin} notice={notice} timeout={plugin.options.popupTimeout} />}
      {choosing && <Chooser plugin={plugin} name={name} onChoose={add} onClose={() => setChoosing(false)} />}
    </div>
  );
}

/** The add button under a listing tile's add to cart. */
export function TileButton({ product, plugin }: { readonly product: ListedProduct; readonly listName: string; readonly plugin: Ctx }) {
  return <WishlistButton plugin={plugin} productId={product.id} parentId={product.id} productType={product.type} name={product.name} item={itemFactsOf(product)} />;
}

/** The add button of the product page; on a variable product it follows the chosen variation. */
export function SummaryButton({ product, variation, plugin }: { readonly product: Product; readonly variation: ProductVariation | null; readonly plugin: Ctx }) {
  const variable = product.type === 'variable';
  const facts = itemFactsOf(product);
  const t = useTexts(wishlistTexts);
  return (
    <WishlistButton
      plugin={plugin}
      productId={variation?.id ?? product.id}
      parentId={product.id}
      productType={variation ? 'variation' : product.type}
      name={product.name}
      item={variation ? { ...facts, id: variation.id, sku: variation.sku || facts.sku, price: variation.prices.price } : facts}
      wide
      {...(variable && !variation ? { reason: t.chooseOptions } : {})}
    />
  );
}

/**
 * `Wishlist`, and after hydration `Wishlist (n items)` from the count cookie (then from the lists
 * once read): the server cannot know the count of a shared render, so it renders the plain word.
 */
export function HeaderLink({ plugin }: { readonly plugin: Ctx }) {
  const { state } = useUi();
  const stored = useSelector(plugin.store, (s) => s.count);
  const [cookie, setCookie] = useState<number | null>(null);
  // Hydrated: until then the text is the server's (the plain word), even where the plugin already knows a count (the wishlist pages start it before hydrating).
  const [live, setLive] = useState(false);
  const t = useTexts(wishlistTexts);
  useEffect(() => {
    const count = countFromCookie(document.cookie);
    setLive(true);
    setCookie(count);
    void plugin.execute('wishlist.wake', { count });
    // The buttons' code is in and live (tests and benchmarks wait for it).
    document.documentElement.dataset['wishlist'] = 'ready';
  }, [plugin]);
  return (
    <a className="site-header__wishlist" href="/wishlist/" aria-current={state.pageType === 'wishlist' ? 'page' : undefined}>
      {headerText(live ? (stored ?? cookie) : null, t)}
    </a>
  );
}
