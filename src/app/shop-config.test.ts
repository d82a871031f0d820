import { describe, expect, it } from 'vitest';
import { inspectorMode, parseShopConfig } from './shop-config.js';

const base = { shop: { name: 'Suki', tagline: '', storeNotice: null }, consent: { default: 'ask' }, cart: { redirectAfterAdd: false }, plugins: {} };

describe('the shop config’s debug switch (the event inspector)', () => {
  it('is off unless the integrator sets it', () => {
    expect(parseShopConfig(base).debug).toBeUndefined();
    expect(inspectorMode(parseShopConfig(base).debug)).toBeUndefined();
    expect(inspectorMode(false)).toBeUndefined();
  });

  it('opens on request with on-request, and on every page with true', () => {
    expect(inspectorMode(parseShopConfig({ ...base, debug: 'on-request' }).debug)).toBe('request');
    expect(inspectorMode(parseShopConfig({ ...base, debug: true }).debug)).toBe('on');
  });

  it('refuses anything else with a message naming the setting', () => {
    expect(() => parseShopConfig({ ...base, debug: 'yes' })).toThrow(/\[shop\] debug:/);
  });
});

describe('the shop’s own language (mails to the shop)', () => {
  it('is English unless set; Filipino may be chosen; anything else is refused naming the setting', () => {
    expect(parseShopConfig(base).shop.language).toBeUndefined();
    expect(parseShopConfig({ ...base, shop: { ...base.shop, language: 'fil-PH' } }).shop.language).toBe('fil-PH');
    expect(() => parseShopConfig({ ...base, shop: { ...base.shop, language: 'fr' } })).toThrow(/\[shop\] shop\.language:/);
  });
});
