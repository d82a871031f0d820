import { z } from 'zod/mini';
import { FILTER_LISTS } from '../../core/catalog/section.js';

/** One section's filter bar: which lists it shows, and whether a choice loads in place. */
export const sectionOptions = z.strictObject({
  /** Lists in the order shown. @default every list */
  lists: z._default(z.array(z.enum(FILTER_LISTS)).check(z.maxLength(FILTER_LISTS.length)), [...FILTER_LISTS]),
  /** False: a choice navigates the browser to the filtered address (the stock "no-ajax" section). @default true */
  ajax: z._default(z.boolean(), true),
});

/**
 * Options of the shop-filters plugin. Sections are named by their id on the page: `shop` is the
 * shop and category listing; the home page has `new`, `popular`, `rated` and `featured`.
 */
export const shopFiltersOptions = z.strictObject({
  /** Filtered sections by id. @default { shop: every list, in place } */
  sections: z._default(z.record(z.string().check(z.regex(/^[a-z][a-z0-9-]{0,30}$/, 'must be a section id')), sectionOptions), { shop: { lists: [...FILTER_LISTS], ajax: true } }),
  /** CSS colours of colour chips by term slug; a colour without one shows as a label. @default {} */
  colors: z._default(z.record(z.string(), z.string().check(z.regex(/^(#[0-9a-fA-F]{3,8}|[a-z]{3,20})$/, 'must be a hex colour or a colour name'))), {}),
});

/** Parsed options of the shop-filters plugin. */
export type ShopFiltersOptions = z.output<typeof shopFiltersOptions>;
