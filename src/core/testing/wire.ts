/**
 * The wire shapes the adapters parse, described from the wire protocol (WooCommerce Store API,
 * WordPress REST, Suki's own JSON routes, the newsletter provider's admin-ajax answers), one
 * description per schema. `wireArbitraries` and `wireNearMisses` below are made from them;
 * `src/adapters/wire-kit.test.ts` proves each description against the adapter's valibot schema.
 *
 * Strings carry realistic generators where a reader of a failing case benefits (names, slugs,
 * addresses, dates); the shapes themselves accept any string where the schema does.
 */
import fc from 'fast-check';
import { arbitraryOf, nearMissOf, s, type Infer, type NearMiss, type NearMissKind, type Shape } from './wire-shape.js';

const word = fc.constantFrom('Ube', 'Halaya', 'Mangga', 'Dried', 'Calamansi', 'Tablea', 'Pastillas', 'Barako', 'Polvoron', 'Piaya', 'Chicharon');
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
const name = fc.oneof({ weight: 3, arbitrary: words }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) });
const slugText = fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+){0,3}$/);
const path = slugText.map((slug) => `/product/${slug}/`);
const isoDate = fc
  .date({ min: new Date('2015-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 19));

/** A Store API amount: an integer in minor units as a string of up to 15 digits (`"1999"`). */
export const AMOUNT = /^-?\d{1,15}$/;
const amount = s.matching(AMOUNT, fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 10_000_000 }).map(String) }, { weight: 1, arbitrary: fc.stringMatching(AMOUNT) }));

const id = s.int({ min: 0, upTo: 2_000_000 });
const positiveId = s.int({ min: 1, upTo: 2_000_000 });
const count = s.int({ min: 0, upTo: 100_000 });

// Store API pieces (src/adapters/store-api.ts).
const currencyFields = {
  currency_code: s.string(fc.constantFrom('PHP', 'USD', 'EUR', 'JPY', 'KWD')),
  currency_minor_unit: s.int({ min: 0, max: 18 }),
  currency_symbol: s.optional(s.string(fc.constantFrom('₱', '&#36;', '€', '¥'))),
  currency_prefix: s.optional(s.string(fc.constantFrom('₱', '&#36;', ''))),
  currency_suffix: s.optional(s.string(fc.constantFrom('', ' €'))),
  currency_decimal_separator: s.optional(s.string(fc.constantFrom('.', ','))),
  currency_thousand_separator: s.optional(s.string(fc.constantFrom(',', '.', ' '))),
} as const;

const image = s.object({
  id: s.int(),
  src: s.string(slugText.map((slug) => `/wp-content/uploads/${slug}.jpg`)),
  thumbnail: s.optional(s.string()),
  srcset: s.optional(s.string()),
  sizes: s.optional(s.string()),
  name: s.optional(s.string()),
  alt: s.optional(s.string()),
});
const termRef = s.object({ id: s.int(), name: s.string(name), slug: s.string(slugText) });

/** `GET wc/store/v1/products` (each item) and `products/{id}`. */
const storeProduct = s.object({
  id: s.int(),
  name: s.string(name),
  slug: s.string(slugText),
  type: s.string(fc.constantFrom('simple', 'variable', 'variation', 'grouped', 'external', 'bundle')),
  permalink: s.string(path),
  sku: s.optional(s.string()),
  short_description: s.optional(s.string()),
  description: s.optional(s.string()),
  on_sale: s.boolean(),
  prices: s.object({
    price: amount,
    regular_price: amount,
    sale_price: amount,
    price_range: s.nullish(s.object({ min_amount: amount, max_amount: amount })),
    ...currencyFields,
  }),
  average_rating: s.optional(s.union(s.string(fc.constantFrom('0', '4.50', '5.00')), s.number())),
  review_count: s.optional(s.int()),
  images: s.array(image),
  categories: s.optional(s.array(termRef)),
  brands: s.optional(s.array(termRef)),
  attributes: s.optional(
    s.array(s.object({ id: s.int(), name: s.string(name), taxonomy: s.nullable(s.string()), has_variations: s.boolean(), terms: s.array(termRef) }), 2),
  ),
  variations: s.optional(s.array(s.object({ id: s.int(), attributes: s.array(s.object({ name: s.string(), value: s.string() }), 2) }), 2)),
  has_options: s.boolean(),
  is_purchasable: s.boolean(),
  is_in_stock: s.boolean(),
  low_stock_remaining: s.nullish(s.int()),
  add_to_cart: s.object({ text: s.string(fc.constantFrom('Add to cart', 'Select options', 'Read more')), minimum: s.optional(s.int()), maximum: s.optional(s.int()), multiple_of: s.optional(s.int()) }),
  extensions: s.optional(s.record(s.unknown())),
});

/** `GET wc/store/v1/products/categories` (each item). */
const storeCategory = s.object({
  id: s.int(),
  name: s.string(name),
  slug: s.string(slugText),
  parent: s.optional(s.int()),
  count: s.optional(s.int()),
  description: s.optional(s.string()),
});

const counts = s.nullish(s.array(s.object({ term: s.int(), count: s.int() })));
/** `GET wc/store/v1/products/collection-data`. */
const collectionData = s.object({
  price_range: s.nullish(s.object({ ...currencyFields, min_price: amount, max_price: amount })),
  attribute_counts: counts,
  taxonomy_counts: counts,
});
/** `GET products/attributes/{id}/terms` and `products/brands` (each item). */
const term = s.object({ id: s.int(), name: s.string(name), slug: s.string(slugText), count: s.optional(s.int()) });
/** `GET products/attributes` (each item). */
const attribute = s.object({ id: s.int(), name: s.string(name), taxonomy: s.string(slugText.map((slug) => `pa_${slug}`)) });

const variationPairs = s.optional(s.array(s.object({ attribute: s.string(), value: s.string() }), 2));
const cartItem = s.object({
  key: s.string(fc.stringMatching(/^[0-9a-f]{32}$/)),
  id: s.int(),
  quantity: s.int(),
  quantity_limits: s.object({ minimum: s.int(), maximum: s.int(), multiple_of: s.int(), editable: s.boolean() }),
  name: s.string(name),
  sku: s.optional(s.string()),
  permalink: s.optional(s.string(path)),
  images: s.optional(s.array(image, 2)),
  variation: variationPairs,
  prices: s.object({ price: amount, regular_price: amount }),
  totals: s.object({ line_subtotal: amount, line_total: amount }),
});
const problems = s.optional(s.array(s.object({ code: s.string(), message: s.string() }), 2));
const cartFields = {
  items: s.array(cartItem),
  coupons: s.array(s.object({ code: s.string() }), 2),
  errors: problems,
  totals: s.object({
    total_items: amount,
    total_discount: amount,
    total_shipping: s.nullable(amount),
    total_tax: amount,
    total_price: amount,
    ...currencyFields,
  }),
} as const;
/** `GET wc/store/v1/cart` and the answer of every cart write. */
const storeCart = s.object(cartFields);
/** `?wc-ajax=get_refreshed_fragments` (PHP sends an empty map as `[]`). */
const refreshedFragments = s.object({ fragments: s.union(s.record(s.unknown()), s.array(s.unknown())), cart_hash: s.string() });
/** The part of a product answer that says its category (`products/{id}` read by the cart). */
const productCategory = s.object({ id: s.int(), parent: s.optional(s.int()), categories: s.optional(s.array(s.object({ name: s.string(name) }))) });

// Checkout (src/adapters/checkout.ts).
const address = {
  first_name: s.string(),
  last_name: s.string(),
  company: s.optional(s.string()),
  address_1: s.string(),
  address_2: s.string(),
  city: s.string(),
  state: s.string(fc.constantFrom('00', 'CEB', 'DAV', 'BTG', '')),
  postcode: s.string(fc.stringMatching(/^\d{4}$/)),
  country: s.string(fc.constantFrom('PH', '')),
  phone: s.optional(s.nullable(s.string())),
} as const;
const shippingAddress = s.object(address);
const billingAddress = s.object({ ...address, email: s.nullable(s.string()) });
const shippingPackage = s.object({
  package_id: s.union(s.int(), s.string()),
  name: s.string(),
  shipping_rates: s.array(s.object({ rate_id: s.string(fc.constantFrom('flat_rate:1', 'free_shipping:2', 'local_pickup:3')), name: s.string(), price: amount, selected: s.boolean() })),
});
/** The cart answer with what checkout reads (addresses, rates, payment methods). */
const checkoutCart = s.object({
  ...cartFields,
  billing_address: billingAddress,
  shipping_address: shippingAddress,
  needs_shipping: s.boolean(),
  shipping_rates: s.array(shippingPackage, 2),
  payment_methods: s.array(s.string(fc.constantFrom('cod', 'bacs', 'cheque'))),
  errors: problems,
});
/** `GET`/`POST wc/store/v1/checkout`. */
const checkoutOrder = s.object({
  order_id: s.int(),
  status: s.string(fc.constantFrom('checkout-draft', 'pending', 'processing', 'on-hold')),
  order_key: s.string(fc.stringMatching(/^wc_order_[A-Za-z0-9]{13}$/)),
  order_number: s.optional(s.string()),
  customer_note: s.optional(s.string()),
  billing_address: billingAddress,
  shipping_address: shippingAddress,
  payment_method: s.string(),
  payment_result: s.nullable(s.object({ payment_status: s.string(), redirect_url: s.string() })),
});
/** `GET wc/store/v1/order/{id}` with Suki's extras under `extensions.suki`. */
const storeOrder = s.object({
  id: s.int(),
  status: s.string(),
  items: s.array(s.object({ name: s.string(name), sku: s.optional(s.string()), quantity: s.int(), variation: variationPairs, totals: s.object({ line_subtotal: amount, line_total: amount }) })),
  coupons: s.array(s.object({ code: s.string(), totals: s.object({ total_discount: amount }) }), 2),
  totals: s.object({ subtotal: amount, total_discount: amount, total_shipping: s.nullable(amount), total_tax: amount, total_price: amount, ...currencyFields }),
  billing_address: billingAddress,
  shipping_address: shippingAddress,
  needs_shipping: s.boolean(),
  extensions: s.optional(
    s.object({
      suki: s.optional(
        s.object({
          date_created_gmt: s.optional(s.matching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/, isoDate)),
          payment_method: s.optional(s.string()),
          shipping_method_title: s.optional(s.nullable(s.string())),
          customer_note: s.optional(s.nullable(s.string())),
          bank_details: s.optional(s.array(s.string())),
        }),
      ),
    }),
  ),
});

// Reviews (src/adapters/reviews.ts, Suki's route suki/v1/reviews).
const star = s.literal(1, 2, 3, 4, 5);
const reviewSort = s.literal('recent', 'helpful', 'ratinghigh', 'ratinglow');
const votes = s.object({ up: count, down: count, current: s.literal(-1, 0, 1) });
const review = s.object({
  id,
  product: s.nullable(s.object({ id, name: s.string(name), permalink: s.string(path), image: s.nullable(s.string()) })),
  rating: star,
  text: s.string(),
  author: s.string(name),
  date: s.string(isoDate),
  verified: s.boolean(),
  featured: s.boolean(),
  tags: s.array(s.object({ id, name: s.string() }), 2),
  media: s.array(
    s.object({ id, kind: s.literal('image', 'video'), src: s.string(), thumb: s.nullable(s.string()), width: count, height: count, alt: s.string(), mime: s.string(fc.constantFrom('image/jpeg', 'image/png', 'video/mp4')) }),
    2,
  ),
  replies: s.array(s.object({ id, author: s.string(name), date: s.string(isoDate), text: s.string() }), 2),
  votes,
});
const page = s.int({ min: 1, upTo: 1000 });
const reviewPage = s.object({ items: s.array(review), total: count, page, perPage: page, lastPage: s.boolean() });
const summary = s.object({ averageHundredths: s.int({ min: 0, max: 500 }), count, histogram: s.tuple(count, count, count, count, count) });
const reviewTag = s.object({ id, name: s.string(), count });
const reviewForm = s.object({
  accepting: s.literal('anybody', 'registered', 'verified', 'none'),
  questions: s.array(s.object({ name: s.string(), label: s.string(), type: s.literal('text', 'number', 'rating'), required: s.boolean() }), 2),
  media: s.object({
    enabled: s.boolean(),
    limit: count,
    maxBytes: count,
    types: s.array(s.string(fc.constantFrom('image/jpeg', 'image/png', 'video/mp4'))),
    messages: s.object({ tooMany: s.string(), fileType: s.string(), fileSize: s.string() }),
  }),
  captchaSiteKey: s.nullable(s.string()),
});
const reviewsBlock = s.object({ productId: id, summary, tags: s.array(reviewTag, 2), first: reviewPage, sort: reviewSort, form: reviewForm });
const reviewsAll = s.object({
  summary,
  tags: s.array(reviewTag, 2),
  reviews: reviewPage,
  query: s.object({ rating: s.literal(0, 1, 2, 3, 4, 5), search: s.string(), sort: reviewSort, page }),
  pagination: s.boolean(),
  form: reviewForm,
});
const reviewsHome = s.object({
  grid: s.nullable(s.object({ title: s.string(), summary, cards: reviewPage })),
  slider: s.nullable(s.object({ title: s.string(), reviews: s.array(review, 2) })),
});
const trustBadge = s.object({ averageHundredths: s.int({ min: 0, max: 500 }), count, latest: s.array(review, 2) });
const reviewResult = s.object({ code: s.literal(0, 1, 2, 3, 4, 5), description: s.string(), button: s.string(), status: s.optional(s.literal('approved', 'hold')) });
const reviewUpload = s.object({ id, key: s.matching(/^[0-9a-f]{20}$/) });

// Questions (src/adapters/questions.ts, suki/v1/questions).
const answer = s.object({ id: positiveId, author: s.string(name), date: s.string(isoDate), text: s.string(), byShop: s.boolean(), verified: s.boolean(), votes });
const question = s.object({ id: positiveId, productId: positiveId, author: s.string(name), date: s.string(isoDate), text: s.string(), votes, answers: s.array(answer, 2) });
const questionPage = s.object({ items: s.array(question), total: count, page, perPage: s.int({ min: 1, max: 50 }), lastPage: s.boolean() });
const questionsBlock = s.object({ productId: positiveId, first: questionPage, form: s.object({ accepting: s.boolean(), captchaSiteKey: s.nullable(s.string()) }) });
const questionResult = s.object({ code: s.literal(0, 1, 2, 3, 4), description: s.string() });

// Wishlist (src/adapters/wishlist.ts, suki/v1/wishlist).
const privacy = s.literal(0, 1, 2);
const listRef = {
  id,
  token: s.string(fc.stringMatching(/^[A-Z0-9]{12}$/)),
  title: s.string(name),
  privacy,
  isDefault: s.boolean(),
  itemCount: id,
  url: s.string(),
} as const;
const wishlistState = s.object({
  lists: s.array(s.object(listRef)),
  entries: s.array(s.object({ rowId: id, wishlistId: id, productId: id, parentId: id, quantity: s.int({ min: 1, upTo: 999 }), position: id })),
  defaultListId: s.nullable(id),
  features: s.object({
    multipleLists: s.boolean(),
    moveItems: s.boolean(),
    sortItems: s.boolean(),
    quantities: s.boolean(),
    estimates: s.boolean(),
    renameLists: s.boolean(),
    changePrivacy: s.boolean(),
  }),
});
const wishlistAdd = s.object({ result: s.literal('true', 'exists', 'error'), message: s.optional(s.string()), state: wishlistState });
const wishlistDetails = s.object({
  ...listRef,
  dateCreated: s.string(isoDate),
  items: s.array(
    s.object({
      rowId: id,
      productId: id,
      parentId: id,
      productType: s.string(fc.constantFrom('simple', 'variable', 'variation')),
      name: s.string(name),
      permalink: s.string(path),
      image: s.nullable(s.object({ src: s.string(), srcset: s.string(), alt: s.string() })),
      attributes: s.array(s.object({ name: s.string(), value: s.string() }), 2),
      price: s.nullable(s.number()),
      priceWhenAdded: s.nullable(s.number()),
      currency: s.string(fc.constantFrom('PHP', 'USD')),
      currencyMinorUnit: s.int({ min: 0, max: 6 }),
      stock: s.object({ status: s.literal('instock', 'outofstock', 'onbackorder'), text: s.string() }),
      dateAdded: s.string(isoDate),
      quantity: s.int({ min: 1, upTo: 999 }),
      position: id,
      purchasable: s.boolean(),
      addToCartUrl: s.string(),
    }),
  ),
});
const wishlistEstimate = s.object({ result: s.literal(true), message: s.optional(s.string()) });

// Newsletter provider (src/adapters/newsletter.ts, admin-ajax.php).
const newsletterLookUp = s.object({ success: s.optional(s.boolean()), email: s.nullish(s.union(s.string(), s.boolean())) });
const newsletterSetUser = s.object({ success: s.boolean(), message: s.optional(s.string()) });

// Blog (src/adapters/blog.ts, WordPress wp/v2).
const rendered = s.object({ rendered: s.string(fc.oneof(fc.string(), words.map((w) => `<p>${w}</p>`))) });
const blogMedia = s.object({
  id: s.int(),
  source_url: s.string(),
  alt_text: s.optional(s.string()),
  media_details: s.optional(s.object({ width: s.optional(s.int()), height: s.optional(s.int()) })),
});
const blogPost = s.object({
  id: s.int(),
  slug: s.string(slugText),
  date: s.string(isoDate),
  link: s.string(slugText.map((slug) => `https://shop.example/${slug}/`)),
  title: rendered,
  content: rendered,
  excerpt: rendered,
  comment_status: s.optional(s.string(fc.constantFrom('open', 'closed'))),
  suki_feature_images: s.optional(s.array(blogMedia, 2)),
  _embedded: s.optional(s.object({ author: s.optional(s.array(s.object({ name: s.optional(s.string(name)) }), 1)), 'wp:featuredmedia': s.optional(s.array(blogMedia, 1)) })),
});
const blogComment = s.object({ id: s.int(), post: s.int(), parent: s.optional(s.int()), author_name: s.string(name), date: s.string(isoDate), content: rendered });
const blogCommentReceipt = s.object({ id: s.int(), status: s.string(fc.constantFrom('approved', 'hold')) });

/**
 * Every wire shape the adapters parse, by name. Lists (`GET products`, `GET posts`) are arrays of
 * the item shape.
 */
export const wireShapes = {
  storeProduct,
  storeProducts: s.array(storeProduct, 2),
  storeCategory,
  collectionData,
  term,
  attribute,
  storeCart,
  refreshedFragments,
  productCategory,
  checkoutCart,
  checkoutOrder,
  storeOrder,
  review,
  reviewPage,
  reviewSummary: summary,
  reviewTag,
  reviewForm,
  reviewsBlock,
  reviewsAll,
  reviewsHome,
  trustBadge,
  reviewVotes: votes,
  reviewResult,
  reviewUpload,
  questionPage,
  questionsBlock,
  questionVotes: votes,
  questionResult,
  wishlistState,
  wishlistAdd,
  wishlistDetails,
  wishlistEstimate,
  newsletterLookUp,
  newsletterSetUser,
  blogPost,
  blogPosts: s.array(blogPost, 2),
  blogComment,
  blogCommentReceipt,
  // The contact form's answers (issue 16 §1) join here once its adapter lands.
} as const satisfies Readonly<Record<string, Shape>>;

/** The name of a wire shape. */
export type WireName = keyof typeof wireShapes;
/** The JSON of a wire shape. */
export type WireJson<N extends WireName> = Infer<(typeof wireShapes)[N]>;

type WireArbitraries = { readonly [N in WireName]: fc.Arbitrary<WireJson<N>> };

/** An arbitrary of valid JSON for every wire shape: `wire.storeCart` is any cart answer the adapter takes. */
export const wire: WireArbitraries = Object.fromEntries(Object.entries(wireShapes).map(([key, shape]) => [key, arbitraryOf(shape)])) as unknown as WireArbitraries;

/** Near misses of a wire shape: valid JSON with one field of the wrong type, out of range, or missing. */
export const wireNearMiss = (name: WireName, kinds?: readonly NearMissKind[]): fc.Arbitrary<NearMiss> => nearMissOf(wireShapes[name], kinds ? { kinds } : {});
