/**
 * Currency as the server reports it (Store API `currency_*` fields). Amounts travel as integers in
 * minor units next to this description; they are never floats.
 */
export interface Currency {
  /** ISO 4217 code, e.g. `PHP`. */
  readonly code: string;
  /** Digits after the decimal point: 2 for PHP. */
  readonly minorUnit: number;
  readonly symbol: string;
  readonly prefix: string;
  readonly suffix: string;
  readonly decimalSeparator: string;
  readonly thousandSeparator: string;
}

/** An amount in minor units (centavos for PHP). Always a safe integer. */
export type MinorUnits = number;

/** The demo shop's currency. */
export const PHP: Currency = {
  code: 'PHP',
  minorUnit: 2,
  symbol: '₱',
  prefix: '₱',
  suffix: '',
  decimalSeparator: '.',
  thousandSeparator: ',',
};
