/**
 * The shell's texts that are built from values (counts, names, retries) read right in both
 * languages: the header cart button's plural, the retry notices, the announcements and the
 * quantity notes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartFailureMessage, type CartRetry } from '../../core/cart/cart-module.js';
import { cartFailureTexts } from '../../core/cart/messages.js';
import { typedQuantityMessage } from '../../core/rules/quantity.js';
import { quantityNotes } from '../../core/rules/quantity-messages.js';
import { setCatalogue, textsIn } from '../../i18n/index.js';
import filipino from '../../i18n/locales/fil-PH.json' with { type: 'json' };
import { filteredMessage, retryingMessage } from '../components/Notices.js';
import { cartPanelTexts } from './cart-panel.js';
import { noticeTexts } from './notices.js';
import { searchDialogTexts } from './search-dialog.js';

setCatalogue('fil-PH', filipino);

describe('the header cart button', () => {
  it('says the count with the right English plural', () => {
    const t = textsIn(cartPanelTexts, 'en-PH');
    expect([0, 1, 2].map((n) => t.button(n))).toEqual(['Cart (0 items)', 'Cart (1 item)', 'Cart (2 items)']);
  });

  it('starts with its name and shows the count itself, in both languages', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.constantFrom('en-PH' as const, 'fil-PH' as const), (n, locale) => {
        const match = /^Cart \((\d+) (items?)\)$/.exec(textsIn(cartPanelTexts, locale).button(n));
        expect(match).not.toBeNull();
        expect(Number(match?.[1])).toBe(n);
        if (locale === 'en-PH') expect(match?.[2]).toBe(n === 1 ? 'item' : 'items');
      }),
    );
  });
});

describe('the cart notices', () => {
  const retry = (over: Partial<CartRetry>): CartRetry => ({ intent: 'add', name: 'Barong', attempt: 2, of: 3, untilReconnect: false, failure: { kind: 'network', message: '' }, ...over }) as CartRetry;

  it('say the attempt on screen, not in the live region', () => {
    const en = textsIn(noticeTexts, 'en-PH');
    expect(retryingMessage(retry({}), en)).toBe('The shop cannot be reached. “Barong” is kept and will be sent again (attempt 2 of 3).');
    expect(retryingMessage(retry({}), en, true)).toBe('The shop cannot be reached. “Barong” is kept and will be sent again.');
    expect(retryingMessage(retry({ name: '', untilReconnect: true, failure: { kind: 'timeout', message: '' } } as Partial<CartRetry>), en)).toBe(
      'The shop is slow to answer. Your change is kept and will be sent when the connection is back.',
    );
    const fil = textsIn(noticeTexts, 'fil-PH');
    expect(retryingMessage(retry({}), fil)).toBe('Hindi maabot ang tindahan. Nakatabi ang “Barong” at ipapadala ulit (ika-2 sa 3 na subok).');
  });

  it('count filtered products in the page’s language', () => {
    expect(filteredMessage(0)).toBe('No products match these filters.');
    expect(filteredMessage(1)).toBe('1 product matches these filters.');
    expect(filteredMessage(4, textsIn(noticeTexts, 'en-PH'))).toBe('4 products match these filters.');
    expect(filteredMessage(4, textsIn(noticeTexts, 'fil-PH'))).toBe('4 produkto ang tugma sa mga filter na ito.');
  });
});

describe('the search dialog’s count', () => {
  it('takes the term as text', () => {
    const t = textsIn(searchDialogTexts, 'en-PH');
    expect(t.found(2).replace('{term}', () => '$& ube')).toBe('2 products match “$& ube”.');
    expect(textsIn(searchDialogTexts, 'fil-PH').found(1).replace('{term}', () => 'ube')).toBe('1 produkto ang tugma sa “ube”.');
  });
});

describe('the quantity notes', () => {
  it('say in English why the quantity changed, naming the item when there is one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 2, max: 50 }), fc.constantFrom('“Banig”', '“Ube jam”'), (quantity, step, name) => {
        expect(typedQuantityMessage({ kind: 'empty', quantity })).toBe(`The quantity needs a number, so it stays at ${quantity}.`);
        expect(typedQuantityMessage({ kind: 'empty', quantity }, name)).toBe(`The quantity of ${name} needs a number, so it stays at ${quantity}.`);
        expect(typedQuantityMessage({ kind: 'above-max', quantity })).toBe(`The most you can buy is ${quantity}, so the quantity is now ${quantity}.`);
        expect(typedQuantityMessage({ kind: 'above-max', quantity }, name)).toBe(`The most you can buy of ${name} is ${quantity}, so the quantity is now ${quantity}.`);
        expect(typedQuantityMessage({ kind: 'below-min', quantity })).toBe(`The least you can buy is ${quantity}, so the quantity is now ${quantity}.`);
        expect(typedQuantityMessage({ kind: 'below-min', quantity }, name)).toBe(`The least you can buy of ${name} is ${quantity}, so the quantity is now ${quantity}.`);
        expect(typedQuantityMessage({ kind: 'off-step', quantity, step })).toBe(`This product is sold in steps of ${step}, so the quantity is now ${quantity}.`);
        expect(typedQuantityMessage({ kind: 'off-step', quantity, step }, name)).toBe(`${name} is sold in steps of ${step}, so the quantity is now ${quantity}.`);
      }),
      { numRuns: 20 },
    );
  });

  it('name the item and the quantity kept, in Filipino too', () => {
    const fil = textsIn(quantityNotes, 'fil-PH');
    expect(typedQuantityMessage({ kind: 'above-max', quantity: 2 }, '“Banig”', fil)).toBe('Hanggang 2 lang ang puwedeng bilhin sa “Banig”, kaya 2 na ang dami.');
    expect(typedQuantityMessage({ kind: 'off-step', quantity: 6, step: 3 }, undefined, fil)).toBe('Binebenta ang produktong ito nang tig-3, kaya 6 na ang dami.');
    expect(typedQuantityMessage({ kind: 'accepted', quantity: 6 }, undefined, fil)).toBeNull();
  });
});

describe('the cart’s failure sentences', () => {
  it('keep the English wording and follow the page’s language', () => {
    const failure = { kind: 'network', message: '' } as const;
    expect(cartFailureMessage('add', 'Banig', failure)).toBe('“Banig” could not be added to your cart: the shop could not be reached. Check your connection and try again.');
    expect(cartFailureMessage('quantity', '', { kind: 'timeout', message: '' })).toBe('The item could not be updated: the shop took too long to answer. Please try again.');
    expect(cartFailureMessage('remove', 'Banig', failure, textsIn(cartFailureTexts, 'fil-PH'))).toBe(
      'Hindi maalis sa cart mo ang “Banig”: hindi maabot ang tindahan. Tingnan ang koneksyon mo at subukang muli.',
    );
  });
});
