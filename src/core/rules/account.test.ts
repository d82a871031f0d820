import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  DEFAULT_PASSWORD_MIN_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_BYTES,
  STRENGTH_LABELS,
  accountKey,
  emailProblem,
  mergeCarts,
  passwordProblem,
  passwordStrength,
  usernameFromEmail,
  usernameProblem,
  utf8Length,
  type MergeLine,
} from './account.js';

const STRONG = 'Tr0ub4dor&3-horse';

describe('utf8Length', () => {
  it('agrees with TextEncoder for well-formed text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => utf8Length(text) === new TextEncoder().encode(text).length));
  });
  it('agrees with TextEncoder (replacement characters) for any code units', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => utf8Length(text) === new TextEncoder().encode(text).length));
  });
});

describe('passwordProblem', () => {
  it('refuses anything over the byte cap, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (chunk) => {
        // The fewest copies of the chunk that pass the cap, made in one go (growing the text a copy
        // at a time and measuring it each time is quadratic, and slow under Stryker).
        const bytes = new TextEncoder().encode(chunk).length;
        const password = chunk.repeat(Math.floor(PASSWORD_MAX_BYTES / bytes) + 1);
        expect(new TextEncoder().encode(password).length - bytes).toBeLessThanOrEqual(PASSWORD_MAX_BYTES);
        return passwordProblem(password, 1) === ACCOUNT_MESSAGES.passwordTooLong;
      }),
      { numRuns: 50 },
    );
  });
  it('refuses a 1 MB password as too long', () => {
    expect(passwordProblem('a'.repeat(1024 * 1024))).toBe(ACCOUNT_MESSAGES.passwordTooLong);
    expect(passwordProblem(`${STRONG}${'é'.repeat(2100)}`)).toBe(ACCOUNT_MESSAGES.passwordTooLong);
  });
  it('accepts exactly the cap', () => {
    const password = `${STRONG}${'x'.repeat(PASSWORD_MAX_BYTES - STRONG.length)}`;
    expect(utf8Length(password)).toBe(PASSWORD_MAX_BYTES);
    expect(passwordProblem(password)).toBeNull();
  });
  it('refuses passwords shorter than the minimum, counting characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 30 }), fc.integer({ min: 1, max: 40 }), (password, min) => {
        const problem = passwordProblem(password, min);
        if (password !== '' && [...password].length < min && !/[\p{Cc}]/u.test(password)) {
          return problem === ACCOUNT_MESSAGES.passwordTooShort.replace('{0}', String(min));
        }
        return problem !== ACCOUNT_MESSAGES.passwordTooShort.replace('{0}', String(min));
      }),
    );
  });
  it('refuses empty, NUL, control characters and common passwords', () => {
    expect(passwordProblem('')).toBe(ACCOUNT_MESSAGES.passwordMissing);
    expect(passwordProblem(`${STRONG}\u0000`)).toBe(ACCOUNT_MESSAGES.passwordInvalid);
    expect(passwordProblem(`${STRONG}\uD800`)).toBe(ACCOUNT_MESSAGES.passwordInvalid);
    expect(passwordProblem(`${STRONG}\n`)).toBe(ACCOUNT_MESSAGES.passwordInvalid);
    expect(passwordProblem('password')).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    expect(passwordProblem('12345678')).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    expect(passwordProblem('aaaaaaaaaaaa')).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    expect(passwordProblem(STRONG)).toBeNull();
  });
  it('an accepted password is never very weak and is at least the minimum', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (password) => {
        if (passwordProblem(password, DEFAULT_PASSWORD_MIN_LENGTH) !== null) return true;
        return passwordStrength(password).score > 0 && [...password].length >= DEFAULT_PASSWORD_MIN_LENGTH;
      }),
    );
  });
});

describe('passwordStrength', () => {
  it('gives a score 0 to 4 with its label', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (password) => {
        const { score, label } = passwordStrength(password);
        return Number.isInteger(score) && score >= 0 && score <= 4 && label === STRENGTH_LABELS[score];
      }),
    );
  });
  it('is a function of the password alone', () => {
    fc.assert(fc.property(fc.string(), (password) => JSON.stringify(passwordStrength(password)) === JSON.stringify(passwordStrength(`${password}`))));
  });
  it('one repeated character is very weak, whatever its length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), fc.integer({ min: 1, max: 500 }), (ch, n) => {
        return passwordStrength(ch.repeat(n)).score === 0;
      }),
    );
  });
  it('long passwords with every kind of character and no runs are very strong', () => {
    const kinds = [...'abcdefghijklmnopqrstuvwxyz', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', ...'0123456789', ...'!#$%&*+-=?@^_~'];
    fc.assert(
      fc.property(fc.shuffledSubarray(kinds, { minLength: 20, maxLength: 40 }), (chars) => {
        const password = `aB3!${chars.join('')}`;
        // Runs (`abc`) lower the estimate; a shuffled set rarely has one, and the score still must be high.
        return passwordStrength(password).score >= 3;
      }),
    );
  });
  it('rates examples as a shopper would expect', () => {
    expect(passwordStrength('').label).toBe('Very weak');
    expect(passwordStrength('password').label).toBe('Very weak');
    expect(passwordStrength('abcdefgh').score).toBeLessThanOrEqual(1);
    expect(passwordStrength('kitten42').score).toBeGreaterThanOrEqual(1);
    expect(passwordStrength(STRONG).score).toBeGreaterThanOrEqual(3);
    expect(passwordStrength('correct horse battery staple').label).toBe('Very strong');
  });
  it('reads a bounded prefix, so a huge input answers at once', () => {
    expect(passwordStrength(`${STRONG}${'q'.repeat(1024 * 1024)}`)).toEqual(passwordStrength(`${STRONG}${'q'.repeat(200)}`));
    expect(passwordStrength('xY7!'.repeat(250_000)).score).toBeLessThan(4);
  });
});

describe('emailProblem', () => {
  it('accepts what the email rule accepts up to the length cap', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const problem = emailProblem(email);
        if ([...email].length > EMAIL_MAX_LENGTH) return problem === ACCOUNT_MESSAGES.emailTooLong;
        // fast-check's addresses are RFC 5322; the theme's rule is narrower (no quoted parts).
        return problem === null || problem === ACCOUNT_MESSAGES.emailInvalid;
      }),
    );
    expect(emailProblem('ana.buyer@example.com')).toBeNull();
    expect(emailProblem('  ana.buyer@example.com ')).toBeNull();
  });
  it('refuses markup, NUL, look-alikes of separators and long input', () => {
    expect(emailProblem('')).toBe(ACCOUNT_MESSAGES.emailInvalid);
    expect(emailProblem('<script>@example.com')).toBe(ACCOUNT_MESSAGES.emailInvalid);
    expect(emailProblem('ana\u0000@example.com')).toBe(ACCOUNT_MESSAGES.emailInvalid);
    expect(emailProblem('ana＠example.com')).toBe(ACCOUNT_MESSAGES.emailInvalid);
    expect(emailProblem(`${'a'.repeat(10_000)}@example.com`)).toBe(ACCOUNT_MESSAGES.emailTooLong);
  });
  it('never accepts text with a tag or a NUL in it', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('<b>', '</', '\u0000', '<!--'), fc.string(), (a, bad, b) => emailProblem(`${a}${bad}${b}@example.com`) !== null),
    );
  });
});

describe('usernameProblem', () => {
  it('accepts usernames and email addresses, refuses markup, NUL and blank', () => {
    expect(usernameProblem('ana.buyer')).toBeNull();
    expect(usernameProblem('ana.buyer@example.com')).toBeNull();
    expect(usernameProblem('José Rizal')).toBeNull();
    expect(usernameProblem('')).toBe(ACCOUNT_MESSAGES.usernameMissing);
    expect(usernameProblem('\u200b ')).toBe(ACCOUNT_MESSAGES.usernameMissing);
    expect(usernameProblem('<img src=x>')).toBe(ACCOUNT_MESSAGES.usernameInvalid);
    expect(usernameProblem('ana\u0000')).toBe(ACCOUNT_MESSAGES.usernameInvalid);
    expect(usernameProblem('a'.repeat(10_000))).toBe(ACCOUNT_MESSAGES.usernameTooLong);
  });
  it('never accepts markup or NUL', () => {
    fc.assert(fc.property(fc.string(), fc.constantFrom('<a', '</', '\u0000'), fc.string(), (a, bad, b) => usernameProblem(`u${a}${bad}${b}`) !== null));
  });
});

describe('usernameFromEmail', () => {
  it('derives a clean, free username and suffixes -1, -2 when taken', () => {
    expect(usernameFromEmail('Ana.Buyer@example.com', () => false)).toBe('ana.buyer');
    const taken = new Set(['ana.buyer', 'ana.buyer-1']);
    expect(usernameFromEmail('ana.buyer@example.com', (u) => taken.has(u))).toBe('ana.buyer-2');
    expect(usernameFromEmail('José+shop@example.com', () => false)).toBe('joseshop');
    expect(usernameFromEmail('日本@example.com', () => false)).toBe('customer');
  });
  it('is never taken, always a valid username, and only ASCII', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.uniqueArray(fc.string({ unit: 'grapheme-ascii', maxLength: 12 }), { maxLength: 20 }), (email, list) => {
        const taken = new Set(list);
        const username = usernameFromEmail(email, (u) => taken.has(u));
        return !taken.has(username) && usernameProblem(username) === null && /^[a-z0-9._-]+$/.test(username);
      }),
    );
  });
  it('takes the first free suffix', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), (n) => {
        const taken = new Set(['ana', ...Array.from({ length: n }, (_, i) => `ana-${i + 1}`)]);
        return usernameFromEmail('ana@example.com', (u) => taken.has(u)) === `ana-${n + 1}`;
      }),
    );
  });
});

describe('accountKey', () => {
  const LOOKALIKES: Readonly<Record<string, string>> = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', x: 'х', y: 'у', i: 'і' };
  it('is idempotent', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => accountKey(accountKey(text)) === accountKey(text)));
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => accountKey(accountKey(text)) === accountKey(text)));
  });
  it('ignores case, width and invisible characters', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const key = accountKey(email);
        return accountKey(email.toUpperCase()) === key && accountKey(`\u200b${email}\u00ad`) === key;
      }),
    );
    expect(accountKey('ＡＮＡ@example.com')).toBe('ana@example.com');
  });
  it('Cyrillic and Greek look-alikes collide with the Latin address', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.infiniteStream(fc.boolean()), (email, flips) => {
        const spoofed = [...email.toLowerCase()].map((ch) => (LOOKALIKES[ch] !== undefined && flips.next().value ? LOOKALIKES[ch] : ch)).join('');
        return accountKey(spoofed) === accountKey(email);
      }),
    );
    expect(accountKey('аna@example.com')).toBe(accountKey('ana@example.com'));
    expect(accountKey('ΑΝΑ@ΕΧΑΜΡLΕ.COM')).toBe('ana@example.com');
  });
  it('keeps different plain addresses apart', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.emailAddress(), (a, b) => a.toLowerCase() === b.toLowerCase() || accountKey(a) !== accountKey(b)),
    );
  });
});

interface Line extends MergeLine {
  readonly name: string;
}

const lineArb = fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), quantity: fc.integer({ min: 1, max: 20 }), name: fc.string() });
const limitsArb = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constant(Infinity)));

const totals = (lines: readonly MergeLine[]): Map<string, number> => {
  const map = new Map<string, number>();
  for (const line of lines) map.set(line.key, (map.get(line.key) ?? 0) + line.quantity);
  return map;
};

describe('mergeCarts', () => {
  it('adds quantities per key and applies each limit, reporting every cut', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), fc.array(lineArb, { maxLength: 8 }), limitsArb, (account, guest, limits) => {
        const limitOf = (line: Line): number => limits[line.key] ?? Infinity;
        const { lines, capped } = mergeCarts(account, guest, limitOf);
        const wanted = totals([...account, ...guest]);
        const keys = lines.map((line) => line.key);
        expect(new Set(keys).size).toBe(keys.length);
        for (const [key, sum] of wanted) {
          const limit = limits[key] ?? Infinity;
          const kept = Math.min(sum, limit);
          const line = lines.find((l) => l.key === key);
          expect(line?.quantity ?? 0).toBe(kept);
          const cut = capped.find((c) => c.key === key);
          if (kept < sum) expect(cut).toEqual({ key, wanted: sum, kept });
          else expect(cut).toBeUndefined();
        }
        expect(lines.every((line) => wanted.has(line.key) && line.quantity > 0)).toBe(true);
      }),
    );
  });
  it('keeps the account lines first, then new guest lines, in order', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), fc.array(lineArb, { maxLength: 8 }), (account, guest) => {
        const { lines } = mergeCarts(account, guest, () => Infinity);
        const expected = [...new Set([...account, ...guest].map((l) => l.key))];
        expect(lines.map((l) => l.key)).toEqual(expected);
      }),
    );
  });
  it('gives the same quantities whichever cart comes first', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), fc.array(lineArb, { maxLength: 8 }), limitsArb, (a, b, limits) => {
        const limitOf = (line: Line): number => limits[line.key] ?? Infinity;
        expect(totals(mergeCarts(a, b, limitOf).lines)).toEqual(totals(mergeCarts(b, a, limitOf).lines));
      }),
    );
  });
  it('merging an empty guest cart keeps a valid account cart as it is', () => {
    fc.assert(
      fc.property(fc.uniqueArray(lineArb, { selector: (l) => l.key, maxLength: 6 }), (account) => {
        const merged = mergeCarts(account, [], () => Infinity);
        expect(merged.lines).toEqual(account);
        expect(merged.capped).toEqual([]);
      }),
    );
  });
  it('keeps the account copy of a line and drops a line limited to 0', () => {
    const merged = mergeCarts<Line>(
      [{ key: 'a', quantity: 2, name: 'account' }, { key: 'gone', quantity: 1, name: 'x' }],
      [{ key: 'a', quantity: 5, name: 'guest' }, { key: 'b', quantity: 1, name: 'guest b' }],
      (line) => (line.key === 'a' ? 4 : line.key === 'gone' ? 0 : Infinity),
    );
    expect(merged.lines).toEqual([{ key: 'a', quantity: 4, name: 'account' }, { key: 'b', quantity: 1, name: 'guest b' }]);
    expect(merged.capped).toEqual([{ key: 'a', wanted: 7, kept: 4 }, { key: 'gone', wanted: 1, kept: 0 }]);
  });
  it('ignores quantities that are not positive numbers', () => {
    const merged = mergeCarts<MergeLine>([{ key: 'a', quantity: Number.NaN }], [{ key: 'a', quantity: -3 }, { key: 'b', quantity: 0 }], () => 10);
    expect(merged).toEqual({ lines: [], capped: [] });
  });
});
