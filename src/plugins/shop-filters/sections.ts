/**
 * The shop sections of a page as the plugin keeps them: each section's filters, facets and list,
 * independent of every other section. Choices go through the core rules; loading in place follows
 * the core listing rules (the latest choice wins, the loading state clears once, a failure keeps
 * the list the shopper had).
 */
import { facetRequest, fetchSection, readSection, type FilterCatalogue, type SectionBase, type SectionFilterConfig, type SectionReads } from '../../core/catalog/section.js';
import type { CatalogFacets, ListedProduct } from '../../core/domain/catalog.js';
import type { Currency } from '../../core/domain/money.js';
import type { BoundEmit } from '../../core/bus.js';
import { itemFactsOf } from '../../core/events.js';
import type { Logger } from '../../core/logger.js';
import type { CatalogPort } from '../../core/ports.js';
import { failList, hasMore, listFromPage, nextPage, pageAddress, receiveList, requestList, type ListState } from '../../core/rules/listing.js';
import { chooseItem, choosePrice, filtersFromQuery, filtersToQuery, sameFilters, sectionPrefix, type FilterList, type ShopFilters } from '../../core/rules/shop-filters.js';
import { createStore, type Store } from '../../core/store.js';


/** What the page rendered for a section, handed over when its view mounts. */
export interface SectionSeed {
  readonly id: string;
  readonly listName: string;
  readonly products: readonly ListedProduct[];
  readonly total: number;
  readonly page: number;
  readonly totalPages: number;
  readonly perPage: number;
  readonly base: SectionBase | null;
  /** Null for a section without filter lists (it still loads more in place). */
  readonly filtering: {
    readonly config: SectionFilterConfig;
    readonly primary: boolean;
    readonly filters: ShopFilters;
    readonly facets: CatalogFacets | null;
    readonly currency: Currency | null;
  } | null;
  readonly catalogue: FilterCatalogue | null;
}

/** One section as the plugin keeps it. */
export interface SectionState {
  readonly seed: SectionSeed;
  /** The filters of the list shown. */
  readonly filters: ShopFilters;
  /** Filters of a choice still loading, or of the last one that failed (for Retry). */
  readonly pending: ShopFilters | null;
  readonly facets: CatalogFacets | null;
  readonly currency: Currency | null;
  /** Products cut down to what a tile reads, like the page's own lists. */
  readonly list: ListState<ListedProduct>;
}

/** Every registered section by id. */
export type SectionsState = Readonly<Record<string, SectionState>>;

/** What a choice led to. */
export interface ChoiceOutcome {
  /** False: the click changed nothing (the active category or sort item); nothing was sent. */
  readonly changed: boolean;
  /** The filtered address (path and query). */
  readonly url: string | null;
  /** The section is a no-ajax one: the browser should go to `url`. */
  readonly navigate: boolean;
  /** The new list is showing (false when a newer choice overtook it or it failed). */
  readonly applied: boolean;
}

const NONE: ChoiceOutcome = { changed: false, url: null, navigate: false, applied: false };

/** Where a page's location is, for building addresses. */
export interface Place {
  readonly path: string;
  readonly search: string;
}

/**
 * The address of a section's filters. The primary section on a category page moves to the shop
 * page with `product_cat`, since the category is now a filter like any other.
 */
export const sectionAddress = (seed: SectionSeed, filters: ShopFilters, place: Place): string => {
  const primary = seed.filtering?.primary ?? false;
  const query = filtersToQuery(filters, sectionPrefix(seed.id, primary), new URLSearchParams(place.search));
  const path = primary && place.path.startsWith('/product-category/') ? '/shop/' : place.path;
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
};

/**
 * The filters an address holds for a section. The primary section on a category page takes the
 * page's category when the address names none (the category is in the path).
 */
export const filtersAt = (seed: SectionSeed, place: Place): ShopFilters => {
  const primary = seed.filtering?.primary ?? false;
  const fromAddress = filtersFromQuery(new URLSearchParams(place.search), sectionPrefix(seed.id, primary));
  const category = seed.filtering?.filters.category ?? null;
  return primary && place.path.startsWith('/product-category/') && fromAddress.category === null ? { ...fromAddress, category } : fromAddress;
};

/** The address of a section's page `n`, from the next-page link the page rendered. */
export const sectionPageAddress = (seed: SectionSeed, nextUrl: string, n: number): string =>
  pageAddress(nextUrl, `${sectionPrefix(seed.id, seed.filtering?.primary ?? false)}paged`, n);

/** The filters a section reports in `shop.filtered`, as address parameters. */
const filterFacts = (filters: ShopFilters): Record<string, string> => Object.fromEntries(filtersToQuery(filters));

/** How long a read started ahead of a choice (on the pointer's way to it) may stand in for the choice's own. */
export const PREFETCH_FRESH_MS = 5000;
/** Reads started ahead that a section keeps at most (the newest). */
const PREFETCH_KEPT = 4;

/** A read started ahead of a choice, and when. */
interface ReadAhead {
  readonly at: number;
  readonly reading: SectionReads;
}

/** The sections store and the operations the plugin's commands run. */
export const createSections = (deps: {
  readonly catalog: CatalogPort;
  readonly emit: BoundEmit;
  readonly logger: Logger;
  readonly store?: Store<SectionsState>;
  /** The clock for reads started ahead. @default Date.now */
  readonly now?: () => number;
  /**
   * Resolves once what the store holds now has been painted (the browser's next frame). The
   * counts wait for the frame that shows their list: landing a few milliseconds after it, they
   * were rendered in the same frame and held it back. @default at once
   */
  readonly painted?: () => Promise<void>;
  /**
   * Resolves when a choice's counts read may leave, a moment after its list's read. On a slow
   * link two answers that come back together share it, and the list's came later. @default at once
   */
  readonly countsLeave?: () => Promise<void>;
}) => {
  const store: Store<SectionsState> = deps.store ?? createStore<SectionsState>({});
  const now = deps.now ?? Date.now;
  const painted = deps.painted ?? (() => Promise.resolve());
  const get = (id: string): SectionState | undefined => store.getSnapshot()[id];
  const put = (id: string, next: SectionState) => store.replace({ ...store.getSnapshot(), [id]: next });

  // Reads started ahead of a choice, by section and then by what they ask; each serves one choice.
  const ahead = new Map<string, Map<string, ReadAhead>>();
  /** What a section's first-page read for `filters` asks, as a key. */
  const readKey = (section: SectionState, filters: ShopFilters): string =>
    JSON.stringify([filtersToQuery(filters).toString(), section.seed.perPage, section.currency?.minorUnit ?? 2]);
  const isFresh = (early: ReadAhead | undefined): early is ReadAhead => early !== undefined && now() - early.at <= PREFETCH_FRESH_MS;
  /** The first page of a section for `filters`: the read started ahead for it when there is a fresh one, else a new read. */
  const readFirstPage = (section: SectionState, filters: ShopFilters): SectionReads => {
    const { seed } = section;
    const minorUnit = section.currency?.minorUnit ?? 2;
    const fresh = () =>
      readSection(
        deps.catalog,
        filters,
        { page: 1, perPage: seed.perPage },
        minorUnit,
        seed.filtering && seed.catalogue ? facetRequest(seed.filtering.config, seed.catalogue) : null,
        seed.base ?? undefined,
        seed.catalogue?.categories,
        deps.countsLeave?.(),
      );
    const kept = ahead.get(seed.id);
    const key = readKey(section, filters);
    const early = kept?.get(key);
    kept?.delete(key);
    if (!isFresh(early)) return fresh();
    // A read ahead whose products failed is no answer for the choice: it asks again, both reads.
    let again: SectionReads | null = null;
    const retry = (): SectionReads => (again ??= fresh());
    const { products, facets } = early.reading;
    return {
      products: products.then((result) => (result.ok ? result : retry().products)),
      facets: products.then((result) => (result.ok ? facets : retry().facets)),
    };
  };

  const register = (seed: SectionSeed): void => {
    if (get(seed.id)) return;
    put(seed.id, {
      seed,
      filters: seed.filtering?.filters ?? { category: null, sort: 'menu_order', minPrice: null, maxPrice: null, terms: {} },
      pending: null,
      facets: seed.filtering?.facets ?? null,
      currency: seed.filtering?.currency ?? null,
      list: listFromPage({ items: seed.products, total: seed.total, page: seed.page, totalPages: seed.totalPages }),
    });
  };

  /** Loads a section's first page for `filters` in place; resolves true when it is what shows. */
  const load = async (id: string, filters: ShopFilters): Promise<boolean> => {
    const section = get(id);
    if (!section) return false;
    const { state: list, token } = requestList(section.list, 'replace');
    const { seed } = section;
    // The requests leave first; then the list is marked loading, which re-renders the section (at
    // 4x CPU that render held the request back by 40-60 ms when it came first).
    const reading = readFirstPage(section, filters);
    put(id, { ...section, pending: filters, list });
    const result = await reading.products;
    const now = get(id);
    if (!now || now.list.loading?.token !== token) return false;
    if (!result.ok) {
      deps.logger.error(`section ${id}: the list could not be loaded (${result.error.kind}: ${result.error.message})`);
      put(id, { ...now, list: failList(now.list, token) });
      return false;
    }
    const page = result.value;
    // The list shows as soon as its products are in; the counts follow when theirs are.
    put(id, { ...now, filters, pending: null, list: receiveList(now.list, token, page, (p) => p.id) });
    deps.emit('shop.filtered', { section: id, filters: filterFacts(filters), resultCount: page.total });
    deps.emit('catalog.listViewed', { listName: seed.listName, items: page.items.map(itemFactsOf), offset: 0 });
    // Not waited for: the choice is applied (its address is written) with its list, and the
    // counts come in no sooner than the frame after the one that paints it.
    void applyFacets(id, filters, reading.facets, painted());
    return true;
  };

  /**
   * The counts (and the currency) of a list's filters, once in, while that list's filters are
   * still the ones shown: a newer choice that has shown its own list by then brings its own. A
   * failed read leaves the counts as they were. Not before `shown`, the list's paint.
   */
  const applyFacets = async (id: string, filters: ShopFilters, reading: SectionReads['facets'], shown: Promise<void>): Promise<void> => {
    const [counted] = await Promise.all([reading.catch(() => null), shown]);
    const later = get(id);
    if (!later || !counted?.ok || !sameFilters(later.filters, filters)) return;
    put(id, { ...later, facets: counted.value, currency: counted.value.priceRange?.currency ?? later.currency });
  };

  const apply = async (id: string, filters: ShopFilters, place: Place): Promise<ChoiceOutcome> => {
    const section = get(id);
    if (!section) return NONE;
    const url = sectionAddress(section.seed, filters, place);
    if (section.seed.filtering && !section.seed.filtering.config.ajax) return { changed: true, url, navigate: true, applied: false };
    const applied = await load(id, filters);
    return { changed: true, url, navigate: false, applied };
  };

  /** The filters a new choice starts from: the one still loading, else the one shown. */
  const current = (section: SectionState): ShopFilters => section.pending ?? section.filters;

  const choose = async (id: string, list: FilterList, value: string, place: Place): Promise<ChoiceOutcome> => {
    const section = get(id);
    if (!section) return NONE;
    const change = chooseItem(current(section), list, value);
    return change.changed ? apply(id, change.filters, place) : NONE;
  };

  /**
   * Starts the read a choice would make, without changing anything: the pointer on its way to a
   * filter item (or pressing it) gives its answer a head start, and the choice that follows within
   * {@link PREFETCH_FRESH_MS} takes it instead of asking again. Nothing for an item that would
   * change nothing, a no-ajax section, or a read already started.
   */
  const prefetch = (id: string, list: FilterList, value: string): void => {
    const section = get(id);
    if (!section?.seed.filtering?.config.ajax) return;
    const change = chooseItem(current(section), list, value);
    if (!change.changed) return;
    const kept = ahead.get(id) ?? new Map<string, ReadAhead>();
    ahead.set(id, kept);
    const key = readKey(section, change.filters);
    if (isFresh(kept.get(key))) return;
    const reading = readFirstPage(section, change.filters);
    // A read ahead that nobody takes must not surface as an unhandled failure.
    reading.products.catch(() => undefined);
    reading.facets.catch(() => undefined);
    kept.delete(key);
    kept.set(key, { at: now(), reading });
    for (const stale of [...kept.keys()].slice(0, Math.max(0, kept.size - PREFETCH_KEPT))) kept.delete(stale);
  };

  const setPrice = async (id: string, min: number | null, max: number | null, bounds: { min: number; max: number } | null, place: Place): Promise<ChoiceOutcome> => {
    const section = get(id);
    if (!section) return NONE;
    const change = choosePrice(current(section), min, max, bounds);
    return change.changed ? apply(id, change.filters, place) : NONE;
  };

  /** Back/Forward: shows the filters the address now holds, when they differ from the section's. */
  const restore = async (id: string, place: Place): Promise<ChoiceOutcome> => {
    const section = get(id);
    if (!section?.seed.filtering?.config.ajax) return NONE;
    const wanted = filtersAt(section.seed, place);
    return sameFilters(wanted, current(section)) ? NONE : apply(id, wanted, place);
  };

  /** Retry after a failure: the choice that failed, or else the load-more that failed. */
  const retry = async (id: string, place: Place): Promise<ChoiceOutcome> => {
    const section = get(id);
    if (!section?.list.failed) return NONE;
    if (section.pending) return apply(id, section.pending, place);
    await loadMore(id);
    return NONE;
  };

  /** Appends the next page; items already shown are never appended twice. */
  const loadMore = async (id: string): Promise<boolean> => {
    const section = get(id);
    if (!section || !hasMore(section.list) || section.list.loading) return false;
    const { state: list, token } = requestList(section.list, 'more');
    const offset = section.list.items.length;
    // As in `load`: the request first, then the re-render that marks the list loading.
    const reading = fetchSection(
      deps.catalog,
      section.filters,
      { page: nextPage(section.list), perPage: section.seed.perPage },
      section.currency?.minorUnit ?? 2,
      null,
      section.seed.base ?? undefined,
      section.seed.catalogue?.categories,
    );
    put(id, { ...section, list });
    const result = await reading;
    const now = get(id);
    if (!now || now.list.loading?.token !== token) return false;
    if (!result.ok) {
      deps.logger.error(`section ${id}: more products could not be loaded (${result.error.kind}: ${result.error.message})`);
      put(id, { ...now, list: failList(now.list, token) });
      return false;
    }
    const next = receiveList(now.list, token, result.value.page, (p) => p.id);
    put(id, { ...now, list: next });
    deps.emit('catalog.listViewed', { listName: section.seed.listName, items: next.items.slice(offset).map(itemFactsOf), offset });
    return true;
  };

  return { store, register, choose, prefetch, setPrice, restore, retry, loadMore, get };
};

/** The plugin's sections, as its views reach them. */
export type Sections = ReturnType<typeof createSections>;
