/**
 * What a page tells search engines and link previews, as pure rules: the document title with one
 * brand suffix, the canonical address, `noindex` for pages that should not be indexed, and the Open
 * Graph properties. The server renderer calls them; `renderDocument` writes them, escaped.
 *
 * The canonical rule is an allowlist. A listing (shop, category, blog) keeps only its page number
 * (`?paged=2`; page 1 is the bare address), so every sort, filter, price range, layout or section
 * parameter (`orderby`, `min_price`, `filter_colour`, `query_type_colour`, `product_cat`,
 * `popular-paged`...) points at the unfiltered listing of the same page. A product drops its
 * `attribute_*` selection, a post any query. The home page is `/` whatever its sections show.
 * Search results and the cart carry `noindex` and no canonical (a canonical to themselves would ask
 * for them to be indexed); a missing page or an error has neither.
 */
import { BASE_LOCALE, LANG_PARAM, LOCALES, type Locale } from '../i18n/index.js';
import type { PageType } from '../core/events.js';
import { toMajorString } from '../core/rules/money.js';
import type { PageData } from '../app/app-state.js';

/** Between a page's title and the shop's name in the document title. */
export const TITLE_SEPARATOR = ' — ';

/** A page's title without any trailing ` — {shop}` suffixes. */
export const bareTitle = (title: string, shopName: string): string => {
  const suffix = `${TITLE_SEPARATOR}${shopName}`;
  let base = title.trim();
  while (shopName !== '' && base.endsWith(suffix)) base = base.slice(0, -suffix.length).trimEnd();
  return base;
};

/**
 * The document title: the page's title and the shop's name once, at the end ("Bayong care — Suki").
 * The home page's title is written whole and stays as it is. Applying it again changes nothing.
 */
export const documentTitle = (page: { readonly type: PageType; readonly title: string }, shopName: string): string => {
  if (page.type === 'home') return page.title;
  const base = bareTitle(page.title, shopName);
  if (shopName === '') return base;
  if (base === '' || base === shopName) return shopName;
  return `${base}${TITLE_SEPARATOR}${shopName}`;
};

/** Page types a search engine should index. */
const INDEXABLE: ReadonlySet<PageType> = new Set<PageType>(['home', 'shop', 'category', 'blog', 'post', 'product']);

/** Page types whose canonical keeps the page number. */
const PAGED: ReadonlySet<PageType> = new Set<PageType>(['shop', 'category', 'blog']);

/** Page types that answer but should stay out of the index. */
const NOINDEX: ReadonlySet<PageType> = new Set<PageType>(['search', 'cart', 'checkout', 'order-received', 'order-tracking', 'account']);

/** The listing's page number as the page loader reads it (`paged`, 1 to 9999), or 1. */
const pageNumberOf = (search: string): number => {
  const raw = new URLSearchParams(search).get('paged') ?? '';
  return /^\d{1,4}$/.test(raw) ? Math.max(Number(raw), 1) : 1;
};

/**
 * The absolute canonical address of a page, or null when it has none (search, cart, missing page,
 * error). `origin` is the request's origin (`https://shop.example`), `path` the request's path
 * (already percent-encoded, as `URL.pathname` gives it) and `search` its query string.
 */
export const canonicalUrl = (origin: string, pageType: PageType, path: string, search: string): string | null => {
  if (!INDEXABLE.has(pageType)) return null;
  const page = PAGED.has(pageType) ? pageNumberOf(search) : 1;
  return `${origin}${path}${page > 1 ? `?paged=${page}` : ''}`;
};

/** The robots directive of a page type: `noindex` for search results and the cart, else none. */
export const robotsDirective = (pageType: PageType): 'noindex' | null => (NOINDEX.has(pageType) ? 'noindex' : null);

/** What the document head says about a page to crawlers and link previews. */
export interface PageSeo {
  /** Absolute canonical address, or null for none. */
  readonly canonical: string | null;
  readonly robots: 'noindex' | null;
  /** Open Graph `property` / `content` pairs, in order, unescaped. */
  readonly openGraph: ReadonlyArray<readonly [property: string, content: string]>;
  /** The page in each language (`hreflang`, `x-default` for English), absolute; empty with no canonical address. */
  readonly alternates?: ReadonlyArray<readonly [hreflang: string, href: string]>;
}

/**
 * A canonical address in `locale`: English is the bare address, Filipino carries `lang=fil`
 * (the address a crawler, which keeps no cookie, gets the Filipino page at).
 */
export const inLocale = (address: string, locale: Locale): string => {
  if (locale === BASE_LOCALE) return address;
  const url = new URL(address);
  url.searchParams.set('lang', LANG_PARAM[locale]);
  return url.href;
};

/** An absolute http(s) address for a path or URL on the shop, or null. */
const absolute = (src: string, origin: string): string | null => {
  try {
    const url = new URL(src, `${origin}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/** The canonical address, robots directive and Open Graph properties of a loaded page at `url`. */
export const pageSeo = (page: PageData, url: URL, shopName: string, locale: Locale = BASE_LOCALE): PageSeo => {
  const bare = canonicalUrl(url.origin, page.type, url.pathname, url.search);
  const canonical = bare === null ? null : inLocale(bare, locale);
  const title = page.type === 'home' ? page.title : bareTitle(page.title, shopName) || shopName;
  const image = page.type === 'product' ? page.product.images[0]?.src : page.type === 'post' ? page.post.images[0]?.src : undefined;
  const imageUrl = image ? absolute(image, url.origin) : null;
  const og: Array<readonly [string, string]> = [
    ['og:type', page.type === 'product' ? 'product' : page.type === 'post' ? 'article' : 'website'],
    ['og:title', title],
    ...(page.description ? [['og:description', page.description] as const] : []),
    ['og:url', canonical ?? `${url.origin}${url.pathname}${url.search}`],
    ['og:site_name', shopName],
    ...(imageUrl ? [['og:image', imageUrl] as const] : []),
  ];
  if (page.type === 'product') {
    const { price, currency } = page.product.prices;
    og.push(['product:price:amount', toMajorString(price, currency.minorUnit)], ['product:price:currency', currency.code]);
  }
  og.push(['og:locale', OG_LOCALE[locale]], ...LOCALES.filter((l) => l !== locale).map((l) => ['og:locale:alternate', OG_LOCALE[l]] as const));
  const alternates = bare === null ? [] : [...LOCALES.map((l) => [l, inLocale(bare, l)] as const), ['x-default', bare] as const];
  return { canonical, robots: robotsDirective(page.type), openGraph: og, alternates };
};

/** Open Graph's spelling of each language. */
const OG_LOCALE: Readonly<Record<Locale, string>> = { 'en-PH': 'en_PH', 'fil-PH': 'fil_PH' };
