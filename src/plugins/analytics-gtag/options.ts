import { z } from 'zod/mini';

/** Options of the analytics plugin. */
export const analyticsGtagOptions = z.strictObject({
  /** A GA4 measurement id (`G-XXXX`); with one, the plugin installs Google's snippet. @default none */
  measurementId: z.optional(z.string().check(z.regex(/^G-[A-Z0-9]{4,}$/, 'must look like G-XXXXXXXXXX'))),
  /** Cookie that opts the shopper out when it is `1` or `true`. @default 'suki_analytics_optout' */
  optOutCookie: z._default(z.string().check(z.minLength(1, 'must not be empty')), 'suki_analytics_optout'),
  /** List name used when an event carries none. @default 'Product List' */
  listName: z._default(z.string(), 'Product List'),
  /** A `send_to` target (group or id) added to every event. @default none */
  sendTo: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
});

/** Parsed options of the analytics plugin. */
export type AnalyticsGtagOptions = z.output<typeof analyticsGtagOptions>;
