/**
 * The notes that say why a typed quantity was changed ({@link typedQuantityMessage}), in English;
 * Filipino in `src/i18n/locales/fil-PH/shell.json`. `…Of` variants name the item (already quoted).
 */
import { defineMessages, params } from '../../i18n/index.js';

export const quantityNotes = defineMessages('shell/quantity-notes', {
  empty: params('The quantity needs a number, so it stays at {quantity}.'),
  emptyOf: params('The quantity of {name} needs a number, so it stays at {quantity}.'),
  aboveMax: params('The most you can buy is {quantity}, so the quantity is now {quantity}.'),
  aboveMaxOf: params('The most you can buy of {name} is {quantity}, so the quantity is now {quantity}.'),
  belowMin: params('The least you can buy is {quantity}, so the quantity is now {quantity}.'),
  belowMinOf: params('The least you can buy of {name} is {quantity}, so the quantity is now {quantity}.'),
  offStep: params('This product is sold in steps of {step}, so the quantity is now {quantity}.'),
  offStepOf: params('{name} is sold in steps of {step}, so the quantity is now {quantity}.'),
});

/** The notes' texts in one language (`textsIn(quantityNotes, locale)`). */
export type QuantityNotes = (typeof quantityNotes)['base'];
