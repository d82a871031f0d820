/** What makes two comments "the same comment" for duplicate detection. */
import { sha256 } from './crypto.js';

/**
 * The duplicate guard of a comment: a hash of the post, the lower-cased email and the content (all
 * trimmed). Stored in a unique column, so the same comment twice is refused even from two requests
 * at once.
 */
export function commentDedupeKey(postId: number, email: string, content: string): string {
  return sha256(`${postId}\n${email.trim().toLowerCase()}\n${content.trim()}`);
}
