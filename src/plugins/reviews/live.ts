/**
 * The reviews plugin's behaviour: the handlers of its commands over the reviews port, registered
 * when a views' chunk (which carries this module) is in.
 */
import type { FeatureContext } from '../../core/plugin.js';
import type { PortFailure } from '../../core/ports.js';
import { err } from '../../core/result.js';
import type { ReviewsOptions } from './options.js';
import { voteDirection } from './rules.js';

/** What the plugin's setup hands over: its context. */
export type ReviewsContext = FeatureContext<ReviewsOptions, unknown>;

const NO_PORT: PortFailure = { kind: 'network', message: 'Reviews are not available on this page.' };

/** Registers the plugin's commands over the port. */
export const start = ({ handle, ports, emit }: ReviewsContext): void => {
  const port = ports.reviews;
  // The port's code comes with its first call: a call already cancelled brings it in without a
  // request, so the shopper's first filter sends its request at once.
  const warm = new AbortController();
  warm.abort();
  void port?.list({ scope: { kind: 'shop' }, page: 1, perPage: 1, sort: 'recent', rating: 0, search: '', tags: [] }, warm.signal);
  handle('reviews.list', async ({ query, signal }) => (port ? port.list(query, signal) : err(NO_PORT)));
  handle('reviews.vote', async ({ reviewId, productId, upvote }) => {
    if (!port) return err(NO_PORT);
    const answer = await port.vote(reviewId, upvote);
    if (answer.ok) emit('review.voted', { reviewId, productId, direction: voteDirection(answer.value), votes: answer.value });
    return answer;
  });
  handle('reviews.submit', async (review) => {
    if (!port) return err(NO_PORT);
    const answer = await port.submit(review);
    if (answer.ok && answer.value.code === 0) {
      emit('review.submitted', { productId: review.productId, rating: review.rating, media: review.media.length, status: answer.value.status ?? 'hold' });
    }
    return answer;
  });
  handle('reviews.upload', async ({ file, item, progress, signal }) => (port ? port.upload(file, item, progress, signal) : err(NO_PORT)));
  handle('reviews.deleteUpload', async (media) => (port ? port.deleteUpload(media) : err(NO_PORT)));
};

