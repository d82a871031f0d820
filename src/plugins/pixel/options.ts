import { z } from 'zod/mini';

/** Options of the pixel plugin. */
export const pixelOptions = z.strictObject({
  /** The pixel id (digits); with one, the plugin installs the standard `fbq` stub and script. @default none */
  pixelId: z.optional(z.string().check(z.regex(/^\d{5,20}$/, 'must be the digits of a pixel id'))),
});

/** Parsed options of the pixel plugin. */
export type PixelOptions = z.output<typeof pixelOptions>;
