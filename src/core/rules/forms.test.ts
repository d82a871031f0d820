import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { characterCount, COMMENT_RULES, fieldError, firstInvalid, formReducer, formValid, initialForm, isEmail, MESSAGES, type FormEvent, type FormState } from './forms.js';

type Field = 'author' | 'email' | 'comment';
const FIELDS: Field[] = ['author', 'email', 'comment'];

describe('comment form rules', () => {
  it('author: required, at least 2 characters, counted as the shopper sees them (unicode, emoji)', () => {
    expect(fieldError(COMMENT_RULES.author, '')).toBe('This field is required.');
    expect(fieldError(COMMENT_RULES.author, '   \t\n')).toBe('This field is required.');
    // Invisible characters only (zero-width space, joiners, BOM, Hangul filler) are as empty as spaces.
    expect(fieldError(COMMENT_RULES.author, '\u200b\u200d\ufeff\u3164')).toBe('This field is required.');
    expect(fieldError(COMMENT_RULES.author, 'J')).toBe('Please enter at least 2 characters.');
    expect(fieldError(COMMENT_RULES.author, ' J ')).toBe('Please enter at least 2 characters.');
    expect(fieldError(COMMENT_RULES.author, 'Jo')).toBeNull();
    expect(fieldError(COMMENT_RULES.author, 'Ñö')).toBeNull();
    expect(fieldError(COMMENT_RULES.author, '🌺')).toBe('Please enter at least 2 characters.');
    expect(fieldError(COMMENT_RULES.author, '🌺🌺')).toBeNull();
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 40 }), (name) => {
        const n = characterCount(name.trim());
        const error = fieldError(COMMENT_RULES.author, name);
        if (n === 0) expect(error).toBe(MESSAGES.required);
        else if (n < 2) expect(error).toBe('Please enter at least 2 characters.');
        else expect(error).toBeNull();
      }),
    );
  });

  it('comment: required, at least 10 characters after trimming; the boundary is exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.constantFrom('a', 'ñ', '☕', '🇵🇭'.slice(0, 2)), fc.nat(5), (n, ch, pad) => {
        const text = `${' '.repeat(pad)}${ch.repeat(n)}${' '.repeat(pad)}`;
        const error = fieldError(COMMENT_RULES.comment, text);
        expect(error === null).toBe(n >= 10);
        if (n < 10) expect(error).toBe('Please enter at least 10 characters.');
      }),
    );
    expect(fieldError(COMMENT_RULES.comment, ' '.repeat(20))).toBe('This field is required.');
  });

  it('email: required and valid', () => {
    expect(fieldError(COMMENT_RULES.email, '')).toBe('This field is required.');
    for (const bad of ['juan', 'juan@', '@shop.ph', 'juan@-shop.ph', 'ju an@shop.ph', 'juan@shop..ph']) expect(fieldError(COMMENT_RULES.email, bad), bad).toBe('Please enter a valid email address.');
    for (const good of ['juan@shop.ph', 'maria.clara+blog@mail.example.com', " o'neil@ex.ph "]) expect(fieldError(COMMENT_RULES.email, good), good).toBeNull();
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        // fast-check's addresses follow the RFC; the rule accepts every one whose labels are plain.
        if (/^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9.-]+$/.test(email)) expect(isEmail(email)).toBe(true);
      }),
    );
  });
});

/** The model: which fields should show an error, from the spec's sentences. */
interface Model {
  values: Record<Field, string>;
  touched: Record<Field, boolean>;
  submitted: boolean;
  shown: Set<Field>;
}
interface Real {
  state: FormState<Field>;
}

const valid = (f: Field, v: string) => fieldError(COMMENT_RULES[f], v) === null;

class Input implements fc.Command<Model, Real> {
  constructor(
    readonly field: Field,
    readonly value: string,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    m.values[this.field] = this.value;
    if (m.touched[this.field] || m.submitted || m.shown.has(this.field)) {
      if (valid(this.field, this.value)) m.shown.delete(this.field);
      else m.shown.add(this.field);
    }
    r.state = formReducer(COMMENT_RULES, r.state, { type: 'input', field: this.field, value: this.value });
    compare(m, r);
  }
  toString = () => `input(${this.field}, ${JSON.stringify(this.value)})`;
}
class Blur implements fc.Command<Model, Real> {
  constructor(readonly field: Field) {}
  check = () => true;
  run(m: Model, r: Real) {
    m.touched[this.field] = true;
    const v = m.values[this.field];
    if (m.submitted || v.trim() !== '' || m.shown.has(this.field)) {
      if (valid(this.field, v)) m.shown.delete(this.field);
      else m.shown.add(this.field);
    }
    r.state = formReducer(COMMENT_RULES, r.state, { type: 'blur', field: this.field });
    compare(m, r);
  }
  toString = () => `blur(${this.field})`;
}
class Submit implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    m.submitted = true;
    m.shown = new Set(FIELDS.filter((f) => !valid(f, m.values[f])));
    r.state = formReducer(COMMENT_RULES, r.state, { type: 'submit' });
    compare(m, r);
    // The first invalid field in form order gets focus; a valid form has none and may be sent.
    expect(firstInvalid(COMMENT_RULES, r.state)).toBe(FIELDS.find((f) => m.shown.has(f)) ?? null);
    expect(formValid(COMMENT_RULES, r.state)).toBe(m.shown.size === 0);
  }
  toString = () => 'submit';
}

const compare = (m: Model, r: Real) => {
  expect(r.state.values).toEqual(m.values);
  expect(new Set(Object.keys(r.state.shown))).toEqual(m.shown);
  for (const f of m.shown) expect(r.state.shown[f]).toBe(fieldError(COMMENT_RULES[f], m.values[f]));
};

const value = fc.oneof(fc.constantFrom('', ' ', 'J', 'Jo', 'juan@shop.ph', 'not-an-email', 'Ang ganda nito!', 'short', '🌺', '🌺🌺'), fc.string({ maxLength: 14 }));

describe('comment form (model-based)', () => {
  it('shows errors on focus-out, key-up once touched, and submit, exactly as the model says', () => {
    fc.assert(
      fc.property(
        fc.commands(
          [
            fc.tuple(fc.constantFrom(...FIELDS), value).map(([f, v]) => new Input(f, v)),
            fc.constantFrom(...FIELDS).map((f) => new Blur(f)),
            fc.constant(new Submit()),
          ],
          { maxCommands: 40 },
        ),
        (cmds) => {
          fc.modelRun(
            () => ({
              model: { values: { author: '', email: '', comment: '' }, touched: { author: false, email: false, comment: false }, submitted: false, shown: new Set<Field>() },
              real: { state: initialForm(COMMENT_RULES) },
            }),
            cmds,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reset returns to a fresh form', () => {
    const events: Array<FormEvent<Field>> = [{ type: 'input', field: 'author', value: 'J' }, { type: 'submit' }];
    const state = events.reduce((s, e) => formReducer(COMMENT_RULES, s, e), initialForm(COMMENT_RULES));
    expect(formReducer(COMMENT_RULES, state, { type: 'reset' })).toEqual(initialForm(COMMENT_RULES));
  });
});

describe('form rules: what the mutation run found unchecked', () => {
  const rules = { name: { required: true, maxlength: 5 }, note: { minlength: 3 } } as const;

  it('the length caps hold to the character: the cap itself passes, one more fails (an emoji counts once)', () => {
    expect(fieldError(rules.name, 'abcde')).toBeNull();
    expect(fieldError(rules.name, 'abcdef')).toBe('Please enter no more than 5 characters.');
    expect(fieldError(rules.name, '😀😀😀😀😀')).toBeNull();
    expect(fieldError(rules.note, 'ab')).toBe('Please enter at least 3 characters.');
    expect(fieldError(rules.note, 'abc')).toBeNull();
    expect(fieldError({}, 'x'.repeat(10_000))).toBeNull();
    expect(formValid(rules, initialForm(rules, { name: 'abcde' }))).toBe(true);
    expect(formValid(rules, initialForm(rules, { name: 'abcdef' }))).toBe(false);
  });

  it('an error shown from elsewhere (the shop’s own field errors) is checked again as the shopper types', () => {
    const state: FormState<'name' | 'note'> = { ...initialForm(rules), shown: { name: 'The shop refused this name.' } };
    expect(formReducer(rules, state, { type: 'input', field: 'name', value: 'Ana' }).shown).toEqual({});
    expect(formReducer(rules, state, { type: 'input', field: 'note', value: 'x' }).shown).toEqual({ name: 'The shop refused this name.' });
  });

  it('leaving a field of spaces says nothing before a submit, unless the field already shows an error', () => {
    const fresh = formReducer(rules, initialForm(rules, { name: '   ' }), { type: 'blur', field: 'name' });
    expect(fresh.shown).toEqual({});
    const showing: FormState<'name' | 'note'> = { ...initialForm(rules, { name: '' }), shown: { name: 'The shop refused this name.' } };
    expect(formReducer(rules, showing, { type: 'blur', field: 'name' }).shown).toEqual({ name: 'This field is required.' });
  });
});
