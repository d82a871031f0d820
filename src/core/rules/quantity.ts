import { BASE_LOCALE, textsIn } from '../../i18n/index.js';
import { quantityNotes, type QuantityNotes } from './quantity-messages.js';

/**
 * Quantity limits as a stepper knows them. Every field may be missing or not a number (they come
 * from data attributes and API fields), and each rule below says how that is read.
 */
export interface QuantityLimits {
  /** Lowest quantity; values below 0 count as 0. @default 0 */
  readonly min?: number | undefined;
  /** Highest quantity; no cap when missing, not finite, or 0 and below. @default no cap */
  readonly max?: number | undefined;
  /** Increment; missing, NaN, zero or negative means 1. @default 1 */
  readonly step?: number | undefined;
}

/** A stepper action: plus, minus, or none (just normalise what was typed). */
export type StepDirection = 'up' | 'down' | 'none';

interface Resolved {
  readonly lower: number;
  readonly upper: number;
  readonly step: number;
}

const resolve = (limits: QuantityLimits): Resolved => {
  // Stryker disable next-line ConditionalExpression: equivalent (`typeof … === 'number'` only narrows the type: Number.isFinite is false for anything else)
  const step = typeof limits.step === 'number' && Number.isFinite(limits.step) && limits.step > 0 ? limits.step : 1;
  // Stryker disable next-line ConditionalExpression: equivalent, as above
  const min = typeof limits.min === 'number' && Number.isFinite(limits.min) ? limits.min : 0;
  const lower = Math.max(min, 0);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, as above (and an infinite max is the default, Infinity)
  const max = typeof limits.max === 'number' && Number.isFinite(limits.max) && limits.max > 0 ? limits.max : Infinity;
  // A cap below the floor leaves one possible value: the floor.
  return { lower, upper: Math.max(max, lower), step };
};

const decimalsOf = (value: number): number => {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent (a fast path: the text of an integer or a non-finite number has no '.' and no 'e-', so the lines below also give 0)
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0;
  const text = String(value);
  const exponent = text.indexOf('e-');
  // Stryker disable next-line EqualityOperator: equivalent (a number's text never starts with 'e-')
  if (exponent >= 0) return Number(text.slice(exponent + 2));
  const point = text.indexOf('.');
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent (a non-integer's text without 'e-' always has a '.', never first)
  return point < 0 ? 0 : text.length - point - 1;
};

// Sums like 0.1 + 0.2 must land on 0.3: round to the precision of the numbers involved.
const tidy = (value: number, ...inputs: number[]): number => {
  const digits = Math.min(12, Math.max(0, ...inputs.map(decimalsOf)));
  // Stryker disable next-line ConditionalExpression: equivalent (with no decimals in the inputs the sum is whole, and toFixed(0) rounds it as Math.round does)
  return digits === 0 ? Math.round(value) : Number(value.toFixed(digits));
};

/**
 * Reads a quantity as the stock stepper does: numbers as they are, strings by their leading
 * number (`'3 pcs'` is 3); anything else, NaN or infinities count as 0.
 */
export const parseQuantity = (raw: unknown): number => {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number.parseFloat(raw) : Number.NaN;
  return Number.isFinite(value) ? value : 0;
};

/** Clamps a number into `[max(min, 0), max]`; NaN becomes the floor. */
export const clampQuantity = (value: number, limits: QuantityLimits = {}): number => {
  const { lower, upper } = resolve(limits);
  if (Number.isNaN(value)) return lower;
  return Math.min(Math.max(value, lower), upper);
};

/** Plus: the current value (non-numeric counts as 0) plus one step, capped at max. */
export const quantityPlus = (raw: unknown, limits: QuantityLimits = {}): number => {
  const { lower, upper, step } = resolve(limits);
  const current = parseQuantity(raw);
  return Math.min(Math.max(tidy(current + step, current, step), lower), upper);
};

/** Minus: the current value less one step, stopping at min (default 0), never below zero. */
export const quantityMinus = (raw: unknown, limits: QuantityLimits = {}): number => {
  const { lower, upper, step } = resolve(limits);
  const current = parseQuantity(raw);
  return Math.min(Math.max(tidy(current - step, current, step), lower), upper);
};

/**
 * Normalises typed input: parsed (non-numeric counts as 0), clamped into the limits, and moved to
 * the nearest multiple of step counted from the floor. When the cap is not on that grid, the
 * largest grid value under it is used; when no grid value fits, the cap itself.
 */
export const normaliseQuantityInput = (raw: unknown, limits: QuantityLimits = {}): number => {
  const { lower, upper, step } = resolve(limits);
  const clamped = Math.min(Math.max(parseQuantity(raw), lower), upper);
  let snapped = tidy(lower + Math.round((clamped - lower) / step) * step, lower, step);
  if (snapped > upper) snapped = tidy(snapped - step, snapped, step);
  // Stryker disable next-line all: unreachable (lower is on the grid and never above upper, so snapped >= lower here); kept as a guard
  if (snapped < lower) return Math.min(lower, upper);
  return snapped;
};

/** One stepper action, as the quantity field's buttons and Enter/blur use it. */
export const stepQuantity = (raw: unknown, limits: QuantityLimits, direction: StepDirection): number => {
  if (direction === 'up') return quantityPlus(raw, limits);
  if (direction === 'down') return quantityMinus(raw, limits);
  return normaliseQuantityInput(raw, limits);
};

/**
 * What became of a quantity typed into a field when the field was left: taken as typed, or
 * adjusted, and why. `quantity` is the one to keep.
 */
export type TypedQuantity =
  /** A number within the limits and on the step grid. */
  | { readonly kind: 'accepted'; readonly quantity: number }
  /** No number (an emptied field): the last confirmed quantity stays. */
  | { readonly kind: 'empty'; readonly quantity: number }
  /** Above the highest allowed: the highest allowed instead. */
  | { readonly kind: 'above-max'; readonly quantity: number }
  /** Below the lowest allowed: the lowest allowed instead. */
  | { readonly kind: 'below-min'; readonly quantity: number }
  /** Between two steps: the nearest step instead. */
  | { readonly kind: 'off-step'; readonly quantity: number; readonly step: number };

/**
 * Reads a quantity typed into a field. An empty field, or one without a leading number, keeps
 * `confirmed` (nothing the shopper had is lost); any other number is brought into the limits as
 * {@link normaliseQuantityInput} does, and the outcome says which rule moved it.
 */
export const readTypedQuantity = (raw: string, confirmed: number, limits: QuantityLimits = {}): TypedQuantity => {
  const typed = Number.parseFloat(raw);
  if (!Number.isFinite(typed)) return { kind: 'empty', quantity: confirmed };
  const { lower, upper, step } = resolve(limits);
  const quantity = normaliseQuantityInput(typed, limits);
  if (typed > upper) return { kind: 'above-max', quantity };
  if (typed < lower) return { kind: 'below-min', quantity };
  if (quantity !== typed) return { kind: 'off-step', quantity, step };
  return { kind: 'accepted', quantity };
};

/**
 * The sentence that tells the shopper why a typed quantity was changed, or null when it was taken
 * as typed. `itemName` (already quoted) says what the quantity is of, where a page has several;
 * `texts` are the notes in the page's language (English when not given).
 */
export const typedQuantityMessage = (outcome: TypedQuantity, itemName?: string, texts: QuantityNotes = textsIn(quantityNotes, BASE_LOCALE)): string | null => {
  const name = itemName ?? '';
  const named = itemName !== undefined && itemName !== '';
  switch (outcome.kind) {
    case 'accepted':
      return null;
    case 'empty':
      return named ? texts.emptyOf({ name, quantity: outcome.quantity }) : texts.empty({ quantity: outcome.quantity });
    case 'above-max':
      return named ? texts.aboveMaxOf({ name, quantity: outcome.quantity }) : texts.aboveMax({ quantity: outcome.quantity });
    case 'below-min':
      return named ? texts.belowMinOf({ name, quantity: outcome.quantity }) : texts.belowMin({ quantity: outcome.quantity });
    case 'off-step':
      return named ? texts.offStepOf({ name, step: outcome.step, quantity: outcome.quantity }) : texts.offStep({ step: outcome.step, quantity: outcome.quantity });
  }
};
