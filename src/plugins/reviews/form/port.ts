/**
 * The form's port made of the reviews plugin's commands (`reviews.upload`, `reviews.deleteUpload`,
 * `reviews.submit`, handled over the reviews port in `../live.ts`): the form's views see no ports,
 * only their plugin's `execute`. The `reviews.submit` handler emits `review.submitted` on code 0.
 */
import type { Execute } from '../../../core/command-bus.js';
import type { PortFailure } from '../../../core/ports.js';
import { err, type Result } from '../../../core/result.js';
import type { ReviewFormPort } from './controller.js';

/** A command's failure as a port failure (the runtime's own ones, no handler or a throw, read as an unusable answer). */
const asPort = <T>(result: Result<T, PortFailure | { readonly kind: 'no-handler' | 'handler-threw'; readonly message: string }>): Result<T, PortFailure> =>
  result.ok || (result.error.kind !== 'no-handler' && result.error.kind !== 'handler-threw') ? (result as Result<T, PortFailure>) : err({ kind: 'invalid-response', message: result.error.message });

/** The form's port over `execute`. */
export const formPortOf = (execute: Execute): ReviewFormPort => ({
  upload: async (file, item, progress, signal) => asPort(await execute('reviews.upload', { file, item, progress, ...(signal ? { signal } : {}) })),
  deleteUpload: async (media) => asPort(await execute('reviews.deleteUpload', media)),
  submit: async (review) => asPort(await execute('reviews.submit', review)),
});
