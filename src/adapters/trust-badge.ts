/**
 * The floating trust badge's content, `GET /wp-json/suki/v1/reviews/badge` ({@link TrustBadge}),
 * read by the server renderer when the trust-badge plugin is on. It is `ReviewsPort.badge()`'s call;
 * this small reader lets the badge work while the reviews plugin is off (the reviews adapter is not
 * linked then). Checked with valibot like every answer; texts stay plain text.
 */
import * as v from 'valibot';
import type { Review, TrustBadge } from '../core/domain/reviews.js';
import type { PortFailure } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import type { HttpClient, Schema } from './http.js';
import { votesSchema } from './questions.js';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const id = v.pipe(v.number(), v.integer(), v.minValue(1));

const reviewSchema: Schema<Review> = v.object({
  id,
  product: v.nullable(v.object({ id, name: v.string(), permalink: v.string(), image: v.nullable(v.string()) })),
  rating: v.picklist([1, 2, 3, 4, 5] as const),
  text: v.string(),
  author: v.string(),
  date: v.string(),
  verified: v.boolean(),
  featured: v.boolean(),
  tags: v.array(v.object({ id, name: v.string() })),
  media: v.array(
    v.object({
      id,
      kind: v.picklist(['image', 'video'] as const),
      src: v.string(),
      thumb: v.nullable(v.string()),
      width: count,
      height: count,
      alt: v.string(),
      mime: v.string(),
    }),
  ),
  replies: v.array(v.object({ id, author: v.string(), date: v.string(), text: v.string() })),
  votes: votesSchema,
});

const badgeSchema: Schema<TrustBadge> = v.object({
  averageHundredths: v.pipe(count, v.maxValue(500)),
  count,
  latest: v.pipe(v.array(reviewSchema), v.maxLength(3)),
});

/** Reads the badge's content. */
export const readTrustBadge = async (http: HttpClient): Promise<Result<TrustBadge, PortFailure>> => {
  const reply = await http.rest({ path: 'suki/v1/reviews/badge', schema: badgeSchema });
  return reply.ok ? ok(reply.value.data) : err(reply.error);
};
