/**
 * The Q&A dialog's form as drawn: with a captcha site key it has the `Security check` step before
 * the submit button (the registered verifier's challenge mounts in it); without one it has none.
 * (What the dialog does is tested in the browser: `tests/e2e/questions.spec.ts`.)
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQnaController } from '../controller.js';
import type { QnaState } from '../controller.js';
import { QnaForm } from './QuestionsTab.js';

const controller = createQnaController({
  port: {
    list: () => Promise.reject(new Error('unused')),
    productBlock: () => Promise.reject(new Error('unused')),
    ask: () => Promise.reject(new Error('unused')),
    vote: () => Promise.reject(new Error('unused')),
  },
  productId: 1,
  perPage: 5,
  first: { items: [], total: 0, page: 1, perPage: 5, lastPage: true },
  emit: () => undefined,
});
const state: QnaState['form'] = { view: 'input', mode: { kind: 'ask' }, fields: { text: '', name: '', email: '' }, touched: { text: false, name: false, email: false } };
const render = (captcha: { siteKey: string; onToken: () => void } | null) =>
  renderToString(createElement(QnaForm, { base: 'q', state, mode: { kind: 'ask' }, controller, captcha }));

describe('Q&A form (as drawn)', () => {
  it('shows the security check before Submit question only when the shop has a captcha site key', () => {
    const withCaptcha = render({ siteKey: 'site-key-0123456789', onToken: () => undefined });
    expect(withCaptcha).toMatch(/role="group" aria-labelledby="q-captcha-label"/);
    expect(withCaptcha).toContain('>Security check</span>');
    expect(withCaptcha.indexOf('Security check')).toBeLessThan(withCaptcha.indexOf('Submit question'));
    const without = render(null);
    expect(without).not.toContain('Security check');
    expect(without).toContain('Submit question');
  });
});
