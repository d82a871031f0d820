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

// Code units at the edges of UTF-8's byte counts (1, 2 and 3 bytes, the surrogate halves and
// what lies around them), strung together in any order.
const EDGE_UNITS = [0x00, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xffff];
const edgyText = fc
  .array(fc.oneof(fc.constantFrom(...EDGE_UNITS), fc.integer({ min: 0, max: 0xffff })), { maxLength: 12 })
  .map((units) => String.fromCharCode(...units));

describe('utf8Length at the edges', () => {
  it('agrees with TextEncoder for code units at each byte-count edge, paired or not', () => {
    fc.assert(fc.property(edgyText, (text) => utf8Length(text) === new TextEncoder().encode(text).length), { numRuns: 300 });
  });
  it('counts each edge as UTF-8 does', () => {
    expect([0x7f, 0x80, 0x7ff, 0x800, 0xffff].map((unit) => utf8Length(String.fromCharCode(unit)))).toEqual([1, 2, 2, 3, 3]);
    // A pair is 4 bytes; a high half followed by anything else, or at the end, is a 3-byte replacement.
    expect(utf8Length('\uD83D\uDE00')).toBe(4);
    expect(utf8Length('\uD800a')).toBe(4);
    expect(utf8Length('\uD800\uD800')).toBe(6);
    expect(utf8Length('a\uDBFF')).toBe(4);
    expect(utf8Length('\uDC00\uD800')).toBe(6);
    expect(utf8Length('\u0800\uDC00')).toBe(6);
  });
});

describe('passwordProblem minimum', () => {
  it('a minimum that is not a positive finite number means one character; a fractional one is rounded down', () => {
    for (const minLength of [Number.NaN, Infinity, -Infinity]) expect(passwordProblem(STRONG, minLength)).toBeNull();
    expect(passwordProblem(STRONG, 17.9)).toBeNull();
    expect(passwordProblem(STRONG, 18)).toBe(ACCOUNT_MESSAGES.passwordTooShort.replace('{0}', '18'));
    expect(passwordProblem(STRONG, 18.5)).toBe(ACCOUNT_MESSAGES.passwordTooShort.replace('{0}', '18'));
  });
});

describe('passwordStrength, the estimate', () => {
  it('the best-known passwords are very weak and refused, in any case, though the estimate alone would pass them', () => {
    for (const password of ['qwerty123', 'iloveyou', 'starwars', 'Sunshine', 'FOOTBALL', 'Password1', 'trustno1', 'p@ssw0rd', 'Welcome1', 'admin123']) {
      expect(passwordStrength(password).score, password).toBe(0);
      expect(passwordProblem(password), password).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    }
  });
  // bits = effective length × log2(pool): below 28 scores 0, then 40, 56 and 72 are the steps.
  it('counts each kind of character in its own pool (26 lower, 26 upper, 10 digits, 33 ASCII symbols, 100 others)', () => {
    // 9 digits: 9 × log2(10) = 29.9 bits; as letters or symbols they would count 42 or more.
    expect(passwordStrength('729461830').score).toBe(1);
    // 8 capitals or 8 small letters, ends of the alphabet included: 8 × log2(26) = 37.6; with another pool, 40 or more.
    expect(passwordStrength('AZQWKRTM').score).toBe(1);
    expect(passwordStrength('azqwkrtm').score).toBe(1);
    // 7 ASCII symbols: 7 × log2(33) = 35.3; as others 46.5.
    expect(passwordStrength('!#%&*+=').score).toBe(1);
    // Symbols below the digits are symbols too: 6 × log2(33) = 30.3; as digits 19.9.
    expect(passwordStrength('!#%&(*').score).toBe(1);
    // 5 others: 5 × log2(100) = 33.2; as symbols 25.2.
    expect(passwordStrength('éøþðæ').score).toBe(1);
    // U+0080 is not ASCII: 6 × log2(100) = 39.9; with it among the symbols the pool is 133, 42.3 bits.
    expect(passwordStrength('\u0080©®µ¶»').score).toBe(1);
    // Two kinds add their pools: 8 × log2(36) = 41.4.
    expect(passwordStrength('q7w2z9k4').score).toBe(2);
  });
  it('counts a repeated character or a run of three a quarter', () => {
    // 8 letters, each twice: 8 + 8 × 0.25 = 10 → 47 bits (16 would be 75).
    expect(passwordStrength('qqwwzzkkrrttmmpp').score).toBe(2);
    // A run up or down: 1 + 1 + 6 × 0.25 = 3.5 → 16.5 bits.
    expect(passwordStrength('abcdefgh').score).toBe(0);
    expect(passwordStrength('hgfedcba').score).toBe(0);
    expect(passwordStrength('987654321').score).toBe(0);
    // Steps of two are no run: 8 × log2(26) = 37.6.
    expect(passwordStrength('acegikmo').score).toBe(1);
  });
  it('gives each score for a password in its band', () => {
    // 13 letters, no repeats or runs: 61.1 bits.
    expect(passwordStrength('qwzkrtmpxvjgn').label).toBe('Strong');
    expect(passwordStrength('qwzkrtmpxvjgnbfd').label).toBe('Very strong');
    expect(passwordStrength('qwzkrtmpxv').label).toBe('Medium');
    expect(passwordStrength('qwzkrtm').label).toBe('Weak');
    expect(passwordStrength('qwzkr').label).toBe('Very weak');
  });
  it('reads the first 128 characters, counting a surrogate pair as one', () => {
    const tail = 'Xq7!Zr9#';
    expect(passwordStrength(`${'a'.repeat(70)}${tail}`).score).toBe(4);
    expect(passwordStrength(`${'a'.repeat(128)}${tail}`).score).toBe(0);
    expect(passwordStrength(`${'\u{1F600}'.repeat(70)}${tail}`).score).toBe(4);
  });
});

describe('emailProblem and usernameProblem, lengths', () => {
  const emailOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
  it('an email has at most 100 characters, counted as characters', () => {
    expect(emailProblem(emailOf(100))).toBeNull();
    expect(emailProblem(emailOf(101))).toBe(ACCOUNT_MESSAGES.emailTooLong);
    // 100 emoji are 200 code units but 100 characters: not too long, but no address either.
    expect(emailProblem('\u{1F600}'.repeat(100))).toBe(ACCOUNT_MESSAGES.emailInvalid);
    expect(emailProblem('\u{1F600}'.repeat(101))).toBe(ACCOUNT_MESSAGES.emailTooLong);
  });
  it('a username has at most 60 characters, outer spaces aside, unless it is an accepted email', () => {
    expect(usernameProblem('a'.repeat(60))).toBeNull();
    expect(usernameProblem(`  ${'a'.repeat(60)}  `)).toBeNull();
    expect(usernameProblem('a'.repeat(61))).toBe(ACCOUNT_MESSAGES.usernameTooLong);
    expect(usernameProblem('\u{1F600}'.repeat(60))).toBe(ACCOUNT_MESSAGES.usernameInvalid);
    expect(usernameProblem('\u{1F600}'.repeat(61))).toBe(ACCOUNT_MESSAGES.usernameTooLong);
    expect(usernameProblem(emailOf(100))).toBeNull();
    expect(usernameProblem(emailOf(101))).toBe(ACCOUNT_MESSAGES.usernameTooLong);
    expect(usernameProblem(`${'a'.repeat(61)}#`)).toBe(ACCOUNT_MESSAGES.usernameTooLong);
  });
  it('a username is letters, marks and digits of any script and _ . @ + \' - and spaces, from end to end, or an email', () => {
    for (const name of ['12345', '٣٤٥', 'Nguye\u0302\u0303n Va\u0306n', "d'Souza", 'ana+shop', 'ana_b-c.d', 'ana@shop', '漢字']) expect(usernameProblem(name)).toBeNull();
    for (const name of ['ana#buyer', '#ana', 'ana#', 'ana!', 'a/b', 'a=b']) expect(usernameProblem(name)).toBe(ACCOUNT_MESSAGES.usernameInvalid);
    // Characters a username may not have are fine in an accepted email address.
    expect(usernameProblem('ana!x=y@example.com')).toBeNull();
  });
});

describe('usernameFromEmail, cleaning', () => {
  it('keeps one separator between parts and none at the ends', () => {
    expect(usernameFromEmail('ana...buyer@example.com', () => false)).toBe('ana.buyer');
    expect(usernameFromEmail('ana._-buyer@example.com', () => false)).toBe('ana.buyer');
    expect(usernameFromEmail('__ana--@example.com', () => false)).toBe('ana');
    expect(usernameFromEmail('..ana@example.com', () => false)).toBe('ana');
  });
  it('takes the part before the last @, the whole text when there is none, and customer when nothing is left', () => {
    expect(usernameFromEmail('anabuyer', () => false)).toBe('anabuyer');
    expect(usernameFromEmail('@example.com', () => false)).toBe('customer');
    expect(usernameFromEmail('a@b@example.com', () => false)).toBe('ab');
  });
  it('cuts a long base to 54 characters (room for a suffix), with no separator left at the cut', () => {
    expect(usernameFromEmail(`${'a'.repeat(80)}@example.com`, () => false)).toBe('a'.repeat(54));
    expect(usernameFromEmail(`${'a'.repeat(53)}.bcd@example.com`, () => false)).toBe('a'.repeat(53));
  });
  it('tries suffixes up to 100000, then gives up', () => {
    expect(usernameFromEmail('ana@example.com', (u) => u !== 'ana-100000')).toBe('ana-100000');
    expect(() => usernameFromEmail('ana@example.com', () => true)).toThrow(new RangeError('No free username'));
  });
});

describe('accountKey, the look-alike tables', () => {
  // Each look-alike and the Latin letter(s) it stands for.
  const SMALL =
    'аa вb еe ёe һh іi їi јj кk ӏl мm нh оo рp сc тt уy хx ѕs ԁd ԛq ԝw ьb үy ɡg ' +
    'αa βb εe ηn ιi κk νv οo ρp τt υu χx ωw ςc σo ϲc ϳj γy μu ζz ' +
    'ıi ȷj ßss ſs ɑa ɩi ɪi ʏy ᴀa ᴄc ᴅd ᴇe ᴋk ᴍm ᴏo ᴘp ᴛt ᴜu ᴠv ᴡw ᴢz łl øo đd ħh';
  // Capitals map to the Latin capital they imitate, even where their small letter imitates another.
  const CAPITAL = 'Αa Βb Εe Ζz Ηh Ιi Κk Μm Νn Οo Ρp Τt Υy Χx Аa Вb Еe Нh Іi Јj Кk Мm Оo Рp Сc Ѕs Тt Уy Хx Үy Ԛq Ԝw';
  it('maps every look-alike to its letter, alone and among others', () => {
    for (const pair of `${SMALL} ${CAPITAL}`.split(' ')) {
      const [lookalike = '', ...letter] = [...pair];
      expect(accountKey(lookalike), pair).toBe(letter.join(''));
      expect(accountKey(`x${lookalike}${lookalike}@example.com`), pair).toBe(`x${letter.join('')}${letter.join('')}@example.com`);
    }
  });
  it('removes format and other default-ignorable characters, and outer spaces NFKC makes', () => {
    expect(accountKey('a\u034Fn\u115Fa\uFE0F@example.com')).toBe('ana@example.com');
    expect(accountKey('a\u2060n\u200Da@example.com')).toBe('ana@example.com');
    // NFKC turns the spacing diaeresis into a space and a combining mark.
    expect(accountKey('¨ana')).toBe('\u0308ana');
  });
});

describe('mergeCarts, quantities', () => {
  it('a negative or fractional quantity counts as none or is rounded down, before adding', () => {
    const merged = mergeCarts<MergeLine>([{ key: 'a', quantity: -3 }, { key: 'b', quantity: 2.7 }], [{ key: 'a', quantity: 5 }, { key: 'c', quantity: -Infinity }], () => 10);
    expect(merged).toEqual({ lines: [{ key: 'a', quantity: 5 }, { key: 'b', quantity: 2 }], capped: [] });
  });
});
