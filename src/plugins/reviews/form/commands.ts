/**
 * The review form's three calls as commands of the `reviews` plugin, so its views (which see no
 * ports) reach the reviews port through `execute`: `reviews.form.upload` (one file, with progress
 * and an abort signal), `reviews.form.deleteUpload` and `reviews.form.submit`. The plugin's setup
 * registers the handlers with {@link handleFormCommands}; the form's controller gets a port made of
 * them by {@link formPortOf}.
 */
import type { Execute } from '../../../core/command-bus.js';
import type { ReviewResult, ReviewSubmission, UploadedMedia } from '../../../core/domain/reviews.js';
import type { FeatureContext } from '../../../core/plugin.js';
import type { PortFailure, UploadProgress } from '../../../core/ports.js';
import { err, type Result } from '../../../core/result.js';
import type { FormFile, ReviewFormPort } from './controller.js';

declare module '../../../core/commands.js' {
  interface CommandMap {
    /** Uploads one file of the review form (`item`: the product id, or `shop`). */
    'reviews.form.upload': {
      input: { readonly file: FormFile; readonly item: number | 'shop'; readonly progress: UploadProgress; readonly signal?: AbortSignal };
      output: UploadedMedia;
      failure: PortFailure;
    };
    /** Deletes an upload not attached yet. */
    'reviews.form.deleteUpload': { input: UploadedMedia; output: void; failure: PortFailure };
    /** Sends a review. */
    'reviews.form.submit': { input: ReviewSubmission; output: ReviewResult; failure: PortFailure };
  }
}

const NO_PORT: PortFailure = { kind: 'network', message: 'Reviews cannot be sent from this page.' };

/** Registers the form's command handlers over the reviews port (the plugin's setup calls it). */
export const handleFormCommands = ({ handle, ports }: Pick<FeatureContext<unknown, unknown>, 'handle' | 'ports'>): void => {
  handle('reviews.form.upload', ({ file, item, progress, signal }) => (ports.reviews ? ports.reviews.upload(file, item, progress, signal) : err(NO_PORT)));
  handle('reviews.form.deleteUpload', (media) => (ports.reviews ? ports.reviews.deleteUpload(media) : err(NO_PORT)));
  handle('reviews.form.submit', (review) => (ports.reviews ? ports.reviews.submit(review) : err(NO_PORT)));
};

/** A command's failure as a port failure (the runtime's own ones read as a lost request). */
const asPort = <T>(result: Result<T, PortFailure | { readonly kind: 'no-handler' | 'handler-threw'; readonly message: string }>): Result<T, PortFailure> =>
  result.ok || (result.error.kind !== 'no-handler' && result.error.kind !== 'handler-threw') ? (result as Result<T, PortFailure>) : err({ kind: 'invalid-response', message: result.error.message });

/** The form's port made of the plugin's commands (what its views hold). */
export const formPortOf = (execute: Execute): ReviewFormPort => ({
  upload: async (file, item, progress, signal) => asPort(await execute('reviews.form.upload', { file, item, progress, ...(signal ? { signal } : {}) })),
  deleteUpload: async (media) => asPort(await execute('reviews.form.deleteUpload', media)),
  submit: async (review) => asPort(await execute('reviews.form.submit', review)),
});
