/**
 * Seeds the demo reviews and questions when the shop has none yet (also into a shop whose catalogue
 * was seeded before reviews existed): for every product with a seeded review count, exactly that many
 * approved reviews (the triggers then make the product's rating their average), a few held ones,
 * tags, the shop's replies, featured reviews, shop reviews, and questions with answers. English,
 * Filipino and Taglish texts by Filipino names; deterministic (a seeded PRNG), inserted in batches.
 */
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sha256 } from '../lib/crypto.js';
import * as schema from './schema.js';
import { prng } from './seed.js';

type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

const DAY_MS = 86_400_000;
/** Reviews are dated up to this moment (20 November 2026, Manila afternoon). */
const SEED_END = Date.UTC(2026, 10, 20, 6, 0, 0);

export const SEED_REVIEW_TAGS = ['Quality', 'Sizing', 'Delivery', 'Value for money', 'Colour', 'Comfort', 'Packaging'] as const;

const FIRST = ['Ana', 'Maria', 'Jose', 'Juan', 'Kristine', 'Mark', 'Angelica', 'Paolo', 'Bea', 'Carlo', 'Jasmine', 'Miguel', 'Rhea', 'Joshua', 'Camille', 'Nico', 'Lea', 'Rafael', 'Trisha', 'Gabriel', 'Ligaya', 'Dindo', 'Marites', 'Bong', 'Liza', 'Jun', 'Erlinda', 'Rowena', 'Emmanuel', 'Grace'];
const LAST = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Torres', 'Villanueva', 'Ramos', 'Aquino', 'Dela Cruz', 'Castillo', 'Navarro', 'Domingo', 'Soriano', 'Pascual', 'Manalo', 'Lim', 'Tan', 'Ocampo'];

const OPENINGS: Readonly<Record<number, readonly string[]>> = {
  5: ['Sobrang ganda! Worth every peso.', 'Love it, exactly as pictured.', 'Ang ganda ng quality, highly recommended.', 'Perfect gift for my Lola, she loved it.', 'Second time ordering and still happy.', 'Excellent craftsmanship, you can tell it is handmade.'],
  4: ['Maganda, pero medyo matagal ang delivery.', 'Very nice overall, just a bit pricey.', 'Good quality, colour slightly darker than the photo.', 'Sulit naman, would buy again.', 'Nice fit and well made.', 'Happy with it, packaging could be better.'],
  3: ['Okay lang, average quality.', 'It is fine for the price.', 'Medyo maliit sa akin, order a size up.', 'Decent but not as sturdy as I hoped.', 'Pwede na, nothing special.'],
  2: ['Hindi ako masyadong satisfied.', 'The stitching came loose after a week.', 'Colour faded after two washes.', 'Smaller than expected, disappointed.'],
  1: ['Arrived damaged, sayang.', 'Not as described, returning it.', 'Poor quality, hindi na ako uulit.'],
};
const DETAILS = [
  'Dumating in three days here in Cebu.',
  'The fabric is breathable, perfect for our weather.',
  'Ginamit ko sa kasal ng pinsan ko.',
  'My officemates keep asking where I bought it.',
  'Washed it twice and it still looks new.',
  'The seller answered my questions quickly.',
  'Delivery to Davao took about a week.',
  'Fits true to size for me (5\'4", medium build).',
  'Good value compared to the mall.',
  'Nice packaging, ready to give as pasalubong.',
  'Medyo mabango pa nung binuksan ko.',
  'Bought two, one for me and one for my sister.',
];
const SHOP_REVIEWS = [
  'Fast and friendly service, salamat Suki!',
  'Easy checkout and the COD option is a big help.',
  'Order arrived complete and well packed.',
  'Customer service replied within the hour.',
  'Ang bilis ng delivery sa Quezon City!',
  'Great selection of local brands, proud to support Filipino makers.',
  'Had to return an item and it was hassle-free.',
  'Prices are fair and the items are authentic.',
];
const REPLIES = ['Maraming salamat po sa review!', 'Thank you for your feedback, we will share it with the maker.', 'Salamat! We are sorry about the delay and have spoken to our courier.', 'Thank you for shopping with us, see you again!'];
const QUESTIONS = ['Is this true to size?', 'Pwede po bang i-deliver sa Iloilo?', 'Is the colour the same as in the picture?', 'Machine washable po ba ito?', 'How long does delivery take to Mindanao?', 'Available pa po ba ang ibang kulay?', 'Is this handmade?', 'What is the material?'];
const ANSWERS = ['Yes, it runs true to size.', 'Opo, we deliver nationwide.', 'The colour is very close to the photo.', 'Hand wash is best para tumagal.', 'Usually 5 to 7 working days.', 'I bought the same one, it is very sturdy.', 'Ask the shop, but mine was handmade.', 'Yes po, 100% cotton.'];

/** A name and a matching address, from the PRNG. */
const person = (random: () => number, n: number): { name: string; email: string } => {
  const first = FIRST[Math.floor(random() * FIRST.length)] ?? 'Ana';
  const last = LAST[Math.floor(random() * LAST.length)] ?? 'Santos';
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  return { name: random() < 0.2 ? `${first} ${last.charAt(0)}.` : `${first} ${last}`, email: `${local}${n}@example.ph` };
};

/** The dedupe key of a review (product, lower-cased email, text). */
export const reviewDedupeKey = (productId: number | null, email: string, text: string): string => sha256(`review\n${productId ?? 'shop'}\n${email.trim().toLowerCase()}\n${text.trim()}`);

/** The dedupe key of a question or answer. */
export const questionDedupeKey = (productId: number, parentId: number | null, email: string, text: string): string =>
  sha256(`question\n${productId}\n${parentId ?? 0}\n${email.trim().toLowerCase()}\n${text.trim()}`);

/** n ratings whose average stays close to `target` (1–5), varied. */
export function ratingsNear(target: number, n: number, random: () => number): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const wanted = target * (i + 1) - sum + (random() - 0.5) * 2.4;
    const rating = Math.min(5, Math.max(1, Math.round(wanted)));
    out.push(rating);
    sum += rating;
  }
  return out;
}

type ReviewRow = typeof schema.reviews.$inferInsert;

/** Every demo review row for the given products (ids from `firstId`). */
export function buildReviews(productRows: ReadonlyArray<{ id: number; reviewCount: number; ratingHundredths: number; createdAt: string }>, firstId = 1) {
  const reviewRows: ReviewRow[] = [];
  const linkRows: Array<typeof schema.reviewTagLinks.$inferInsert> = [];
  const replyRows: Array<typeof schema.reviewReplies.$inferInsert> = [];
  let id = firstId;
  let n = 0;
  const add = (random: () => number, productId: number | null, rating: number, text: string, status: 'approved' | 'hold', from: number, featured: boolean) => {
    const who = person(random, n++);
    const date = new Date(from + Math.floor(random() * Math.max(DAY_MS, SEED_END - from))).toISOString();
    const up = random() < 0.4 ? Math.floor(random() * 25) : 0;
    const down = random() < 0.15 ? Math.floor(random() * 6) : 0;
    const row: ReviewRow = { id, productId, rating, text, author: who.name, email: who.email, status, date, featured, verified: random() < 0.45, up, down, dedupeKey: reviewDedupeKey(productId, who.email, text) };
    reviewRows.push(row);
    if (status === 'approved' && random() < 0.35) {
      const first = Math.floor(random() * SEED_REVIEW_TAGS.length);
      linkRows.push({ reviewId: id, tagId: first + 1 });
      if (random() < 0.3) linkRows.push({ reviewId: id, tagId: ((first + 1 + Math.floor(random() * (SEED_REVIEW_TAGS.length - 1))) % SEED_REVIEW_TAGS.length) + 1 });
    }
    if (status === 'approved' && random() < 0.06) {
      replyRows.push({ reviewId: id, author: 'Suki Shop', text: REPLIES[Math.floor(random() * REPLIES.length)] ?? REPLIES[0] ?? '', date: new Date(Math.min(SEED_END, Date.parse(date) + DAY_MS)).toISOString() });
    }
    id++;
  };
  for (const product of productRows) {
    if (product.reviewCount <= 0) continue;
    const random = prng(product.id * 104_729 + 7);
    const from = Date.parse(product.createdAt);
    const ratings = ratingsNear(product.ratingHundredths / 100 || 4.5, product.reviewCount, random);
    const featuredAt = product.reviewCount >= 8 ? Math.floor(random() * product.reviewCount) : -1;
    ratings.forEach((rating, i) => {
      const openings = OPENINGS[rating] ?? OPENINGS[5] ?? [];
      const opening = openings[Math.floor(random() * openings.length)] ?? '';
      const detail = DETAILS[Math.floor(random() * DETAILS.length)] ?? '';
      const text = random() < 0.7 ? `${opening} ${detail}` : random() < 0.5 ? opening : `${opening}\n\n${detail}`;
      add(random, product.id, rating, text, 'approved', from, i === featuredAt);
    });
    // A few wait for moderation (not shown, not counted).
    if (random() < 0.3) add(random, product.id, 1 + Math.floor(random() * 5), `Held for moderation: ${DETAILS[Math.floor(random() * DETAILS.length)] ?? ''}`, 'hold', from, false);
  }
  const shopRandom = prng(424_242);
  for (let i = 0; i < 36; i++) {
    const text = `${SHOP_REVIEWS[i % SHOP_REVIEWS.length] ?? ''}${i >= SHOP_REVIEWS.length ? ` ${DETAILS[i % DETAILS.length] ?? ''}` : ''}`;
    add(shopRandom, null, shopRandom() < 0.8 ? 5 : 4, text, 'approved', Date.UTC(2026, 1, 1), i === 3);
  }
  return { reviewRows, linkRows, replyRows };
}

/** Questions (and their answers) for some products; ids from `firstId`. */
export function buildQuestions(productIds: readonly number[], firstId = 1) {
  const rows: Array<typeof schema.questions.$inferInsert> = [];
  let id = firstId;
  let n = 0;
  productIds.forEach((productId, index) => {
    if (index % 3 !== 0) return;
    const random = prng(productId * 7_919 + 3);
    const count = 1 + Math.floor(random() * 6);
    for (let q = 0; q < count; q++) {
      const who = person(random, 10_000 + n++);
      const text = QUESTIONS[(index + q) % QUESTIONS.length] ?? '';
      const date = SEED_END - Math.floor(random() * 200) * DAY_MS;
      const questionId = id++;
      const held = random() < 0.1;
      rows.push({ id: questionId, productId, parentId: null, status: held ? 'hold' : 'approved', author: who.name, email: who.email, text, date: new Date(date).toISOString(), up: Math.floor(random() * 6), down: 0, dedupeKey: questionDedupeKey(productId, null, who.email, text) });
      if (held) continue;
      const answers = Math.floor(random() * 3);
      for (let a = 0; a < answers; a++) {
        const byShop = a === 0 && random() < 0.5;
        const answerer = byShop ? { name: 'Suki Shop', email: 'hello@suki.example' } : person(random, 20_000 + n++);
        const answer = ANSWERS[(index + q + a) % ANSWERS.length] ?? '';
        rows.push({
          id: id++,
          productId,
          parentId: questionId,
          status: 'approved',
          author: answerer.name,
          email: answerer.email,
          text: answer,
          byShop,
          verified: !byShop && random() < 0.5,
          date: new Date(Math.min(SEED_END, date + (a + 1) * DAY_MS)).toISOString(),
          up: Math.floor(random() * 4),
          down: 0,
          dedupeKey: questionDedupeKey(productId, questionId, answerer.email, answer),
        });
      }
    }
  });
  return rows;
}

const chunks = async <T>(rows: readonly T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> => {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
};

/**
 * Seeds reviews and questions when there are none and they were never seeded.
 * @returns true when it seeded.
 */
export async function seedReviewRows(tx: Db): Promise<boolean> {
  const done = await tx.select({ key: schema.settings.key }).from(schema.settings).where(sql`${schema.settings.key} = 'reviews_seeded'`);
  if (done.length > 0) return false;
  const products = await tx
    .select({ id: schema.products.id, reviewCount: schema.products.reviewCount, ratingHundredths: schema.products.ratingHundredths, createdAt: schema.products.createdAt })
    .from(schema.products)
    .where(sql`${schema.products.type} <> 'variation'`)
    .orderBy(schema.products.id);
  if (products.length === 0) return false;
  await tx.insert(schema.reviewTags).values(SEED_REVIEW_TAGS.map((name, i) => ({ id: i + 1, name })));
  const { reviewRows, linkRows, replyRows } = buildReviews(products);
  await chunks(reviewRows, 500, (chunk) => tx.insert(schema.reviews).values(chunk));
  await chunks(linkRows, 1000, (chunk) => tx.insert(schema.reviewTagLinks).values(chunk));
  await chunks(replyRows, 500, (chunk) => tx.insert(schema.reviewReplies).values(chunk));
  const questionRows = buildQuestions(products.map((p) => p.id));
  await chunks(questionRows, 500, (chunk) => tx.insert(schema.questions).values(chunk));
  // Explicit ids were given: the identity sequences continue after them.
  await tx.execute(sql`SELECT setval(pg_get_serial_sequence('suki_reviews', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM suki_reviews), false)`);
  await tx.execute(sql`SELECT setval(pg_get_serial_sequence('suki_questions', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM suki_questions), false)`);
  await tx.execute(sql`SELECT setval(pg_get_serial_sequence('suki_review_tags', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM suki_review_tags), false)`);
  await tx.execute(sql`SELECT setval(pg_get_serial_sequence('suki_review_replies', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM suki_review_replies), false)`);
  await tx.insert(schema.settings).values({ key: 'reviews_seeded', value: new Date().toISOString() });
  return true;
}
