/**
 * Seeds the demo catalogue into an empty database, and the demo blog (`blog-seed.ts`) when there
 * are no posts. Safe to call on every start and from several processes at once: it runs in one
 * transaction holding an advisory lock, and does nothing when products and posts already exist.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import {
  CATEGORY_STORY,
  COLOUR_ATTRIBUTE,
  SEED_BRANDS,
  SEED_CATEGORIES,
  SEED_COLOURS,
  SEED_PRODUCTS,
  SEED_SIZES,
  SIZE_ATTRIBUTE,
  type SeedProductDef,
  type SeedTerm,
} from './seed-data.js';
import * as schema from './schema.js';
import { SEED_LOCK, seedBlogRows } from './blog-seed.js';
import { seedReviewRows } from './reviews-seed.js';

type Db = PgDatabase<PgQueryResultHKT, typeof schema>;


/** First product id; variations take the ids right after their parent, as WordPress posts would. */
const FIRST_PRODUCT_ID = 101;
const FIRST_IMAGE_ID = 5001;
const CATALOGUE_START = Date.UTC(2026, 0, 5, 8, 0, 0);
const DAY_MS = 86_400_000;

const CATEGORY_CODES: Readonly<Record<string, string>> = {
  'barong-filipiniana': 'BAR',
  tees: 'TEE',
  'bags-bayong': 'BAG',
  'home-kitchen': 'HOM',
  'coffee-pantry': 'PAN',
  accessories: 'ACC',
  footwear: 'FTW',
};

const CATEGORY_HEX: Readonly<Record<string, string>> = {
  'barong-filipiniana': '#d9cdb4',
  tees: '#3d5a80',
  'bags-bayong': '#a47148',
  'home-kitchen': '#6b705c',
  'coffee-pantry': '#6f4e37',
  accessories: '#9c6644',
  footwear: '#5c4033',
};

/** Small deterministic PRNG (mulberry32), so the seed is the same on every machine. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** URL slug of a product name: accents dropped, apostrophes and quotes removed, dashes between words. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’"“”]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const termBySlug = (terms: readonly SeedTerm[], slug: string): SeedTerm => {
  const term = terms.find((t) => t.slug === slug);
  if (!term) throw new Error(`seed: unknown attribute term ${slug}`);
  return term;
};

/** Every row of the demo catalogue, built in memory first so the inserts are a few batches. */
export function buildCatalogue() {
  const productRows: Array<typeof schema.products.$inferInsert> = [];
  const categoryRows: Array<typeof schema.productCategories.$inferInsert> = [];
  const attributeRows: Array<typeof schema.productAttributes.$inferInsert> = [];
  const attributeTermRows: Array<typeof schema.productAttributeTerms.$inferInsert> = [];
  const variationAttributeRows: Array<typeof schema.variationAttributes.$inferInsert> = [];
  const imageRows: Array<typeof schema.productImages.$inferInsert> = [];

  let nextId = FIRST_PRODUCT_ID;
  let nextImage = FIRST_IMAGE_ID;
  const perCategory = new Map<string, number>();

  SEED_PRODUCTS.forEach((def: SeedProductDef, index) => {
    const random = prng(index * 7919 + 17);
    const category = SEED_CATEGORIES.find((c) => c.slug === def.category);
    const brand = SEED_BRANDS.find((b) => b.slug === def.brand);
    if (!category || !brand) throw new Error(`seed: bad category or brand on ${def.name}`);
    const number = (perCategory.get(def.category) ?? 0) + 1;
    perCategory.set(def.category, number);

    const id = nextId++;
    const slug = slugify(def.name);
    const sku = `SUKI-${CATEGORY_CODES[def.category] ?? 'GEN'}-${String(number).padStart(3, '0')}`;
    const colours = (def.colours ?? []).map((s) => termBySlug(SEED_COLOURS, s));
    const sizes = (def.sizes ?? []).map((s) => termBySlug(SEED_SIZES, s));
    const variable = colours.length > 0 || sizes.length > 0;
    const hex = colours[0]?.hex ?? CATEGORY_HEX[def.category] ?? '#8a6d3b';
    const hasReviews = random() < 0.75;
    const rating = hasReviews ? Math.round((3.6 + random() * 1.4) * 100) : 0;
    const reviews = hasReviews ? 1 + Math.floor(random() * 150) : 0;
    const sales = Math.floor(random() * 480);
    const story = CATEGORY_STORY[def.category] ?? '';
    const createdAt = new Date(CATALOGUE_START + index * DAY_MS + Math.floor(random() * 3_600_000)).toISOString();
    const regular = def.price * 100;
    const sale = def.sale === undefined ? null : def.sale * 100;

    const parent: typeof schema.products.$inferInsert = {
      id,
      parentId: 0,
      type: variable ? 'variable' : 'simple',
      name: def.name,
      slug,
      sku,
      shortDescription: def.blurb,
      description: `${def.blurb}\n\n${story}`,
      regularPrice: variable ? 0 : regular,
      salePrice: variable ? null : sale,
      minPrice: sale ?? regular,
      maxPrice: sale ?? regular,
      stockQuantity: variable ? null : def.stock === undefined ? 6 + Math.floor(random() * 55) : def.stock,
      maxPerOrder: def.maxPerOrder ?? null,
      soldIndividually: def.soldIndividually ?? false,
      brandId: brand.id,
      ratingHundredths: rating,
      reviewCount: reviews,
      totalSales: sales,
      menuOrder: index + 1,
      hex,
      createdAt,
    };
    productRows.push(parent);
    categoryRows.push({ productId: id, categoryId: category.id, position: 0 });
    imageRows.push({ id: nextImage++, productId: id, position: 1, alt: def.name });
    imageRows.push({ id: nextImage++, productId: id, position: 2, alt: `${def.name}, another view` });
    for (let position = 3; position <= (def.gallery ?? 2); position++) imageRows.push({ id: nextImage++, productId: id, position, alt: `${def.name}, view ${position}` });

    if (!variable) return;
    const dimensions: Array<{ attributeId: number; terms: SeedTerm[] }> = [];
    if (colours.length > 0) dimensions.push({ attributeId: COLOUR_ATTRIBUTE.id, terms: colours });
    if (sizes.length > 0) dimensions.push({ attributeId: SIZE_ATTRIBUTE.id, terms: sizes });
    dimensions.forEach((dimension, position) => {
      attributeRows.push({ productId: id, attributeId: dimension.attributeId, position, hasVariations: true });
      for (const term of dimension.terms) attributeTermRows.push({ productId: id, termId: term.id });
    });

    // Every combination of the dimensions becomes one variation.
    let combos: SeedTerm[][] = [[]];
    for (const dimension of dimensions) combos = combos.flatMap((combo) => dimension.terms.map((term) => [...combo, term]));
    combos = combos.filter((combo) => !def.missing?.includes(combo.map((t) => t.slug).join('-')));
    let min = Number.POSITIVE_INFINITY;
    let max = 0;
    combos.forEach((combo, i) => {
      const variationId = nextId++;
      const extra = combo.some((t) => def.upcharge?.sizes.includes(t.slug)) ? (def.upcharge?.amount ?? 0) * 100 : 0;
      const vRegular = regular + extra;
      const vSale = sale === null ? null : sale + extra;
      const active = vSale ?? vRegular;
      min = Math.min(min, active);
      max = Math.max(max, active);
      // A fixed pattern gives every variable product some sold-out and some low-stock choices.
      const slot = (i * 7 + index) % 9;
      const stock = slot === 0 ? 0 : slot === 4 ? 1 + ((i + index) % 5) : 6 + Math.floor(random() * 35);
      productRows.push({
        id: variationId,
        parentId: id,
        type: 'variation',
        name: `${def.name} - ${combo.map((t) => t.name).join(', ')}`,
        slug: `${slug}-${combo.map((t) => t.slug).join('-')}`,
        sku: `${sku}-${combo.map((t) => t.slug.toUpperCase()).join('-')}`,
        shortDescription: '',
        description: '',
        regularPrice: vRegular,
        salePrice: vSale,
        minPrice: active,
        maxPrice: active,
        stockQuantity: stock,
        maxPerOrder: def.maxPerOrder ?? null,
        soldIndividually: def.soldIndividually ?? false,
        brandId: brand.id,
        menuOrder: i + 1,
        hex: combo.find((t) => t.hex)?.hex ?? hex,
        createdAt,
      });
      // Each variation has its own picture, drawn in its colour.
      imageRows.push({ id: nextImage++, productId: variationId, position: 1, alt: `${def.name}, ${combo.map((t) => t.name).join(', ')}` });
      combo.forEach((term) => {
        const attributeId = SEED_COLOURS.includes(term) ? COLOUR_ATTRIBUTE.id : SIZE_ATTRIBUTE.id;
        variationAttributeRows.push({ variationId, attributeId, termId: term.id });
      });
    });
    parent.minPrice = min;
    parent.maxPrice = max;
  });

  return { productRows, categoryRows, attributeRows, attributeTermRows, variationAttributeRows, imageRows };
}

/** Inserts rows in chunks so no statement carries too many parameters. */
async function insertChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await insert(rows.slice(i, i + 200));
}

/**
 * Seeds the catalogue when the shop has no products yet, and the blog when it has no posts yet (a
 * database made before the blog existed gets its posts on the next start).
 * @returns true when this call seeded anything, false when products and posts already existed.
 */
export async function seedCatalogue(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting together on one PostgreSQL: the second waits here, then sees products.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const products = await seedProductRows(tx);
    const blog = await seedBlogRows(tx);
    const coupons = await seedCouponRows(tx);
    const reviews = await seedReviewRows(tx);
    return products || blog || coupons || reviews;
  });
}

/** The demo coupons: percent, free shipping, expired, fixed with a minimum spend, once per email, individual use. */
export const SEED_COUPONS: ReadonlyArray<typeof schema.coupons.$inferInsert> = [
  { code: 'salamat10', discountType: 'percent', amount: 1_000, description: '10 % off, thank you!' },
  { code: 'librengship', discountType: 'fixed_cart', amount: 0, freeShipping: true, description: 'Free shipping anywhere.' },
  { code: 'pasko2023', discountType: 'percent', amount: 2_000, expiresAt: '2024-01-01T00:00:00+08:00', description: 'Christmas 2023, 20 % off (expired).' },
  { code: 'suki100', discountType: 'fixed_cart', amount: 10_000, minimumSpend: 100_000, usageLimitPerEmail: 1, description: '₱100 off orders of ₱1,000 or more, once per shopper.' },
  { code: 'bagongsuki', discountType: 'percent', amount: 1_500, individualUse: true, usageLimit: 100, description: '15 % off for new shoppers; not combined with other coupons.' },
];

/** Inserts the demo coupons once (a setting remembers it, so coupons the owner deletes stay deleted). */
async function seedCouponRows(tx: Db): Promise<boolean> {
  const [done] = await tx.select().from(schema.settings).where(eq(schema.settings.key, 'coupons_seeded'));
  if (done) return false;
  await tx.insert(schema.coupons).values([...SEED_COUPONS]).onConflictDoNothing();
  await tx.insert(schema.settings).values({ key: 'coupons_seeded', value: new Date().toISOString() });
  return true;
}

/** Inserts the catalogue when there are no products. The caller holds the seed lock. */
async function seedProductRows(tx: Db): Promise<boolean> {
  const [existing] = await tx.select({ n: count() }).from(schema.products);
  if ((existing?.n ?? 0) > 0) return false;

  const built = buildCatalogue();
  await tx.insert(schema.categories).values(SEED_CATEGORIES.map((c, i) => ({ ...c, menuOrder: i + 1 })));
  await tx.insert(schema.brands).values(SEED_BRANDS.map((b) => ({ ...b, description: `${b.name}, a Filipino maker.` })));
  await tx.insert(schema.attributes).values([COLOUR_ATTRIBUTE, SIZE_ATTRIBUTE]);
  await tx.insert(schema.attributeTerms).values([
    ...SEED_COLOURS.map((t, i) => ({ id: t.id, attributeId: COLOUR_ATTRIBUTE.id, name: t.name, slug: t.slug, menuOrder: i, hex: t.hex ?? null })),
    ...SEED_SIZES.map((t, i) => ({ id: t.id, attributeId: SIZE_ATTRIBUTE.id, name: t.name, slug: t.slug, menuOrder: i, hex: null })),
  ]);
  await insertChunks(built.productRows, (chunk) => tx.insert(schema.products).values(chunk));
  await insertChunks(built.categoryRows, (chunk) => tx.insert(schema.productCategories).values(chunk));
  await insertChunks(built.attributeRows, (chunk) => tx.insert(schema.productAttributes).values(chunk));
  await insertChunks(built.attributeTermRows, (chunk) => tx.insert(schema.productAttributeTerms).values(chunk));
  await insertChunks(built.variationAttributeRows, (chunk) => tx.insert(schema.variationAttributes).values(chunk));
  await insertChunks(built.imageRows, (chunk) => tx.insert(schema.productImages).values(chunk));
  return true;
}
