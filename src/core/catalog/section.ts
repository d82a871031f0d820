/**
 * One filterable shop section: its filter lists with counts, built from the catalogue and the
 * server's facets, and how a section's products and facets are fetched for a set of filters. The
 * server renderer and the shop-filters plugin use the same functions, so the first paint and every
 * in-place update agree.
 */
import type { AttributeTaxonomy, Brand, CatalogFacets, CategoryEntry, FacetRequest, ListedProduct, ProductPage, ProductQuery } from '../domain/catalog.js';
import type { Currency } from '../domain/money.js';
import type { CatalogPort, PortFailure } from '../ports.js';
import { err, ok, type Result } from '../result.js';
import { currencyPosition, DEFAULT_SORT, facetTaxonomy, SORT_KEYS, SORT_LABELS, sortQuery, type CurrencyPosition, type ShopFilters, type SortKey } from '../rules/shop-filters.js';

/** What a section always asks besides its filters: its own order (until a sort is chosen) and a search. */
export type SectionBase = Pick<ProductQuery, 'orderby' | 'order' | 'search'>;

/** The lists a section can show. `attributes` means every attribute other than colour. */
export const FILTER_LISTS = ['category', 'sort', 'colour', 'brand', 'attributes', 'price'] as const;
export type FilterListName = (typeof FILTER_LISTS)[number];

/** How one section filters, from the integrator's config. */
export interface SectionFilterConfig {
  readonly lists: readonly FilterListName[];
  /** False: a choice navigates the browser to the filtered address instead of loading in place. */
  readonly ajax: boolean;
}

/** One item of a list: `count` is how many products choosing it would leave (null: unknown). */
export interface FilterItem {
  readonly value: string;
  readonly label: string;
  readonly count: number | null;
  readonly active: boolean;
  /** Choosing it would leave no products (an active item is never disabled: it can be deselected). */
  readonly disabled: boolean;
}

/** A list of items (category, sort, colour, brand, or one attribute). */
export interface FilterItemList {
  /** `category`, `sort`, or a facet name (`colour`, `brand`, `size`). */
  readonly id: string;
  readonly label: string;
  readonly kind: 'category' | 'sort' | 'facet';
  /** Colour chips or plain labels. */
  readonly look: 'label' | 'colour';
  readonly items: readonly FilterItem[];
}

/** The price slider: its ends in whole currency units and how to label amounts. */
export interface PriceSlider {
  readonly bounds: { readonly min: number; readonly max: number } | null;
  readonly symbol: string;
  readonly position: CurrencyPosition;
  readonly minorUnit: number;
}

/** Everything a section's filter bar shows. */
export interface SectionFilterLists {
  readonly lists: readonly FilterItemList[];
  readonly price: PriceSlider | null;
}

/** The catalogue data the lists are built from; loaded once per page. */
export interface FilterCatalogue {
  readonly categories: readonly CategoryEntry[];
  readonly attributes: readonly AttributeTaxonomy[];
  readonly brands: readonly Brand[];
}

const facetName = (taxonomy: string): string => taxonomy.replace(/^pa_/, '');

/** The colour attribute: `pa_colour` here, `pa_color` on most stock shops. */
const isColourTaxonomy = (taxonomy: string): boolean => taxonomy === 'pa_colour' || taxonomy === 'pa_color';

/** The attributes a section's config shows, colour first. */
const shownAttributes = (config: SectionFilterConfig, catalogue: FilterCatalogue): AttributeTaxonomy[] =>
  catalogue.attributes.filter((a) => (isColourTaxonomy(a.taxonomy) ? config.lists.includes('colour') : config.lists.includes('attributes')));

/** What to ask the server to count for a section. */
export const facetRequest = (config: SectionFilterConfig, catalogue: FilterCatalogue): FacetRequest => ({
  priceRange: config.lists.includes('price'),
  attributes: shownAttributes(config, catalogue).map((a) => a.taxonomy),
  brands: config.lists.includes('brand'),
});

const item = (value: string, label: string, count: number | null, active: boolean): FilterItem => ({
  value,
  label,
  count,
  active,
  disabled: !active && count === 0,
});

/** Builds the lists a section shows for its filters and the server's facets. */
export const buildFilterLists = (config: SectionFilterConfig, catalogue: FilterCatalogue, filters: ShopFilters, facets: CatalogFacets | null, currency: Currency | null): SectionFilterLists => {
  const lists: FilterItemList[] = [];
  for (const name of config.lists) {
    if (name === 'category') {
      const all = catalogue.categories.reduce((n, c) => n + (c.parent === 0 ? c.count : 0), 0);
      lists.push({
        id: 'category',
        label: 'Category',
        kind: 'category',
        look: 'label',
        items: [item('', 'All categories', all, filters.category === null), ...catalogue.categories.map((c) => item(c.slug, c.name, c.count, filters.category === c.slug))],
      });
    } else if (name === 'sort') {
      lists.push({ id: 'sort', label: 'Sort by', kind: 'sort', look: 'label', items: SORT_KEYS.map((key: SortKey) => item(key, SORT_LABELS[key], null, filters.sort === key)) });
    } else if (name === 'brand') {
      if (catalogue.brands.length === 0) continue;
      lists.push({
        id: 'brand',
        label: 'Brand',
        kind: 'facet',
        look: 'label',
        items: catalogue.brands.map((b) => item(b.slug, b.name, facets?.brandCounts ? (facets.brandCounts[b.id] ?? 0) : null, filters.terms['brand'] === b.slug)),
      });
    } else if (name === 'colour' || name === 'attributes') {
      for (const attribute of shownAttributes(config, catalogue)) {
        const colour = isColourTaxonomy(attribute.taxonomy);
        if (colour !== (name === 'colour') || attribute.terms.length === 0) continue;
        const facet = facetName(attribute.taxonomy);
        lists.push({
          id: facet,
          label: attribute.name,
          kind: 'facet',
          look: colour ? 'colour' : 'label',
          items: attribute.terms.map((t) => item(t.slug, t.name, facets?.attributeCounts ? (facets.attributeCounts[t.id] ?? 0) : null, filters.terms[facet] === t.slug)),
        });
      }
    }
  }
  const range = facets?.priceRange ?? null;
  const money = range?.currency ?? currency;
  const unit = 10 ** (money?.minorUnit ?? 2);
  const price: PriceSlider | null = config.lists.includes('price')
    ? {
        bounds: range ? { min: Math.floor(range.min / unit), max: Math.ceil(range.max / unit) } : null,
        symbol: money?.symbol || '₱',
        position: money ? currencyPosition(money.prefix, money.suffix) : 'left',
        minorUnit: money?.minorUnit ?? 2,
      }
    : null;
  return { lists, price };
};

/** Categories whose ids the page already knows (the filter catalogue's), to send ids instead of slugs. */
export type KnownCategories = ReadonlyArray<Pick<CategoryEntry, 'id' | 'slug'>>;

/**
 * The `category` parameter for a chosen category: its id when the page knows it (a stock Store
 * API reads ids, so the adapter would otherwise look the slug up first: one more round trip
 * before the list), else the slug as it is.
 */
// Stryker disable next-line ArrayDeclaration: equivalent (a default list with any non-category entry finds no slug either)
export const categoryParameter = (slug: string, known: KnownCategories = []): string => {
  const found = known.find((c) => c.slug === slug);
  return found ? String(found.id) : slug;
};

/** The Store API query of a section's filters (prices turned into minor units). */
export const catalogQuery = (
  filters: ShopFilters,
  paging: { readonly page: number; readonly perPage: number },
  minorUnit: number,
  base?: SectionBase,
  known?: KnownCategories,
): ProductQuery => {
  const unit = 10 ** minorUnit;
  const attributes = Object.entries(filters.terms).flatMap(([facet, slug]) => {
    const taxonomy = facetTaxonomy(facet);
    return taxonomy ? [{ taxonomy, slug }] : [];
  });
  return {
    page: paging.page,
    perPage: paging.perPage,
    // A section's own order (best sellers, newest) holds until the shopper picks another sort.
    ...(filters.sort === DEFAULT_SORT && base?.orderby ? { orderby: base.orderby, ...(base.order ? { order: base.order } : {}) } : sortQuery(filters.sort)),
    ...(base?.search ? { search: base.search } : {}),
    ...(filters.category !== null ? { category: categoryParameter(filters.category, known) } : {}),
    ...(filters.minPrice !== null ? { minPrice: filters.minPrice * unit } : {}),
    ...(filters.maxPrice !== null ? { maxPrice: filters.maxPrice * unit } : {}),
    ...(attributes.length > 0 ? { attributes } : {}),
    ...(filters.terms['brand'] !== undefined ? { brand: filters.terms['brand'] } : {}),
  };
};

/** A section's products and facets for a set of filters. */
export interface SectionResult {
  readonly page: ProductPage<ListedProduct>;
  readonly facets: CatalogFacets | null;
}

/** A section's two reads, started together: its products, and its facets when it has filter lists. */
export interface SectionReads {
  readonly products: Promise<Result<ProductPage<ListedProduct>, PortFailure>>;
  /** Null when no facets were asked for; a failure leaves the lists without new counts. */
  readonly facets: Promise<Result<CatalogFacets, PortFailure> | null>;
}

/**
 * Starts a section's reads for a set of filters, in parallel, and hands them back apart: a list can
 * show as soon as its products are in, without waiting for the counts (on a stock WooCommerce shop
 * the counts are the slower read by far). With `countsAfter`, the counts read leaves once it
 * resolves, so that the list's read has the link to itself for a moment.
 */
export const readSection = (
  catalog: CatalogPort,
  filters: ShopFilters,
  paging: { readonly page: number; readonly perPage: number },
  minorUnit: number,
  facets: FacetRequest | null,
  base?: SectionBase,
  known?: KnownCategories,
  countsAfter?: Promise<void>,
): SectionReads => {
  const query = catalogQuery(filters, paging, minorUnit, base, known);
  const products = catalog.listTiles(query);
  if (!facets) return { products, facets: Promise.resolve(null) };
  return { products, facets: countsAfter ? countsAfter.then(() => catalog.facets(query, facets)) : catalog.facets(query, facets) };
};

/**
 * Fetches a section's products and, when it has filter lists, their facets, in parallel, and
 * resolves once both are in. A facet failure is not fatal (the lists show without counts); a
 * product failure is.
 */
export const fetchSection = async (...args: Parameters<typeof readSection>): Promise<Result<SectionResult, PortFailure>> => {
  const reads = readSection(...args);
  const [products, counted] = await Promise.all([reads.products, reads.facets]);
  if (!products.ok) return err(products.error);
  return ok({ page: products.value, facets: counted?.ok ? counted.value : null });
};
