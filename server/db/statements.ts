/**
 * The statements on the hot path of every cart write and cart answer, kept as SQL text so they can
 * run as server-side prepared statements.
 *
 * Why: PGlite (PostgreSQL in WebAssembly) spends more time planning a query than running it, so a
 * cart write made of half a dozen statements cost several milliseconds in planning alone. On PGlite
 * the statements are PREPAREd once when the database opens and run with EXECUTE, which reuses the
 * plan. EXECUTE takes its arguments as SQL literals, written by {@link literal} for the declared
 * parameter types only (integers, booleans, NULL and quoted text with standard_conforming_strings
 * on). On PostgreSQL, where planning is cheap next to a network round trip, the same text runs as
 * an ordinary parameterised query.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_CART_PREFIX } from '../services/session-store.js';
import { QUANTITY_CEILING } from '../services/stock-rules.js';
import { queryRows, type ShopDatabase } from './query.js';

/** A parameter value of a hot statement. */
export type StatementParam = string | number | boolean | null;

/** A named statement with typed `$n` parameters. */
export interface Statement {
  readonly name: string;
  readonly types: readonly string[];
  readonly text: string;
}

/** A product row as `purchase` and `writeBegin` answer it (numbers may come back as strings from some drivers). */
export interface PurchaseRow {
  id: number;
  parent_id: number;
  type: string;
  name: string;
  slug: string;
  regular_price: number;
  sale_price: number | null;
  stock_quantity: number | null;
  max_per_order: number | null;
  sold_individually: boolean;
  parent_name: string | null;
  parent_slug: string | null;
}

/** What `writeBegin` answers: the session's previous expiry, when an answer was stored for the key, and the product (id null when none). */
export interface WriteBeginRow extends Omit<PurchaseRow, 'id'> {
  previous: string | null;
  stored_at: string | null;
  id: number | null;
}

/** A cart line as the cart statements answer it. */
export interface CartLineRow {
  written?: number;
  key: string;
  quantity: number;
  product_id: number;
  variation_id: number;
  id: number;
  sku: string;
  regular_price: number;
  sale_price: number | null;
  stock_quantity: number | null;
  max_per_order: number | null;
  sold_individually: boolean;
  short_description: string | null;
  description: string | null;
  parent_name: string;
  parent_slug: string;
  image_id: number | null;
  image_alt: string | null;
  attrs: Array<{ a: number; n: string; t: string; s: string; tn: string }> | null;
}

/** Runs a hot statement on a database or inside a transaction, answering its rows. */
export type StatementRunner = <T>(db: ShopDatabase, statement: Statement, params: readonly StatementParam[]) => Promise<T[]>;

/**
 * The cart lines with product, parent, main image and variation attributes, read from `source`
 * (an alias `ci` with key, quantity, product_id, variation_id, item_id and seq).
 */
const cartSelect = (descriptions: boolean, source: string, extra = '') => `
  SELECT ${extra} ci.key, ci.quantity, ci.product_id, ci.variation_id,
    i.id, i.sku, i.regular_price, i.sale_price, i.stock_quantity, i.max_per_order, i.sold_individually,
    ${descriptions ? 'i.short_description, i.description,' : 'NULL::text AS short_description, NULL::text AS description,'}
    p.name AS parent_name, p.slug AS parent_slug, img.id AS image_id, img.alt AS image_alt,
    CASE WHEN ci.variation_id > 0 THEN (
      SELECT json_agg(json_build_object('a', a.id, 'n', a.name, 't', a.taxonomy, 's', t.slug, 'tn', t.name) ORDER BY pa.position, a.id)
      FROM suki_variation_attributes va
      JOIN suki_attributes a ON a.id = va.attribute_id
      JOIN suki_attribute_terms t ON t.id = va.term_id
      LEFT JOIN suki_product_attributes pa ON pa.product_id = ci.product_id AND pa.attribute_id = va.attribute_id
      WHERE va.variation_id = ci.variation_id
    ) END AS attrs
  FROM ${source}
  JOIN suki_products i ON i.id = ci.item_id
  JOIN suki_products p ON p.id = ci.product_id
  LEFT JOIN suki_product_images img ON img.product_id = ci.product_id AND img.position = 1
  ORDER BY ci.seq`;

const CART_OF_SESSION = `(SELECT * FROM suki_cart_items WHERE session_id = $1::text) AS ci`;

/**
 * Adds units to a line and answers the whole cart as it is afterwards, in one statement: insert the
 * line, or add to its quantity while the sum stays within $7. The statement's own snapshot predates
 * the upsert, so the cart is read as "the upserted line, plus every other line". `written` is 0
 * when the limit would have been passed (and nothing changed).
 */
const addLine = (descriptions: boolean) => `
  WITH up AS (
    INSERT INTO suki_cart_items (session_id, key, product_id, variation_id, item_id, quantity)
    VALUES ($1::text, $2::text, $3::int, $4::int, $5::int, $6::int)
    ON CONFLICT (session_id, key) DO UPDATE SET quantity = suki_cart_items.quantity + excluded.quantity
    WHERE suki_cart_items.quantity + excluded.quantity <= $7::int
    RETURNING key, quantity, product_id, variation_id, item_id, seq
  ), lines AS (
    SELECT key, quantity, product_id, variation_id, item_id, seq FROM up
    UNION ALL
    SELECT c.key, c.quantity, c.product_id, c.variation_id, c.item_id, c.seq FROM suki_cart_items c
    WHERE c.session_id = $1::text AND NOT EXISTS (SELECT 1 FROM up WHERE up.key = c.key)
  )
  ${cartSelect(descriptions, 'lines ci', '(SELECT count(*) FROM up)::int AS written,')}`;

/**
 * `purchaseLimit` (server/services/stock-rules.ts) in SQL, for the product row `p`: most units one
 * cart line may hold. Sold individually: 1 while in stock, else 0; otherwise the least of the
 * ceiling, the stock (never below 0; untracked stock does not limit) and the per-order limit.
 * (LEAST ignores NULLs, which is how an untracked stock or an absent limit drops out.) A property
 * test holds it to the TypeScript rule.
 */
export const purchaseLimitSql = (p: string): string => `
  CASE WHEN ${p}.sold_individually THEN (CASE WHEN ${inStockSql(p)} THEN 1 ELSE 0 END)
  ELSE LEAST(${QUANTITY_CEILING}, CASE WHEN ${p}.stock_quantity IS NULL THEN NULL ELSE GREATEST(0, ${p}.stock_quantity) END, ${p}.max_per_order) END`;

/** `isInStock` in SQL: untracked stock counts as in stock. */
export const inStockSql = (p: string): string => `(${p}.stock_quantity IS NULL OR ${p}.stock_quantity > 0)`;

/**
 * The cart a session works on, in SQL: the account's cart (`accountCartId`) while the session is
 * signed in, else the session's own ($1).
 */
const CART_OWNER = `COALESCE((SELECT '${ACCOUNT_CART_PREFIX}' || s.customer_id FROM suki_sessions s WHERE s.id = $1::text AND s.customer_id IS NOT NULL), $1::text)`;

/** A session's cart lines (the account's while signed in). */
const CART_OF_OWNER = `(SELECT * FROM suki_cart_items WHERE session_id = ${CART_OWNER}) AS ci`;

/** What a guest's fast add found about the product and the line (see `cartAdd`), as JSON. */
export interface CartAddRow {
  /** True when the fast path applied (see `cartAdd`); false: nothing was written. */
  go: boolean;
  /** 1 when the line was written, 0 when refused (or not `go`). */
  written: number;
  id: number | null;
  type: string | null;
  name: string | null;
  slug: string | null;
  parent_id: number | null;
  parent_name: string | null;
  parent_slug: string | null;
  regular_price: number | null;
  sale_price: number | null;
  stock_quantity: number | null;
  max_per_order: number | null;
  sold_individually: boolean | null;
  /** The line's key and its quantity before this statement (null when absent). */
  line_key: string | null;
  in_cart: number | null;
}

/** What `cartAdd` answers: its findings and the cart as it is afterwards (JSON, in line order). */
export interface CartAddResult {
  add: CartAddRow;
  lines: CartLineRow[];
}

/** What `sessionCart` reads about a session and its cart's extras. */
export interface SessionCartRow {
  /** Null when the session has no row. */
  expires_at: string | Date | null;
  customer_id: number | null;
  coupons: boolean;
  customer: boolean;
}

const CART_ADD_TYPES = ['text', 'int', 'int', 'text', 'timestamptz', 'timestamptz', 'text', 'json', 'bool'] as const;

/**
 * A guest's add of a simple product or a variation (by its own id), whole, in one statement (after
 * `sessionLock`). Parameters: session $1, product $2, quantity $3, idempotency key $4 (NULL: none),
 * now $5, the session's new expiry $6, the request's fingerprint $7, the answer's inputs $8 (JSON)
 * and $9, true when the answer quotes the cart.
 *
 * It goes ahead (`go`) only for a guest session that is new or has not expired, no answer stored
 * under the key, a product that is simple, a variation with its parent, or unknown (then refused),
 * and, when quoted, a cart without coupons or a stored customer. Everything else writes nothing and
 * is left to the general path. Going ahead, it renews the session (creating its row), adds to the
 * line while in stock and within the purchase limit computed from the product row, reads the cart
 * as it now is (the statement's snapshot predates its own upsert, so: the upserted line plus every
 * other line), and stores under the key what the answer is made of: `$8`, the findings and the
 * lines. Answers one row: the findings (`add`) and the lines, as JSON.
 */
const cartAdd = (descriptions: boolean) => `
  WITH ss AS (
    SELECT customer_id, expires_at FROM suki_sessions WHERE id = $1::text
  ), p AS (
    SELECT i.id, i.type, i.name, i.slug, i.parent_id, i.regular_price, i.sale_price, i.stock_quantity, i.max_per_order, i.sold_individually,
      parent.name AS parent_name, parent.slug AS parent_slug,
      CASE WHEN i.type = 'variation' THEN i.parent_id ELSE i.id END AS product_id,
      CASE WHEN i.type = 'variation' THEN i.id ELSE 0 END AS variation_id,
      md5(CASE WHEN i.type = 'variation' THEN i.parent_id::text || '_' || i.id::text ELSE i.id::text END) AS line_key,
      ${purchaseLimitSql('i')} AS lim,
      ${inStockSql('i')} AS in_stock
    FROM suki_products i
    LEFT JOIN suki_products parent ON parent.id = i.parent_id AND i.type = 'variation'
    WHERE i.id = $2::int
  ), go AS (
    SELECT 1 AS go WHERE
      (NOT EXISTS (SELECT 1 FROM ss) OR EXISTS (SELECT 1 FROM ss WHERE customer_id IS NULL AND expires_at > $5::timestamptz))
      AND NOT EXISTS (SELECT 1 FROM suki_idempotency_keys k WHERE k.session_id = $1::text AND k.key = $4::text)
      AND (NOT EXISTS (SELECT 1 FROM p) OR EXISTS (SELECT 1 FROM p WHERE p.type = 'simple' OR (p.type = 'variation' AND p.parent_name IS NOT NULL)))
      AND (NOT $9::bool OR (NOT EXISTS (SELECT 1 FROM suki_cart_coupons WHERE session_id = $1::text)
        AND NOT EXISTS (SELECT 1 FROM suki_cart_customers WHERE session_id = $1::text)))
  ), sess AS (
    INSERT INTO suki_sessions (id, expires_at) SELECT $1::text, $6::timestamptz FROM go
    ON CONFLICT (id) DO UPDATE SET previous_expires_at = suki_sessions.expires_at, expires_at = excluded.expires_at
    RETURNING 1
  ), up AS (
    INSERT INTO suki_cart_items (session_id, key, product_id, variation_id, item_id, quantity)
    SELECT $1::text, p.line_key, p.product_id, p.variation_id, p.id, $3::int FROM p, go
    WHERE p.in_stock AND $3::int <= p.lim
    ON CONFLICT (session_id, key) DO UPDATE SET quantity = suki_cart_items.quantity + excluded.quantity
    WHERE suki_cart_items.quantity + excluded.quantity <= (SELECT lim FROM p)
    RETURNING key, quantity, product_id, variation_id, item_id, seq
  ), cur AS (
    SELECT key, quantity, product_id, variation_id, item_id, seq FROM up
    UNION ALL
    SELECT c.key, c.quantity, c.product_id, c.variation_id, c.item_id, c.seq FROM suki_cart_items c
    WHERE c.session_id = $1::text AND NOT EXISTS (SELECT 1 FROM up WHERE up.key = c.key)
  ), lines AS (
    ${cartSelect(descriptions, 'cur ci', 'ci.seq,')}
  ), a AS (
    SELECT EXISTS (SELECT 1 FROM go) AS go, (SELECT count(*) FROM up)::int AS written,
      p.id, p.type, p.name, p.slug, p.parent_id, p.parent_name, p.parent_slug, p.regular_price, p.sale_price, p.stock_quantity,
      p.max_per_order, p.sold_individually, p.line_key,
      (SELECT c.quantity FROM suki_cart_items c WHERE c.session_id = $1::text AND c.key = p.line_key) AS in_cart
    FROM (SELECT 1) AS one LEFT JOIN p ON true
  ), j AS (
    SELECT (SELECT row_to_json(a) FROM a) AS add,
      CASE WHEN EXISTS (SELECT 1 FROM go) THEN COALESCE((SELECT json_agg(l ORDER BY l.seq) FROM lines l), '[]'::json) ELSE '[]'::json END AS lines
  ), ins AS (
    INSERT INTO suki_idempotency_keys (session_id, key, fingerprint, facts, created_at)
    SELECT $1::text, $4::text, $7::text, json_build_object('inputs', $8::json, 'add', j.add, 'lines', j.lines), $5::timestamptz FROM j, go
    WHERE $4::text IS NOT NULL
    RETURNING 1
  )
  SELECT j.add, j.lines FROM j`;

/** Every hot statement. */
export const STATEMENTS = {
  /**
   * Whether a session's cart has coupons or a stored customer: most carts have neither, and then
   * a cart answer needs no further read beside its lines.
   */
  cartExtras: {
    name: 'suki_cart_extras',
    types: ['text'],
    text: `
      SELECT EXISTS (SELECT 1 FROM suki_cart_coupons WHERE session_id = $1::text) AS coupons,
             EXISTS (SELECT 1 FROM suki_cart_customers WHERE session_id = $1::text) AS customer`,
  },
  /**
   * Opens a cart write in one statement (on PGlite each statement has a fixed cost): renews (or
   * creates) the session row, reporting the expiry it had; looks up an answer already stored for
   * the idempotency key $3 (NULL = no key); and reads the product $4 about to be added (NULL when
   * the write adds nothing).
   */
  writeBegin: {
    name: 'suki_write_begin',
    types: ['text', 'timestamptz', 'text', 'int'],
    text: `
      WITH s AS (
        INSERT INTO suki_sessions (id, expires_at) VALUES ($1::text, $2::timestamptz)
        ON CONFLICT (id) DO UPDATE SET previous_expires_at = suki_sessions.expires_at, expires_at = excluded.expires_at
        RETURNING previous_expires_at
      )
      SELECT (SELECT previous_expires_at FROM s) AS previous,
        (SELECT k.created_at FROM suki_idempotency_keys k WHERE k.session_id = $1::text AND k.key = $3::text) AS stored_at,
        p.id, p.parent_id, p.type, p.name, p.slug, p.regular_price, p.sale_price, p.stock_quantity, p.max_per_order,
        p.sold_individually, parent.name AS parent_name, parent.slug AS parent_slug
      FROM (SELECT 1) AS one
      LEFT JOIN suki_products p ON p.id = $4::int
      LEFT JOIN suki_products parent ON parent.id = p.parent_id AND p.type = 'variation'`,
  },
  /** A product with, for a variation, its parent's name and slug. */
  purchase: {
    name: 'suki_purchase',
    types: ['int'],
    text: `
      SELECT p.id, p.parent_id, p.type, p.name, p.slug, p.regular_price, p.sale_price, p.stock_quantity, p.max_per_order,
        p.sold_individually, parent.name AS parent_name, parent.slug AS parent_slug
      FROM suki_products p
      LEFT JOIN suki_products parent ON parent.id = p.parent_id AND p.type = 'variation'
      WHERE p.id = $1::int`,
  },
  /** See {@link addLine}; with descriptions (Store API answers). */
  addLine: { name: 'suki_add_line', types: ['text', 'text', 'int', 'int', 'int', 'int', 'int'], text: addLine(true) },
  /** See {@link addLine}; without descriptions (the mini-cart). */
  addLineBrief: { name: 'suki_add_line_brief', types: ['text', 'text', 'int', 'int', 'int', 'int', 'int'], text: addLine(false) },
  /** The cart's lines with product, parent, image and variation attributes. */
  cartLines: { name: 'suki_cart_lines', types: ['text'], text: cartSelect(true, CART_OF_SESSION) },
  /** The same without descriptions, for the mini-cart. */
  cartLinesBrief: { name: 'suki_cart_lines_brief', types: ['text'], text: cartSelect(false, CART_OF_SESSION) },
  /**
   * Stores the answer for an idempotency key, last thing before commit. No row back means another
   * request with the same key committed first: the caller rolls back and replays that answer.
   */
  answerStore: {
    name: 'suki_answer_store',
    types: ['text', 'text', 'text', 'int', 'text', 'text', 'timestamptz'],
    text: `
      INSERT INTO suki_idempotency_keys (session_id, key, fingerprint, status, body, headers, created_at)
      VALUES ($1::text, $2::text, $3::text, $4::int, $5::text, $6::text, $7::timestamptz)
      ON CONFLICT DO NOTHING
      RETURNING 1 AS stored`,
  },
  /**
   * Locks the session's row for the rest of the batch, creating it (expiring at $2) when it has
   * none yet; an existing row is locked as it is (`DO UPDATE ... WHERE false` locks without
   * writing). On PostgreSQL writes to one cart then run one after the other, all taking the session
   * first (no deadlock with the cart's lines), and the next statement's snapshot sees the writes
   * committed before it.
   */
  sessionLock: {
    name: 'suki_session_lock',
    types: ['text', 'timestamptz'],
    text: `
      INSERT INTO suki_sessions (id, expires_at) VALUES ($1::text, $2::timestamptz)
      ON CONFLICT (id) DO UPDATE SET expires_at = suki_sessions.expires_at WHERE false`,
  },
  /** See {@link cartAdd}; with descriptions (Store API answers). */
  cartAdd: { name: 'suki_cart_add', types: CART_ADD_TYPES, text: cartAdd(true) },
  /** See {@link cartAdd}; without descriptions (the mini-cart). */
  cartAddBrief: { name: 'suki_cart_add_brief', types: CART_ADD_TYPES, text: cartAdd(false) },
  /**
   * A session as a cart read needs it, in one row even when it has none: its expiry and account,
   * and whether its cart (the account's while signed in) has coupons or a stored customer.
   */
  sessionCart: {
    name: 'suki_session_cart',
    types: ['text'],
    text: `
      SELECT s.expires_at, s.customer_id,
        EXISTS (SELECT 1 FROM suki_cart_coupons WHERE session_id = ${CART_OWNER}) AS coupons,
        EXISTS (SELECT 1 FROM suki_cart_customers WHERE session_id = ${CART_OWNER}) AS customer
      FROM (SELECT 1) AS one LEFT JOIN suki_sessions s ON s.id = $1::text`,
  },
  /** The lines of a session's cart (the account's while signed in), with descriptions. */
  sessionCartLines: { name: 'suki_session_cart_lines', types: ['text'], text: cartSelect(true, CART_OF_OWNER) },
  /** The same without descriptions (the mini-cart). */
  sessionCartLinesBrief: { name: 'suki_session_cart_lines_brief', types: ['text'], text: cartSelect(false, CART_OF_OWNER) },
} as const satisfies Record<string, Statement>;

/** The PREPARE of one statement. */
const preparation = (statement: Statement): string => `PREPARE ${statement.name}(${statement.types.join(', ')}) AS ${statement.text}`;

/** Every statement's PREPARE, as one query text (a PostgreSQL connection runs it before its first batch). */
export function preparationText(): string {
  return Object.values(STATEMENTS).map(preparation).join(';\n');
}

/** The statement as a Drizzle query with bound parameters. */
export function toSql(statement: Statement, params: readonly StatementParam[]): SQL {
  const parts = statement.text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) chunks.push(sql.raw(part));
    else chunks.push(sql`${params[Number(part) - 1] ?? null}`);
  });
  return sql.join(chunks);
}

/**
 * A parameter as an SQL literal for EXECUTE. Only the shapes the statements declare are accepted;
 * text is quoted by doubling single quotes, which is exact with standard_conforming_strings on
 * (set when the statements are prepared).
 */
export function literal(value: StatementParam): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error('Hot statement parameters must be safe integers.');
    return String(value);
  }
  if (value.includes('\0')) throw new Error('Text parameters cannot contain NUL characters.');
  return `'${value.replace(/'/g, "''")}'`;
}

/** Runs the statements as ordinary parameterised queries (PostgreSQL). */
export const parameterRunner: StatementRunner = <T>(db: ShopDatabase, statement: Statement, params: readonly StatementParam[]) =>
  queryRows<T>(db, toSql(statement, params));

/** Runs the statements prepared by {@link prepareStatements} (PGlite). */
export const executeRunner: StatementRunner = <T>(db: ShopDatabase, statement: Statement, params: readonly StatementParam[]) => {
  if (params.length !== statement.types.length) throw new Error(`${statement.name} takes ${statement.types.length} parameters.`);
  return queryRows<T>(db, sql.raw(`EXECUTE ${statement.name}(${params.map(literal).join(', ')})`));
};

/** PREPAREs every hot statement on a single-session database (PGlite), outside any transaction. */
export async function prepareStatements(exec: (text: string) => Promise<unknown>): Promise<void> {
  await exec('SET standard_conforming_strings = on');
  for (const statement of Object.values(STATEMENTS)) await exec(preparation(statement));
}
