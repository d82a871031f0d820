import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RatingFilter, Review, Votes } from '../../core/domain/reviews.js';
import {
  allReviewsHref,
  appendPage,
  applyVote,
  averageText,
  countText,
  highlightParts,
  histogramChoice,
  histogramRows,
  initials,
  pageCount,
  pageLinks,
  paragraphs,
  parseRating,
  needsReadMore,
  parseSort,
  remainingCount,
  reviewCountText,
  reviewDate,
  shortText,
  sortLabels,
  SORTS,
  starsFilled,
  toggleTag,
  voteDirection,
  voteFailureText,
  voteLabels,
} from './rules.js';

const votes = fc.record({ up: fc.nat(1000), down: fc.nat(1000), current: fc.constantFrom<-1 | 0 | 1>(-1, 0, 1) }).map((v): Votes => ({
  ...v,
  // The viewer's own vote is counted in its direction.
  up: v.current === 1 ? Math.max(1, v.up) : v.up,
  down: v.current === -1 ? Math.max(1, v.down) : v.down,
}));
const rating = fc.constantFrom<RatingFilter>(0, 1, 2, 3, 4, 5);

describe('votes', () => {
  it('the same press again withdraws, the other direction moves, none casts; the total moves by at most one', () => {
    fc.assert(
      fc.property(votes, fc.boolean(), (before, upvote) => {
        const after = applyVote(before, upvote);
        const direction = upvote ? 1 : -1;
        if (before.current === direction) {
          expect(after.current).toBe(0);
          expect(after.up + after.down).toBe(before.up + before.down - 1);
        } else {
          expect(after.current).toBe(direction);
          expect(after.up + after.down).toBe(before.up + before.down + (before.current === 0 ? 1 : 0));
        }
        expect(after.up).toBeGreaterThanOrEqual(0);
        expect(after.down).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('pressing the same button twice is back where it started', () => {
    fc.assert(fc.property(votes.filter((v) => v.current === 0), fc.boolean(), (before, upvote) => { expect(applyVote(applyVote(before, upvote), upvote)).toEqual(before); }));
  });
  it('labels carry the counts; a failure always says something', () => {
    fc.assert(fc.property(votes, (v) => { expect(voteLabels(v)).toEqual({ up: `Helpful (${v.up})`, down: `Not helpful (${v.down})` }); }));
    fc.assert(fc.property(fc.constantFrom('network', 'timeout', 'http', 'not-found', 'no-handler'), fc.string(), (kind, message) => { expect(voteFailureText({ kind, message }).length).toBeGreaterThan(0); }));
  });
});

describe('histogram', () => {
  it('pressing the active row or See all clears; another row sets it', () => {
    fc.assert(
      fc.property(rating, fc.oneof(rating, fc.constant<'all'>('all')), (active, pressed) => {
        const next = histogramChoice(active, pressed);
        if (pressed === 'all' || pressed === active) expect(next).toBe(0);
        else expect(next).toBe(pressed);
      }),
    );
  });
  it('rows go from five stars down, each named `{k} stars, {n} reviews`, only the active one pressed', () => {
    fc.assert(
      fc.property(fc.tuple(fc.nat(500), fc.nat(500), fc.nat(500), fc.nat(500), fc.nat(500)), rating, (histogram, active) => {
        const count = histogram.reduce((a, b) => a + b, 0);
        const rows = histogramRows({ averageHundredths: 0, count, histogram }, active);
        expect(rows.map((r) => r.stars)).toEqual([5, 4, 3, 2, 1]);
        for (const row of rows) {
          expect(row.count).toBe(histogram[row.stars - 1]);
          expect(row.label).toMatch(new RegExp(`^${row.stars} stars?, ${row.count} reviews?$`));
          expect(row.pressed).toBe(row.stars === active);
          expect(row.percent).toBeGreaterThanOrEqual(0);
          expect(row.percent).toBeLessThanOrEqual(100);
        }
      }),
    );
    expect(histogramRows({ averageHundredths: 460, count: 23, histogram: [1, 0, 2, 5, 15] }, 0)[0]?.label).toBe('5 stars, 15 reviews');
  });
  it('the average reads `4.6 out of 5`', () => {
    expect(averageText(460)).toBe('4.6 out of 5');
    expect(averageText(500)).toBe('5.0 out of 5');
    fc.assert(fc.property(fc.integer({ min: 0, max: 500 }), (h) => { expect(averageText(h)).toMatch(/^[0-5]\.\d out of 5$/); }));
  });
  it('a rating from the address is 0–5, anything else every rating', () => {
    fc.assert(fc.property(fc.string(), (raw) => { expect([0, 1, 2, 3, 4, 5]).toContain(parseRating(raw)); }));
    expect(parseRating('4')).toBe(4);
    expect(parseRating('4.5')).toBe(0);
    expect(parseRating('400')).toBe(0);
    expect(parseSort('ratinglow')).toBe('ratinglow');
    expect(parseSort('rand()')).toBe('recent');
  });
});

const review = (id: number): Review => ({
  id,
  product: null,
  rating: 5,
  text: `Review ${id}`,
  author: 'A',
  date: '2026-01-01T00:00:00Z',
  verified: false,
  featured: false,
  tags: [],
  media: [],
  replies: [],
  votes: { up: 0, down: 0, current: 0 },
});

describe('lists', () => {
  it('a tag toggles: twice is no change, and the others keep their order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(50)), fc.nat(50), (tags, id) => {
        const once = toggleTag(tags, id);
        expect(once.includes(id)).toBe(!tags.includes(id));
        expect(once.filter((t) => t !== id)).toEqual(tags.filter((t) => t !== id));
        expect(new Set(toggleTag(once, id))).toEqual(new Set(tags));
      }),
    );
  });
  it('show more appends new reviews after the shown ones, never twice', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(100)), fc.array(fc.nat(100)), (shown, next) => {
        const items = appendPage(shown.map(review), next.map(review));
        const ids = items.map((r) => r.id);
        expect(ids.slice(0, shown.length)).toEqual(shown);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set([...shown, ...next]));
      }),
    );
  });
  it('the count reads `1–5 of 23 reviews`, the last never past the total; remaining never negative', () => {
    expect(countText(1, 5, 23)).toBe('1–5 of 23 reviews');
    expect(countText(21, 5, 23)).toBe('21–23 of 23 reviews');
    expect(countText(1, 1, 1)).toBe('1–1 of 1 review');
    expect(countText(1, 0, 0)).toBe('No reviews match.');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.nat(50), fc.nat(2000), (first, shown, total) => {
        const text = countText(first, shown, total);
        const m = /^(\d+)–(\d+) of (\d+) reviews?$/.exec(text);
        if (shown === 0 || total === 0) expect(m).toBeNull();
        else {
          expect(Number(m?.[2])).toBeLessThanOrEqual(total);
          expect(Number(m?.[3])).toBe(total);
        }
        expect(remainingCount(total, shown)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('pages: every page is reachable from the links around any page, in order, gaps never doubled', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 200 }), (a, b) => {
        const pages = Math.max(a, b);
        const current = Math.min(a, b);
        const links = pageLinks(current, pages);
        const numbers = links.filter((l): l is number => l !== null);
        expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
        expect(numbers).toContain(1);
        expect(numbers).toContain(pages);
        expect(numbers).toContain(current);
        for (let i = 1; i < links.length; i += 1) expect(links[i] === null && links[i - 1] === null).toBe(false);
      }),
    );
    fc.assert(fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 50 }), (total, per) => { expect(pageCount(total, per)).toBe(Math.max(1, Math.ceil(total / per))); }));
  });
  it('the address of /reviews/ is bare without a search, rating, sort or page; each reads back', () => {
    expect(allReviewsHref({ search: '', rating: 0, sort: 'recent', page: 1 })).toBe('/reviews/');
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), rating, fc.constantFrom('recent' as const, 'helpful' as const, 'ratinghigh' as const, 'ratinglow' as const), fc.integer({ min: 1, max: 99 }), (search, r, sort, page) => {
        const href = allReviewsHref({ search, rating: r, sort, page });
        const url = new URL(href, 'http://shop.test');
        expect(url.pathname).toBe('/reviews/');
        expect(url.searchParams.get('crsearch') ?? '').toBe(search);
        expect(parseRating(url.searchParams.get('ivrating') ?? '0')).toBe(r);
        expect(parseSort(url.searchParams.get('crsort'))).toBe(sort);
        expect(Number(url.searchParams.get('crpage') ?? '1')).toBe(page);
      }),
    );
  });
});

describe('text', () => {
  it('highlighting keeps the text whole, marks only literal matches (regex characters are text), no empty part', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ minLength: 1, maxLength: 5 }), (text, term) => {
        const parts = highlightParts(text, term);
        expect(parts.map((p) => p.text).join('')).toBe(text);
        for (const part of parts) {
          expect(part.text.length).toBeGreaterThan(0);
          if (!part.match) continue;
          // Case-insensitive matching maps one character to one (Unicode simple case folding).
          expect([...part.text].length).toBe([...term].length);
          if (/^[\x20-\x7e]*$/.test(term)) expect(part.text.toLowerCase()).toBe(term.toLowerCase());
        }
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ minLength: 1, maxLength: 5 }), fc.string({ maxLength: 20 }), (before, term, after) => {
        expect(highlightParts(before + term + after, term).some((p) => p.match)).toBe(true);
      }),
    );
    expect(highlightParts('a.b (a+b)*', '(a+b)*')).toEqual([
      { text: 'a.b ', match: false },
      { text: '(a+b)*', match: true },
    ]);
    expect(highlightParts('<img src=x onerror=alert(1)> Soft', 'soft').at(-1)).toEqual({ text: 'Soft', match: true });
  });
  it('initials: one or two upper-case letters from the name as given', () => {
    expect(initials('ana reyes')).toBe('AR');
    expect(initials('Ana Maria de la Cruz')).toBe('AC');
    expect(initials('  ')).toBe('?');
    fc.assert(fc.property(fc.string(), (name) => { expect([...initials(name)].length).toBeLessThanOrEqual(2); }));
  });
  it('paragraphs split on blank lines and drop empty ones; a short text ends with an ellipsis and is shorter', () => {
    expect(paragraphs('One\n\n\nTwo\nstill two\n \n')).toEqual(['One', 'Two\nstill two']);
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const short = shortText(text);
        if ([...text].length <= 160) expect(short).toBe(text);
        else {
          expect(short.endsWith('…')).toBe(true);
          expect([...short].length).toBeLessThanOrEqual(161);
        }
      }),
    );
  });
});

describe('exact values', () => {
  it('the sorts in the stock order with their names; an unknown sort is the fallback given', () => {
    expect(SORTS).toEqual(['recent', 'helpful', 'ratinghigh', 'ratinglow']);
    expect(sortLabels()).toEqual([
      ['recent', 'Most recent'],
      ['helpful', 'Most helpful'],
      ['ratinghigh', 'Highest rating'],
      ['ratinglow', 'Lowest rating'],
    ]);
    for (const sort of SORTS) expect(parseSort(sort, sort === 'recent' ? 'helpful' : 'recent')).toBe(sort);
    expect(parseSort(undefined, 'helpful')).toBe('helpful');
    expect(parseSort('', 'ratinglow')).toBe('ratinglow');
  });

  it('the viewer’s vote, a vote failure’s sentence (a review gone, the reason, or please try again)', () => {
    expect(voteDirection({ up: 3, down: 0, current: 1 })).toBe(1);
    expect(voteDirection({ up: 0, down: 2, current: -1 })).toBe(-1);
    expect(voteFailureText({ kind: 'not-found', message: 'Not found.' })).toBe('This review can no longer be voted on.');
    expect(voteFailureText({ kind: 'network', message: 'You are offline.' })).toBe('Your vote could not be counted. You are offline.');
    expect(voteFailureText({ kind: 'http', message: '' })).toBe('Your vote could not be counted. Please try again.');
    // A reason of spaces leaves no trailing space.
    expect(voteFailureText({ kind: 'http', message: '  ' })).toBe('Your vote could not be counted.');
  });

  it('stars filled to the nearest half; the review count', () => {
    expect(starsFilled(0)).toBe(0);
    expect(starsFilled(424)).toBe(4);
    expect(starsFilled(460)).toBe(4.5);
    expect(starsFilled(475)).toBe(5);
    fc.assert(fc.property(fc.integer({ min: 0, max: 500 }), (h) => { expect(Math.abs(starsFilled(h) - h / 100)).toBeLessThanOrEqual(0.25); }));
    expect(reviewCountText(1)).toBe('1 review');
    expect(reviewCountText(23)).toBe('23 reviews');
  });

  it('histogram percents are whole shares of all reviews, 0 without reviews', () => {
    expect(histogramRows({ averageHundredths: 460, count: 23, histogram: [1, 0, 2, 5, 15] }, 4).map((r) => [r.stars, r.percent, r.pressed])).toEqual([
      [5, 65, false],
      [4, 22, true],
      [3, 9, false],
      [2, 0, false],
      [1, 4, false],
    ]);
    expect(histogramRows({ averageHundredths: 0, count: 0, histogram: [0, 0, 0, 0, 0] }, 0).map((r) => r.percent)).toEqual([0, 0, 0, 0, 0]);
    fc.assert(
      fc.property(fc.tuple(fc.nat(500), fc.nat(500), fc.nat(500), fc.nat(500), fc.nat(500)), (histogram) => {
        const total = histogram.reduce((a, b) => a + b, 0);
        for (const row of histogramRows({ averageHundredths: 0, count: total, histogram }, 0)) expect(row.percent).toBe(total === 0 ? 0 : Math.round((row.count * 100) / total));
      }),
    );
  });

  it('a missing rating in the address is every rating', () => {
    expect(parseRating(null)).toBe(0);
    expect(parseRating(undefined)).toBe(0);
    expect(parseRating('0')).toBe(0);
  });

  it('page links: the ends, two on each side of the current page, one gap marker per gap', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(pageLinks(1, 9)).toEqual([1, 2, 3, null, 9]);
    expect(pageLinks(10, 10, 1)).toEqual([1, null, 9, 10]);
  });

  it('highlighting: exact parts, matches side by side, nothing to mark without a term', () => {
    expect(highlightParts('Soft, so soft', 'soft')).toEqual([
      { text: 'Soft', match: true },
      { text: ', so ', match: false },
      { text: 'soft', match: true },
    ]);
    expect(highlightParts('aab', 'a')).toEqual([
      { text: 'a', match: true },
      { text: 'a', match: true },
      { text: 'b', match: false },
    ]);
    expect(highlightParts('Fits well', '')).toEqual([{ text: 'Fits well', match: false }]);
    expect(highlightParts('', 'soft')).toEqual([]);
    expect(highlightParts('', '')).toEqual([]);
  });

  it('initials of one word are one letter', () => {
    expect(initials('ana')).toBe('A');
    expect(initials('  élise  ')).toBe('É');
    expect(initials('ana\tmaria  reyes')).toBe('AR');
  });

  it('dates in English by default, in day-month-year order; paragraphs trimmed, split on any blank line', () => {
    expect(reviewDate('2026-03-12T08:00:00Z')).toBe('12 March 2026');
    expect(reviewDate('2026-03-12T08:00:00Z', 'en-PH')).toBe('12 March 2026');
    expect(reviewDate('not a date')).toBe('not a date');
    expect(paragraphs('One\n\nTwo')).toEqual(['One', 'Two']);
    expect(paragraphs('  One  \n\n  Two  ')).toEqual(['One', 'Two']);
    expect(paragraphs('One\n \t \nTwo')).toEqual(['One', 'Two']);
  });

  it('Read more past the limit in characters; a short text cut at a word in its second half', () => {
    expect(needsReadMore('a'.repeat(160))).toBe(false);
    expect(needsReadMore('a'.repeat(161))).toBe(true);
    expect(needsReadMore('😀'.repeat(2), 2)).toBe(false);
    expect(needsReadMore('😀'.repeat(3), 2)).toBe(true);
    expect(shortText('abcde', 5)).toBe('abcde');
    expect(shortText('abcdef', 5)).toBe('abcde…');
    expect(shortText('😀'.repeat(6), 5)).toBe('😀😀😀😀😀…');
    expect(shortText('aaaa bbbb cccc', 12)).toBe('aaaa bbbb…');
    // A space at exactly half the limit is too early to cut at.
    expect(shortText('abcde fghijkl', 10)).toBe('abcde fghi…');
    expect(shortText('abcdef   ghijkl', 10)).toBe('abcdef…');
    const long = `${'word '.repeat(40)}end`;
    const short = shortText(long);
    expect(short).toBe(`${'word '.repeat(32).trimEnd()}…`);
  });
});
