/**
 * The integrator's configuration (`plugins.config.ts`): its edit-time types, and the check of its
 * shape at start-up.
 */
import { z } from 'zod/mini';
import type { ConsentState } from '../core/events.js';
import type { OptionsInputOf, PluginTypes } from '../core/plugin.js';

/** Store notice bar settings. */
export interface StoreNoticeConfig {
  /** Part of the dismissal cookie name, so a new notice shows again. */
  readonly id: string;
  readonly text: string;
  /** @default 'info' */
  readonly status: 'info' | 'error';
}

/**
 * Checkout settings: what each shipping zone charges (centavos: `10_000` is ₱100), the shop's
 * bank details for Direct bank transfer (one line each, shown on the order-received page and in
 * the emails) and where new-order notices go. Leave out to use {@link DEFAULT_CHECKOUT}.
 */
export interface CheckoutConfig {
  readonly shipping: {
    readonly metroManila: { readonly flat: number; readonly freeFrom: number | null };
    readonly luzon: { readonly flat: number };
    readonly visayas: { readonly flat: number };
    readonly mindanao: { readonly flat: number };
    readonly pickup: boolean;
  };
  readonly bankDetails: readonly string[];
  readonly ordersEmail: string;
}

/** The demo shop's checkout: ₱100 Metro Manila (free from ₱1,500), ₱150 Luzon, ₱200 Visayas and Mindanao, pickup. */
export const DEFAULT_CHECKOUT: CheckoutConfig = {
  shipping: { metroManila: { flat: 10_000, freeFrom: 150_000 }, luzon: { flat: 15_000 }, visayas: { flat: 20_000 }, mindanao: { flat: 20_000 }, pickup: true },
  bankDetails: ['Account name: Suki Shop Inc.', 'Bank: Bank of the Philippine Islands', 'Account number: 0012-3456-7890'],
  ordersEmail: 'orders@suki.example.ph',
};

/** One plugin's switch and its options, as the integrator writes them. */
export interface PluginSwitchInput<O> {
  readonly enabled: boolean;
  /** Checked against the plugin's own schema at start-up; defaults fill what is left out. */
  readonly options?: O;
}

/**
 * What `plugins.config.ts` may say about plugins: every plugin that exists (each adds itself to
 * `PluginTypes` from its own folder), with options typed by that plugin's own schema. A misspelt
 * plugin name, option name or option value is a type error in the editor.
 */
export type PluginsConfigInput = { readonly [N in keyof PluginTypes]?: PluginSwitchInput<OptionsInputOf<PluginTypes[N]>> };

/**
 * The shop's own language: mails to the shop (new order, contact message, review to moderate,
 * estimate request) are written in it. @default 'en-PH'
 */
export type ShopLanguage = 'en-PH' | 'fil-PH';

/** The configuration as the integrator writes it (`defineShopConfig`). */
export interface ShopConfigInput {
  readonly shop: { readonly name: string; readonly tagline: string; readonly storeNotice: StoreNoticeConfig | null; readonly language?: ShopLanguage };
  readonly consent: { readonly default: ConsentState };
  readonly cart: { readonly redirectAfterAdd: boolean };
  readonly checkout?: CheckoutConfig;
  readonly accounts?: AccountsConfig;
  readonly debug?: DebugConfig;
  readonly plugins: PluginsConfigInput;
}

/**
 * The event inspector (a panel listing every event and command, for integrators). Off by default:
 * then only a development build (`npm run dev`) opens it, with `?suki-debug=1` in the address.
 * `'on-request'` lets `?suki-debug=1` open it in a production build too (remembered for the tab's
 * session; `?suki-debug=0` forgets it); `true` shows it on every page, to everyone.
 */
export type DebugConfig = boolean | 'on-request';

/** How the browser may open the inspector: `on` always, `request` with `?suki-debug=1`; absent, not in a production build. */
export type InspectorMode = 'on' | 'request';

/** The inspector's mode for a configuration's `debug`; undefined when it is off. */
export const inspectorMode = (debug: DebugConfig | undefined): InspectorMode | undefined =>
  debug === true ? 'on' : debug === 'on-request' ? 'request' : undefined;

/** Shopper accounts on `/my-account/` (our own shop; a stock shop decides for itself upstream). */
export interface AccountsConfig {
  /** The shortest password a shopper may choose (8 to 128). @default 8 */
  readonly passwordMinLength?: number;
  /** Whether shoppers may register on `/my-account/`. @default true */
  readonly registration?: boolean;
}

/**
 * The configuration once its shape is checked at start-up (`parseShopConfig`). Plugin options stay
 * raw here: each plugin's schema checks its own when the plugins load.
 */
export interface ShopConfig {
  readonly shop: { readonly name: string; readonly tagline: string; readonly storeNotice: StoreNoticeConfig | null; readonly language?: ShopLanguage };
  readonly consent: { readonly default: ConsentState };
  readonly cart: { readonly redirectAfterAdd: boolean };
  /** Absent: {@link DEFAULT_CHECKOUT}. */
  readonly checkout?: CheckoutConfig;
  readonly accounts?: AccountsConfig;
  /** Absent: off. */
  readonly debug?: DebugConfig;
  readonly plugins: Readonly<Record<string, { readonly enabled: boolean; readonly options?: unknown }>>;
}

const centavos = z.int().check(z.minimum(0), z.maximum(100_000_000));

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
    language: z.optional(z.enum(['en-PH', 'fil-PH'])),
  }),
  consent: z.object({ default: z.enum(['granted', 'denied', 'ask']) }),
  cart: z.object({ redirectAfterAdd: z._default(z.boolean(), false) }),
  checkout: z.optional(
    z.object({
      shipping: z.object({
        metroManila: z.object({ flat: centavos, freeFrom: z.nullable(centavos) }),
        luzon: z.object({ flat: centavos }),
        visayas: z.object({ flat: centavos }),
        mindanao: z.object({ flat: centavos }),
        pickup: z.boolean(),
      }),
      bankDetails: z.array(z.string().check(z.maxLength(200))),
      ordersEmail: z.string().check(z.regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/)),
    }),
  ),
  accounts: z.optional(
    z.object({
      passwordMinLength: z.optional(z.int().check(z.minimum(8), z.maximum(128))),
      registration: z.optional(z.boolean()),
    }),
  ),
  debug: z.optional(z.union([z.boolean(), z.literal('on-request')])),
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

/** Gives `plugins.config.ts` its types (the config is checked again at start-up). */
export const defineShopConfig = (config: ShopConfigInput): ShopConfigInput => config;
