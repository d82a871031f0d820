/**
 * The money patterns (`src/core/rules/money-pattern.ts`) against a stock shop's wire: the
 * currency of a stock WooCommerce 9.1 shop's products, read through this adapter from recorded
 * answers, gets a pattern, and its prices are written exactly as Intl writes them.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptMoneyFormats, formatMoney } from '../core/rules/money.js';
import { moneyFormatsFor } from '../core/rules/money-pattern.js';
import { storeProductSchema, toProduct } from './catalog.js';

afterEach(() => adoptMoneyFormats(null));

describe('money patterns on a stock shop', () => {
  it('learns the currency of a stock WooCommerce 9.1 shop’s products (recorded answers) and writes their prices as Intl does', () => {
    const recorded = JSON.parse(readFileSync(new URL('../../tests/fixtures/stock-woocommerce-9.1/storeapi-products.json', import.meta.url), 'utf8')) as unknown[];
    const products = recorded.map((raw) => toProduct(v.parse(storeProductSchema, raw)));
    const amounts = products.flatMap((p) => [p.prices.price, p.prices.regularPrice]);
    const currency = products[0]!.prices.currency;
    const byIntl = amounts.map((minor) => formatMoney(minor, currency));
    const formats = moneyFormatsFor({ products }, 'en-PH');
    expect(formats?.currencies.map((c) => `${c.code}:${c.minorUnit}`)).toEqual([`${currency.code}:${currency.minorUnit}`]);
    adoptMoneyFormats(formats);
    expect(amounts.map((minor) => formatMoney(minor, currency))).toEqual(byIntl);
  });

});
