/**
 * Pieces of the WooCommerce Store API shape shared by the catalog and cart adapters: amounts,
 * currency fields and images. Schemas only check what the storefront reads; extra fields pass
 * (and are dropped), as a stock answer carries many.
 */
import * as v from 'valibot';
import type { ProductImage } from '../core/domain/catalog.js';
import type { Currency, MinorUnits } from '../core/domain/money.js';
import { decodeEntities, htmlToText } from './text.js';

/** A whole number (a JSON number with no fraction). */
export const int = v.pipe(v.number(), v.integer());

/** An amount in minor units, sent as a string of digits (`"1999"`); 15 digits keep it a safe integer. */
export const amountSchema = v.pipe(v.string(), v.regex(/^-?\d{1,15}$/));

/** Converts a validated amount string to minor units. */
export function toMinorUnits(amount: string): MinorUnits {
  return Number(amount);
}

/** The `currency_*` fields the Store API puts beside every group of amounts. */
export const currencyShape = {
  currency_code: v.string(),
  currency_minor_unit: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(18)),
  currency_symbol: v.optional(v.string()),
  currency_prefix: v.optional(v.string()),
  currency_suffix: v.optional(v.string()),
  currency_decimal_separator: v.optional(v.string()),
  currency_thousand_separator: v.optional(v.string()),
};

/** Parsed `currency_*` fields. */
export interface CurrencyFields {
  readonly currency_code: string;
  readonly currency_minor_unit: number;
  readonly currency_symbol?: string | undefined;
  readonly currency_prefix?: string | undefined;
  readonly currency_suffix?: string | undefined;
  readonly currency_decimal_separator?: string | undefined;
  readonly currency_thousand_separator?: string | undefined;
}

/** Currencies already made, by their wire fields (a shop reports one or a few). */
const currencies = new Map<string, Currency>();
const KEPT_CURRENCIES = 16;

/**
 * Maps `currency_*` fields to the domain currency; symbols may arrive as entities (`&#36;`), spaces
 * are kept. The same fields give the same (frozen) object: every product of a page carries them,
 * and a view that compares currencies by identity then sees no change where there is none.
 */
export function toCurrency(fields: CurrencyFields): Currency {
  const key = JSON.stringify([
    fields.currency_code,
    fields.currency_minor_unit,
    fields.currency_symbol,
    fields.currency_prefix,
    fields.currency_suffix,
    fields.currency_decimal_separator,
    fields.currency_thousand_separator,
  ]);
  const known = currencies.get(key);
  if (known) return known;
  const made: Currency = Object.freeze({
    code: fields.currency_code,
    minorUnit: fields.currency_minor_unit,
    symbol: decodeEntities(fields.currency_symbol ?? ''),
    prefix: decodeEntities(fields.currency_prefix ?? ''),
    suffix: decodeEntities(fields.currency_suffix ?? ''),
    decimalSeparator: decodeEntities(fields.currency_decimal_separator ?? '.'),
    thousandSeparator: decodeEntities(fields.currency_thousand_separator ?? ','),
  });
  if (currencies.size >= KEPT_CURRENCIES) currencies.delete(currencies.keys().next().value as string);
  currencies.set(key, made);
  return made;
}

/**
 * A link or image address from an answer, kept only when it is http(s) or relative: a
 * `javascript:` or `data:` address never reaches an `href` or `src`.
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(trimmed);
  return scheme && !/^https?$/i.test(scheme[1] ?? '') ? '' : trimmed;
}

/** A Store API image. */
export const imageSchema = v.object({
  id: int,
  src: v.string(),
  thumbnail: v.optional(v.string()),
  srcset: v.optional(v.string()),
  sizes: v.optional(v.string()),
  name: v.optional(v.string()),
  alt: v.optional(v.string()),
});

/** Maps a Store API image to the domain image. */
export function toImage(image: v.InferOutput<typeof imageSchema>): ProductImage {
  return {
    id: image.id,
    src: safeUrl(image.src),
    thumbnail: safeUrl(image.thumbnail ?? image.src),
    srcset: image.srcset ?? '',
    sizes: image.sizes ?? '',
    alt: htmlToText(image.alt ?? ''),
    name: htmlToText(image.name ?? ''),
  };
}
