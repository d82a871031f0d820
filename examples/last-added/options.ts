import { z } from 'zod/mini';

/** Options of the last-added example plugin. */
export const lastAddedOptions = z.strictObject({
  /** Words before the product's name in the note. @default 'Last added' */
  label: z._default(z.string().check(z.minLength(1), z.maxLength(40)), 'Last added'),
  /** Show the quantity added, as "× 2", when more than one. @default true */
  showQuantity: z._default(z.boolean(), true),
});

/** Checked options of the last-added example plugin. */
export type LastAddedOptions = z.output<typeof lastAddedOptions>;
