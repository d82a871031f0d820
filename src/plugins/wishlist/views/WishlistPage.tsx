/**
 * The body of `/wishlist/` and `/wishlist/view/{token}/` (the `page.wishlist` slot), its own chunk,
 * loaded before hydration on those pages only. The server renders it from the page's data
 * (`WishlistPageView`), so the list, its links and the stock no-script forms work before scripts.
 * Once hydrated, the owner's changes go through the plugin's commands (optimistic, rolled back
 * with a message when the shop refuses); the rows follow the plugin's state for this list (order,
 * quantities, removals, moves), with each row's details from the page.
 *
 * A visitor (someone else's public or shared list) sees it read-only: no remove, no quantity, no
 * list controls; adding to the cart works. Controls the shop cannot do (`features`, a stock shop
 * with the free plugin) are not shown.
 */
import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import type { WishlistDetails, WishlistItemView, WishlistPrivacy, WishlistRef, WishlistState } from '../../../core/domain/wishlist.js';
import type { ItemFacts } from '../../../core/events.js';
import type { ViewContextOf } from '../../../core/plugin.js';
import { formatMoney } from '../../../core/rules/money.js';
import { isEmail } from '../../../core/rules/forms.js';
import type { PageData } from '../../../app/app-state.js';
import type { Locale } from '../../../i18n/index.js';
import { useLocale, useTexts } from '../../../ui/i18n.js';
import { useSelector, useUi } from '../../../ui/runtime-context.js';
import type wishlist from '../index.js';
import { wishlistPageTexts, wishlistTexts, type WishlistTexts } from '../messages.js';
import {
  checkTitle,
  controlsFor,
  dragRow,
  ESTIMATE_CLOSE_MS,
  failureText,
  listTitle,
  moveRow,
  movedText,
  nextDue,
  parseQuantity,
  privacyLabel,
  PRIVACY_VALUES,
  quantityStep,
  type ListControls,
  type QuantitySchedule,
} from '../rules.js';
import { DialogForm, ErrorIcon, ListRadios, NewListFields, useDialog, useNewList } from './AddExtras.js';

type Ctx = ViewContextOf<typeof wishlist>;
type Page = Extract<PageData, { type: 'wishlist' }>;

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
const dateText = (iso: string, locale: Locale): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // One time zone on the server and in the browser, so the hydrated text is the rendered one; the page's language; one formatter per language.
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Manila' })));
  return format.format(date);
};

/** The stock column: the plain `In stock` / `Out of stock` in the page's language; the shop's other sentences as they are. */
const stockText = (stock: WishlistItemView['stock'], t: typeof wishlistPageTexts.base): string =>
  stock.status === 'outofstock' && stock.text === wishlistPageTexts.base.outOfStock ? t.outOfStock : stock.text === wishlistPageTexts.base.inStock ? t.inStock : stock.text;

const money = (minor: number, item: WishlistItemView) => formatMoney(minor, { code: item.currency, minorUnit: item.currencyMinorUnit });

const factsOf = (item: WishlistItemView): ItemFacts => ({
  id: item.productId,
  sku: '',
  name: item.name,
  categories: [],
  price: item.price ?? 0,
  currencyMinorUnit: item.currencyMinorUnit,
  currencyCode: item.currency,
});

/** The state the page was rendered with, for the plugin to start from until it reads the lists. */
const pageState = (page: Page['wishlist']): WishlistState => ({
  lists: page.lists,
  entries: (page.list?.items ?? []).map((i) => ({ rowId: i.rowId, wishlistId: page.list!.id, productId: i.productId, parentId: i.parentId, quantity: i.quantity, position: i.position })),
  defaultListId: page.lists.find((l) => l.isDefault)?.id ?? page.list?.id ?? null,
  features: page.features,
});

/** The page's own address with the stock no-script remove link's parameters (other parameters kept). */
export const removeLink = (search: string, rowId: number, nonce: string): string => {
  const params = new URLSearchParams(search);
  params.set('remove_from_wishlist', String(rowId));
  params.set('_wpnonce', nonce);
  return `?${params.toString()}`;
};

/** Announces a sentence in the page's polite live region. */
const useAnnounce = () => {
  const { signals } = useUi();
  return (message: string) => signals.emit('announce', { message });
};

export function WishlistPage({ page, plugin }: { readonly page: Page; readonly plugin: Ctx }) {
  const view = page.wishlist;
  const owner = view.viewer === 'owner';
  const t = useTexts(wishlistPageTexts);
  useEffect(() => {
    if (owner) void plugin.execute('wishlist.seed', { state: pageState(view) });
  }, [owner, plugin, view]);
  const list = view.list;
  const known = useSelector(plugin.store, (s) => (owner ? s.state : null));
  const error = useSelector(plugin.store, (s) => s.error);
  const lists = known?.lists ?? view.lists;
  const current = list ? (lists.find((l) => l.id === list.id) ?? (known ? null : list)) : null;
  const controls = controlsFor(view.viewer, known?.features ?? view.features, current?.privacy ?? 2, plugin.options);
  return (
    <div className="wishlist-page">
      {view.notices.map((n, i) => (
        <div key={i} className={`notice notice--${n.kind}`} role={n.kind === 'error' ? 'alert' : undefined}>
          <p>{n.text}</p>
        </div>
      ))}
      {error && (
        <div className="notice notice--error" role="alert" key={error.at}>
          <p>{error.message}</p>
        </div>
      )}
      {list && current ? (
        <ListView plugin={plugin} page={view} list={list} current={current} lists={lists} controls={controls} known={known} />
      ) : list && known ? (
        <p className="wishlist-empty">
          {t.deleted} <a href="/wishlist/">{t.goToWishlist}</a>
        </p>
      ) : (
        <>
          <h1>{t.wishlist}</h1>
          <p className="wishlist-empty">
            {t.empty} <a href="/shop/">{t.goToShop}</a>
          </p>
        </>
      )}
      {owner && <ListsNav lists={lists} currentId={current?.id ?? null} plugin={plugin} canCreate={controls.create || (!list && plugin.options.multipleLists && view.features.multipleLists)} />}
    </div>
  );
}

/** The viewer's lists (links) and `Create a new wishlist`. */
function ListsNav({ lists, currentId, plugin, canCreate }: { readonly lists: readonly WishlistRef[]; readonly currentId: number | null; readonly plugin: Ctx; readonly canCreate: boolean }) {
  const [creating, setCreating] = useState(false);
  const t = useTexts(wishlistPageTexts);
  const bt = useTexts(wishlistTexts);
  if (lists.length < 2 && !canCreate) return null;
  return (
    <nav className="wishlist-lists" aria-label={t.yourWishlists}>
      {lists.length > 1 && (
        <ul>
          {lists.map((l) => (
            <li key={l.id}>
              <a href={l.url} aria-current={l.id === currentId ? 'page' : undefined}>
                {listTitle(l.title, bt)}
              </a>{' '}
              ({l.itemCount})
            </li>
          ))}
        </ul>
      )}
      {canCreate && (
        <button type="button" className="button" onClick={() => setCreating(true)}>
          {t.create}
        </button>
      )}
      {creating && <CreateDialog plugin={plugin} onClose={() => setCreating(false)} />}
    </nav>
  );
}

function CreateDialog({ plugin, onClose }: { readonly plugin: Ctx; readonly onClose: () => void }) {
  const { fields, check } = useNewList();
  const { ref, onCancel } = useDialog(onClose);
  const [failure, setFailure] = useState<string | null>(null);
  const announce = useAnnounce();
  const t = useTexts(wishlistPageTexts);
  const bt = useTexts(wishlistTexts);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const list = check();
    if (!list) return;
    const result = await plugin.execute('wishlist.change', { op: 'create', list });
    if (result.ok) {
      announce(t.created({ name: list.name }));
      onClose();
    } else setFailure(whyFailed(result.error, bt));
  };
  return (
    <DialogForm dialog={ref} onCancel={onCancel} onSubmit={(e) => void submit(e)} heading={t.create} submitLabel={t.createSubmit} onClose={onClose} failure={failure}>
      <NewListFields {...fields} />
    </DialogForm>
  );
}

interface ListProps {
  readonly plugin: Ctx;
  readonly page: Page['wishlist'];
  readonly list: WishlistDetails;
  /** The list as the plugin's state has it now (title and privacy may have changed). */
  readonly current: WishlistRef;
  readonly lists: readonly WishlistRef[];
  readonly controls: ListControls;
  readonly known: WishlistState | null;
}

/** A sentence for a failed command. */
const whyFailed = (error: { readonly kind: string; readonly message: string } & Partial<{ status: number }>, texts: WishlistTexts): string =>
  error.kind === 'no-handler' || error.kind === 'handler-threw' ? error.message : failureText(error as Parameters<typeof failureText>[0], texts);

function ListView({ plugin, page, list, current, lists, controls, known }: ListProps) {
  const { runtime, state: app } = useUi();
  const search = app.search;
  const announce = useAnnounce();
  const owner = page.viewer === 'owner';
  const t = useTexts(wishlistPageTexts);
  const locale = useLocale();
  const details = useMemo(() => new Map(list.items.map((i) => [i.rowId, i])), [list.items]);
  // The rows: the plugin's entries of this list once it has a state (order, quantities, removals), else the page's.
  const rows = useMemo(() => {
    if (!known) return list.items;
    return known.entries
      .filter((e) => e.wishlistId === list.id)
      .sort((a, b) => a.position - b.position)
      .flatMap((e) => {
        const item = details.get(e.rowId);
        return item ? [{ ...item, quantity: e.quantity, position: e.position }] : [];
      });
  }, [known, list, details]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [moving, setMoving] = useState<WishlistItemView | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const dragged = useRef<number | null>(null);
  const [estimating, setEstimating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const grid = page.settings.layout === 'grid';
  const purchasable = rows.filter((r) => r.purchasable);

  const addToCart = async (item: WishlistItemView): Promise<boolean> => {
    const result = await runtime.execute('cart.add', { productId: item.productId, quantity: item.quantity, item: factsOf(item), productUrl: item.permalink });
    if (!result.ok) return false;
    if (page.settings.removeAfterAddToCart && owner) await plugin.execute('wishlist.change', { op: 'remove', rowId: item.rowId, item: factsOf(item) });
    return true;
  };
  const afterCart = () => {
    if (page.settings.redirectToCart) window.location.assign('/cart/');
  };
  const sort = (order: readonly number[], rowId: number) => {
    const item = details.get(rowId);
    void plugin.execute('wishlist.change', { op: 'sort', listId: list.id, rowIds: order });
    if (item) announce(movedText(t.moved, item.name, order.indexOf(rowId), order.length));
  };
  const order = rows.map((r) => r.rowId);
  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    const rowId = dragged.current;
    if (rowId === null) return;
    const from = order.indexOf(rowId);
    const next = dragRow(order, from, to);
    dragged.current = null;
    setDragging(null);
    if (next !== order) sort(next, order[from]!);
  };

  return (
    <section className={`wishlist${grid ? ' wishlist--grid' : ''}`} aria-labelledby="wishlist-title">
      <TitleBar plugin={plugin} list={current} controls={controls} />
      {controls.share && <ShareLink url={current.url} announce={announce} />}
      {rows.length === 0 ? (
        <p className="wishlist-empty">
          {t.noProducts} <a href="/shop/">{t.goToShop}</a>
        </p>
      ) : (
        <form className="wishlist-form" method="get" action="/wishlist/" onSubmit={(e) => e.preventDefault()}>
          <table className="wishlist-table" data-id={list.id} data-token={list.token}>
            <thead>
              <tr>
                <th scope="col">
                  <label>
                    <input
                      type="checkbox"
                      id="bulk_add_to_cart"
                      checked={purchasable.length > 0 && purchasable.every((r) => selected.has(r.rowId))}
                      onChange={(e) => setSelected(e.currentTarget.checked ? new Set(purchasable.map((r) => r.rowId)) : new Set())}
                    />
                    <span className="visually-hidden">{t.selectAll}</span>
                  </label>
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t.picture}</span>
                </th>
                <th scope="col">{t.product}</th>
                <th scope="col">{t.price}</th>
                <th scope="col">{t.stock}</th>
                <th scope="col">{t.added}</th>
                <th scope="col">{t.quantity}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((item, index) => (
                <tr
                  key={item.rowId}
                  data-row-id={item.rowId}
                  draggable={controls.sort || undefined}
                  data-dragging={dragging === item.rowId || undefined}
                  onDragStart={
                    controls.sort
                      ? (e) => {
                          dragged.current = item.rowId;
                          e.dataTransfer.effectAllowed = 'move';
                          e.dataTransfer.setData('text/plain', String(item.rowId));
                          // Marked after the event: a change to the dragged row while it starts cancels the drag in Chromium.
                          setTimeout(() => setDragging(item.rowId), 0);
                        }
                      : undefined
                  }
                  onDragEnter={controls.sort ? (e) => e.preventDefault() : undefined}
                  onDragOver={controls.sort ? (e) => e.preventDefault() : undefined}
                  onDrop={controls.sort ? (e) => onDrop(e, index) : undefined}
                  onDragEnd={() => {
                    dragged.current = null;
                    setDragging(null);
                  }}
                >
                  <td data-title={t.select}>
                    <input
                      type="checkbox"
                      aria-label={t.selectNamed({ name: item.name })}
                      disabled={!item.purchasable}
                      checked={selected.has(item.rowId)}
                      onChange={(e) => {
                        const next = new Set(selected);
                        if (e.currentTarget.checked) next.add(item.rowId);
                        else next.delete(item.rowId);
                        setSelected(next);
                      }}
                    />
                  </td>
                  <td className="wishlist-table__picture">
                    {item.image && (
                      <a href={item.permalink} tabIndex={-1} aria-hidden="true">
                        <img src={item.image.src} srcSet={item.image.srcset || undefined} sizes="96px" alt="" width={96} height={96} loading="lazy" />
                      </a>
                    )}
                  </td>
                  <td data-title={t.product}>
                    <a href={item.permalink}>{item.name}</a>
                    {item.attributes.length > 0 && (
                      <span className="wishlist-table__attributes">
                        {item.attributes.map((a) => (
                          <span key={a.name}>
                            {a.name}: {a.value}
                          </span>
                        ))}
                      </span>
                    )}
                  </td>
                  <td data-title={t.price}>
                    {item.price !== null && <span>{money(item.price, item)}</span>}
                    {item.priceWhenAdded !== null && item.priceWhenAdded !== item.price && <span className="wishlist-table__was">{t.was({ price: money(item.priceWhenAdded, item) })}</span>}
                  </td>
                  <td data-title={t.stock} className={`stock stock--${item.stock.status === 'outofstock' ? 'out' : 'in'}`}>
                    {stockText(item.stock, t)}
                  </td>
                  <td data-title={t.added}>
                    <time dateTime={item.dateAdded}>{dateText(item.dateAdded, locale)}</time>
                  </td>
                  <td data-title={t.quantity}>{controls.quantity ? <QuantityField plugin={plugin} item={item} /> : item.quantity}</td>
                  <td className="wishlist-table__actions">
                    <CartButton item={item} add={addToCart} after={afterCart} />
                    {controls.remove && (
                      // The stock remove link, so it works before scripts (the server removes and
                      // comes back to this page); with scripts, one request and the row goes.
                      <a
                        role="button"
                        className="button button--link"
                        href={removeLink(search, item.rowId, page.nonces.remove)}
                        aria-label={t.removeNamed({ name: item.name })}
                        onClick={(e) => {
                          e.preventDefault();
                          void plugin.execute('wishlist.change', { op: 'remove', rowId: item.rowId, item: factsOf(item) }).then((r) => r.ok && announce(t.removed({ name: item.name })));
                        }}
                      >
                        {t.remove}
                      </a>
                    )}
                    {controls.move && lists.length > 0 && (
                      <button type="button" className="button button--link" aria-label={t.moveNamed({ name: item.name })} onClick={() => setMoving(item)}>
                        {t.move}
                      </button>
                    )}
                    {controls.sort && (
                      <span className="wishlist-table__order">
                        <button type="button" className="button button--icon" disabled={index === 0} onClick={() => sort(moveRow(order, item.rowId, -1), item.rowId)}>
                          <span aria-hidden="true">↑</span>
                          <span className="visually-hidden">{t.moveUp({ name: item.name })}</span>
                        </button>
                        <button type="button" className="button button--icon" disabled={index === rows.length - 1} onClick={() => sort(moveRow(order, item.rowId, 1), item.rowId)}>
                          <span aria-hidden="true">↓</span>
                          <span className="visually-hidden">{t.moveDown({ name: item.name })}</span>
                        </button>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="wishlist-form__bulk">
            <button
              type="button"
              className="button"
              disabled={selected.size === 0}
              onClick={async () => {
                for (const item of rows.filter((r) => selected.has(r.rowId))) await addToCart(item);
                setSelected(new Set());
                afterCart();
              }}
            >
              {t.addSelected}
            </button>
          </p>
        </form>
      )}
      <p className="wishlist__list-actions">
        {controls.estimate && rows.length > 0 && (
          <button type="button" className="button" onClick={() => setEstimating(true)}>
            {t.askEstimate}
          </button>
        )}
        {controls.deleteList && !current.isDefault && (
          <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
            {t.deleteList}
          </button>
        )}
      </p>
      {moving && <MoveDialog plugin={plugin} item={moving} lists={lists.filter((l) => l.id !== list.id)} onClose={() => setMoving(null)} />}
      {estimating && <EstimateDialog plugin={plugin} listId={list.id} onClose={() => setEstimating(false)} />}
      {deleting && <DeleteDialog plugin={plugin} list={current} onClose={() => setDeleting(false)} />}
    </section>
  );
}

/** `Add to cart: “{name}”` of one row, through the cart's commands (the cart panel follows). */
function CartButton({ item, add, after }: { readonly item: WishlistItemView; readonly add: (item: WishlistItemView) => Promise<boolean>; readonly after: () => void }) {
  const [busy, setBusy] = useState(false);
  const t = useTexts(wishlistPageTexts);
  if (!item.purchasable) {
    return (
      <a className="button" href={item.permalink} aria-label={t.readMoreAbout({ name: item.name })}>
        {t.readMore}
      </a>
    );
  }
  return (
    <a
      className="button button--primary"
      href={item.addToCartUrl}
      role="button"
      aria-label={t.addToCartNamed({ name: item.name })}
      aria-busy={busy || undefined}
      onClick={(e) => {
        e.preventDefault();
        if (busy) return;
        setBusy(true);
        void add(item).then((done) => {
          setBusy(false);
          if (done) after();
        });
      }}
    >
      {t.addToCart}
    </a>
  );
}

/** `Quantity of “{name}”`: sent 1000 ms after the last change; Enter does nothing. */
function QuantityField({ plugin, item }: { readonly plugin: Ctx; readonly item: WishlistItemView }) {
  const [value, setValue] = useState(String(item.quantity));
  const schedule = useRef<QuantitySchedule>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const t = useTexts(wishlistPageTexts);
  // The shop's quantity, unless the shopper's own change is still waiting to be sent.
  useEffect(() => {
    if (nextDue(schedule.current) === null) setValue(String(item.quantity));
  }, [item.quantity]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const tick = () => {
    const step = quantityStep(schedule.current, { type: 'tick', at: Date.now() });
    schedule.current = step.schedule;
    for (const s of step.send) void plugin.execute('wishlist.change', { op: 'quantity', rowId: s.rowId, quantity: s.quantity, item: factsOf(item) });
    const due = nextDue(schedule.current);
    if (due !== null) timer.current = setTimeout(tick, Math.max(0, due - Date.now()));
  };
  const change = (raw: string) => {
    setValue(raw);
    const quantity = parseQuantity(raw);
    if (quantity === null) return;
    schedule.current = quantityStep(schedule.current, { type: 'change', rowId: item.rowId, quantity, at: Date.now() }).schedule;
    clearTimeout(timer.current);
    timer.current = setTimeout(tick, Math.max(0, (nextDue(schedule.current) ?? Date.now()) - Date.now()));
  };
  const invalid = parseQuantity(value) === null;
  return (
    <input
      type="number"
      className="wishlist-quantity"
      min={1}
      max={9999}
      step={1}
      inputMode="numeric"
      name={`items[${item.rowId}][quantity]`}
      aria-label={t.quantityOf({ name: item.name })}
      aria-invalid={invalid || undefined}
      value={value}
      onChange={(e) => change(e.currentTarget.value)}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
    />
  );
}

/** The list's title (editable in place), its privacy, and the owner's list controls. */
function TitleBar({ plugin, list, controls }: { readonly plugin: Ctx; readonly list: WishlistRef; readonly controls: ListControls }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(list.title);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const editButton = useRef<HTMLButtonElement | null>(null);
  const announce = useAnnounce();
  const errorId = useId();
  const t = useTexts(wishlistPageTexts);
  const bt = useTexts(wishlistTexts);
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);
  const invalid = (message: string) => {
    setError(message);
    input.current?.focus();
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const title = checkTitle(draft, bt);
    if (!title.ok) return invalid(title.message);
    const result = await plugin.execute('wishlist.change', { op: 'update', listId: list.id, name: title.title });
    if (!result.ok) return invalid(whyFailed(result.error, bt));
    setError(null);
    setEditing(false);
    announce(t.renamed({ name: title.title }));
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <header className="wishlist__header">
      {editing ? (
        <form className="wishlist-title-form" onSubmit={(e) => void save(e)} noValidate>
          <label htmlFor="wishlist-title-input">{t.title}</label>
          <input
            ref={input}
            id="wishlist-title-input"
            type="text"
            maxLength={255}
            value={draft}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
          {error && (
            <span className="wishlist-field__error" id={errorId}>
              {error}
            </span>
          )}
          <button type="submit" className="button button--primary">
            {t.saveTitle}
          </button>
          <button type="button" className="button" onClick={() => (setEditing(false), setError(null), setDraft(list.title))}>
            {t.cancel}
          </button>
        </form>
      ) : (
        <div className="wishlist__title">
          <h1 id="wishlist-title">{listTitle(list.title, bt)}</h1>
          {controls.rename && (
            <button ref={editButton} type="button" className="button button--link" onClick={() => (setDraft(list.title), setEditing(true))}>
              {t.editTitle}
            </button>
          )}
        </div>
      )}
      {editing && <h1 id="wishlist-title" className="visually-hidden">{listTitle(list.title, bt)}</h1>}
      {controls.privacy ? (
        <p className="wishlist__privacy">
          <label htmlFor="wishlist-privacy">{t.privacy}</label>{' '}
          <select
            id="wishlist-privacy"
            value={list.privacy}
            onChange={(e) => {
              const privacy = Number(e.currentTarget.value) as WishlistPrivacy;
              void plugin.execute('wishlist.change', { op: 'update', listId: list.id, privacy }).then((r) => r.ok && announce(t.privacyChanged({ privacy: privacyLabel(privacy, bt) })));
            }}
          >
            {PRIVACY_VALUES.map((v) => (
              <option key={v} value={v}>
                {privacyLabel(v, bt)}
              </option>
            ))}
          </select>
        </p>
      ) : (
        <p className="wishlist__privacy">{privacyLabel(list.privacy, bt)}</p>
      )}
    </header>
  );
}

/** The list's address and `Copy link` (public and shared lists). */
function ShareLink({ url, announce }: { readonly url: string; readonly announce: (message: string) => void }) {
  const [absolute, setAbsolute] = useState(url);
  const t = useTexts(wishlistPageTexts);
  useEffect(() => setAbsolute(new URL(url, window.location.href).href), [url]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absolute);
      announce(t.copied);
    } catch {
      announce(t.notCopied);
    }
  };
  return (
    <p className="wishlist__share">
      <label htmlFor="wishlist-link">{t.link}</label>{' '}
      <input id="wishlist-link" type="text" readOnly value={absolute} onFocus={(e) => e.currentTarget.select()} />{' '}
      <button type="button" className="button" onClick={() => void copy()}>
        {t.copyLink}
      </button>
    </p>
  );
}

/** `Move “{name}” to another wishlist`: the shopper's other lists, or a new one. */
function MoveDialog({ plugin, item, lists, onClose }: { readonly plugin: Ctx; readonly item: WishlistItemView; readonly lists: readonly WishlistRef[]; readonly onClose: () => void }) {
  const [choice, setChoice] = useState<number | 'new'>(lists[0]?.id ?? 'new');
  const { fields, check } = useNewList();
  const newChosen = choice === 'new';
  const { ref, onCancel } = useDialog(onClose);
  const [failure, setFailure] = useState<string | null>(null);
  const announce = useAnnounce();
  const t = useTexts(wishlistPageTexts);
  const bt = useTexts(wishlistTexts);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const newList = choice === 'new' ? check() : null;
    if (choice === 'new' && !newList) return;
    const result = await plugin.execute('wishlist.change', { op: 'move', rowId: item.rowId, to: choice, ...(newList ? { newList } : {}) });
    if (!result.ok) return setFailure(whyFailed(result.error, bt));
    announce(t.movedTo({ name: item.name, list: newList ? newList.name : listTitle(lists.find((l) => l.id === choice)?.title ?? '', bt) }));
    onClose();
  };
  return (
    <DialogForm dialog={ref} onCancel={onCancel} onSubmit={(e) => void submit(e)} heading={t.moveNamed({ name: item.name })} submitLabel={t.move} onClose={onClose} failure={failure}>
      <ListRadios name="destination_wishlist" lists={lists} choice={choice} onChoice={setChoice} />
      {newChosen && <NewListFields {...fields} />}
    </DialogForm>
  );
}

/** `Delete wishlist`, confirmed; then back to the shopper's default list. */
function DeleteDialog({ plugin, list, onClose }: { readonly plugin: Ctx; readonly list: WishlistRef; readonly onClose: () => void }) {
  const { ref, onCancel } = useDialog(onClose);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const t = useTexts(wishlistPageTexts);
  const bt = useTexts(wishlistTexts);
  const remove = async () => {
    const result = await plugin.execute('wishlist.change', { op: 'delete', listId: list.id });
    if (!result.ok) return setFailure(whyFailed(result.error, bt));
    window.location.assign('/wishlist/');
  };
  return (
    <dialog ref={ref} className="wishlist-dialog" role="alertdialog" aria-labelledby={headingId} onCancel={onCancel}>
      <h2 id={headingId}>{t.deleteAsk({ name: listTitle(list.title, bt) })}</h2>
      {failure && (
        <div className="notice notice--error" role="alert">
          <p>{failure}</p>
        </div>
      )}
      <p className="wishlist-dialog__actions">
        <button type="button" className="button button--danger" onClick={() => void remove()}>
          {t.delete}
        </button>
        <button type="button" className="button" onClick={onClose} autoFocus>
          {t.cancel}
        </button>
      </p>
    </dialog>
  );
}

/** `Ask for an estimate`: email (required) and a message; the confirmation closes after 3000 ms. */
function EstimateDialog({ plugin, listId, onClose }: { readonly plugin: Ctx; readonly listId: number; readonly onClose: () => void }) {
  const { ref, onCancel } = useDialog(onClose);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const emailRef = useRef<HTMLInputElement | null>(null);
  const announce = useAnnounce();
  const headingId = useId();
  const t = useTexts(wishlistPageTexts);
  const bt = useTexts(wishlistTexts);
  useEffect(() => {
    if (done === null) return;
    announce(done);
    const timer = setTimeout(onClose, ESTIMATE_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [done]); // eslint-disable-line react-hooks/exhaustive-deps -- once per confirmation
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isEmail(email.trim())) {
      setInvalid(true);
      emailRef.current?.focus();
      return;
    }
    setInvalid(false);
    setSending(true);
    const result = await plugin.execute('wishlist.estimate', { listId, email: email.trim(), message });
    setSending(false);
    if (result.ok) setDone(result.value.message || t.estimateSent);
    else setFailure(result.error.message || whyFailed(result.error, bt));
  };
  return (
    <dialog ref={ref} className="wishlist-dialog" aria-labelledby={headingId} onCancel={onCancel}>
      <h2 id={headingId}>{t.askEstimate}</h2>
      {done !== null ? (
        <p className="notice notice--success">{done}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          {failure && (
            <div className="notice notice--error woocommerce-error" role="alert">
              <ErrorIcon /> <p>{failure}</p>
            </div>
          )}
          <p className={`wishlist-field${invalid ? ' wishlist-field--error' : ''}`}>
            <label htmlFor={`${headingId}-email`}>{t.email}</label>
            <input
              ref={emailRef}
              id={`${headingId}-email`}
              type="email"
              required
              autoComplete="email"
              value={email}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${headingId}-email-error` : undefined}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            {invalid && (
              <span className="wishlist-field__error" id={`${headingId}-email-error`}>
                {t.emailInvalid}
              </span>
            )}
          </p>
          <p className="wishlist-field">
            <label htmlFor={`${headingId}-message`}>{t.message}</label>
            <textarea id={`${headingId}-message`} rows={4} maxLength={5000} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
          </p>
          <p className="wishlist-dialog__actions">
            <button type="submit" className="button button--primary" aria-busy={sending || undefined}>
              {t.sendRequest}
            </button>
            <button type="button" className="button" onClick={onClose}>
              {t.cancel}
            </button>
          </p>
        </form>
      )}
    </dialog>
  );
}

