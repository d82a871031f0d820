/**
 * The review form as first drawn: every control's accessible name starts with its visible text,
 * the rating group reads "0/5", the file input and the captcha step appear only when configured, and
 * server texts are text. (What it does is tested in the browser: `tests/e2e/review-form.spec.ts`.)
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { HTMLElement, parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import type { ReviewFormSettings } from '../../../../core/domain/reviews.js';
import { ok } from '../../../../core/result.js';
import { createReviewFormController } from '../../form/controller.js';
import { reviewFormTextsIn } from '../../form/messages.js';
import { STOCK_MEDIA_TYPES } from '../../form/rules.js';
import { ResultView } from './ResultView.js';
import { ReviewForm } from './ReviewForm.js';

const SETTINGS: ReviewFormSettings = {
  accepting: 'anybody',
  questions: [
    { name: 'fit', label: 'How does it fit?', type: 'rating', required: true },
    { name: 'use', label: 'What do you use it for?', type: 'text', required: false },
  ],
  media: { enabled: true, limit: 5, maxBytes: 25 * 1024 * 1024, types: STOCK_MEDIA_TYPES, messages: { tooMany: 'Too many', fileType: 'Type', fileSize: 'Size' } },
  captchaSiteKey: null,
};
const host = { execute: (() => Promise.resolve(ok(undefined))) as never, emit: (() => undefined) as never };
const render = (settings: ReviewFormSettings) => renderToString(createElement(ReviewForm, { host, settings, productId: 3, onClose: () => undefined }));
/** The server's HTML as elements, so the checks do not depend on attribute order or how boolean attributes are written. */
const dom = (html: string) => parse(html, { blockTextElements: { script: true, style: true } });

/**
 * The control a required field's label names: the label reads the field's name and then a star that
 * screen readers skip, and its `for` points at the control right after it.
 */
const requiredField = (root: HTMLElement, name: string): HTMLElement | undefined => {
  const label = root.querySelectorAll('label.review-form__label').find((el) => el.text === `${name} *`);
  const star = label?.lastChild;
  expect(star instanceof HTMLElement && star.tagName === 'SPAN' && star.getAttribute('aria-hidden') === 'true', name).toBe(true);
  expect(star?.text, name).toBe(' *');
  const control = label?.nextElementSibling ?? undefined;
  expect(label?.getAttribute('for'), name).toBeTruthy();
  expect(control?.id, name).toBe(label?.getAttribute('for'));
  return control;
};

describe('review form (first draw)', () => {
  it('has the rating radio group, the text fields, the questions and the file input', () => {
    const root = dom(render(SETTINGS));
    // Each radio group (the rating, then the rating question) is named by an element on the page.
    const groups = root.querySelectorAll('[role="radiogroup"][aria-labelledby]');
    const names = groups.map((group) => root.querySelector(`[id="${group.getAttribute('aria-labelledby') ?? ''}"]`)?.text);
    expect(names).toEqual(['Rating *', 'How does it fit? *']);
    const hidden = root.querySelectorAll('span.visually-hidden').map((el) => el.text);
    for (const n of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) expect(hidden).toContain(n);
    expect(root.text).toContain('0/5');
    expect(requiredField(root, 'Your review')?.tagName).toBe('TEXTAREA');
    const name = requiredField(root, 'Name');
    expect(name?.tagName).toBe('INPUT');
    expect(name?.getAttribute('autocomplete')).toBe('name');
    expect(root.text).toContain('How does it fit?');
    expect(root.text).toContain('What do you use it for?');
    expect(root.querySelectorAll('label').map((el) => el.text)).toContain('Add photos or videos');
    const file = root.querySelector('input[type="file"]');
    expect(file?.hasAttribute('multiple')).toBe(true);
    expect(file?.getAttribute('accept')).toMatch(/^image\/jpeg,image\/png/);
    expect(root.querySelectorAll('button').map((el) => el.text)).toContain('Submit review');
    expect(root.text).not.toContain('Security check');
  });

  it('shows the captcha step only with a site key, and no file input with media off', () => {
    const html = render({ ...SETTINGS, captchaSiteKey: 'site-key-0123456789', media: { ...SETTINGS.media, enabled: false } });
    expect(html).toContain('Security check');
    expect(html).not.toContain('Add photos or videos');
  });

  it('says so when the shop takes no reviews', () => {
    expect(render({ ...SETTINGS, accepting: 'none' })).toContain('Currently, we are not accepting new reviews.');
  });

  it('draws the server’s description and button as text', () => {
    const html = renderToString(createElement(ResultView, { texts: reviewFormTextsIn('en-PH'), result: { code: 1, description: '<img src=x onerror=alert(1)>', button: '<b>Try again</b>' }, onContinue: () => undefined, onTryAgain: () => undefined }));
    const root = dom(html);
    // The texts come out exactly as given, and no element was made from them.
    expect(root.querySelector('.review-result__text')?.text).toBe('<img src=x onerror=alert(1)>');
    expect(root.querySelector('button')?.text).toBe('<b>Try again</b>');
    expect(root.querySelectorAll('img')).toHaveLength(0);
    expect(root.querySelectorAll('b')).toHaveLength(0);
  });

  it('a given controller starts closed and is opened by the form', () => {
    const controller = createReviewFormController({ port: { submit: async () => ok({ code: 0, description: '', button: '' }), upload: async () => ok({ id: 1, key: 'k' }), deleteUpload: async () => ok(undefined) }, settings: SETTINGS, productId: null });
    expect(controller.store.getSnapshot().form.phase).toBe('closed');
    expect(renderToString(createElement(ReviewForm, { host, settings: SETTINGS, productId: null, onClose: () => undefined, controller }))).toContain('Write a review');
  });
});
