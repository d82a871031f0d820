/** Properties of the server's review rules: list parameters, vote transitions, stock counters, submissions. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkQuestion,
  checkReview,
  countRowText,
  initials,
  isLastPage,
  isQuestionEmail,
  isReviewEmail,
  readIdList,
  readRatingFilter,
  readSearch,
  readSort,
  SEARCH_MAX,
  stockCounters,
  voteChange,
} from './review-rules.js';

describe('readRatingFilter', () => {
  it('takes exactly the integers 0–5 (missing is 0) and refuses everything else', () => {
    expect(readRatingFilter(undefined)).toBe(0);
    expect(readRatingFilter('')).toBe(0);
    for (const k of [0, 1, 2, 3, 4, 5]) expect(readRatingFilter(String(k))).toBe(k);
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (raw) => {
        const value = readRatingFilter(raw);
        if (raw === '') expect(value).toBe(0);
        else if (/^\s*[0-5]\s*$/.test(raw)) expect(value).toBe(Number(raw.trim()));
        else expect(value).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 6 }), fc.integer({ max: -1 }), fc.double({ noInteger: true })), (n) => {
        expect(readRatingFilter(String(n))).toBeNull();
      }),
    );
  });
});

describe('readSort', () => {
  it('keeps the four sorts and falls back for anything else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (raw) => {
        const sort = readSort(raw);
        expect(['recent', 'helpful', 'ratinghigh', 'ratinglow']).toContain(sort);
        if (!['recent', 'helpful', 'ratinghigh', 'ratinglow'].includes(raw.trim())) expect(sort).toBe('recent');
      }),
    );
  });
});

describe('readSearch', () => {
  it('is trimmed, at most SEARCH_MAX code points, and blank for invisible-only input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (raw) => {
        const term = readSearch(raw);
        expect([...term].length).toBeLessThanOrEqual(SEARCH_MAX);
        expect(term).toBe(term.trim());
      }),
    );
    expect(readSearch('\u200b \u2060')).toBe('');
    expect(readSearch('  (a+)+$  ')).toBe('(a+)+$');
  });
});

describe('readIdList', () => {
  it('reads distinct positive ids, refuses anything else', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 2_147_483_647 }), { maxLength: 20 }), (ids) => {
        expect(readIdList(ids.join(','))).toEqual([...new Set(ids)]);
      }),
    );
    for (const bad of ['0', '-1', 'a', '1,,x', '99999999999']) expect(readIdList(bad)).toBeNull();
  });
});

describe('voteChange', () => {
  const directions = fc.constantFrom(-1 as const, 0 as const, 1 as const);
  it('same again withdraws, opposite moves, first adds; counters move with the direction', () => {
    fc.assert(
      fc.property(directions, fc.boolean(), (current, upvote) => {
        const change = voteChange(current, upvote);
        const wanted = upvote ? 1 : -1;
        expect(change.next).toBe(current === wanted ? 0 : wanted);
        expect(change.up).toBe((change.next === 1 ? 1 : 0) - (current === 1 ? 1 : 0));
        expect(change.down).toBe((change.next === -1 ? 1 : 0) - (current === -1 ? 1 : 0));
      }),
    );
  });

  it('any sequence of presses leaves the counters equal to the one final direction', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 60 }), (presses) => {
        let current: -1 | 0 | 1 = 0;
        let up = 0;
        let down = 0;
        for (const press of presses) {
          const change = voteChange(current, press);
          up += change.up;
          down += change.down;
          current = change.next;
          expect(up).toBeGreaterThanOrEqual(0);
          expect(down).toBeGreaterThanOrEqual(0);
        }
        expect(up).toBe(current === 1 ? 1 : 0);
        expect(down).toBe(current === -1 ? 1 : 0);
      }),
    );
  });
});

describe('stock counters', () => {
  it('count cumulatively, never go past the total, and say last page exactly when nothing remains', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 200 }), (total, perPage, page) => {
        const c = stockCounters(total, perPage, page);
        expect(c.to).toBeLessThanOrEqual(total);
        expect(c.to + c.remaining).toBe(total);
        expect(c.lastPage).toBe(c.remaining === 0);
        expect(c.lastPage).toBe(isLastPage(total, perPage, page));
      }),
    );
    expect(countRowText(23, 5, 1, 0)).toBe('1-5 of 23 reviews');
    expect(countRowText(12, 5, 2, 0)).toBe('1-10 of 12 reviews');
    expect(countRowText(1, 5, 1, 1)).toBe('1-1 of 1 review (1 star)');
    expect(countRowText(0, 5, 1, 0)).toBe('0 of 0 reviews');
  });
});

describe('checkReview', () => {
  const good = { rating: 4, text: 'Maganda!', name: 'Ana', email: 'ana@example.ph', answers: {} };
  it('accepts a whole rating 1–5 only', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -10, max: 10 }), fc.double(), fc.string({ maxLength: 3 })), (rating) => {
        const r = checkReview({ ...good, rating }, []);
        const ok = (typeof rating === 'number' && Number.isInteger(rating) && rating >= 1 && rating <= 5) || (typeof rating === 'string' && /^\s*[1-5]\s*$/.test(rating));
        expect(r.ok).toBe(ok);
      }),
    );
  });

  it('refuses texts and names that show nothing, and keeps others trimmed', () => {
    const invisible = fc.array(fc.constantFrom(' ', '\t', '\n', '\u200b', '\u200d', '\u2060', '\u00ad', '\u3164', '\u2800', '\ufeff'), { maxLength: 8 }).map((a) => a.join(''));
    fc.assert(
      fc.property(invisible, (blank) => {
        expect(checkReview({ ...good, text: blank }, []).ok).toBe(false);
        expect(checkReview({ ...good, name: blank }, []).ok).toBe(false);
        expect(checkQuestion({ text: blank, name: 'Ana', email: 'ana@example.ph' }).ok).toBe(false);
      }),
    );
    const r = checkReview({ ...good, text: '  <b>bold</b>  ', name: ' <i>Ana</i> ' }, []);
    expect(r).toEqual({ ok: true, review: { rating: 4, text: '<b>bold</b>', name: '<i>Ana</i>', email: 'ana@example.ph', answers: {} } });
  });

  it('emails: the review form’s pattern and the Q&A rule', () => {
    for (const ok of ['ana@example.ph', 'a.b+c@sub.example.com', '"ana santos"@example.ph', 'x@[192.168.1.1]']) expect(isReviewEmail(ok), ok).toBe(true);
    for (const bad of ['ana@', 'ana@example', 'ana@example.p', 'an a@example.ph', '@example.ph', 'ana@@example.ph']) expect(isReviewEmail(bad), bad).toBe(false);
    expect(isQuestionEmail('a@b.c')).toBe(true);
    expect(isQuestionEmail('a@b')).toBe(false);
  });

  it('on-site questions: required ones answered, ratings 1–5, numbers numeric, unknown names refused', () => {
    const questions = [
      { name: 'fit', type: 'text', required: true },
      { name: 'value', type: 'rating', required: false },
      { name: 'age', type: 'number', required: false },
    ] as const;
    expect(checkReview({ ...good, answers: {} }, questions).ok).toBe(false);
    expect(checkReview({ ...good, answers: { fit: 'ok', value: '6' } }, questions).ok).toBe(false);
    expect(checkReview({ ...good, answers: { fit: 'ok', age: 'old' } }, questions).ok).toBe(false);
    expect(checkReview({ ...good, answers: { fit: 'ok', extra: 'x' } }, questions).ok).toBe(false);
    expect(checkReview({ ...good, answers: { fit: ' ok ', value: '5', age: 42 } }, questions)).toMatchObject({ ok: true, review: { answers: { fit: 'ok', value: '5', age: '42' } } });
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Ana Santos')).toBe('AS');
    expect(initials('maria clara dela cruz')).toBe('MC');
    expect(initials('  ')).toBe('');
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (name) => {
        expect([...initials(name)].length).toBeLessThanOrEqual(4);
      }),
    );
  });
});
