/**
 * The review form (its own chunk, loaded when the shopper opens it or focuses `Write a review`):
 * radio group `Rating`, `Your review`, `Name`, `Email`, the shop's on-site questions, `Add photos
 * or videos` with a progress bar and a remove button per file, the captcha step when a site key is
 * configured, `Submit review` and `Cancel`; then the server's answer. The rules and states are
 * `../../form/` (this file only draws them): errors show under their fields (`aria-describedby`),
 * the first field in error takes focus after a refused submit, and what the form did is said in
 * its polite live region.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Execute } from '../../../../core/command-bus.js';
import type { OnsiteQuestion, ReviewFormSettings } from '../../../../core/domain/reviews.js';
import { BASE_LOCALE, type Locale } from '../../../../i18n/index.js';
import { useSelector } from '../../../../ui/runtime-context.js';
import { reviewFormTextsIn, type ReviewFormTexts } from '../../form/messages.js';
import { formPortOf } from '../../form/port.js';
import { createReviewFormController, type ReviewFormController } from '../../form/controller.js';
import { firstError, type ReviewField } from '../../form/rules.js';
import { uploading, uploadsBlockSubmit } from '../../form/uploads.js';
import { CaptchaStep } from '../../../../ui/components/CaptchaStep.js';
import { MediaField } from './MediaField.js';
import { RatingGroup } from './RatingGroup.js';
import { ResultView } from './ResultView.js';

export interface ReviewFormProps {
  /** The reviews plugin's view context (its `execute` reaches the port; `reviews.submit` emits `review.submitted`). */
  readonly host: { readonly execute: Execute };
  readonly settings: ReviewFormSettings;
  /** The product reviewed; null for a shop review (`/reviews/`). */
  readonly productId: number | null;
  /** The heading. @default `Write a review` in the page's language */
  readonly title?: string;
  /** The page's language. @default 'en-PH' */
  readonly locale?: Locale;
  /** The single-product form: every on-site text question is required. */
  readonly standalone?: boolean;
  /** Called once the form has closed (Continue after a success, or Cancel). */
  readonly onClose: () => void;
  /** A controller made elsewhere (tests); by default one over the plugin's commands. */
  readonly controller?: ReviewFormController;
}

const fieldId = (base: string, field: ReviewField): string => `${base}-${field.replace(':', '-')}`;

function TextField(props: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly error: string | null | undefined;
  readonly required: boolean;
  readonly multiline?: boolean;
  readonly type?: 'text' | 'email';
  readonly autoComplete?: string;
  readonly inputMode?: 'decimal';
  readonly disabled: boolean;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
}) {
  const { id, label, value, error, required, multiline = false, type = 'text', autoComplete, inputMode, disabled, onChange, onBlur } = props;
  const errorId = `${id}-error`;
  const shared = {
    id,
    value,
    disabled,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onBlur,
  };
  return (
    <div className={`review-form__field${error ? ' review-form__field--error' : ''}`}>
      <label className="review-form__label" htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {multiline ? (
        <textarea {...shared} rows={5} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <input {...shared} type={type} autoComplete={autoComplete} inputMode={inputMode} onChange={(e) => onChange(e.currentTarget.value)} />
      )}
      {error ? (
        <p className="review-form__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ReviewForm({ host, settings, productId, title, standalone = false, onClose, controller: given, locale = BASE_LOCALE }: ReviewFormProps) {
  const [t] = useState<ReviewFormTexts>(() => reviewFormTextsIn(locale));
  const [controller] = useState(() => given ?? createReviewFormController({ port: formPortOf(host.execute), settings, productId, standalone, open: true, texts: t }));
  const heading = title ?? t.writeTitle;
  const form = useSelector(controller.store, (s) => s.form);
  const queue = useSelector(controller.store, (s) => s.uploads);
  const base = useId();
  const headingId = `${base}-heading`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState('');
  const closed = form.phase === 'closed';
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (given) controller.open();
    headingRef.current?.focus();
  }, [controller, given]);
  useEffect(() => {
    if (closed) onCloseRef.current();
  }, [closed]);
  // What the form did, for the live region (the last refusal, the wait, the answer).
  useEffect(() => {
    if (queue.message) setSaid(queue.message);
  }, [queue.message]);
  useEffect(() => {
    if (form.blocked) setSaid(form.blocked);
  }, [form.blocked]);
  useEffect(() => {
    if (form.phase === 'submitting') setSaid(t.sending);
    if (form.phase === 'result' && form.result) setSaid(form.result.description);
  }, [form.phase, form.result, t]);

  if (settings.accepting === 'none') {
    return (
      <section className="review-form" aria-labelledby={headingId}>
        <h2 id={headingId}>{heading}</h2>
        <p>{t.notAccepting}</p>
      </section>
    );
  }

  const submitting = form.phase === 'submitting';
  const editable = form.phase === 'editing';
  const waiting = uploadsBlockSubmit(queue, t);
  const waitId = `${base}-wait`;
  const error = (field: ReviewField) => form.shown[field] ?? null;

  const submit = async () => {
    const pending = controller.submit();
    const after = controller.store.getSnapshot().form;
    const first = firstError(after.shown, controller.context);
    if (first) {
      document.getElementById(fieldId(base, first))?.focus();
      const count = Object.keys(after.shown).length;
      setSaid(t.fixFields(count));
    }
    await pending;
  };

  const question = (q: OnsiteQuestion): ReactNode => {
    const field: ReviewField = `q:${q.name}`;
    const value = form.draft.answers[q.name] ?? '';
    if (q.type === 'rating') {
      return (
        <RatingGroup key={q.name} texts={t} id={fieldId(base, field)} label={q.label} value={Number(value) || 0} required={q.required} error={error(field)} disabled={!editable} onChange={(n) => controller.answer(q.name, String(n))} />
      );
    }
    return (
      <TextField
        key={q.name}
        id={fieldId(base, field)}
        label={q.label}
        value={value}
        required={q.required || standalone}
        error={error(field)}
        disabled={!editable}
        {...(q.type === 'number' ? { inputMode: 'decimal' as const } : {})}
        onChange={(v) => controller.answer(q.name, v)}
        onBlur={() => controller.leave(field)}
      />
    );
  };

  return (
    <section className="review-form" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="review-form__heading">
        {heading}
      </h2>
      {form.phase === 'result' && form.result ? (
        <ResultView texts={t} result={form.result} onContinue={() => controller.continue()} onTryAgain={() => controller.tryAgain()} />
      ) : (
        <form
          noValidate
          aria-labelledby={headingId}
          aria-busy={submitting || undefined}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <RatingGroup texts={t} id={fieldId(base, 'rating')} label={t.ratingLabel} value={form.draft.rating} required error={error('rating')} disabled={!editable} onChange={(n) => controller.edit({ rating: n })} />
          <TextField id={fieldId(base, 'text')} label={t.yourReview} multiline value={form.draft.text} required error={error('text')} disabled={!editable} onChange={(v) => controller.edit({ text: v })} onBlur={() => controller.leave('text')} />
          <TextField id={fieldId(base, 'name')} label={t.nameLabel} autoComplete="name" value={form.draft.name} required error={error('name')} disabled={!editable} onChange={(v) => controller.edit({ name: v })} onBlur={() => controller.leave('name')} />
          <TextField
            id={fieldId(base, 'email')}
            label={t.emailLabel}
            type="email"
            autoComplete="email"
            value={form.draft.email}
            required
            error={error('email')}
            disabled={!editable}
            onChange={(v) => controller.edit({ email: v })}
            onBlur={() => controller.leave('email')}
          />
          {settings.questions.map(question)}
          {settings.media.enabled ? (
            <MediaField texts={t} id={`${base}-media`} media={settings.media} queue={queue} disabled={!editable} fileOf={controller.fileOf} onChoose={(files) => controller.choose(files)} onRemove={(uid) => controller.remove(uid)} />
          ) : null}
          {settings.captchaSiteKey ? <CaptchaStep id={fieldId(base, 'captcha')} siteKey={settings.captchaSiteKey} error={error('captcha')} onToken={(token) => controller.token(token)} locale={locale} /> : null}
          <div className="review-form__actions">
            <button type="submit" className="button button--primary" aria-disabled={uploading(queue) > 0 || submitting || undefined} aria-describedby={waiting ? waitId : undefined}>
              {t.submit}
            </button>
            {!submitting ? (
              <button type="button" className="button" onClick={() => controller.cancel()}>
                {t.cancel}
              </button>
            ) : null}
          </div>
          {waiting ? (
            <p className="review-form__hint" id={waitId}>
              {waiting}
            </p>
          ) : null}
        </form>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
    </section>
  );
}
