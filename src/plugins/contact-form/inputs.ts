/**
 * What the browser reads from its form, as the rules read it: the same shape the server reads from
 * the posted body (`server/services/contact-forms-input.ts`), so both check the same values.
 * `name[]` (checkboxes) is `name`; Contact Form 7's own fields (`_…`) are not inputs; a file input
 * left empty is a field with no value.
 */
import type { FieldValue, FormInputs } from '../../core/domain/contact-form.js';
import { inputsFrom } from '../../core/rules/contact-form.js';

/** A form entry: text, or a file (name and size are all the rules read). */
export type FormEntry = readonly [string, string | { readonly name: string; readonly size: number }];

/** The inputs of a form's entries (`new FormData(form)`'s, in order). */
export function readFormInputs(entries: Iterable<FormEntry>): FormInputs {
  const pairs: Array<readonly [string, FieldValue | null]> = [];
  for (const [rawName, value] of entries) {
    const name = rawName.replace(/\[\]$/, '');
    if (name.startsWith('_')) continue;
    if (typeof value === 'string') pairs.push([name, value]);
    else pairs.push([name, value.name !== '' || value.size > 0 ? { name: value.name, size: value.size } : null]);
  }
  return inputsFrom(pairs);
}
