import { z } from 'zod/mini';
import type { ConsentState } from '../core/events.js';

/** Store notice bar settings. */
export interface StoreNoticeConfig {
  /** Part of the dismissal cookie name, so a new notice shows again. */
  readonly id: string;
  readonly text: string;
  /** @default 'info' */
  readonly status: 'info' | 'error';
}

/** The integrator's whole configuration (`plugins.config.ts`). */
export interface ShopConfig {
  readonly shop: { readonly name: string; readonly tagline: string; readonly storeNotice: StoreNoticeConfig | null };
  readonly consent: { readonly default: ConsentState };
  readonly cart: { readonly redirectAfterAdd: boolean };
  readonly plugins: Readonly<Record<string, { readonly enabled: boolean; readonly options?: unknown }>>;
}

const shopConfigSchema = z.object({
  shop: z.object({
    name: z.string().check(z.minLength(1)),
    tagline: z.string(),
    storeNotice: z.nullable(
      z.object({
        id: z.string().check(z.regex(/^[a-z0-9_-]{1,40}$/i)),
        text: z.string().check(z.minLength(1)),
        status: z._default(z.enum(['info', 'error']), 'info'),
      }),
    ),
  }),
  consent: z.object({ default: z.enum(['granted', 'denied', 'ask']) }),
  cart: z.object({ redirectAfterAdd: z._default(z.boolean(), false) }),
  plugins: z.record(z.string(), z.object({ enabled: z.boolean(), options: z.optional(z.unknown()) })),
});

/** Checks the shape of the shop settings (plugin options are checked by each plugin's schema). */
export const parseShopConfig = (input: unknown): ShopConfig => {
  const parsed = z.safeParse(shopConfigSchema, input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `[shop] ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`Invalid plugins.config.ts:\n${lines.join('\n')}`);
  }
  return parsed.data;
};

/** Identity helper that gives `plugins.config.ts` its types. */
export const defineShopConfig = <T extends ShopConfig>(config: T): T => config;
