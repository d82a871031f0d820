/**
 * The shop's tables. One schema for PGlite and PostgreSQL; migrations in ./migrations are generated
 * from this file with `npm run db:generate`. Table names carry a `suki_` prefix so the shop can share
 * a database with other software without clashes.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, json, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Key/value settings, e.g. the generated server secret. */
export const settings = pgTable('suki_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Product categories (WordPress `product_cat` terms). */
export const categories = pgTable('suki_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  parent: integer('parent').notNull().default(0),
  description: text('description').notNull().default(''),
  menuOrder: integer('menu_order').notNull().default(0),
});

/** Brands (WooCommerce `product_brand` terms). */
export const brands = pgTable('suki_brands', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
});

/** Global attributes such as `pa_colour` and `pa_size`. */
export const attributes = pgTable('suki_attributes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  taxonomy: text('taxonomy').notNull().unique(),
});

/** Terms of a global attribute (Indigo, M, 39...). `hex` colours the generated images. */
export const attributeTerms = pgTable(
  'suki_attribute_terms',
  {
    id: integer('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    menuOrder: integer('menu_order').notNull().default(0),
    hex: text('hex'),
  },
  (t) => [uniqueIndex('suki_attribute_terms_attr_slug').on(t.attributeId, t.slug)],
);

/**
 * Products and variations share one id space, as WordPress posts do: a variation has `type`
 * 'variation' and `parent_id` pointing at its variable product. Prices are integers in centavos.
 * `min_price`/`max_price` are a lookup copy of the current price (for a variable product: over
 * its variations) so listing filters and sorting stay in SQL.
 */
export const products = pgTable(
  'suki_products',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    type: text('type', { enum: ['simple', 'variable', 'variation'] }).notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    sku: text('sku').notNull().unique(),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    regularPrice: integer('regular_price').notNull().default(0),
    salePrice: integer('sale_price'),
    minPrice: integer('min_price').notNull().default(0),
    maxPrice: integer('max_price').notNull().default(0),
    /** Units in stock; null when stock is not tracked. */
    stockQuantity: integer('stock_quantity'),
    /** Most units one cart may hold, besides stock; null for no extra limit. */
    maxPerOrder: integer('max_per_order'),
    soldIndividually: boolean('sold_individually').notNull().default(false),
    brandId: integer('brand_id').references(() => brands.id),
    /** Average rating in hundredths (0–500), kept integral to avoid float drift. */
    ratingHundredths: integer('rating_hundredths').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    totalSales: integer('total_sales').notNull().default(0),
    menuOrder: integer('menu_order').notNull().default(0),
    /** Base colour of the generated product images. */
    hex: text('hex').notNull().default('#8a6d3b'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('suki_products_parent').on(t.parentId),
    index('suki_products_min_price').on(t.minPrice),
    index('suki_products_created').on(t.createdAt),
    check('suki_products_prices_positive', sql`${t.regularPrice} >= 0 AND (${t.salePrice} IS NULL OR ${t.salePrice} >= 0)`),
  ],
);

/** Which categories a product belongs to. */
export const productCategories = pgTable(
  'suki_product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('suki_product_categories_cat').on(t.categoryId)],
);

/** Attributes a (parent) product uses, and whether they select variations. */
export const productAttributes = pgTable(
  'suki_product_attributes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id),
    position: integer('position').notNull().default(0),
    hasVariations: boolean('has_variations').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.productId, t.attributeId] })],
);

/** Terms a (parent) product offers for each of its attributes. */
export const productAttributeTerms = pgTable(
  'suki_product_attribute_terms',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    termId: integer('term_id')
      .notNull()
      .references(() => attributeTerms.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.termId] })],
);

/** The term a variation has for each variation attribute of its parent. */
export const variationAttributes = pgTable(
  'suki_variation_attributes',
  {
    variationId: integer('variation_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id),
    termId: integer('term_id')
      .notNull()
      .references(() => attributeTerms.id),
  },
  (t) => [primaryKey({ columns: [t.variationId, t.attributeId] })],
);

/** Product images (attachment ids); position 1 is the main image, 2 the hover image. */
export const productImages = pgTable(
  'suki_product_images',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    alt: text('alt').notNull().default(''),
  },
  (t) => [uniqueIndex('suki_product_images_product_pos').on(t.productId, t.position)],
);

/**
 * Shopper accounts (WordPress users with the `customer` role). `username_key` and `email_key` are
 * `accountKey` of the username and email (NFKC, case folded, Latin look-alikes mapped), unique, so
 * `аna@example.com` with a Cyrillic а cannot register beside `ana@example.com`. The password is an
 * Argon2id PHC string (`server/services/passwords.ts`); addresses are JSON of the Store API shape.
 */
export const customers = pgTable(
  'suki_customers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 2 }),
    username: text('username').notNull(),
    usernameKey: text('username_key').notNull().unique(),
    email: text('email').notNull(),
    emailKey: text('email_key').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    billing: text('billing').notNull().default('{}'),
    shipping: text('shipping').notNull().default('{}'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The shopper's language at registration, then at each sign-in (`en-PH`, `fil-PH`). */
    locale: text('locale').notNull().default('en-PH'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
);

/**
 * Single-use links mailed to a customer: a password reset (valid 1 h) or an email verification.
 * Only the SHA-256 of the token is kept; `used_at` is set by the conditional update that spends it.
 */
export const accountTokens = pgTable(
  'suki_account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'verify'] }).notNull(),
    /** For a verification: the address it verifies (a changed email makes the link void). */
    email: text('email').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('suki_account_tokens_customer').on(t.customerId, t.purpose)],
);

/**
 * Shopper sessions. A row exists once the shopper has written to the cart; browsing alone only
 * sets the cookie. `expires_at` slides forward (48 h) as the shopper comes back. A signed-in
 * session has `customer_id` (its cart is then the account's, `account-cart:<id>`) and a fixed
 * expiry: 14 days with `Remember me`, else 2 days.
 */
export const sessions = pgTable(
  'suki_sessions',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    /**
     * The expiry before the latest renewal. A write renews the session in one upsert and reads this
     * back, which tells it whether the session had already expired (then its old cart goes).
     */
    previousExpiresAt: timestamp('previous_expires_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('suki_sessions_expires').on(t.expiresAt), index('suki_sessions_customer').on(t.customerId)],
);

/**
 * Cart lines. One row per (session, key); the key is derived from product and variation, so adding
 * the same thing again updates the row (`ON CONFLICT ... quantity = quantity + excluded.quantity`).
 */
export const cartItems = pgTable(
  'suki_cart_items',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 0 for a simple product. */
    variationId: integer('variation_id').notNull().default(0),
    /** The row that is sold: the variation, or the simple product (saves a CASE in every join). */
    itemId: integer('item_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Insertion order, so lines keep the order the shopper added them in. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.key] }), check('suki_cart_items_quantity_positive', sql`${t.quantity} > 0`)],
);

/**
 * Answers to cart writes sent with an `Idempotency-Key`, per session, kept 24 h. The row is
 * claimed in the same transaction as the write, so a repeat waits for the first and then replays.
 */
export const idempotencyKeys = pgTable(
  'suki_idempotency_keys',
  {
    sessionId: text('session_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    body: text('body'),
    /** JSON array of [name, value] pairs. */
    headers: text('headers'),
    /**
     * Instead of status, body and headers: what the answer was made of (a fast-path cart add,
     * `services/cart-hot.ts`), stored by the write's own statement; a replay draws the answer again.
     */
    facts: json('facts'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.key] }), index('suki_idempotency_created').on(t.createdAt)],
);

/**
 * Blog posts (WordPress `post`s), stored as plain text: `content` is paragraphs separated by a blank
 * line, `excerpt` one paragraph. HTML is made only when an answer is written (`server/views/wp-post.ts`).
 */
export const posts = pgTable(
  'suki_posts',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull().default(''),
    authorId: integer('author_id').notNull().default(1),
    authorName: text('author_name').notNull(),
    date: timestamp('date', { withTimezone: true, mode: 'string' }).notNull(),
    commentStatus: text('comment_status', { enum: ['open', 'closed'] }).notNull().default('open'),
    status: text('status', { enum: ['publish'] }).notNull().default('publish'),
  },
  (t) => [index('suki_posts_status_date').on(t.status, t.date)],
);

/** A post's feature pictures (attachment ids); position 1 is the featured image. */
export const postImages = pgTable(
  'suki_post_images',
  {
    id: integer('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    alt: text('alt').notNull().default(''),
  },
  (t) => [uniqueIndex('suki_post_images_post_pos').on(t.postId, t.position), check('suki_post_images_position_positive', sql`${t.position} >= 1`)],
);

/**
 * Comments on posts, plain text. New anonymous comments wait in `hold` until approved. `dedupe_key`
 * (a hash of post, lower-cased email and content) makes the same comment twice impossible, even
 * from two requests at once.
 */
export const comments = pgTable(
  'suki_comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    parent: integer('parent').notNull().default(0),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: ['approved', 'hold'] }).notNull().default('hold'),
    date: timestamp('date', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    dedupeKey: text('dedupe_key').notNull().unique(),
  },
  (t) => [index('suki_comments_post_status_date').on(t.postId, t.status, t.date)],
);

/**
 * Rate-limit counters shared by every instance of the shop (the comment flood guard, and any limit
 * added later): one row per limit and client, `points` used in the window that ends at `expire`.
 * The columns are the ones rate-limiter-flexible's Drizzle store reads and writes in one atomic
 * upsert (`server/services/rate-limit.ts`).
 */
export const rateLimits = pgTable(
  'suki_rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('suki_rate_limits_expire').on(t.expire)],
);

/**
 * The catalogue's generation: one row whose number goes up, in the same transaction, with every
 * write to what pages and catalogue answers show (products, prices, stock, terms, images, posts,
 * approved comments). Triggers do the counting (migration 0003), so a write from anywhere (the
 * app, a script, psql) counts; every app instance reads the number to know its render cache is
 * stale (`server/services/render-cache.ts`).
 */
export const cacheGeneration = pgTable(
  'suki_cache_generation',
  {
    id: integer('id').primaryKey(),
    generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('suki_cache_generation_one_row', sql`${t.id} = 1`)],
);

/**
 * Coupons (WooCommerce `shop_coupon`s). `usage_count` is raised in the order's transaction by a
 * conditional update (`usage_count < usage_limit`), so a limit holds under any concurrency.
 */
export const coupons = pgTable(
  'suki_coupons',
  {
    /** Lower-case code. */
    code: text('code').primaryKey(),
    /** The id the REST API shows (WooCommerce coupons are posts with ids). */
    id: integer('id').notNull().unique().generatedByDefaultAsIdentity(),
    discountType: text('discount_type', { enum: ['percent', 'fixed_cart'] }).notNull(),
    /** Percent in hundredths (1000 = 10 %) for `percent`; minor units for `fixed_cart`. */
    amount: integer('amount').notNull(),
    freeShipping: boolean('free_shipping').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }),
    minimumSpend: integer('minimum_spend'),
    usageLimit: integer('usage_limit'),
    usageLimitPerEmail: integer('usage_limit_per_email'),
    individualUse: boolean('individual_use').notNull().default(false),
    usageCount: integer('usage_count').notNull().default(0),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('suki_coupons_amount', sql`${t.amount} >= 0`),
    check('suki_coupons_usage', sql`${t.usageCount} >= 0 AND (${t.usageLimit} IS NULL OR ${t.usageCount} <= ${t.usageLimit})`),
  ],
);

/** The coupons applied to a session's cart, in the order applied. */
export const cartCoupons = pgTable(
  'suki_cart_coupons',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .references(() => coupons.code, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.code] })],
);

/** The cart's customer: addresses as typed (JSON of the Store API's address shape) and the chosen rate. */
export const cartCustomers = pgTable('suki_cart_customers', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  billing: text('billing').notNull().default('{}'),
  shipping: text('shipping').notNull().default('{}'),
  shippingRate: text('shipping_rate'),
});

/** Placed orders. Money in minor units, VAT included; addresses as JSON of the Store API's shape. */
export const orders = pgTable(
  'suki_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    orderKey: text('order_key').notNull().unique(),
    /** The session that placed it (the order-received page trusts it within the grace period). */
    sessionId: text('session_id').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'] }).notNull(),
    currency: text('currency').notNull().default('PHP'),
    billing: text('billing').notNull(),
    shipping: text('shipping').notNull(),
    /** Lower-cased billing email, for tracking, coupon limits and (later) accounts. */
    billingEmail: text('billing_email').notNull(),
    customerNote: text('customer_note').notNull().default(''),
    paymentMethod: text('payment_method').notNull(),
    shippingRate: text('shipping_rate').notNull(),
    shippingTitle: text('shipping_title').notNull(),
    subtotal: integer('subtotal').notNull(),
    discountTotal: integer('discount_total').notNull(),
    shippingTotal: integer('shipping_total').notNull(),
    total: integer('total').notNull(),
    totalTax: integer('total_tax').notNull(),
    /** The checkout attempt's key: a retried `Place order` finds the order it already made. */
    attemptKey: text('attempt_key'),
    /** The account that placed it, or that claimed it after verifying the billing email; null for a guest's. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The language of the checkout (`en-PH`, `fil-PH`): the shopper's order mails are written in it. */
    locale: text('locale').notNull().default('en-PH'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('suki_orders_email').on(t.billingEmail),
    index('suki_orders_customer').on(t.customerId, t.id),
    uniqueIndex('suki_orders_attempt').on(t.sessionId, t.attemptKey),
    check('suki_orders_totals', sql`${t.total} >= 0 AND ${t.subtotal} >= 0 AND ${t.discountTotal} >= 0 AND ${t.shippingTotal} >= 0`),
  ],
);

/** An order's lines, priced as they were sold. */
export const orderItems = pgTable(
  'suki_order_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    variationId: integer('variation_id').notNull().default(0),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    /** JSON array of {attribute, value} pairs. */
    variation: text('variation').notNull().default('[]'),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [index('suki_order_items_order').on(t.orderId), check('suki_order_items_quantity', sql`${t.quantity} > 0`)],
);

/** Which order used which coupon (per-email limits count these). */
export const couponUses = pgTable(
  'suki_coupon_uses',
  {
    code: text('code')
      .notNull()
      .references(() => coupons.code, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    discount: integer('discount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.orderId] }), index('suki_coupon_uses_email').on(t.code, t.email)],
);

/**
 * Mail waiting to go out. Written in the same transaction as what caused it (an order), sent after
 * commit, and retried at start-up, so a restart loses no message and sends none twice.
 */
export const mailOutbox = pgTable(
  'suki_mail_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the next try is due (now when queued; later after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('suki_mail_outbox_due').on(t.status, t.nextAttemptAt)],
);

/** Newsletter subscribers with the consent they gave: when, where, and the opt-in text they saw. */
export const subscribers = pgTable('suki_subscribers', {
  email: text('email').primaryKey(),
  language: text('language').notNull().default('en'),
  subscribed: boolean('subscribed').notNull(),
  consentAt: timestamp('consent_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  consentSource: text('consent_source').notNull(),
  consentText: text('consent_text').notNull(),
});

/**
 * REST API keys for shop staff (WooCommerce's consumer key and secret). Only hashes are kept: the
 * key as WooCommerce hashes it (HMAC-SHA256 with `wc-api`), the secret as SHA-256; both are shown
 * once, when the key is made.
 */
export const apiKeys = pgTable('suki_api_keys', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  description: text('description').notNull(),
  permissions: text('permissions', { enum: ['read', 'write', 'read_write'] }).notNull(),
  consumerKeyHash: text('consumer_key_hash').notNull().unique(),
  consumerSecretHash: text('consumer_secret_hash').notNull(),
  /** The key's last 7 characters, to tell keys apart in a list. */
  truncatedKey: text('truncated_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  lastAccess: timestamp('last_access', { withTimezone: true, mode: 'string' }),
});

/**
 * Wishlists (YITH WooCommerce Wishlist's model). The owner is `guest:<id>` (the signed id of the
 * `suki_wishlist` cookie) or `account:<customer id>`. Ids are random 48-bit numbers, never a
 * sequential guess away from someone else's list. The token is the shared address
 * (`/wishlist/view/{token}/`): looked up by its SHA-256 (`token_hash`), then compared in constant
 * time. A guest's lists expire (`expires_at`, moved forward on every write); an account's never do.
 * One default list per owner (a partial unique index), so parallel first adds make exactly one.
 */
export const wishlists = pgTable(
  'suki_wishlists',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    ownerKey: text('owner_key').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Plain text as typed (never HTML); '' for a default list never named. */
    title: text('title').notNull().default(''),
    /** 0 public, 1 shared (by link), 2 private. */
    privacy: integer('privacy').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('suki_wishlists_owner').on(t.ownerKey),
    uniqueIndex('suki_wishlists_one_default').on(t.ownerKey).where(sql`${t.isDefault}`),
    index('suki_wishlists_expires').on(t.expiresAt),
    check('suki_wishlists_privacy', sql`${t.privacy} IN (0, 1, 2)`),
  ],
);

/**
 * Items of wishlists: one row per (list, product), the product being the variation once one is
 * chosen. Row ids are random like list ids. `price_when_added` (minor units) lets the page say
 * "was ₱1,200" once the price moves.
 */
export const wishlistItems = pgTable(
  'suki_wishlist_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    wishlistId: bigint('wishlist_id', { mode: 'number' })
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').notNull(),
    quantity: integer('quantity').notNull().default(1),
    position: integer('position').notNull().default(0),
    priceWhenAdded: integer('price_when_added'),
    dateAdded: timestamp('date_added', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suki_wishlist_items_product').on(t.wishlistId, t.productId),
    check('suki_wishlist_items_quantity', sql`${t.quantity} BETWEEN 1 AND 9999`),
  ],
);

/** Requests for an estimate of a list, as the shopper sent them (the shop is mailed a copy). */
export const wishlistEstimates = pgTable(
  'suki_wishlist_estimates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    wishlistId: bigint('wishlist_id', { mode: 'number' }).references(() => wishlists.id, { onDelete: 'set null' }),
    ownerKey: text('owner_key').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull().default(''),
    /** JSON array of {productId, name, quantity, price} as the list was when asked. */
    items: text('items').notNull().default('[]'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('suki_wishlist_estimates_created').on(t.createdAt)],
);

// ---------------------------------------------------------------- reviews and questions (issue 15)

/**
 * Reviews (Customer Reviews for WooCommerce's model): of a product, or of the shop itself
 * (`product_id` null). Plain text, the name as given. New reviews wait in `hold` unless the shop
 * publishes verified owners' at once. `verified` is decided when the review is written (the email
 * bought the product). `up`/`down` count the votes (`suki_review_votes`), kept in the vote's
 * transaction; `score` is up − down (sort by helpful). The searchable text lives in the narrow
 * `suki_review_search` (approved reviews only). `dedupe_key` (product,
 * lower-cased email, text) makes the same review twice impossible, even from two requests at once.
 * Statement triggers (the migration) keep `suki_review_stats` and the products' rating and count
 * equal to the approved reviews, and count approved changes in the render cache's generation.
 */
export const reviews = pgTable(
  'suki_reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    author: text('author').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: ['approved', 'hold'] }).notNull().default('hold'),
    date: timestamp('date', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    featured: boolean('featured').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    up: integer('up').notNull().default(0),
    down: integer('down').notNull().default(0),
    score: integer('score').generatedAlwaysAs(sql`up - down`),
    dedupeKey: text('dedupe_key').notNull().unique(),
  },
  (t) => [
    check('suki_reviews_rating', sql`${t.rating} BETWEEN 1 AND 5`),
    check('suki_reviews_votes', sql`${t.up} >= 0 AND ${t.down} >= 0`),
    index('suki_reviews_recent').on(t.productId, t.featured.desc(), t.date.desc(), t.id.desc()).where(sql`${t.status} = 'approved'`),
    index('suki_reviews_helpful').on(t.productId, t.featured.desc(), t.score.desc(), t.date.desc(), t.id.desc()).where(sql`${t.status} = 'approved'`),
    index('suki_reviews_high').on(t.productId, t.featured.desc(), t.rating.desc(), t.date.desc(), t.id.desc()).where(sql`${t.status} = 'approved'`),
    index('suki_reviews_low').on(t.productId, t.featured.desc(), t.rating.asc(), t.date.desc(), t.id.desc()).where(sql`${t.status} = 'approved'`),
    index('suki_reviews_rating_recent').on(t.productId, t.rating, t.featured.desc(), t.date.desc(), t.id.desc()).where(sql`${t.status} = 'approved'`),
    index('suki_reviews_rating_helpful').on(t.productId, t.rating, t.featured.desc(), t.score.desc(), t.date.desc(), t.id.desc()).where(sql`${t.status} = 'approved'`),
    index('suki_reviews_all_recent').on(t.featured.desc(), t.date.desc(), t.id.desc()).where(sql`${t.status} = 'approved'`),
    index('suki_reviews_email').on(t.email),
  ],
);

/**
 * Approved reviews per product and rating (`product_key` 0 for shop reviews), kept by the reviews'
 * statement triggers: the summary, the histogram and the unfiltered totals without counting rows.
 */
export const reviewStats = pgTable(
  'suki_review_stats',
  {
    productKey: integer('product_key').notNull(),
    rating: integer('rating').notNull(),
    count: integer('count').notNull().default(0),
  },
  // No CHECK on count: an upsert's proposed row carries a negative delta (a review leaving), and
  // PostgreSQL checks constraints on the proposed row before it sees the conflict.
  (t) => [primaryKey({ columns: [t.productKey, t.rating] })],
);

/**
 * The search column of approved reviews: the lower-cased text with the product and rating, kept by
 * the reviews' triggers, under a trigram index. Narrow on purpose: counting the matches of a common
 * word reads a third of the pages the reviews themselves would take.
 */
export const reviewSearch = pgTable(
  'suki_review_search',
  {
    reviewId: integer('review_id').primaryKey(),
    productKey: integer('product_key').notNull(),
    rating: integer('rating').notNull(),
    search: text('search').notNull(),
  },
  (t) => [index('suki_review_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`)],
);

/** The shop's replies to reviews (shown under them), plain text. */
export const reviewReplies = pgTable(
  'suki_review_replies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    text: text('text').notNull(),
    date: timestamp('date', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('suki_review_replies_review').on(t.reviewId, t.date)],
);

/** Tags the shop puts on reviews (the tag filter). */
export const reviewTags = pgTable('suki_review_tags', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
});

/** Which review has which tag. */
export const reviewTagLinks = pgTable(
  'suki_review_tag_links',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => reviewTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.tagId] }), index('suki_review_tag_links_tag').on(t.tagId, t.reviewId)],
);

/** Answers to the review form's on-site questions, by question name. */
export const reviewAnswers = pgTable(
  'suki_review_answers',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.name] })],
);

/**
 * Questions about products and their answers (`parent_id` is the question of an answer). Plain
 * text; held until approved except answers by the shop. `up`/`down` as on reviews.
 */
export const questions = pgTable(
  'suki_questions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => questions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['approved', 'hold'] }).notNull().default('hold'),
    author: text('author').notNull(),
    email: text('email').notNull(),
    text: text('text').notNull(),
    byShop: boolean('by_shop').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    date: timestamp('date', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    up: integer('up').notNull().default(0),
    down: integer('down').notNull().default(0),
    search: text('search').generatedAlwaysAs(sql`lower(text)`),
    dedupeKey: text('dedupe_key').notNull().unique(),
  },
  (t) => [
    check('suki_questions_votes', sql`${t.up} >= 0 AND ${t.down} >= 0`),
    index('suki_questions_product').on(t.productId, t.date.desc(), t.id.desc()).where(sql`${t.status} = 'approved' AND ${t.parentId} IS NULL`),
    index('suki_questions_parent').on(t.parentId, t.date),
  ],
);

/**
 * Helpful / not helpful votes: one row per (target, voter). `kind` says whether the target is a
 * review or a question (answers are questions' rows); the voter is `account:<id>` or
 * `session:<id>`, never an IP address. `direction` is 1 or -1 (no row: no vote).
 */
export const reviewVotes = pgTable(
  'suki_review_votes',
  {
    kind: text('kind', { enum: ['review', 'question'] }).notNull(),
    targetId: integer('target_id').notNull(),
    voter: text('voter').notNull(),
    direction: integer('direction').notNull(),
    date: timestamp('date', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.targetId, t.voter] }), check('suki_review_votes_direction', sql`${t.direction} IN (-1, 1)`)],
);
/**
 * Review photos and videos (`services/review-media.ts`). A row is made when a file is uploaded and
 * belongs to the session that uploaded it (`owner_hash`: SHA-256 of its session id) until a review
 * takes it (`review_id`; the foreign key to the reviews table is added with it). Ids are random
 * 48-bit numbers; the 20-hex-digit key that goes with one is kept only as its SHA-256 (`key_hash`),
 * compared in constant time. `storage_key` / `thumb_key` name the files in the storage port.
 * Uploads no review took within 24 hours are deleted with their files.
 */
export const reviewMedia = pgTable(
  'suki_review_media',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    keyHash: text('key_hash').notNull(),
    ownerHash: text('owner_hash').notNull(),
    /** The product the upload was made for, or -1 for a shop review (CusRev's item id). */
    itemId: integer('item_id').notNull(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    mime: text('mime').notNull(),
    /** Bytes of the stored file (after re-encoding). */
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    storageKey: text('storage_key').notNull().unique(),
    thumbKey: text('thumb_key'),
    reviewId: integer('review_id'),
    /** Order within its review (the order the form sent the uploads in). */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('suki_review_media_review').on(t.reviewId, t.position),
    index('suki_review_media_unattached').on(t.createdAt).where(sql`${t.reviewId} IS NULL`),
    index('suki_review_media_owner').on(t.ownerHash, t.itemId).where(sql`${t.reviewId} IS NULL`),
    check('suki_review_media_kind', sql`${t.kind} IN ('image', 'video')`),
  ],
);

/** Raw bytes (PostgreSQL `bytea`). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Contact forms (Contact Form 7's model: the id is what `contact-forms/{id}/…` names). `rules` is the
 * form's SWV schema as JSON (date thresholds may be `today+N`, resolved in the shop's time zone when
 * read); `acceptance` and `files` list the fields that are acceptance boxes and file uploads.
 */
export const contactForms = pgTable('suki_contact_forms', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  locale: text('locale').notNull().default('en_US'),
  rules: text('rules').notNull(),
  acceptance: text('acceptance').notNull().default('[]'),
  files: text('files').notNull().default('[]'),
  /** Where its messages are mailed; null: the shop's orders address. */
  recipient: text('recipient'),
});

/**
 * Messages sent through a contact form, stored before any mail goes out so none is lost when mail
 * fails. `fields` is the posted values as JSON (`{name: [values]}`, text only: files are in
 * `suki_contact_files`); `status` is the answer given (`mail_sent`, `mail_failed`, `spam`).
 */
export const contactMessages = pgTable(
  'suki_contact_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    formId: integer('form_id')
      .notNull()
      .references(() => contactForms.id),
    fields: text('fields').notNull(),
    status: text('status', { enum: ['mail_sent', 'mail_failed', 'spam'] }).notNull(),
    /** Why a message counts as spam (`honeypot`, `rate_limit`); null otherwise. */
    spamReason: text('spam_reason'),
    /** A keyed hash of the client's address (never the address itself). */
    clientHash: text('client_hash').notNull(),
    postedDataHash: text('posted_data_hash').notNull(),
    /** The mail that carries it (`suki_mail_outbox`); null for spam. */
    mailId: integer('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('suki_contact_messages_form').on(t.formId, t.createdAt)],
);

/** Files posted with a contact message (checked by their content before they are kept). */
export const contactFiles = pgTable(
  'suki_contact_files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [index('suki_contact_files_message').on(t.messageId)],
);
