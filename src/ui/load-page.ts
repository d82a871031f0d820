import type { Category, Product, ProductOrderBy, ProductQuery } from '../core/domain/catalog.js';
import type { PageType } from '../core/events.js';
import type { CatalogPort, PortFailure } from '../core/ports.js';
import type { ListingLayout, PageData, ProductSection } from './app-state.js';

/** Variations embedded in a product page at most (WooCommerce's ajax variation threshold). */
export const EMBEDDED_VARIATIONS_LIMIT = 30;

/** Products in the related-products carousel. */
export const RELATED_COUNT = 8;

/** Products per shop page. */
export const SHOP_PAGE_SIZE = 12;

const LAYOUTS: readonly ListingLayout[] = ['grid', 'masonry', 'carousel', 'full'];
const ORDERS: readonly ProductOrderBy[] = ['date', 'price', 'popularity', 'rating', 'title', 'menu_order'];

/** A loaded page, or why it could not be loaded. */
export interface LoadedPage {
  readonly status: number;
  readonly pageType: PageType;
  readonly page: PageData;
}

/**
 * The HTTP status of a page whose data could not be loaded: 502 when the shop could not be reached
 * or answered with something that is not its API (a login page, a proxy's error), 504 when it was
 * too slow, 503 for the shop's own errors.
 */
export const failureStatus = (failure: PortFailure): 502 | 503 | 504 => {
  if (failure.kind === 'timeout') return 504;
  if (failure.kind === 'network' || failure.kind === 'invalid-response') return 502;
  return 503;
};

const failurePage = (failure: PortFailure): LoadedPage =>
  failure.kind === 'not-found' || (failure.kind === 'http' && failure.status === 404)
    ? notFound()
    : {
        status: failureStatus(failure),
        pageType: 'error',
        page: {
          type: 'error',
          title: 'The shop is taking a break',
          description: 'The shop could not load this page.',
          message:
            failure.kind === 'timeout'
              ? 'The shop took too long to answer. Please try again in a moment.'
              : 'We could not load this page right now. Please try again in a moment.',
        },
      };

const notFound = (): LoadedPage => ({
  status: 404,
  pageType: 'not-found',
  page: {
    type: 'not-found',
    title: 'Page not found',
    description: 'This page does not exist.',
    message: 'We could not find that page. It may have moved, or the address may be mistyped.',
  },
});

/** Reads a positive page number from the query; anything else is page 1. */
const pageNumber = (params: URLSearchParams): number => {
  const raw = params.get('paged') ?? '1';
  const n = /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
};

const section = (id: string, title: string, layout: ListingLayout, products: readonly Product[], total: number): ProductSection => ({
  id,
  title,
  listName: title,
  layout,
  products,
  total,
});

/**
 * Loads what a page shows through the catalogue port. Unknown query values fall back to defaults
 * rather than failing, so any shared URL renders.
 */
export const loadPage = async (url: URL, catalog: CatalogPort, categories: readonly Category[]): Promise<LoadedPage> => {
  const path = url.pathname;
  const params = url.searchParams;

  if (path === '/') {
    const queries: Array<[string, string, ListingLayout, ProductQuery]> = [
      ['new', 'New arrivals', 'carousel', { orderby: 'date', order: 'desc', perPage: 8 }],
      ['popular', 'Best sellers', 'grid', { orderby: 'popularity', order: 'desc', perPage: 8 }],
      ['rated', 'Top rated', 'masonry', { orderby: 'rating', order: 'desc', perPage: 6 }],
      ['featured', 'Shop favourites', 'full', { orderby: 'menu_order', order: 'asc', perPage: 3 }],
    ];
    const results = await Promise.all(queries.map(([, , , q]) => catalog.listProducts(q)));
    const sections: ProductSection[] = [];
    for (const [i, r] of results.entries()) {
      if (!r.ok) return failurePage(r.error);
      const [id, title, layout] = queries[i]!;
      sections.push(section(id, title, layout, r.value.items, r.value.total));
    }
    return {
      status: 200,
      pageType: 'home',
      page: { type: 'home', title: 'Suki — shop local', description: 'Filipino-made clothing, bags, home goods and pantry treats.', category: null, sections, page: 1, totalPages: 1 },
    };
  }

  const categoryMatch = /^\/product-category\/([a-z0-9-]{1,100})\/$/.exec(path);
  if (path === '/shop/' || categoryMatch) {
    let category: Category | null = null;
    if (categoryMatch) {
      category = categories.find((c) => c.slug === categoryMatch[1]) ?? null;
      if (!category) return notFound();
    }
    const layoutParam = params.get('layout') as ListingLayout | null;
    const layout = layoutParam && LAYOUTS.includes(layoutParam) ? layoutParam : 'grid';
    const orderParam = params.get('orderby') as ProductOrderBy | null;
    const orderby = orderParam && ORDERS.includes(orderParam) ? orderParam : 'menu_order';
    const page = pageNumber(params);
    const result = await catalog.listProducts({
      page,
      perPage: SHOP_PAGE_SIZE,
      orderby,
      order: orderby === 'date' || orderby === 'popularity' || orderby === 'rating' ? 'desc' : 'asc',
      ...(category ? { category: String(category.id) } : {}),
    });
    if (!result.ok) {
      // Paging past the end answers 400 on the Store API; show an empty page instead of an error.
      if (result.error.kind === 'http' && result.error.status === 400) return notFound();
      return failurePage(result.error);
    }
    const title = category ? category.name : 'Shop';
    return {
      status: 200,
      pageType: category ? 'category' : 'shop',
      page: {
        type: category ? 'category' : 'shop',
        title,
        description: category ? `${category.name} from Filipino makers, at Suki.` : 'Every product in the Suki shop.',
        category,
        sections: [section(category ? `cat-${category.slug}` : 'shop', title, layout, result.value.items, result.value.total)],
        page,
        totalPages: result.value.totalPages,
      },
    };
  }

  const productMatch = /^\/product\/([a-z0-9-]{1,200})\/$/.exec(path);
  if (productMatch) {
    const result = await catalog.getProduct(productMatch[1]!);
    if (!result.ok) return failurePage(result.error);
    const product = result.value;
    const first = product.categories[0];
    // Few enough variations are embedded in the page (WooCommerce's threshold of 30); above that
    // the browser loads them, and a failure here only means the browser will try.
    const embed = product.type === 'variable' && product.variations.length <= EMBEDDED_VARIATIONS_LIMIT;
    const [variationList, list] = await Promise.all([
      embed ? catalog.listVariations(product.id) : Promise.resolve(null),
      first ? catalog.listProducts({ category: String(first.id), exclude: [product.id], perPage: RELATED_COUNT + 1, orderby: 'popularity', order: 'desc' }) : Promise.resolve(null),
    ]);
    const variations = product.type !== 'variable' ? [] : variationList?.ok ? variationList.value : null;
    let related: ProductSection | null = null;
    if (list?.ok) {
      const items = list.value.items.filter((p) => p.id !== product.id).slice(0, RELATED_COUNT);
      related = section('related', 'Related products', 'carousel', items, items.length);
    }
    return {
      status: 200,
      pageType: 'product',
      page: {
        type: 'product',
        title: `${product.name} — Suki`,
        description: product.shortDescription.slice(0, 160) || product.name,
        product,
        variations,
        related,
      },
    };
  }

  if (path === '/cart/') {
    return { status: 200, pageType: 'cart', page: { type: 'cart', title: 'Cart — Suki', description: 'Your shopping cart.' } };
  }
  return notFound();
};
