import { z } from 'zod/mini';

const colours = z.strictObject({
  border: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
  top: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
  middle: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
  bottom: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
});

/** Options of the floating trust badge (CusRev's `#cr_floatingtrustbadge`, `data-crcolors`). */
export const trustBadgeOptions = z.strictObject({
  /** Corner of the screen. @default 'bottom-left' */
  position: z._default(z.enum(['bottom-left', 'bottom-right']), 'bottom-left'),
  /** Colours of the compact (`small`) and expanded (`big`) badge. */
  colours: z._default(z.strictObject({ small: colours, big: colours }), {
    small: { border: '#e0d8c8', top: '#ffffff', middle: '#ffffff', bottom: '#f5efe3' },
    big: { border: '#e0d8c8', top: '#ffffff', middle: '#ffffff', bottom: '#f5efe3' },
  }),
});

/** Checked options of the trust-badge plugin. */
export type TrustBadgeOptions = z.output<typeof trustBadgeOptions>;
