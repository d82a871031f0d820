/**
 * The review form's rules (Customer Reviews' new form, `wire-protocol.md` §2.7–§2.9, spec §5): what
 * a draft needs before it may be sent, what a batch of chosen files needs before any of it is
 * uploaded, and the submission built from a valid draft. Pure functions; the state machines
 * (`machine.ts`, `uploads.ts`) and the views use them, and the server checks the same again.
 *
 * Decisions where the stock plugin is wrong or vague:
 * - **Size.** The stock new form compares a file's size with the limit × 100, which turns the client
 *   check off (the server still refuses with code 501). Here a file over the real limit
 *   (`settings.media.maxBytes`) is refused before any upload, with the shop's "file size" text.
 * - **Count.** New files plus every file already in the form (uploading, uploaded, or being
 *   deleted: a delete may still fail and keep it) must not exceed the limit.
 * - **Email.** The stock form's pattern: a dotted local part of characters other than
 *   `<>()[]\.,;:@"` and white space, or a quoted one; then labels of letters, digits and hyphens and
 *   a top-level label of at least two letters, or a bracketed IPv4 address (octets 0–255 here; the
 *   stock pattern took any three digits).
 * - **Lengths.** The caps of a WordPress comment (name 245, email 100, text 65,525 characters) and
 *   1,000 characters for an on-site answer; counted in characters as the shopper sees them.
 * - **The single-product form** (`standalone`) also requires every on-site text or number question
 *   (the stock form requires all its text boxes there).
 */
import type { OnsiteQuestion, ReviewFormSettings, ReviewSubmission, StarRating, UploadedMedia } from '../../../core/domain/reviews.js';
import { characterCount } from '../../../core/rules/forms.js';
import { isBlankText, isStorableText } from '../../../core/rules/text.js';
import { reviewFormTextsIn, type ReviewFormTexts } from './messages.js';

/** English texts, where a caller gives none (tests; the form gives the page's). */
// Stryker disable next-line StringLiteral: equivalent (an unknown locale falls back to English)
const english = (): ReviewFormTexts => reviewFormTextsIn('en-PH');

/** What the shopper has typed and chosen so far. `rating` 0 is none yet. */
export interface ReviewDraft {
  readonly rating: number;
  readonly text: string;
  readonly name: string;
  readonly email: string;
  /** On-site answers by question name (a rating question's value is "1"–"5"). */
  readonly answers: Readonly<Record<string, string>>;
  /** The terms checkbox, when the form has one. */
  readonly terms: boolean;
}

export const EMPTY_DRAFT: ReviewDraft = { rating: 0, text: '', name: '', email: '', answers: {}, terms: false };

/** The form's fields in the order they appear (on-site questions are `q:{name}`). */
export type ReviewField = 'rating' | 'text' | 'name' | 'email' | `q:${string}` | 'terms' | 'captcha';

/** Longest values, in characters. */
export const REVIEW_LIMITS = { text: 65525, name: 245, email: 100, answer: 1000 } as const;

/** The form's messages in English (the captcha's is the stock plugin's); `messages.ts` has them in every language. */
export const REVIEW_MESSAGES: ReviewFormTexts = english();

// The local part: dot-separated atoms (no specials, no white space) or one quoted string.
const LOCAL = String.raw`(?:[^<>()[\]\\.,;:\s@"]+(?:\.[^<>()[\]\\.,;:\s@"]+)*|"(?:[^"\\\r\n]|\\.)+")`;
const OCTET = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;
// The domain: a bracketed IPv4 address, or labels (letters, digits, hyphens) and a 2+ letter TLD.
const DOMAIN = String.raw`(?:\[${OCTET}(?:\.${OCTET}){3}\]|(?:[a-zA-Z0-9-]+\.)+[a-zA-Z]{2,})`;
const REVIEW_EMAIL = new RegExp(`^${LOCAL}@${DOMAIN}$`);

/** True for an address the review form accepts (the stock form's RFC-style pattern, see above). */
export const isReviewEmail = (value: string): boolean => REVIEW_EMAIL.test(value);

/** Whether a star value is a rating (1–5). */
export const isStarRating = (value: number): value is StarRating => Number.isInteger(value) && value >= 1 && value <= 5;

/** The checks that depend on the form rather than the draft. */
export interface DraftContext {
  readonly questions: readonly OnsiteQuestion[];
  /** The single-product form: every on-site text or number question is required. */
  readonly standalone?: boolean;
  /** The form shows a terms checkbox. */
  readonly terms?: boolean;
  /** A captcha site key is configured: a token is required. */
  readonly captcha?: boolean;
  /** The page's texts (errors are said in them); English when none is given. */
  readonly texts?: ReviewFormTexts;
}

const textError = (raw: string, required: boolean, missing: string, limit: number, t: ReviewFormTexts): string | null => {
  const value = raw.trim();
  if (isBlankText(value)) return required ? missing : null;
  if (!isStorableText(value)) return t.unstorable;
  if (characterCount(value) > limit) return t.tooLong({ limit });
  return null;
};

/** One on-site question's error for its answer, or null. */
export const answerError = (question: OnsiteQuestion, raw: string | undefined, standalone = false, t: ReviewFormTexts = english()): string | null => {
  const value = (raw ?? '').trim();
  if (question.type === 'rating') {
    if (value === '') return question.required ? t.rating : null;
    return isStarRating(Number(value)) && /^[1-5]$/.test(value) ? null : t.rating;
  }
  const required = question.required || standalone;
  const error = textError(value, required, t.answer, REVIEW_LIMITS.answer, t);
  if (error !== null) return error;
  if (question.type === 'number' && value !== '' && !/^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/.test(value)) return t.number;
  return null;
};

/**
 * Every field's error for a draft, in form order (an empty object when it may be sent). The
 * captcha's is there when a site key is configured and `captchaToken` is empty or white space.
 */
export const draftErrors = (draft: ReviewDraft, context: DraftContext, captchaToken: string | null = null): Partial<Record<ReviewField, string>> => {
  const t = context.texts ?? english();
  const errors: Partial<Record<ReviewField, string>> = {};
  if (!isStarRating(draft.rating)) errors.rating = t.rating;
  const text = textError(draft.text, true, t.text, REVIEW_LIMITS.text, t);
  if (text) errors.text = text;
  const name = textError(draft.name, true, t.name, REVIEW_LIMITS.name, t);
  if (name) errors.name = name;
  const email = draft.email.trim();
  if (characterCount(email) > REVIEW_LIMITS.email) errors.email = t.tooLong({ limit: REVIEW_LIMITS.email });
  else if (!isReviewEmail(email)) errors.email = t.email;
  for (const question of context.questions) {
    const error = answerError(question, draft.answers[question.name], context.standalone, t);
    if (error) errors[`q:${question.name}`] = error;
  }
  if (context.terms && !draft.terms) errors.terms = t.terms;
  if (context.captcha && (captchaToken === null || captchaToken.trim() === '')) errors.captcha = t.captcha;
  return errors;
};

/** The first field in error in form order, or null. */
export const firstError = (errors: Partial<Record<ReviewField, string>>, context: DraftContext): ReviewField | null =>
  fieldOrder(context).find((field) => errors[field] !== undefined) ?? null;

/** The fields of a form in the order they appear. */
export const fieldOrder = (context: DraftContext): ReviewField[] => [
  'rating',
  'text',
  'name',
  'email',
  ...context.questions.map((q): ReviewField => `q:${q.name}`),
  ...(context.terms ? (['terms'] as const) : []),
  ...(context.captcha ? (['captcha'] as const) : []),
];

/**
 * The submission of a valid draft (values trimmed, only the configured questions' non-empty answers,
 * each upload once by its id and key), or null when the draft is not valid.
 */
export const toSubmission = (
  draft: ReviewDraft,
  context: DraftContext,
  productId: number | null,
  media: readonly UploadedMedia[],
  captchaToken: string | null = null,
): ReviewSubmission | null => {
  if (Object.keys(draftErrors(draft, context, captchaToken)).length > 0 || !isStarRating(draft.rating)) return null;
  const answers: Record<string, string> = {};
  for (const question of context.questions) {
    const value = (draft.answers[question.name] ?? '').trim();
    if (value !== '') answers[question.name] = value;
  }
  return {
    productId,
    rating: draft.rating,
    text: draft.text.trim(),
    name: draft.name.trim(),
    email: draft.email.trim(),
    answers,
    media: uniqueMedia(media),
    ...(context.captcha && captchaToken ? { captcha: captchaToken.trim() } : {}),
  };
};

/** Uploads with each (id, key) pair once, in their first order. */
export const uniqueMedia = (media: readonly UploadedMedia[]): UploadedMedia[] => {
  const seen = new Set<string>();
  const out: UploadedMedia[] = [];
  for (const m of media) {
    const key = `${m.id}:${m.key}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ id: m.id, key: m.key });
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// Media checks, before any upload.

/** What the checks read of a chosen file. */
export interface FileFacts {
  readonly name: string;
  /** The browser's MIME type ('' when it does not know). */
  readonly type: string;
  readonly size: number;
}

export type MediaSettings = ReviewFormSettings['media'];

/** Why a batch was refused (the shop's text for it in `message`). */
export type BatchRefusal = { readonly reason: 'too-many' | 'file-type' | 'file-size' | 'disabled'; readonly message: string };

/** The stock plugin's accepted types (5.x), used when the shop gives none. */
export const STOCK_MEDIA_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/jpg', 'image/gif', 'video/mp4', 'video/mpeg', 'video/ogg', 'video/webm', 'video/quicktime', 'video/x-msvideo'];

/**
 * Checks a batch of chosen files against the limits before anything is uploaded: too many (the new
 * files plus the `present` ones exceed the limit), then any file of a type outside the accepted
 * ones, then any file over the size limit. A refusal refuses the whole batch (nothing is added);
 * null when every file may be uploaded. An empty batch is accepted (nothing happens).
 */
export const checkBatch = (files: readonly FileFacts[], present: number, media: MediaSettings, t: ReviewFormTexts = english()): BatchRefusal | null => {
  if (files.length === 0) return null;
  if (!media.enabled) return { reason: 'disabled', message: t.mediaDisabled };
  if (files.length + present > media.limit) return { reason: 'too-many', message: media.messages.tooMany };
  const types = (media.types.length > 0 ? media.types : STOCK_MEDIA_TYPES).map((t) => t.toLowerCase());
  if (files.some((f) => !types.includes(f.type.toLowerCase()))) return { reason: 'file-type', message: media.messages.fileType };
  if (files.some((f) => !(f.size <= media.maxBytes))) return { reason: 'file-size', message: media.messages.fileSize };
  return null;
};

/** A file's kind by its type (a video shows an icon instead of a preview). */
export const mediaKind = (type: string): 'image' | 'video' => (type.toLowerCase().startsWith('video/') ? 'video' : 'image');

/** Upload progress as a whole percent 0–100 (0 while the total is unknown). */
export const percentOf = (sent: number, total: number): number => {
  if (!(total > 0) || !(sent > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((sent / total) * 100)));
};

/** The `accept` attribute of the file input. */
export const acceptOf = (media: MediaSettings): string => (media.types.length > 0 ? media.types : STOCK_MEDIA_TYPES).join(',');

/** The rating hover preview: "n/5" where n is the hovered star, never below the chosen one. */
export const ratingPreview = (chosen: number, hovered: number | null): string => `${Math.max(isStarRating(chosen) ? chosen : 0, hovered ?? 0)}/5`;

/** Keyboard on a star radio group: arrows move by one and wrap, Home/End go to the ends. */
export const ratingKey = (current: number, key: string): number | null => {
  const from = isStarRating(current) ? current : 0;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return from >= 5 ? 1 : from + 1;
    case 'ArrowLeft':
    case 'ArrowDown':
      return from <= 1 ? 5 : from - 1;
    case 'Home':
      return 1;
    case 'End':
      return 5;
    default:
      return null;
  }
};

/** `1 star`, `2 stars`... */
export const starLabel = (n: number, t: ReviewFormTexts = english()): string => t.star(n);
