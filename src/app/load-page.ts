import type { AccountView } from './account-page.js';
import type { WishlistPageView } from './wishlist-page.js';
import { facetRequest, fetchSection, type FilterCatalogue, type SectionBase, type SectionFilterConfig } from '../core/catalog/section.js';
import type { Category, ListedProduct, ProductOrderBy } from '../core/domain/catalog.js';
import type { ReceivedOrder } from '../core/domain/checkout.js';
import type { PageType } from '../core/events.js';
import type { BlogPort, CatalogPort, CheckoutFailure, CheckoutPort, ContactFormPort, PortFailure, QuestionsPort, ReviewsPort } from '../core/ports.js';
import { CONTACT_PATH, WHOLESALE_PATH, type ContactFormIds, type ContactPagePost } from './contact-page.js';
import { REVIEW_SORTS, type ProductReviewsView, type RatingFilter, type ReviewSort } from '../core/domain/reviews.js';
import { reviewPostKey, reviewPostTexts } from './review-post-texts.js';
import { err, ok, type Result } from '../core/result.js';
import { categoryEntry, listedProduct } from '../core/rules/listed-product.js';
import { pageAddress } from '../core/rules/listing.js';
import { normaliseSearch } from '../core/rules/search.js';
import { filtersFromQuery, sectionPrefix } from '../core/rules/shop-filters.js';
import type { BlogLayout, ListingLayout, PageData, ProductSection } from './app-state.js';
import type { CheckoutSubmission } from './checkout-submit.js';
import { blankTracking, type OrderTracking } from './order-tracking.js';
import { BASE_LOCALE, textsIn, type Locale } from '../i18n/index.js';
import { pageTexts, type PageTexts } from './page-texts.js';

/** Variations embedded in a product page at most (WooCommerce's ajax variation threshold). */
export const EMBEDDED_VARIATIONS_LIMIT = 30;

/** Products in the related-products carousel. */
export const RELATED_COUNT = 8;

/** Products per shop page. */
export const SHOP_PAGE_SIZE = 12;

/** Posts per blog page. */
export const BLOG_PAGE_SIZE = 6;

const LAYOUTS: readonly ListingLayout[] = ['grid', 'masonry', 'carousel', 'full'];

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

/** A checkout refusal where a page is loaded is the shop's own error. */
const portFailure = (failure: CheckoutFailure): PortFailure =>
  failure.kind === 'cart-conflict' || failure.kind === 'invalid-fields' ? { kind: 'http', status: 503, code: failure.code, message: failure.message } : failure;

const failedPage = (failure: PortFailure, t: PageTexts): LoadedPage =>
  failure.kind === 'not-found' || (failure.kind === 'http' && failure.status === 404)
    ? notFoundPage(t)
    : {
        status: failureStatus(failure),
        pageType: 'error',
        page: {
          type: 'error',
          title: t.breakTitle,
          description: t.breakDescription,
          message: failure.kind === 'timeout' ? t.breakSlow : t.breakMessage,
        },
      };

/** A call the shop behind us cannot answer (`501`: upstream, a stock plugin without the feature). */
const unsupported = (result: Result<unknown, PortFailure>): boolean => !result.ok && result.error.kind === 'http' && result.error.status === 501;

const notFoundPage = (t: PageTexts): LoadedPage => ({
  status: 404,
  pageType: 'not-found',
  page: { type: 'not-found', title: t.notFoundTitle, description: t.notFoundDescription, message: t.notFoundMessage },
});

/** The English texts: a section's list name (analytics' `item_list_name`) stays English in every language. */
const ENGLISH = (): PageTexts => textsIn(pageTexts, BASE_LOCALE);

/** Reads a positive page number (`paged`, or `<section>-paged`) from the query; anything else is page 1. */
const pageNumber = (params: URLSearchParams, prefix = ''): number => {
  const raw = params.get(`${prefix}paged`) ?? '1';
  const n = /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
};

const section = (id: string, title: string, listName: string, layout: ListingLayout, products: readonly ListedProduct[], total: number): ProductSection => ({
  id,
  title,
  listName,
  layout,
  products: products.map(listedProduct),
  total,
  page: 1,
  totalPages: 1,
  perPage: products.length,
  base: null,
  nextUrl: null,
  prevUrl: null,
  filtering: null,
});

/** One listing section of a page, before loading. */
interface SectionDef {
  readonly id: string;
  readonly title: string;
  /** The section's name for analytics (English whatever the page's language). @default title */
  readonly listName?: string;
  readonly layout: ListingLayout;
  readonly perPage: number;
  readonly base: SectionBase | null;
  /** The page's primary section reads the bare stock parameters. */
  readonly primary: boolean;
  /** The category a category page's address names. */
  readonly pathCategory: string | null;
}

/** A product's reviews with the answer to a review posted without scripts, which the address names (`review_message`). */
const withPosted = (view: ProductReviewsView, params: URLSearchParams, locale: Locale): ProductReviewsView => {
  const key = reviewPostKey(params.get('review_message'));
  return key === null ? view : { ...view, posted: { ok: params.get('review_result') === '0', text: textsIn(reviewPostTexts, locale)[key] } };
};

/** Options of {@link loadPage}. */
export interface LoadPageOptions {
  /** Sections the shop-filters plugin filters, by section id, with their lists. */
  readonly filterSections?: Readonly<Record<string, SectionFilterConfig>>;
  /** The shop's bank account lines, for orders paid by direct bank transfer. */
  readonly bankDetails?: readonly string[];
  /** The checkout's attempt key for a post without scripts (made per render). @default '' */
  readonly attempt?: string;
  /** A checkout form posted without scripts and refused. */
  readonly submission?: CheckoutSubmission;
  /** The billing email posted to an order-received page (never read from the address). */
  readonly orderEmail?: string;
  /**
   * The order-tracking form's state and the page's status, from the server that answered the form
   * (`server/routes/order-tracking.ts`); absent, the page shows a form without a nonce.
   */
  readonly orderTracking?: { readonly status: number; readonly tracking: OrderTracking };
  /**
   * A My Account page (`/my-account/…`): its state and status, from the route that answered it
   * (`server/routes/my-account.ts`, or the upstream one); absent, those addresses are not found.
   */
  readonly account?: { readonly status: number; readonly title: string; readonly view: AccountView };
  /**
   * A wishlist page (`/wishlist/`, `/wishlist/view/{token}/`): its state and status, from the route
   * that answered it (`server/routes/wishlist.ts`, or the upstream one); absent (the `wishlist`
   * plugin is off), those addresses are not found.
   */
  readonly wishlist?: { readonly status: number; readonly title: string; readonly view: WishlistPageView };
  /** The contact-form plugin's form ids; absent (the plugin off), the contact pages are not found. */
  readonly contactForms?: ContactFormIds;
  /** A contact form posted to its page without scripts, with the server's answer. */
  readonly contactPost?: ContactPagePost;
  /** The page's language: its titles, descriptions and messages. @default 'en-PH' */
  readonly locale?: Locale;
}

/** Minor unit assumed for a price filter until the shop reports its currency (PHP has 2). */
const DEFAULT_MINOR_UNIT = 2;

/**
 * Loads one section: its filters from the address (any section may be filtered by address, as a
 * stock shop's listing is), its page of products, and, when it shows filter lists, their facets.
 */
const loadSection = async (
  def: SectionDef,
  url: URL,
  catalog: CatalogPort,
  config: SectionFilterConfig | undefined,
  catalogue: FilterCatalogue | null,
): Promise<Result<ProductSection, PortFailure>> => {
  const params = url.searchParams;
  const prefix = sectionPrefix(def.id, def.primary);
  const fromAddress = filtersFromQuery(params, prefix);
  const filters = def.pathCategory !== null && !params.has(`${prefix}product_cat`) ? { ...fromAddress, category: def.pathCategory } : fromAddress;
  const page = pageNumber(params, prefix);
  const facets = config && catalogue ? facetRequest(config, catalogue) : null;
  const paging = { page, perPage: def.perPage };
  const base = def.base ?? undefined;
  let result = await fetchSection(catalog, filters, paging, DEFAULT_MINOR_UNIT, facets, base, catalogue?.categories);
  // A shop whose currency has another minor unit: ask again with prices in its units.
  const reported = result.ok ? result.value.facets?.priceRange?.currency.minorUnit : undefined;
  if (reported !== undefined && reported !== DEFAULT_MINOR_UNIT && (filters.minPrice !== null || filters.maxPrice !== null)) {
    result = await fetchSection(catalog, filters, paging, reported, facets, base, catalogue?.categories);
  }
  if (!result.ok && !(result.error.kind === 'http' && result.error.status === 400)) return err(result.error);
  // Paging past the end answers 400 on the Store API: show the section empty.
  const { page: products, facets: counted } = result.ok ? result.value : { page: { items: [], total: 0, totalPages: 0, page }, facets: null };
  const here = `${url.pathname}${url.search}`;
  const currency = counted?.priceRange?.currency ?? products.items[0]?.prices.currency ?? null;
  return ok({
    id: def.id,
    title: def.title,
    listName: def.listName ?? def.title,
    layout: def.layout,
    products: products.items.map(listedProduct),
    total: products.total,
    page,
    totalPages: products.totalPages,
    perPage: def.perPage,
    base: def.base,
    nextUrl: page < products.totalPages ? pageAddress(here, `${prefix}paged`, page + 1) : null,
    prevUrl: page > 1 ? pageAddress(here, `${prefix}paged`, Math.min(page - 1, Math.max(products.totalPages, 1))) : null,
    filtering:
      config && catalogue
        ? {
            config,
            primary: def.primary,
            filters,
            facets: counted,
            currency,
          }
        : null,
  });
};

/** Loads categories' companions for the filter lists: attributes with their terms, and brands. */
const loadFilterCatalogue = async (catalog: CatalogPort, categories: readonly Category[]): Promise<FilterCatalogue> => {
  const [attributes, brands] = await Promise.all([catalog.listAttributes(), catalog.listBrands()]);
  // A shop without brands or attributes routes still filters by what it has.
  return { categories: categories.map(categoryEntry), attributes: attributes.ok ? attributes.value : [], brands: brands.ok ? brands.value : [] };
};

/**
 * Loads what a page shows through the catalogue port. Unknown query values fall back to defaults
 * rather than failing, so any shared URL renders.
 */
export const loadPage = async (
  url: URL,
  ports: {
    readonly catalog: CatalogPort;
    readonly blog: BlogPort;
    readonly checkout?: CheckoutPort;
    /** Present when the reviews plugin is on: the product page's tab, `/reviews/`, the home sections. */
    readonly reviews?: ReviewsPort;
    /** Present when the questions plugin is on: the product page's Q&A tab. */
    readonly questions?: QuestionsPort;
    /** Present when the contact-form plugin is on: the contact pages' schemas. */
    readonly contactForm?: ContactFormPort;
  },
  categories: readonly Category[], options: LoadPageOptions = {}): Promise<LoadedPage> => {
  const { catalog, blog } = ports;
  const path = url.pathname;
  const params = url.searchParams;
  const filterSections = options.filterSections ?? {};
  const t = textsIn(pageTexts, options.locale ?? BASE_LOCALE);
  const en = ENGLISH();
  const notFound = (): LoadedPage => notFoundPage(t);
  const failurePage = (failure: PortFailure): LoadedPage => failedPage(failure, t);

  const listing = async (
    defs: readonly SectionDef[],
    meta: { type: 'home' | 'shop' | 'category' | 'search'; title: string; description: string; category: Category | null },
  ): Promise<LoadedPage> => {
    const filtered = defs.some((def) => filterSections[def.id] !== undefined);
    const catalogue = filtered ? await loadFilterCatalogue(catalog, categories) : null;
    const results = await Promise.all(defs.map((def) => loadSection(def, url, catalog, filterSections[def.id], catalogue)));
    const sections: ProductSection[] = [];
    for (const r of results) {
      if (!r.ok) return failurePage(r.error);
      sections.push(r.value);
    }
    const first = sections[0];
    // A primary section asked for a page past its last one: there is no such page.
    if (first && defs[0]?.primary && first.page > 1 && first.products.length === 0) return notFound();
    return {
      status: 200,
      pageType: meta.type,
      page: { ...meta, sections, page: first?.page ?? 1, totalPages: first?.totalPages ?? 1, filterCatalogue: catalogue },
    };
  };

  // WooCommerce's product search address: `/?s=term&post_type=product`.
  if (path === '/' && params.has('s')) {
    const term = normaliseSearch(params.get('s') ?? '');
    const title = term ? t.searchResults({ term }) : t.search;
    return listing(
      [{ id: 'search', title, listName: term ? en.searchResults({ term }) : en.search, layout: 'grid', perPage: SHOP_PAGE_SIZE, base: term ? { search: term } : null, primary: true, pathCategory: null }],
      { type: 'search', title, description: term ? t.searchDescription({ term }) : t.searchShop, category: null },
    );
  }

  if (path === '/') {
    const def = (id: string, title: 'newArrivals' | 'bestSellers' | 'topRated' | 'favourites', layout: ListingLayout, orderby: ProductOrderBy, order: 'asc' | 'desc', perPage: number): SectionDef => ({
      id,
      title: t[title],
      listName: en[title],
      layout,
      perPage,
      base: { orderby, order },
      primary: false,
      pathCategory: null,
    });
    const [home, reviews] = await Promise.all([
      listing(
      [
        def('new', 'newArrivals', 'carousel', 'date', 'desc', 8),
        def('popular', 'bestSellers', 'grid', 'popularity', 'desc', 8),
        def('rated', 'topRated', 'masonry', 'rating', 'desc', 6),
        def('featured', 'favourites', 'full', 'menu_order', 'asc', 3),
      ],
      { type: 'home', title: t.homeTitle, description: t.homeDescription, category: null },
      ),
      ports.reviews ? ports.reviews.home() : Promise.resolve(null),
    ]);
    // The reviews sections follow the products; without them the home page is still whole.
    return reviews?.ok && home.page.type === 'home' ? { ...home, page: { ...home.page, reviews: reviews.value } } : home;
  }

  // The all-reviews page (`[cusrev_all_reviews]`): `?crsearch=`, `?ivrating=`, `?crsort=`, `?crpage=`.
  if (path === '/reviews/') {
    if (!ports.reviews) return notFound();
    const rating = Number(params.get('ivrating') ?? '0');
    const pageParam = params.get('crpage') ?? '1';
    const page = /^\d{1,4}$/.test(pageParam) && Number(pageParam) >= 1 ? Number(pageParam) : 1;
    const sort = params.get('crsort') ?? 'recent';
    const result = await ports.reviews.allReviews({
      page,
      rating: (Number.isInteger(rating) && rating >= 0 && rating <= 5 ? rating : 0) as RatingFilter,
      search: normaliseSearch(params.get('crsearch') ?? ''),
      sort: REVIEW_SORTS.includes(sort as ReviewSort) ? (sort as ReviewSort) : 'recent',
    });
    if (!result.ok) return unsupported(result) ? notFound() : failurePage(result.error);
    return {
      status: 200,
      pageType: 'reviews',
      page: { type: 'reviews', title: t.reviews, description: t.reviewsDescription, reviews: result.value },
    };
  }

  // The contact pages (the contact-form plugin on): the form's schema, and a no-script post's answer.
  if (path === CONTACT_PATH || path === WHOLESALE_PATH) {
    const ids = options.contactForms;
    const kind = path === WHOLESALE_PATH ? 'wholesale' : 'contact';
    const formId = kind === 'wholesale' ? ids?.wholesale : ids?.contact;
    if (!ports.contactForm || !ids || formId === null || formId === undefined) return notFound();
    const schema = await ports.contactForm.schema(formId);
    // An unknown form (404) is a page that does not exist; a schema that cannot be read leaves the form working.
    if (!schema.ok && schema.error.kind === 'http' && schema.error.status === 404) return notFound();
    const posted = options.contactPost?.formId === formId ? options.contactPost : null;
    return {
      status: 200,
      pageType: 'contact',
      page: {
        type: 'contact',
        ...(kind === 'wholesale' ? { title: t.wholesale, description: t.wholesaleDescription } : { title: t.contact, description: t.contactDescription }),
        contact: { kind, formId, schema: schema.ok ? schema.value : null, wholesale: ids.wholesale !== null, posted },
      },
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
    const title = category ? category.name : t.shop;
    return listing(
      [{ id: 'shop', title, listName: category ? category.name : en.shop, layout, perPage: SHOP_PAGE_SIZE, base: null, primary: true, pathCategory: category?.slug ?? null }],
      {
        type: category ? 'category' : 'shop',
        title,
        description: category ? t.categoryDescription({ category: category.name }) : t.shopDescription,
        category,
      },
    );
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
    // Reviews and questions that cannot be read leave the product page readable (the tab says so).
    const [variationList, list, reviews, questions] = await Promise.all([
      embed ? catalog.listVariations(product.id) : Promise.resolve(null),
      first ? catalog.listTiles({ category: String(first.id), exclude: [product.id], perPage: RELATED_COUNT + 1, orderby: 'popularity', order: 'desc' }) : Promise.resolve(null),
      ports.reviews ? ports.reviews.productBlock(product.id) : Promise.resolve(null),
      ports.questions ? ports.questions.productBlock(product.id) : Promise.resolve(null),
    ]);
    const variations = product.type !== 'variable' ? [] : variationList?.ok ? variationList.value : null;
    let related: ProductSection | null = null;
    if (list?.ok) {
      const items = list.value.items.filter((p) => p.id !== product.id).slice(0, RELATED_COUNT);
      related = section('related', t.related, en.related, 'carousel', items, items.length);
    }
    return {
      status: 200,
      pageType: 'product',
      page: {
        type: 'product',
        title: product.name,
        description: product.shortDescription.slice(0, 160) || product.name,
        product,
        variations,
        related,
        // A shop that cannot give them (upstream, `501`) shows no tab rather than a failing one.
        ...(reviews && !unsupported(reviews) ? { reviews: reviews.ok ? withPosted(reviews.value, params, options.locale ?? BASE_LOCALE) : null } : {}),
        ...(questions && !unsupported(questions) ? { questions: questions.ok ? questions.value : null } : {}),
      },
    };
  }

  if (path === '/blog/') {
    const layout: BlogLayout = params.get('layout') === 'masonry' ? 'masonry' : 'standard';
    const page = pageNumber(params);
    const result = await blog.listPosts({ page, perPage: BLOG_PAGE_SIZE });
    if (!result.ok) {
      if (result.error.kind === 'http' && result.error.status === 400) return notFound();
      return failurePage(result.error);
    }
    return {
      status: 200,
      pageType: 'blog',
      page: {
        type: 'blog',
        title: t.journal,
        description: t.journalDescription,
        layout,
        posts: result.value.items,
        page,
        totalPages: result.value.totalPages,
        total: result.value.total,
        perPage: BLOG_PAGE_SIZE,
        nextUrl: page < result.value.totalPages ? pageAddress(`${url.pathname}${url.search}`, 'paged', page + 1) : null,
      },
    };
  }

  const postMatch = /^\/blog\/([a-z0-9-]{1,200})\/$/.exec(path);
  if (postMatch) {
    const found = await blog.getPost(postMatch[1] ?? '');
    if (!found.ok) return failurePage(found.error);
    const post = found.value;
    const comments = await blog.listComments(post.id, 1);
    return {
      status: 200,
      pageType: 'post',
      page: {
        type: 'post',
        title: post.title,
        description: post.excerpt.slice(0, 160) || post.title,
        post,
        // Comments that cannot be read leave the post readable; the form still works.
        comments: comments.ok ? comments.value.items : [],
      },
    };
  }

  if (path === '/order-tracking/') {
    const given = options.orderTracking;
    return {
      status: given?.status ?? 200,
      pageType: 'order-tracking',
      page: { type: 'order-tracking', title: t.tracking, description: t.trackingDescription, tracking: given?.tracking ?? blankTracking('') },
    };
  }

  if (path === '/my-account/' || path.startsWith('/my-account/')) {
    const given = options.account;
    if (!given) return notFound();
    return {
      status: given.status,
      pageType: 'account',
      page: { type: 'account', title: given.title, description: t.accountDescription, account: given.view },
    };
  }

  if (path === '/wishlist/' || path.startsWith('/wishlist/')) {
    const given = options.wishlist;
    if (!given) return notFound();
    return {
      status: given.status,
      pageType: 'wishlist',
      page: { type: 'wishlist', title: given.title, description: t.wishlistDescription, wishlist: given.view },
    };
  }

  if (path === '/cart/') {
    return { status: 200, pageType: 'cart', page: { type: 'cart', title: t.cart, description: t.cartDescription } };
  }

  if (path === '/checkout/') {
    if (!ports.checkout) return notFound();
    const result = await ports.checkout.loadCart();
    if (!result.ok) return failurePage(portFailure(result.error));
    return {
      status: 200,
      pageType: 'checkout',
      page: { type: 'checkout', title: t.checkout, description: t.checkoutDescription, checkout: result.value, attempt: options.attempt ?? '', submission: options.submission ?? null },
    };
  }

  const receivedMatch = /^\/checkout\/order-received\/(\d{1,12})\/$/.exec(path);
  if (receivedMatch) return loadOrderReceived(Number(receivedMatch[1]), params.get('key') ?? '', options.orderEmail ?? '', ports.checkout, options.bankDetails ?? [], t);
  return notFound();
};

/** Order keys as WooCommerce makes them (`wc_order_` and letters and digits). */
const ORDER_KEY = /^wc_order_[A-Za-z0-9]{1,40}$/;

/**
 * The order-received page: the order read through the Store API with the key from the address (and
 * the billing email once the shop asks for it). Without the right key it shows nothing of the order,
 * and says the same whether the order exists or not.
 */
const loadOrderReceived = async (id: number, key: string, postedEmail: string, checkout: CheckoutPort | undefined, bankDetails: readonly string[], t: PageTexts): Promise<LoadedPage> => {
  const email = postedEmail.trim();
  const page = (status: number, order: ReceivedOrder | null, message: string | null, askEmail = false): LoadedPage => ({
    status,
    pageType: 'order-received',
    page: {
      type: 'order-received',
      title: order ? t.orderReceived : t.order,
      description: t.orderDescription,
      order,
      message,
      askEmail,
      // The shop's own account when it says it, else the configured one.
      bankDetails: order?.paymentMethod === 'bacs' ? (order.bankDetails.length > 0 ? order.bankDetails : bankDetails) : [],
    },
  });
  const notShown = t.orderNotShown;
  if (!checkout) return notFoundPage(t);
  if (!ORDER_KEY.test(key) || email.length > 254) return page(404, null, notShown);
  const result = await checkout.getOrder({ id, key, ...(email ? { email } : {}) });
  if (result.ok) return page(200, result.value, null);
  const failure = result.error;
  if (failure.kind === 'http' && failure.code === 'woocommerce_rest_invalid_billing_email') {
    return page(email ? 403 : 200, null, email ? t.orderEmailWrong : t.orderEmailAsk, true);
  }
  if (failure.kind === 'http' && failure.status >= 400 && failure.status < 500) return page(404, null, notShown);
  return failedPage(portFailure(failure), t);
};
