/**
 * The shop sections' controls, a chunk of their own (`deferred.ts`): the filter lists, the price
 * filter, load-more and the failure notice, the empty list's message, and the sections' state
 * (`createSections`, which the plugin's command handlers start from here). The server renders them
 * into the HTML (plain links and a GET form that work without scripts); the browser keeps that HTML
 * until this chunk is in, while the product grid around them hydrates at once.
 */
import { useEffect, useId, useMemo, useState, type FormEvent, type MouseEvent, type PointerEvent } from 'react';
import { buildFilterLists, type FilterItem, type FilterItemList, type PriceSlider } from '../../../core/catalog/section.js';
import { hasMore } from '../../../core/rules/listing.js';
import { chooseItem, narrows, orderPriceEntry, priceLabel, sectionPrefix, type FilterList, type ShopFilters, type SortKey } from '../../../core/rules/shop-filters.js';
import type { ViewContextOf } from '../../../core/plugin.js';
import type { FilterCatalogue } from '../../../core/catalog/section.js';
import type { ProductSection as Section } from '../../../app/app-state.js';
import { filteredMessage } from '../../../ui/components/Notices.js';
import { useSelector, useUi } from '../../../ui/runtime-context.js';
import { afterNextPaint } from '../../../ui/components/wake.js';
import { onServer } from '../../../ui/components/hydrate-later.js';
import { useTexts } from '../../../ui/i18n.js';
import { withoutLanguage } from '../../../i18n/index.js';
import type shopFilters from '../index.js';
import { filterTexts, listTexts } from '../messages.js';
import { createSections as sectionsOver, sectionAddress, sectionPageAddress, type ChoiceOutcome, type Place, type SectionSeed, type SectionState } from '../sections.js';

/**
 * How long a choice's counts read waits after its list's read leaves. In Chromium's slow-4G
 * emulation, the list's answer took 177 ms p50 with the counts read leaving alongside, 170 ms with
 * it 2 ms behind, and 163 ms (as alone) with it 5-20 ms behind.
 */
const COUNTS_STAGGER_MS = 20;

/**
 * The sections' store and operations. In a browser, a choice's counts read leaves
 * {@link COUNTS_STAGGER_MS} after its list's, and its counts wait for the frame that paints the
 * list (`afterNextPaint`); elsewhere (no page to paint) nothing waits.
 */
export const createSections = (deps: Omit<Parameters<typeof sectionsOver>[0], 'painted' | 'countsLeave'>) =>
  onServer()
    ? sectionsOver(deps)
    : sectionsOver({
        ...deps,
        painted: () => new Promise<void>((resolve) => afterNextPaint(resolve)),
        countsLeave: () => new Promise<void>((resolve) => setTimeout(resolve, COUNTS_STAGGER_MS)),
      });

/** What each of the controls gets from the section's view. */
export interface ControlsProps {
  readonly section: Section;
  readonly catalogue: FilterCatalogue | null;
  readonly plugin: ViewContextOf<typeof shopFilters>;
}

type Texts = ReturnType<typeof useTexts<(typeof filterTexts)['base']>>;

/** Where the page is: the request's address on the server, the address bar in the browser (without the language switch's `lang`, as the server renders it). */
const placeOf = (path: string, search: string): Place =>
  typeof window === 'undefined' ? { path, search: withoutLanguage(search) } : { path: window.location.pathname, search: withoutLanguage(window.location.search) };

const listOf = (list: FilterItemList): FilterList => (list.kind === 'facet' ? { kind: 'facet', facet: list.id } : { kind: list.kind });

const seedOf = ({ section, catalogue }: ControlsProps): SectionSeed => ({ ...section, catalogue });

/**
 * Follows a choice's outcome: a navigation (no-ajax section) or a new history entry. The entry is
 * written once the new list has painted: at 4x CPU, `pushState` took 6–10 ms of the task that
 * renders the list.
 */
const go = async (run: Promise<{ ok: boolean; value?: ChoiceOutcome }>): Promise<void> => {
  const result = await run;
  if (!result.ok || !result.value?.url) return;
  const { url } = result.value;
  if (result.value.navigate) window.location.assign(url);
  else if (result.value.applied) afterNextPaint(() => window.history.pushState({ suki: 'shop-filters' }, '', url));
};

const useKept = (props: ControlsProps): SectionState | undefined => useSelector(props.plugin.store, (all) => all[props.section.id]);

type SortText = 'sortMenuOrder' | 'sortPopularity' | 'sortRating' | 'sortDate' | 'sortPrice' | 'sortPriceDesc';
const SORT_TEXT: Readonly<Record<SortKey, SortText>> = {
  menu_order: 'sortMenuOrder',
  popularity: 'sortPopularity',
  rating: 'sortRating',
  date: 'sortDate',
  price: 'sortPrice',
  'price-desc': 'sortPriceDesc',
};
const LIST_TEXT: Readonly<Record<string, 'category' | 'sortBy' | 'brand' | undefined>> = { category: 'category', sort: 'sortBy', brand: 'brand' };

/** Core's own names of lists and items in the page's language (attribute, term and category names are the shop's data). */
const translated = (list: FilterItemList, t: Texts): FilterItemList => {
  const key = LIST_TEXT[list.id];
  const items = list.items.map((item) => {
    const text = list.kind === 'sort' ? t[SORT_TEXT[item.value as SortKey]] : list.kind === 'category' && item.value === '' ? t.allCategories : undefined;
    return text === undefined ? item : { ...item, label: text };
  });
  return { ...list, label: key && (list.kind !== 'facet' || list.id === 'brand') ? t[key] : list.label, items };
};

/** The filter lists and the price filter of one section (inside the `.filters` group the section's view renders). */
export function FilterBar(props: ControlsProps) {
  const { section, catalogue, plugin } = props;
  const { state: app, signals } = useUi();
  const t = useTexts(filterTexts);
  const kept = useKept(props);
  const filtering = section.filtering;
  const filters: ShopFilters | null = kept ? (kept.pending ?? kept.filters) : (filtering?.filters ?? null);
  // A new list's counts and currency reach the store only once the list has painted (`painted` in
  // `createSections`): re-rendering five filter lists in the list's task held its paint back by
  // ~25 ms at 4x CPU.
  const facets = kept?.facets ?? filtering?.facets ?? null;
  const currency = kept?.currency ?? filtering?.currency ?? null;
  // Built and rendered again only when what they show changed: the section's other changes (its
  // list loading, arriving) leave the lists as they are, without diffing them.
  const lists = useMemo(() => (filtering && catalogue && filters ? buildFilterLists(filtering.config, catalogue, filters, facets, currency) : null), [filtering, catalogue, filters, facets, currency]);
  const { path, search } = app;
  return useMemo(() => {
    if (!filtering || !lists || !filters) return null;
    const seed = seedOf({ section, catalogue, plugin });
    const place = placeOf(path, search);
    // A choice's address is built when it is made: another section may have changed the page's since.
    const placeNow = () => placeOf(app.path, app.search);

    // A price range applied, with what the inputs corrected said first (the swap), then the count.
    // Choices carry the section's seed: the plugin registers the section before running them.
    const setPrice = async (min: number, max: number, note: string | null) => {
      const run = plugin.execute('shop-filters.setPrice', { seed, min, max, bounds: lists.price?.bounds ?? null, place: placeNow() });
      await go(run);
      if (note === null) return;
      const result = await run;
      const now = plugin.store.getSnapshot()[section.id];
      // The count too when the list shown is for this range (it landed, or it was already set).
      const shows = result.ok && (result.value.applied || !result.value.changed) && now !== undefined && now.pending === null && !now.list.loading && !now.list.failed;
      signals.emit('announce', { message: shows ? `${note}. ${filteredMessage(now.list.total)}` : `${note}.` });
    };

    // Links work without scripts; with them, a choice runs in place (or, in a no-ajax section,
    // navigates to an address built at click time, since another section may have changed it).
    const hrefFor = (list: FilterItemList, item: FilterItem): string => {
      const change = chooseItem(filters, listOf(list), item.value);
      return sectionAddress(seed, change.changed ? change.filters : filters, place);
    };
    const onItem = (event: MouseEvent<HTMLAnchorElement>, list: FilterItemList, item: FilterItem) => {
      // Modified clicks open the link elsewhere.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      void go(plugin.execute('shop-filters.choose', { seed, list: listOf(list), value: item.value, place: placeNow() }));
    };
    // The pointer reaching an item (or pressing it) starts the read its click will want.
    const onAhead = (list: FilterItemList, item: FilterItem) => void plugin.execute('shop-filters.prefetch', { seed, list: listOf(list), value: item.value });

    return (
      <>
        {lists.lists.map((list) => (
          <FilterGroup key={list.id} sectionId={section.id} list={translated(list, t)} source={list} colors={plugin.options.colors} hrefFor={hrefFor} onItem={onItem} onAhead={onAhead} t={t} />
        ))}
        {lists.price && (
          <PriceFilter
            sectionId={section.id}
            prefix={sectionPrefix(section.id, filtering.primary)}
            slider={lists.price}
            filters={filters}
            search={search}
            onPrice={(min, max, note) => void setPrice(min, max, note)}
            t={t}
          />
        )}
      </>
    );
  }, [filtering, lists, filters, section, catalogue, plugin, app, path, search, signals, t]);
}

/**
 * Below the list: the failure notice with Retry, and load-more (a link to the next page without
 * scripts). It also registers the section with the plugin, and follows Back/Forward.
 */
export function SectionFooter(props: ControlsProps) {
  const { section, plugin } = props;
  const { state: app } = useUi();
  const t = useTexts(listTexts);
  const kept = useKept(props);
  const seed = seedOf(props);

  useEffect(() => {
    // Registered, the controls are live: the page says so (tests wait for it, as for the wishlist's).
    void plugin.execute('shop-filters.register', { seed }).then(() => (document.documentElement.dataset['filters'] = 'ready'));
    // The seed is what the server rendered; registering once per section is the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plugin, section.id]);

  // Back/Forward: show the filters the address now holds.
  useEffect(() => {
    const onPop = () => void plugin.execute('shop-filters.restore', { section: section.id, place: placeOf(app.path, app.search) });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [plugin, section.id, app.path, app.search]);

  const products = kept ? kept.list.items : section.products;
  const loadingMore = kept?.list.loading?.kind === 'more';
  const more = kept ? hasMore(kept.list) : section.page < section.totalPages;
  const allLoaded = kept !== undefined && !more && kept.list.page > section.page;
  const failed = kept?.list.failed ?? false;
  if (products.length === 0 && !failed) return null;
  const retry = () => void go(plugin.execute('shop-filters.retry', { section: section.id, place: placeOf(app.path, app.search) }));

  return (
    <>
      {failed && (
        <p className="notice notice--error listing__notice" role="alert">
          {t.failed}{' '}
          <button type="button" className="link-button" onClick={retry}>
            {t.retry}
          </button>
        </p>
      )}
      {more && products.length > 0 && section.nextUrl !== null ? (
        <p className="load-more">
          <a
            className="button load-more__link"
            href={kept ? sectionPageAddress(seed, section.nextUrl, kept.list.page + 1) : section.nextUrl}
            aria-disabled={loadingMore || undefined}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              if (!loadingMore) void plugin.execute('shop-filters.loadMore', { section: section.id });
            }}
          >
            {loadingMore ? t.loading : t.loadMore({ title: section.title.toLowerCase() })}
          </a>
        </p>
      ) : allLoaded ? (
        <p className="load-more load-more--done" role="status">
          {t.allLoaded}
        </p>
      ) : null}
    </>
  );
}

/** What an empty list says: that the filters left nothing, or that there is nothing. */
export function EmptyNote(props: ControlsProps) {
  const t = useTexts(listTexts);
  const kept = useKept(props);
  const filters: ShopFilters | null = kept ? (kept.pending ?? kept.filters) : (props.section.filtering?.filters ?? null);
  return filters !== null && narrows(filters) ? t.noResults : t.noProducts;
}

function FilterGroup({
  sectionId,
  list,
  source,
  colors,
  hrefFor,
  onItem,
  onAhead,
  t,
}: {
  sectionId: string;
  /** The list with its names in the page's language. */
  list: FilterItemList;
  /** The list as core built it (what choices and addresses use). */
  source: FilterItemList;
  colors: Readonly<Record<string, string>>;
  hrefFor: (list: FilterItemList, item: FilterItem) => string;
  onItem: (event: MouseEvent<HTMLAnchorElement>, list: FilterItemList, item: FilterItem) => void;
  /** The pointer over (or pressing) an item's link. */
  onAhead: (list: FilterItemList, item: FilterItem) => void;
  t: Texts;
}) {
  const headingId = `${sectionId}-filter-${list.id}`;
  // One listener on the list rather than two on every link: the item is the link's place in it.
  const ahead = (event: PointerEvent<HTMLUListElement>) => {
    const li = event.target instanceof Element ? event.target.closest('a')?.parentElement : null;
    if (!li || li.parentElement !== event.currentTarget) return;
    // Moving within one link is no new arrival.
    if (event.type === 'pointerover' && event.relatedTarget instanceof Node && li.contains(event.relatedTarget)) return;
    const item = source.items[Array.prototype.indexOf.call(event.currentTarget.children, li)];
    if (item && !item.disabled) onAhead(source, item);
  };
  return (
    <div className={`filters__list filters__list--${list.look}`}>
      <h3 className="filters__heading" id={headingId}>
        {list.label}
      </h3>
      <ul aria-labelledby={headingId} onPointerOver={ahead} onPointerDown={ahead}>
        {list.items.map((item, index) => {
          const original = source.items[index] ?? item;
          const colour = list.look === 'colour' ? colors[item.value] : undefined;
          // The name starts with the visible text (WCAG 2.5.3): `Tees (10)` is named `Tees (10 products)`.
          const name = item.count === null ? item.label : t.itemNamed({ label: item.label, products: t.products(item.count) });
          const content = (
            <>
              {colour && <span className="filters__chip" style={{ background: colour }} aria-hidden="true" />}
              <span>{item.label}</span>
              {item.count !== null && (
                <>
                  {' '}
                  <span className="filters__count" aria-hidden="true">
                    ({item.count})
                  </span>
                </>
              )}
            </>
          );
          return (
            <li key={item.value || 'all'}>
              {item.disabled ? (
                <span className="filters__item filters__item--disabled" role="link" aria-disabled="true" aria-label={name}>
                  {content}
                </span>
              ) : (
                <a
                  className={`filters__item${item.active ? ' filters__item--active' : ''}`}
                  href={hrefFor(source, original)}
                  aria-current={item.active ? 'true' : undefined}
                  aria-label={name}
                  rel="nofollow"
                  onClick={(event) => onItem(event, source, original)}
                >
                  {content}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The price filter: a two-handle slider (two range inputs) with two number inputs beside it, so
 * it works with the keyboard and without dragging. Without scripts it is a plain GET form.
 */
function PriceFilter({
  sectionId,
  prefix,
  slider,
  filters,
  search,
  onPrice,
  t,
}: {
  sectionId: string;
  prefix: string;
  slider: PriceSlider;
  filters: ShopFilters;
  search: string;
  /** `note`: what was corrected in the shopper's entry, to be announced (or null). */
  onPrice: (min: number, max: number, note: string | null) => void;
  t: Texts;
}) {
  const id = useId();
  const bounds = slider.bounds;
  const [low, setLow] = useState(filters.minPrice ?? bounds?.min ?? 0);
  const [high, setHigh] = useState(filters.maxPrice ?? bounds?.max ?? 0);
  // Follow the filters when they change elsewhere (a category reset, Back), one end at a time so
  // the other end keeps what the shopper is typing.
  const shownMin = filters.minPrice ?? bounds?.min ?? 0;
  const shownMax = filters.maxPrice ?? bounds?.max ?? 0;
  useEffect(() => setLow(shownMin), [shownMin]);
  useEffect(() => setHigh(shownMax), [shownMax]);
  if (!bounds) return null;
  const label = (n: number) => priceLabel(n, slider.symbol, slider.position);
  // Min above max is swapped, in the inputs and the slider too, and said in the live region.
  const commit = (min = low, max = high) => {
    const entry = orderPriceEntry(min, max, bounds);
    setLow(entry.low);
    setHigh(entry.high);
    onPrice(entry.low, entry.high, entry.swapped ? t.swapped({ low: label(entry.low), high: label(entry.high) }) : null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  // Parameters the form keeps: everything in the address except this section's prices and paging.
  const keep = [...new URLSearchParams(search)].filter(([key]) => ![`${prefix}min_price`, `${prefix}max_price`, `${prefix}paged`].includes(key));
  const onKey = (event: { key: string }) => {
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key)) commit();
  };
  return (
    <form className="filters__price" method="get" onSubmit={submit} aria-labelledby={`${id}-legend`}>
      <h3 className="filters__heading" id={`${id}-legend`}>
        {t.price}
      </h3>
      {keep.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      <div className="filters__slider">
        <input
          type="range"
          aria-label={t.minSlider}
          aria-valuetext={label(low)}
          min={bounds.min}
          max={bounds.max}
          value={low}
          onChange={(e) => setLow(Math.min(Number(e.currentTarget.value), high))}
          onPointerUp={() => commit()}
          onKeyUp={onKey}
        />
        <input
          type="range"
          aria-label={t.maxSlider}
          aria-valuetext={label(high)}
          min={bounds.min}
          max={bounds.max}
          value={high}
          onChange={(e) => setHigh(Math.max(Number(e.currentTarget.value), low))}
          onPointerUp={() => commit()}
          onKeyUp={onKey}
        />
      </div>
      <p className="filters__range" aria-hidden="true">
        {label(low)} – {label(high)}
      </p>
      <div className="filters__inputs">
        <PriceNumber label={t.min} name={`${prefix}min_price`} bounds={bounds} value={low} empty={bounds.min} onChange={setLow} />
        <PriceNumber label={t.max} name={`${prefix}max_price`} bounds={bounds} value={high} empty={bounds.max} onChange={setHigh} />
        <button type="submit" className="button button--small" aria-describedby={`${sectionId}-price-note`}>
          {t.filter}
        </button>
        <span id={`${sectionId}-price-note`} className="visually-hidden">
          {t.wholeUnits({ symbol: slider.symbol })}
        </span>
      </div>
    </form>
  );
}

/** One of the price filter's number inputs (whole currency units); cleared, it means its bound. */
function PriceNumber({ label, name, bounds, value, empty, onChange }: { label: string; name: string; bounds: { min: number; max: number }; value: number; empty: number; onChange: (n: number) => void }) {
  return (
    <label>
      <span>{label}</span>
      <input
        type="number"
        name={name}
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        step={1}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value === '' ? empty : Number(e.currentTarget.value))}
      />
    </label>
  );
}
