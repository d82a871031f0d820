import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContactFormSchema, FieldValue, SwvRule } from '../domain/contact-form.js';
import {
  acceptedExtensions,
  ALLOWED_URL_SCHEMES,
  inputsFrom,
  normaliseLineBreaks,
  errorIdOf,
  fieldError,
  fieldValues,
  isAcceptedFile,
  isoWeekday,
  isSwvDate,
  isSwvEmail,
  isSwvNumber,
  isSwvTel,
  isSwvTime,
  isSwvUrl,
  normaliseTel,
  rulePasses,
  totalLength,
  validateForm,
  validateUpTo,
} from './contact-form.js';

const values = (...items: FieldValue[]) => fieldValues(items);
const pass = (rule: SwvRule, ...items: FieldValue[]) => rulePasses(rule, values(...items));
const R = <T extends SwvRule>(rule: T): T => rule;

const localPart = fc.stringMatching(/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]{1,20}$/);
const label = fc.stringMatching(/^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,8}[a-zA-Z0-9])?$/);
const domain = fc.array(label, { minLength: 2, maxLength: 4 }).map((labels) => labels.join('.'));
const validEmail = fc.tuple(localPart, domain).map(([l, d]) => `${l}@${d}`).filter((e) => e.length >= 6);
const isoDate = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe('fieldValues', () => {
  it('trims, makes line breaks LF and drops blanks and empty file slots', () => {
    expect(fieldValues([' a\r\nb ', '  ', '\r\n', { name: '', size: 0 }, { name: 'x.pdf', size: 3 }])).toEqual({ texts: ['a\nb'], files: [{ name: 'x.pdf', size: 3 }] });
  });
  it('is idempotent on its texts', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (texts) => {
        const once = fieldValues(texts).texts;
        expect(fieldValues(once).texts).toEqual(once);
      }),
    );
  });
});

describe('required and requiredfile', () => {
  it('required passes with any non-blank text or file, fails on blanks only', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(' ', '\n', '\r\n', '\t', '')), (blanks) => {
        expect(pass(R({ rule: 'required', field: 'f', error: 'e' }), ...blanks)).toBe(false);
        expect(pass(R({ rule: 'required', field: 'f', error: 'e' }), ...blanks, 'x')).toBe(true);
      }),
    );
    expect(pass(R({ rule: 'required', field: 'f', error: 'e' }), { name: 'a.pdf', size: 1 })).toBe(true);
  });
  it('requiredfile wants a file; text does not count', () => {
    expect(pass(R({ rule: 'requiredfile', field: 'f', error: 'e' }), 'text')).toBe(false);
    expect(pass(R({ rule: 'requiredfile', field: 'f', error: 'e' }), { name: 'a.pdf', size: 0 })).toBe(true);
  });
});

describe('email (is_email)', () => {
  it('accepts generated well-formed addresses', () => fc.assert(fc.property(validEmail, (e) => { expect(isSwvEmail(e)).toBe(true); })));
  it('refuses a second @, a short address, a leading @, a double dot, a single label, a hyphen at a label edge', () => {
    fc.assert(
      fc.property(validEmail, (e) => {
        expect(isSwvEmail(`${e}@x.ph`)).toBe(false);
        expect(isSwvEmail(`@${e}`)).toBe(false);
        expect(isSwvEmail(e.replace(/\.([^.]*)$/, '..$1'))).toBe(false);
      }),
    );
    expect(isSwvEmail('a@b.c')).toBe(false); // 5 characters
    expect(isSwvEmail('abc@localhost')).toBe(false);
    expect(isSwvEmail('abc@-x.ph')).toBe(false);
    expect(isSwvEmail('abc@x-.ph')).toBe(false);
    expect(isSwvEmail('a b@x.ph')).toBe(false);
    expect(isSwvEmail('abc@xn--ñ.ph')).toBe(false);
    expect(isSwvEmail('ana@suki.ph')).toBe(true);
  });
});

describe('url', () => {
  it('accepts the allowed schemes and refuses others or relative addresses', () => {
    expect(isSwvUrl('https://suki.ph/a?b=1')).toBe(true);
    expect(isSwvUrl('mailto:ana@suki.ph')).toBe(true);
    expect(isSwvUrl('tel:+639171234567')).toBe(true);
    expect(isSwvUrl('javascript:alert(1)')).toBe(false);
    expect(isSwvUrl('data:text/html,x')).toBe(false);
    expect(isSwvUrl('suki.ph')).toBe(false);
    expect(isSwvUrl('/relative')).toBe(false);
    expect(isSwvUrl('http://')).toBe(false);
  });
  it('refuses every scheme outside the list', () =>
    fc.assert(fc.property(fc.stringMatching(/^[a-z]{2,8}$/).filter((s) => !['http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed', 'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn'].includes(s)), (s) => { expect(isSwvUrl(`${s}://x.ph/`)).toBe(false); })));
});

describe('tel', () => {
  it('drops separators and extensions, makes 00 a +, wants 6 to 15 characters', () => {
    expect(normaliseTel('(02) 8123-4567')).toBe('0281234567');
    expect(normaliseTel('0063 917 123 4567')).toBe('+639171234567');
    expect(normaliseTel('+63 917 123 4567 #12')).toBe('+639171234567');
    expect(isSwvTel('+63 917 123 4567')).toBe(true);
    expect(isSwvTel('12345')).toBe(false);
    expect(isSwvTel('1234567890123456')).toBe(false);
    expect(isSwvTel('0917-abc-4567')).toBe(false);
    expect(isSwvTel('++639171234567')).toBe(false);
  });
  it('accepts any 6 to 15 digits however they are separated', () =>
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{5,14}$/), fc.constantFrom(' ', '-', '.', '/'), (digits, sep) => {
        expect(isSwvTel(digits.split('').join(sep))).toBe(true);
      }),
    ));
});

describe('number, date, time', () => {
  it('number follows HTML floating-point syntax', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => { expect(isSwvNumber(String(n).replace(/e\+/, 'e'))).toBe(true); }));
    for (const bad of ['+1', '1,000', '1.', '.', '', '1e', 'abc', '--1', '0x10']) expect(isSwvNumber(bad)).toBe(false);
    for (const good of ['0', '-1', '.5', '1.25', '2e3', '2E-3']) expect(isSwvNumber(good)).toBe(true);
  });
  it('date is a real calendar day in YYYY-MM-DD', () => {
    fc.assert(fc.property(isoDate, (d) => { expect(isSwvDate(d)).toBe(true); }));
    for (const bad of ['2025-02-29', '2024-13-01', '2024-04-31', '2024-4-1', '24-04-01', '2024-00-10', '2024/04/01']) expect(isSwvDate(bad)).toBe(false);
    expect(isSwvDate('2024-02-29')).toBe(true);
    expect(isSwvDate('2000-02-29')).toBe(true);
    expect(isSwvDate('1900-02-29')).toBe(false);
  });
  it('time is HH:MM or HH:MM:SS within the clock', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => { expect(isSwvTime(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)).toBe(true); }));
    for (const bad of ['24:00', '12:60', '1:30', '12:30:60', '12']) expect(isSwvTime(bad)).toBe(false);
  });
  it('the ISO weekday agrees with the calendar and moves by one a day', () => {
    expect(isoWeekday('2026-11-26')).toBe(4); // a Thursday
    expect(isoWeekday('2026-11-29')).toBe(7);
    fc.assert(
      fc.property(isoDate, (d) => {
        const next = new Date(`${d}T00:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        expect(isoWeekday(next.toISOString().slice(0, 10))).toBe((isoWeekday(d) % 7) + 1);
      }),
    );
  });
});

describe('enum and file', () => {
  it('enum accepts only listed values, line breaks normalised, blank choices ignored', () => {
    const rule = R({ rule: 'enum', field: 'f', accept: ['Retail', 'Café\r\nshop', ''], error: 'e' });
    expect(pass(rule, 'Retail', 'Café\nshop')).toBe(true);
    expect(pass(rule, 'Retail', 'Other')).toBe(false);
    expect(pass(rule)).toBe(true);
  });
  it('file accepts listed extensions and MIME types, case-insensitively', () => {
    expect([...acceptedExtensions(['.PDF', 'image/*'])].sort()).toEqual(['gif', 'jpe', 'jpeg', 'jpg', 'pdf', 'png', 'webp']);
    expect(isAcceptedFile('Order.PDF', ['.pdf'])).toBe(true);
    expect(isAcceptedFile('order.pdf.exe', ['.pdf'])).toBe(false);
    expect(isAcceptedFile('photo.jpeg', ['image/jpeg'])).toBe(true);
    expect(isAcceptedFile('pdf', ['.pdf'])).toBe(false);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9_-]{1,10}$/), fc.constantFrom('pdf', 'csv', 'xlsx'), (base, ext) => {
        expect(pass(R({ rule: 'file', field: 'f', accept: ['.pdf', '.csv', '.xlsx'], error: 'e' }), { name: `${base}.${ext}`, size: 1 })).toBe(true);
        expect(pass(R({ rule: 'file', field: 'f', accept: ['.pdf', '.csv', '.xlsx'], error: 'e' }), { name: `${base}.${ext}.js`, size: 1 })).toBe(false);
      }),
    );
  });
});

describe('thresholds', () => {
  it('length counts UTF-16 code units over all values; minlength skips an empty field', () => {
    expect(totalLength(values('ab', '😀'))).toBe(4);
    expect(pass(R({ rule: 'minlength', field: 'f', threshold: 5, error: 'e' }))).toBe(true);
    expect(pass(R({ rule: 'minlength', field: 'f', threshold: 5, error: 'e' }), 'ab😀')).toBe(false);
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { maxLength: 4 }), fc.nat(60), (texts, t) => {
        const length = totalLength(fieldValues(texts));
        expect(pass(R({ rule: 'maxlength', field: 'f', threshold: t, error: 'e' }), ...texts)).toBe(length <= t);
        expect(pass(R({ rule: 'minlength', field: 'f', threshold: t, error: 'e' }), ...texts)).toBe(length === 0 || length >= t);
      }),
    );
  });
  it('CRLF counts as one character, as the server normalises it', () => {
    expect(pass(R({ rule: 'maxlength', field: 'f', threshold: 3, error: 'e' }), 'a\r\nb')).toBe(true);
  });
  it('min/max number compare each number; non-numbers are left to the number rule', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), (n, t) => {
        expect(pass(R({ rule: 'minnumber', field: 'f', threshold: t, error: 'e' }), String(n))).toBe(n >= t);
        expect(pass(R({ rule: 'maxnumber', field: 'f', threshold: t, error: 'e' }), String(n))).toBe(n <= t);
      }),
    );
    expect(pass(R({ rule: 'minnumber', field: 'f', threshold: 5, error: 'e' }), 'many')).toBe(true);
  });
  it('min/max date compare well-formed dates; malformed ones are left to the date rule', () => {
    fc.assert(
      fc.property(isoDate, isoDate, (d, t) => {
        expect(pass(R({ rule: 'mindate', field: 'f', threshold: t, error: 'e' }), d)).toBe(d >= t);
        expect(pass(R({ rule: 'maxdate', field: 'f', threshold: t, error: 'e' }), d)).toBe(d <= t);
      }),
    );
    expect(pass(R({ rule: 'mindate', field: 'f', threshold: '2030-01-01', error: 'e' }), 'soon')).toBe(true);
    expect(pass(R({ rule: 'mindate', field: 'f', threshold: 'bad', error: 'e' }), '2000-01-01')).toBe(true);
  });
  it('min/max items count non-blank values', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', ' ', ''), { maxLength: 6 }), fc.nat(5), (items, t) => {
        const count = items.filter((i) => i.trim() !== '').length;
        expect(pass(R({ rule: 'minitems', field: 'f', threshold: t, error: 'e' }), ...items)).toBe(count >= t);
        expect(pass(R({ rule: 'maxitems', field: 'f', threshold: t, error: 'e' }), ...items)).toBe(count <= t);
      }),
    );
  });
  it('file sizes are the total of the field’s files', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { minLength: 1, maxLength: 4 }), fc.nat(3000), (sizes, t) => {
        const files = sizes.map((size, i) => ({ name: `f${i}.pdf`, size }));
        const total = sizes.reduce((a, b) => a + b, 0);
        expect(pass(R({ rule: 'maxfilesize', field: 'f', threshold: t, error: 'e' }), ...files)).toBe(total <= t);
        expect(pass(R({ rule: 'minfilesize', field: 'f', threshold: t, error: 'e' }), ...files)).toBe(total >= t);
      }),
    );
    expect(pass(R({ rule: 'minfilesize', field: 'f', threshold: 10, error: 'e' }))).toBe(true);
  });
  it('day of week accepts dates on the listed ISO weekdays only', () => {
    fc.assert(
      fc.property(isoDate, fc.subarray([1, 2, 3, 4, 5, 6, 7]), (d, days) => {
        expect(pass(R({ rule: 'dayofweek', field: 'f', accept: days, error: 'e' }), d)).toBe(days.includes(isoWeekday(d)));
      }),
    );
  });
});

describe('a schema', () => {
  const schema: ContactFormSchema = {
    version: 'Contact Form 7 SWV Schema 2024-10',
    locale: 'en_US',
    rules: [
      { rule: 'required', field: 'your-name', error: 'Please fill out this field.' },
      { rule: 'maxlength', field: 'your-name', threshold: 5, error: 'Too long.' },
      { rule: 'required', field: 'your-email', error: 'Please fill out this field.' },
      { rule: 'email', field: 'your-email', error: 'Please enter an email address.' },
      { rule: 'minlength', field: 'your.message', threshold: 3, error: 'Too short.' },
    ],
  };
  it('gives each field its first failing rule’s message, fields in schema order, names with . made _', () => {
    expect(validateForm(schema, { 'your-name': [''], 'your-email': ['x'], 'your.message': ['ab'] }, 'wpcf7-f1-o1')).toEqual([
      { field: 'your-name', message: 'Please fill out this field.', idref: null, errorId: 'wpcf7-f1-o1-ve-your-name' },
      { field: 'your-email', message: 'Please enter an email address.', idref: null, errorId: 'wpcf7-f1-o1-ve-your-email' },
      { field: 'your_message', message: 'Too short.', idref: null, errorId: 'wpcf7-f1-o1-ve-yourmessage' },
    ]);
    expect(fieldError(schema, { 'your-name': ['Ana'] }, 'your-name')).toBeNull();
    expect(errorIdOf('u', 'a b.c')).toBe('u-ve-abc');
  });
  it('checks on change the fields up to and including the changed one, no further', () => {
    const order = ['your-name', 'your-email', 'your.message'];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), (i) => {
        const checked = validateUpTo(schema, {}, order, order[i] ?? '');
        expect([...checked.keys()]).toEqual(order.slice(0, i + 1));
      }),
    );
  });
  it('an empty form fails exactly the required fields', () => {
    expect(validateForm(schema, {}).map((f) => f.field)).toEqual(['your-name', 'your-email']);
  });
});

describe('every value of a field counts', () => {
  // One value the rule takes and one it refuses, for each rule judged value by value.
  const cases: ReadonlyArray<readonly [SwvRule, string, string]> = [
    [R({ rule: 'email', field: 'f', error: 'e' }), 'juan@example.ph', 'juan@'],
    [R({ rule: 'url', field: 'f', error: 'e' }), 'https://example.ph/', 'example.ph'],
    [R({ rule: 'tel', field: 'f', error: 'e' }), '0917 123 4567', '12'],
    [R({ rule: 'number', field: 'f', error: 'e' }), '-1.5e3', '1,5'],
    [R({ rule: 'date', field: 'f', error: 'e' }), '2026-11-26', '2026-13-01'],
    [R({ rule: 'time', field: 'f', error: 'e' }), '23:59', '24:00'],
    [R({ rule: 'enum', field: 'f', accept: ['Yes', 'No'], error: 'e' }), 'Yes', 'Maybe'],
    [R({ rule: 'minnumber', field: 'f', threshold: 5, error: 'e' }), '5', '4'],
    [R({ rule: 'maxnumber', field: 'f', threshold: 5, error: 'e' }), '5', '6'],
    [R({ rule: 'mindate', field: 'f', threshold: '2026-01-01', error: 'e' }), '2026-01-01', '2025-12-31'],
    [R({ rule: 'maxdate', field: 'f', threshold: '2026-01-01', error: 'e' }), '2026-01-01', '2026-01-02'],
    [R({ rule: 'dayofweek', field: 'f', accept: [4], error: 'e' }), '2026-11-26', '2026-11-27'],
  ];

  it('each rule takes its good value and refuses its bad one; an empty field is left to required', () => {
    for (const [rule, good, bad] of cases) {
      expect([rule.rule, pass(rule, good), pass(rule, bad), pass(rule)]).toEqual([rule.rule, true, false, true]);
    }
  });

  it('property: a field of several values passes exactly when each value passes alone', () => {
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), ([rule, good, bad], goods) => {
        expect(pass(rule, ...goods.map((g) => (g ? good : bad)))).toBe(goods.every(Boolean));
      }),
      { numRuns: 100 },
    );
  });

  it('file: every file must have an accepted type', () => {
    const rule = R({ rule: 'file', field: 'f', accept: ['.pdf'], error: 'e' });
    expect(pass(rule, { name: 'a.pdf', size: 1 }, { name: 'b.PDF', size: 1 })).toBe(true);
    expect(pass(rule, { name: 'a.pdf', size: 1 }, { name: 'b.exe', size: 1 })).toBe(false);
  });
});

describe('the allowed lists', () => {
  it('a link may use any of WordPress’s schemes, whatever its case', () => {
    const wordpress = ['http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed', 'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn'];
    expect([...ALLOWED_URL_SCHEMES].sort()).toEqual([...wordpress].sort());
    for (const scheme of wordpress) {
      expect([scheme, isSwvUrl(`${scheme}://example.ph/a`)]).toEqual([scheme, true]);
      expect([scheme, isSwvUrl(`${scheme.toUpperCase()}:example`)]).toEqual([scheme, true]);
    }
  });

  it('each MIME type a file rule may name gives its extensions', () => {
    const types: Record<string, string[]> = {
      'image/jpeg': ['jpg', 'jpeg', 'jpe'],
      'image/png': ['png'],
      'image/gif': ['gif'],
      'image/webp': ['webp'],
      'application/pdf': ['pdf'],
      'text/plain': ['txt'],
      'text/csv': ['csv'],
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
    };
    for (const [mime, extensions] of Object.entries(types)) expect([mime, [...acceptedExtensions([mime])].sort()]).toEqual([mime, [...extensions].sort()]);
    expect([...acceptedExtensions(['image/*'])].sort()).toEqual(['gif', 'jpe', 'jpeg', 'jpg', 'png', 'webp']);
  });
});

describe('inputsFrom', () => {
  it('groups values by name in order, keeps a name with no value, and any name as an own field', () => {
    const inputs = inputsFrom([
      ['a', 'x'],
      ['b', null],
      ['a', 'y'],
      ['__proto__', 'z'],
    ]);
    expect(Object.keys(inputs)).toEqual(['a', 'b', '__proto__']);
    expect(inputs['a']).toEqual(['x', 'y']);
    expect(inputs['b']).toEqual([]);
    expect(Object.getOwnPropertyDescriptor(inputs, '__proto__')?.value).toEqual(['z']);
  });
});

describe('edges', () => {
  const schema: ContactFormSchema = { version: '', locale: '', rules: [{ rule: 'required', field: 'your-name', error: 'Required.' }] };

  it('a lone CR is a line break; a missing field has no values; a file slot with a size but no name is a file', () => {
    expect(normaliseLineBreaks('a\rb\r\nc')).toBe('a\nb\nc');
    expect(fieldValues(undefined)).toEqual({ texts: [], files: [] });
    expect(fieldValues([{ name: '', size: 3 }]).files).toEqual([{ name: '', size: 3 }]);
  });

  it('formats are whole values: anchored dates, times, labels; a day 00; outer spaces of an address', () => {
    for (const bad of ['2024-04-01x', 'x2024-04-01', '2024-01-00']) expect([bad, isSwvDate(bad)]).toEqual([bad, false]);
    for (const bad of ['x12:30', '12:30:5a']) expect([bad, isSwvTime(bad)]).toEqual([bad, false]);
    expect(isSwvTime('12:30:59')).toBe(true);
    expect(isSwvEmail('juan@ex_ample.ph')).toBe(false);
    expect(isSwvEmail('  juan@example.ph ')).toBe(true);
    expect(isSwvUrl('  https://example.ph/ ')).toBe(true);
  });

  it('requiredfile fails on an empty field; items count texts and files together; file sizes at the threshold pass', () => {
    expect(pass(R({ rule: 'requiredfile', field: 'f', error: 'e' }))).toBe(false);
    expect(pass(R({ rule: 'minitems', field: 'f', threshold: 2, error: 'e' }), 'a', { name: 'a.pdf', size: 1 })).toBe(true);
    expect(pass(R({ rule: 'maxitems', field: 'f', threshold: 1, error: 'e' }), 'a', { name: 'a.pdf', size: 1 })).toBe(false);
    expect(pass(R({ rule: 'minfilesize', field: 'f', threshold: 10, error: 'e' }), { name: 'a.pdf', size: 10 })).toBe(true);
    expect(pass(R({ rule: 'maxfilesize', field: 'f', threshold: 10, error: 'e' }), { name: 'a.pdf', size: 10 })).toBe(true);
  });

  it('accept lists: outer spaces and case ignored, blanks skipped, only the leading dot dropped; enum choices normalised', () => {
    expect([...acceptedExtensions([' .PDF ', '', '  ', 'tar.gz'])].sort()).toEqual(['pdf', 'tar.gz']);
    const choices = R({ rule: 'enum', field: 'f', accept: ['a\r\nb', ' c '], error: 'e' });
    expect(pass(choices, 'a\r\nb')).toBe(true);
    expect(pass(choices, 'c')).toBe(true);
  });

  it('an error id without a unit tag starts with -ve-; a changed field outside the page order is checked alone', () => {
    expect(validateForm(schema, {})).toEqual([{ field: 'your-name', message: 'Required.', idref: null, errorId: '-ve-your-name' }]);
    expect([...validateUpTo(schema, {}, ['a', 'b'], 'your-name')]).toEqual([['your-name', 'Required.']]);
  });
});
