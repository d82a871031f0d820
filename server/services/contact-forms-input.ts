/**
 * Reads a contact form's submission (`POST contact-forms/{id}/feedback`, or the page posted
 * without scripts): `multipart/form-data` or `application/x-www-form-urlencoded`, already held to
 * the contact routes' body limit. Fields whose names start with `_` are Contact Form 7's own
 * (`_wpcf7_unit_tag`...); `name[]` (checkboxes) is `name`. Every text and file name is checked for
 * what the database cannot hold, as the app does for other bodies.
 */
import type { FieldValue, FormInputs } from '../../src/core/domain/contact-form.js';
import { inputsFrom } from '../../src/core/rules/contact-form.js';
import { unstorableArgument, unstorableMessage } from '../lib/text-input.js';

/** A file as posted, with its bytes (for the content check and storage). */
export interface PostedFile {
  readonly field: string;
  readonly name: string;
  readonly size: number;
  readonly bytes: Uint8Array;
}

/** A submission read from its body. */
export interface Submission {
  /** Every field's values as the rules read them (texts as posted; files as name and size). */
  readonly inputs: FormInputs;
  readonly files: readonly PostedFile[];
  /** Contact Form 7's own fields (`_wpcf7`, `_wpcf7_unit_tag`, …). */
  readonly meta: ReadonlyMap<string, string>;
}

/** Why a body could not be read. */
export type SubmissionProblem = { readonly kind: 'media-type' } | { readonly kind: 'malformed' } | { readonly kind: 'unstorable'; readonly argument: string; readonly message: string };

const fieldName = (name: string): string => name.replace(/\[\]$/, '');

/** Whether a content type is one a submission may come in. */
export const isSubmissionType = (contentType: string | null): boolean => /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i.test(contentType ?? '');

/** Reads and checks a submission; a problem when the body is of another type, broken, or holds unstorable text. */
export async function readSubmission(request: Request): Promise<Submission | SubmissionProblem> {
  if (!isSubmissionType(request.headers.get('content-type'))) return { kind: 'media-type' };
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { kind: 'malformed' };
  }
  const pairs: Array<readonly [string, FieldValue | null]> = [];
  const files: PostedFile[] = [];
  const meta = new Map<string, string>();
  const texts: Array<readonly [string, string]> = [];
  for (const [rawName, value] of form.entries()) {
    const name = fieldName(rawName);
    texts.push([name, name]);
    if (typeof value === 'string') {
      texts.push([name, value]);
      if (name.startsWith('_')) meta.set(name, value);
      else pairs.push([name, value]);
      continue;
    }
    if (name.startsWith('_')) continue;
    texts.push([name, value.name]);
    // A file input left empty posts a nameless, empty part.
    if (value.name === '' && value.size === 0) {
      pairs.push([name, null]);
      continue;
    }
    const bytes = new Uint8Array(await value.arrayBuffer());
    files.push({ field: name, name: value.name, size: bytes.byteLength, bytes });
    pairs.push([name, { name: value.name, size: bytes.byteLength }]);
  }
  const bad = unstorableArgument(texts);
  if (bad !== null) return { kind: 'unstorable', argument: bad, message: unstorableMessage(bad) };
  return { inputs: inputsFrom(pairs), files, meta };
}

/** A submission problem, told apart from a submission. */
export const isProblem = (value: Submission | SubmissionProblem): value is SubmissionProblem => 'kind' in value;
