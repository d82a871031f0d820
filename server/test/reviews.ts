/**
 * Test support for reviews and questions: a shop with the reviews, questions and trust-badge
 * plugins on (their options as a test wants them), a fake captcha verifier, a fake media port, and
 * the browser of the wishlist tests (cookie jar, our Origin on writes, the Store API nonce).
 */
import { createShopApp } from '../app.js';
import { listen } from '../listen.js';
import { DEFAULT_QUESTIONS_OPTIONS, DEFAULT_REVIEWS_OPTIONS, type ReviewsSettings } from '../routes/reviews.js';
import type { QuestionsOptions } from '../../src/plugins/questions/options.js';
import type { ReviewsOptions } from '../../src/plugins/reviews/options.js';
import type { CaptchaVerifier } from '../services/captcha.js';
import { memoryLogger, openTestDatabase, type TestDatabase } from './harness.js';
import { WishlistBrowser } from './wishlist.js';

export { WishlistBrowser as ReviewsBrowser } from './wishlist.js';

/** Suki's JSON route base. */
export const SUKI = '/wp-json/suki/v1';
export const AJAX = '/wp-admin/admin-ajax.php';

export interface ReviewsShop {
  readonly url: string;
  readonly db: TestDatabase;
  readonly logger: ReturnType<typeof memoryLogger>;
  close(): Promise<void>;
}

/** Options of {@link startReviewsShop}. */
export interface ReviewsShopOptions {
  readonly reviews?: Partial<ReviewsOptions> | false;
  readonly questions?: Partial<QuestionsOptions> | false;
  readonly badge?: boolean;
  readonly captcha?: CaptchaVerifier | null;
  readonly media?: ReviewsSettings['media'];
  readonly reviewFlood?: ReviewsSettings['reviewFlood'];
  readonly questionFlood?: ReviewsSettings['questionFlood'];
  /** Share a database (two instances on one PostgreSQL). */
  readonly db?: TestDatabase;
  /** No reviews plugins at all. */
  readonly off?: boolean;
}

/** A shop with the review plugins on; flood limits are generous unless a test sets them. */
export async function startReviewsShop(options: ReviewsShopOptions = {}): Promise<ReviewsShop> {
  const db = options.db ?? (await openTestDatabase());
  const logger = memoryLogger();
  const settings: ReviewsSettings | false = options.off
    ? false
    : {
        reviews: options.reviews === false ? false : { ...DEFAULT_REVIEWS_OPTIONS, ...options.reviews },
        questions: options.questions === false ? false : { ...DEFAULT_QUESTIONS_OPTIONS, ...options.questions },
        badge: options.badge ?? true,
        captcha: options.captcha ?? null,
        ...(options.media ? { media: options.media } : {}),
        reviewFlood: options.reviewFlood ?? { max: 1000, windowMs: 60_000 },
        questionFlood: options.questionFlood ?? { max: 1000, windowMs: 60_000 },
      };
  const app = createShopApp({ database: db.database, logger, trustProxy: ['127.0.0.1', '::1'], reviews: settings, accounts: { limitScale: 100 } });
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  return {
    url: server.url,
    db,
    logger,
    close: async () => {
      await server.close();
      if (!options.db) await db.dispose();
    },
  };
}

/** A captcha verifier that accepts exactly `good` (and counts its calls). */
export function fakeCaptcha(good = 'good-token'): CaptchaVerifier & { calls: number } {
  const verifier = {
    calls: 0,
    verify: async (token: string) => {
      verifier.calls++;
      return token === good ? ({ ok: true } as const) : ({ ok: false, codes: ['invalid-input-response'] } as const);
    },
  };
  return verifier;
}

/** Products of the seed with at least `min` approved reviews (id, count), from the database. */
export { WishlistBrowser };
