/**
 * The review form as first drawn: every control's accessible name starts with its visible text,
 * the rating group reads "0/5", the file input and the captcha step appear only when configured, and
 * server texts are text. (What it does is tested in the browser: `tests/e2e/review-form.spec.ts`.)
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
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

describe('review form (first draw)', () => {
  it('has the rating radio group, the text fields, the questions and the file input', () => {
    const html = render(SETTINGS);
    expect(html).toMatch(/role="radiogroup"[^>]*aria-labelledby="([^"]+)"/);
    for (const n of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) expect(html).toContain(`<span class="visually-hidden">${n}</span>`);
    expect(html).toContain('0/5');
    expect(html).toMatch(/<label class="review-form__label" for="[^"]+">Your review<span aria-hidden="true"> \*<\/span><\/label><textarea/);
    expect(html).toMatch(/>Name<span aria-hidden="true"> \*<\/span><\/label><input[^>]*autoComplete="name"|>Name<span aria-hidden="true"> \*<\/span><\/label><input[^>]*autocomplete="name"/);
    expect(html).toContain('How does it fit?');
    expect(html).toContain('What do you use it for?');
    expect(html).toMatch(/>Add photos or videos<\/label>/);
    expect(html).toMatch(/type="file" multiple="" accept="image\/jpeg,image\/png/);
    expect(html).toContain('>Submit review</button>');
    expect(html).not.toContain('Security check');
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
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;Try again&lt;/b&gt;');
    expect(html).not.toContain('<img');
  });

  it('a given controller starts closed and is opened by the form', () => {
    const controller = createReviewFormController({ port: { submit: async () => ok({ code: 0, description: '', button: '' }), upload: async () => ok({ id: 1, key: 'k' }), deleteUpload: async () => ok(undefined) }, settings: SETTINGS, productId: null });
    expect(controller.store.getSnapshot().form.phase).toBe('closed');
    expect(renderToString(createElement(ReviewForm, { host, settings: SETTINGS, productId: null, onClose: () => undefined, controller }))).toContain('Write a review');
  });
});
