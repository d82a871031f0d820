import { useEffect, useId, useState, type FormEvent, type MouseEvent } from 'react';
import { buildFilterLists, type FilterItem, type FilterItemList, type PriceSlider } from '../../../core/catalog/section.js';
import { hasMore } from '../../../core/rules/listing.js';
import { chooseItem, narrows, orderPriceEntry, priceLabel, sectionPrefix, type FilterList, type ShopFilters } from '../../../core/rules/shop-filters.js';
import type { ViewContextOf } from '../../../core/plugin.js';
import { filteredMessage } from '../../../ui/components/Notices.js';
import { ProductSection } from '../../../ui/components/ProductSection.js';
import { useSelector, useUi } from '../../../ui/runtime-context.js';
import type { ListingSectionProps } from '../../../ui/slots.js';
import { withoutLanguage } from '../../../i18n/index.js';
import type shopFilters from '../index.js';
import { sectionAddress, sectionPageAddress, type Place, type SectionSeed, type SectionState } from '../sections.js';

/** Shown when the filters leave no products. */
export const NO_RESULTS = 'No Data for this Combination.';


/** Where the page is: the request's address on the server, the address bar in the browser (without the language switch's `lang`, as the server renders it). */
const placeOf = (path: string, search: string): Place =>
  typeof window === 'undefined' ? { path, search: withoutLanguage(search) } : { path: window.location.pathname, search: withoutLanguage(window.location.search) };

const listOf = (list: FilterItemList): FilterList => (list.kind === 'facet' ? { kind: 'facet', facet: list.id } : { kind: list.kind });

/**
 * One listing section with its filter bar and load-more. It renders from the page's data until
 * the plugin has registered the section, then from the plugin's store; both give the same HTML.
 */
export function ShopSection({ section, catalogue, eagerCount, firstOnPage, plugin }: ListingSectionProps & { readonly plugin: ViewContextOf<typeof shopFilters> }) {
  const { signals, state: app } = useUi();
  const colors = plugin.options.colors;
  const kept: SectionState | undefined = useSelector(plugin.store, (all) => all[section.id]);

  const seed: SectionSeed = { ...section, catalogue };
  useEffect(() => {
    void plugin.execute('shop-filters.register', { seed });
    // The seed is what the server rendered; registering once per section is the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plugin, section.id]);

  // Back/Forward: show the filters the address now holds.
  const filtering = section.filtering;
  useEffect(() => {
    const onPop = () => void plugin.execute('shop-filters.restore', { section: section.id, place: placeOf(app.path, app.search) });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [plugin, section.id, app.path, app.search]);

  const filters: ShopFilters | null = kept ? (kept.pending ?? kept.filters) : (filtering?.filters ?? null);
  const products = kept ? kept.list.items : section.products;
  const busy = kept?.list.loading?.kind === 'replace';
  const loadingMore = kept?.list.loading?.kind === 'more';
  const more = kept ? hasMore(kept.list) : section.page < section.totalPages;
  const allLoaded = kept !== undefined && !more && kept.list.page > section.page;
  const failed = kept?.list.failed ?? false;
  const place = placeOf(app.path, app.search);

  const go = async (run: () => Promise<{ ok: boolean; value?: { url: string | null; navigate: boolean; applied: boolean } }>) => {
    const result = await run();
    if (!result.ok || !result.value?.url) return;
    if (result.value.navigate) window.location.assign(result.value.url);
    else if (result.value.applied) window.history.pushState({ suki: 'shop-filters' }, '', result.value.url);
  };

  const lists = filtering && catalogue && filters ? buildFilterLists(filtering.config, catalogue, filters, kept?.facets ?? filtering.facets, kept?.currency ?? filtering.currency) : null;

  // A price range applied, with what the inputs corrected said first (the swap), then the count.
  const setPrice = async (min: number, max: number, note: string | null) => {
    const run = plugin.execute('shop-filters.setPrice', { section: section.id, min, max, bounds: lists?.price?.bounds ?? null, place: placeOf(app.path, app.search) });
    await go(() => run);
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
    if (!filters) return '#';
    const change = chooseItem(filters, listOf(list), item.value);
    return sectionAddress(seed, change.changed ? change.filters : filters, place);
  };
  const onItem = (event: MouseEvent<HTMLAnchorElement>, list: FilterItemList, item: FilterItem) => {
    // Modified clicks open the link elsewhere.
    if (!filtering || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void go(() => plugin.execute('shop-filters.choose', { section: section.id, list: listOf(list), value: item.value, place: placeOf(app.path, app.search) }));
  };

  // Narrow screens: the lists sit behind a Filters button so the first products show (the button
  // is hidden on wide screens, where the lists are always open).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = `${section.id}-filters`;
  const toolbar = lists ? (
    <>
      <button
        type="button"
        className="button button--small filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={() => setFiltersOpen((was) => !was)}
      >
        Filters
        {!(filtering?.primary ?? false) && <span className="visually-hidden">: {section.title}</span>}
      </button>
      <div className="filters" id={filtersId} data-open={filtersOpen} role="group" aria-label={`Filter ${section.title}`}>
        {lists.lists.map((list) => (
          <FilterGroup key={list.id} sectionId={section.id} list={list} colors={colors} hrefFor={hrefFor} onItem={onItem} />
        ))}
        {lists.price && filters && (
          <PriceFilter
            sectionId={section.id}
            prefix={sectionPrefix(section.id, filtering?.primary ?? false)}
            slider={lists.price}
            filters={filters}
            search={place.search}
            onPrice={(min, max, note) => void setPrice(min, max, note)}
          />
        )}
      </div>
    </>
  ) : null;

  const retry = () => void go(() => plugin.execute('shop-filters.retry', { section: section.id, place: placeOf(app.path, app.search) }));

  const footer = (
    <>
      {failed && (
        <p className="notice notice--error listing__notice" role="alert">
          The list could not be updated.{' '}
          <button type="button" className="link-button" onClick={retry}>
            Retry
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
            {loadingMore ? 'Loading…' : `Load more ${section.title.toLowerCase()}`}
          </a>
        </p>
      ) : allLoaded ? (
        <p className="load-more load-more--done" role="status">
          All loaded
        </p>
      ) : null}
    </>
  );

  return (
    <ProductSection
      section={section}
      eagerCount={eagerCount}
      firstOnPage={firstOnPage}
      products={products}
      busy={busy}
      emptyMessage={filters !== null && narrows(filters) ? NO_RESULTS : undefined}
      toolbar={toolbar}
      footer={products.length === 0 ? (failed ? footer : null) : footer}
    />
  );
}

function FilterGroup({
  sectionId,
  list,
  colors,
  hrefFor,
  onItem,
}: {
  sectionId: string;
  list: FilterItemList;
  colors: Readonly<Record<string, string>>;
  hrefFor: (list: FilterItemList, item: FilterItem) => string;
  onItem: (event: MouseEvent<HTMLAnchorElement>, list: FilterItemList, item: FilterItem) => void;
}) {
  const headingId = `${sectionId}-filter-${list.id}`;
  return (
    <div className={`filters__list filters__list--${list.look}`}>
      <h3 className="filters__heading" id={headingId}>
        {list.label}
      </h3>
      <ul aria-labelledby={headingId}>
        {list.items.map((item) => {
          const colour = list.look === 'colour' ? colors[item.value] : undefined;
          // The name starts with the visible text (WCAG 2.5.3): `Tees (10)` is named `Tees (10 products)`.
          const name = item.count === null ? item.label : `${item.label} (${item.count} ${item.count === 1 ? 'product' : 'products'})`;
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
                  href={hrefFor(list, item)}
                  aria-current={item.active ? 'true' : undefined}
                  aria-label={name}
                  rel="nofollow"
                  onClick={(event) => onItem(event, list, item)}
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
}: {
  sectionId: string;
  prefix: string;
  slider: PriceSlider;
  filters: ShopFilters;
  search: string;
  /** `note`: what was corrected in the shopper's entry, to be announced (or null). */
  onPrice: (min: number, max: number, note: string | null) => void;
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
    onPrice(entry.low, entry.high, entry.swapped ? `Minimum and maximum price swapped: ${label(entry.low)} – ${label(entry.high)}` : null);
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
        Price
      </h3>
      {keep.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      <div className="filters__slider">
        <input
          type="range"
          aria-label="Minimum price slider"
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
          aria-label="Maximum price slider"
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
        <PriceNumber label="Minimum price" name={`${prefix}min_price`} bounds={bounds} value={low} empty={bounds.min} onChange={setLow} />
        <PriceNumber label="Maximum price" name={`${prefix}max_price`} bounds={bounds} value={high} empty={bounds.max} onChange={setHigh} />
        <button type="submit" className="button button--small" aria-describedby={`${sectionId}-price-note`}>
          Filter
        </button>
        <span id={`${sectionId}-price-note`} className="visually-hidden">
          Prices in whole {slider.symbol}
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
