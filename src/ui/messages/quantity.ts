/**
 * The quantity stepper's controls' names (the notes on a changed quantity are in
 * `src/core/rules/quantity-messages.ts`). Only the stepper imports this (Filipino in
 * `src/i18n/locales/fil-PH/shell.json`).
 */
import { defineMessages, params } from '../../i18n/index.js';

export const quantityTexts = defineMessages('shell/quantity', {
  quantity: 'Quantity',
  quantityOf: params('Quantity of {name}'),
  decrease: 'Decrease quantity',
  decreaseOf: params('Decrease quantity of {name}'),
  increase: 'Increase quantity',
  increaseOf: params('Increase quantity of {name}'),
});
