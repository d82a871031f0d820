import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPostcode, normalisePhone, PHONE_MESSAGE, POSTCODE_MESSAGE } from './ph-contact.js';

describe('Philippine phone numbers', () => {
  it.each([
    ['0917 123 4567', '+639171234567'],
    ['+63 917 123 4567', '+639171234567'],
    ['+63-917-123-4567', '+639171234567'],
    ['(0917) 123-4567', '+639171234567'],
    ['00639171234567', '+639171234567'],
    ['639171234567', '+639171234567'],
    ['02 8123 4567', '+63281234567'],
    ['(032) 123 4567', '+63321234567'],
  ])('%s → %s', (raw, expected) => {
    expect(normalisePhone(raw)).toEqual({ ok: true, value: expected });
  });

  it.each(['', '12345', '0917 123 456', '+1 415 555 0100', '09171234567890', 'call me', '+63 0917 123 4567', '<script>'])('refuses %s', (raw) => {
    expect(normalisePhone(raw)).toEqual({ ok: false, error: PHONE_MESSAGE });
  });

  const mobile = fc.stringMatching(/^9\d{9}$/);
  it('property: a mobile typed as 0…, +63… or with spaces normalises to the same +63 number', () => {
    fc.assert(
      fc.property(mobile, (national) => {
        const spaced = `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
        for (const typed of [`0${national}`, `+63${national}`, `+63 ${national}`, spaced]) {
          expect(normalisePhone(typed)).toEqual({ ok: true, value: `+63${national}` });
        }
      }),
    );
  });

  it('property: normalising is idempotent, and what it accepts is +63 and 9–10 digits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[+0-9 ()-]{0,20}$/)), (raw) => {
        const once = normalisePhone(raw);
        if (!once.ok) return;
        expect(once.value).toMatch(/^\+63\d{9,10}$/);
        expect(normalisePhone(once.value)).toEqual(once);
      }),
    );
  });
});

describe('postcodes', () => {
  it('accepts exactly four digits', () => {
    expect(isPostcode('1000')).toBe(true);
    expect(isPostcode(' 6000 ')).toBe(true);
    expect(isPostcode('100')).toBe(false);
    expect(isPostcode('1000#A')).toBe(false);
    expect(isPostcode('١٠٠٠')).toBe(false);
  });
  it('property: a string is a postcode iff, trimmed, it is four ASCII digits', () => {
    fc.assert(fc.property(fc.string({ maxLength: 8 }), (s) => {
      expect(isPostcode(s)).toBe(/^[0-9]{4}$/.test(s.trim()));
    }));
  });
});

describe('Philippine numbers: what the mutation run found unchecked', () => {
  it('63 counts as the country code only before at least 9 more digits', () => {
    expect(normalisePhone('63212345678')).toEqual({ ok: true, value: '+63212345678' });
    expect(normalisePhone('6321234567').ok).toBe(false);
  });

  it('a country code counts only at the start', () => {
    expect(normalisePhone('ab+631234567').ok).toBe(false);
    expect(normalisePhone('ab0063123456').ok).toBe(false);
  });

  it('a national number needs its leading 0, and a landline at most 9 digits after it', () => {
    expect(normalisePhone('9171234567').ok).toBe(false);
    expect(normalisePhone('02 1234 5678 901').ok).toBe(false);
    expect(normalisePhone('02 1234 5678')).toEqual({ ok: true, value: '+63212345678' });
  });

  it('says what to type, in words', () => {
    expect(normalisePhone('call me')).toEqual({ ok: false, error: 'Please enter a Philippine mobile (09XX XXX XXXX or +63 9XX XXX XXXX) or landline number.' });
    expect(PHONE_MESSAGE).toBe('Please enter a Philippine mobile (09XX XXX XXXX or +63 9XX XXX XXXX) or landline number.');
    expect(POSTCODE_MESSAGE).toBe('Please enter a 4-digit postcode.');
  });

  it('a postcode is exactly four digits, not the last four of more', () => {
    expect(isPostcode('12345')).toBe(false);
    expect(isPostcode(' 1000 ')).toBe(true);
  });
});
