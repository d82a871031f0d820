/**
 * The reviews, Q&A and badge texts in Filipino: the rules and controllers say what they say in the
 * texts they are given (the page's language), with Filipino's plural rules and values as text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setCatalogue } from '../../i18n/index.js';
import filipino from '../../i18n/locales/fil-PH.json' with { type: 'json' };
import { qnaTextsIn } from '../questions/messages.js';
import { countText as qnaCountText, fieldError, formStep } from '../questions/rules.js';
import { badgeTextsIn } from '../trust-badge/messages.js';
import { badgeLabel } from '../trust-badge/rules.js';
import { failureResult } from './form/controller.js';
import { reviewFormTextsIn } from './form/messages.js';
import { draftErrors, EMPTY_DRAFT } from './form/rules.js';
import { uploadsBlockSubmit } from './form/uploads.js';
import { reviewTextsIn } from './messages.js';
import { countText, histogramRows, reviewDate, sortLabels, voteFailureText, voteLabels } from './rules.js';

beforeAll(() => setCatalogue('fil-PH', filipino));

describe('reviews in Filipino', () => {
  const t = () => reviewTextsIn('fil-PH');

  it('names the histogram rows `5 bituin, {n} review` and the live count `1–5 sa 23 review`', () => {
    const rows = histogramRows({ averageHundredths: 460, count: 23, histogram: [1, 0, 2, 5, 15] }, 0, t());
    expect(rows.map((r) => r.label)).toEqual(['5 bituin, 15 review', '4 bituin, 5 review', '3 bituin, 2 review', '2 bituin, 0 review', '1 bituin, 1 review']);
    expect(countText(1, 5, 23, t())).toBe('1–5 sa 23 review');
    expect(countText(1, 0, 0, t())).toBe('Walang review na tugma.');
  });

  it('votes, sorts and failures in Filipino; English unchanged without texts', () => {
    expect(voteLabels({ up: 3, down: 1, current: 0 }, t())).toEqual({ up: 'Nakatulong (3)', down: 'Hindi nakatulong (1)' });
    expect(sortLabels(t()).map(([, label]) => label)).toEqual(['Pinakabago', 'Pinakanakatulong', 'Pinakamataas na rating', 'Pinakamababang rating']);
    expect(voteFailureText({ kind: 'network', message: '' }, t())).toBe('Hindi nabilang ang boto mo. Pakisubukang muli.');
    expect(voteFailureText({ kind: 'network', message: '' })).toBe('Your vote could not be counted. Please try again.');
  });

  it('dates follow the page’s language (English keeps day month year)', () => {
    expect(reviewDate('2026-03-12T08:00:00Z', 'en-PH')).toBe('12 March 2026');
    expect(reviewDate('2026-03-12T08:00:00Z', 'fil-PH')).toMatch(/Marso/);
    expect(reviewDate('not a date', 'fil-PH')).toBe('not a date');
  });

  it('the form’s errors, upload wait and failures in Filipino', () => {
    const f = reviewFormTextsIn('fil-PH');
    const errors = draftErrors({ ...EMPTY_DRAFT, name: 'x'.repeat(300) }, { questions: [], texts: f });
    expect(errors).toMatchObject({ rating: 'Pumili ng rating.', text: 'Pakisulat ang iyong review.', name: 'Hanggang 245 character lang ang puwede.' });
    const pending = { uid: 1, name: 'a.png', type: 'image/png', size: 1, kind: 'image', status: 'pending', percent: 0, media: null } as const;
    expect(uploadsBlockSubmit({ items: [pending, { ...pending, uid: 2 }], nextUid: 3, message: null }, f)).toBe('Sandali lang: may 2 file pang ina-upload.');
    expect(failureResult({ kind: 'network', message: '' }, f)).toEqual({ code: 1, description: 'Hindi naipadala ang review mo. Pakitingnan ang iyong koneksyon at subukang muli.', button: 'Subukang muli' });
  });
});

describe('Q&A and the badge in Filipino', () => {
  it('the count takes a search term as text (a `{shown}` in it stays as typed)', () => {
    const t = qnaTextsIn('fil-PH');
    const items = [{}, {}] as never[];
    expect(qnaCountText({ items, total: 12, search: '' }, t)).toBe('2 sa 12 tanong');
    expect(qnaCountText({ items, total: 12, search: '{shown} $&' }, t)).toBe('2 sa 12 tanong na tugma sa “{shown} $&”');
    expect(qnaCountText({ items, total: 12, search: '{shown}' })).toBe('2 of 12 questions matching “{shown}”');
    expect(qnaCountText({ items: [{}] as never[], total: 1, search: '' })).toBe('1 of 1 question');
    expect(qnaCountText({ items: [], total: 0, search: 'wash' }, t)).toBe('Walang tanong na tugma sa “wash”.');
  });

  it('the dialog’s errors and results in Filipino', () => {
    const t = qnaTextsIn('fil-PH');
    expect(fieldError('text', ' ', { kind: 'ask' }, t)).toBe('Ilagay ang iyong tanong.');
    const sending = { view: 'sending', mode: { kind: 'ask' }, fields: { text: 'q', name: 'n', email: 'a@b.co' } } as const;
    expect(formStep(sending, { type: 'failed', message: 'offline' }, t)).toMatchObject({ view: 'result', outcome: { ok: false, title: 'Hindi naidagdag ang tanong mo.' } });
  });

  it('the badge’s name in Filipino', () => {
    expect(badgeLabel(460, 23, badgeTextsIn('fil-PH'))).toBe('Mga beripikadong review: 4.6/5 mula sa 23 review');
    expect(badgeLabel(460, 23)).toBe('Verified reviews: 4.6/5 from 23 reviews');
  });
});
