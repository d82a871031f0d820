/**
 * The `Questions & answers` tab: the search box, the list with votes and `Answer` buttons, `Show more
 * questions`, and `Ask a question` with its dialog. The server renders it from the page's
 * `questions` view with no controller; in the browser the controller (`controller.ts`) takes over
 * from the same first state, so hydration changes nothing. Every text is rendered as text.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type RefObject } from 'react';
import type { Product } from '../../../core/domain/catalog.js';
import type { ProductQuestionsView, Question, Votes } from '../../../core/domain/reviews.js';
import type { ViewContextOf } from '../../../core/plugin.js';
import { CaptchaStep } from '../../../ui/components/CaptchaStep.js';
import { BASE_LOCALE, type Locale } from '../../../i18n/index.js';
import { useLocale, useTexts } from '../../../ui/i18n.js';
import { useUi } from '../../../ui/runtime-context.js';
import { qnaTexts, qnaTextsIn, type QnaTexts } from '../messages.js';
import { createQnaController, type QnaController, type QnaState } from '../controller.js';
import { countText, FIELDS, formErrors, formValid, INITIAL_FORM, listFrom, type Field, type FormMode, type VoteState } from '../rules.js';
import type questions from '../index.js';
import type { QuestionsContext } from './deferred.js';

type Ctx = ViewContextOf<typeof questions>;

let context: QuestionsContext | null = null;
/** The plugin's context, once its setup has run (browser only). */
export const attach = (ctx: QuestionsContext): void => {
  context = ctx;
};

const formats = new Map<Locale, Intl.DateTimeFormat>();
/** A date in the page's language (`March 12, 2026`, `Marso 12, 2026`). */
const formatDate = (iso: string, locale: Locale): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Manila' })));
  return format.format(date);
};

const labels = (t: QnaTexts): Readonly<Record<Field, string>> => ({ text: t.questionLabel, name: t.name, email: t.email });

/** The tab's panel for the page's product. */
export function QuestionsTab({ product, plugin }: { readonly product: Product; readonly plugin: Ctx }) {
  const { state } = useUi();
  const t = useTexts(qnaTexts);
  const view = state.page.type === 'product' ? state.page.questions : undefined;
  if (view === undefined) return null;
  if (view === null) return <p className="notice notice--error">{t.loadFailed}</p>;
  return <QnaBlock product={product} plugin={plugin} view={view} />;
}

const noop = () => () => undefined;

/** The captcha step's site key and where its token goes, when the shop configured one. */
type CaptchaProps = { readonly siteKey: string; readonly onToken: (token: string | null) => void } | null;

function QnaBlock({ product, plugin, view }: { readonly product: Product; readonly plugin: Ctx; readonly view: ProductQuestionsView }) {
  // The captcha step's token (single-use: the step forgets it when the form leaves the dialog).
  const token = useRef<string | null>(null);
  const t = useTexts(qnaTexts);
  const locale = useLocale();
  const siteKey = view.form.captchaSiteKey;
  const [controller] = useState<QnaController | null>(() => {
    const port = context?.ports.questions;
    if (!context || !port) return null;
    const emit = context.emit;
    return createQnaController({
      port,
      productId: view.productId,
      perPage: plugin.options.perPage,
      first: view.first,
      emit: (type, payload) => emit(type, payload),
      texts: qnaTextsIn(locale),
      ...(siteKey ? { captcha: () => Promise.resolve(token.current ?? undefined) } : {}),
    });
  });
  const [captcha] = useState<CaptchaProps>(() => (siteKey ? { siteKey, onToken: (next) => void (token.current = next) } : null));
  useEffect(() => {
    // The tab is live (tests wait for it; the server's HTML did nothing before).
    if (controller) document.documentElement.dataset['questions'] = 'ready';
    return () => controller?.stop();
  }, [controller]);
  const [initial] = useState<QnaState>(() => ({ list: listFrom(view.first), votes: {}, form: INITIAL_FORM }));
  const snapshot = useSyncExternalStore(controller?.store.subscribe ?? noop, controller?.store.getSnapshot ?? (() => initial), () => initial);
  const [term, setTerm] = useState('');
  const opener = useRef<HTMLElement | null>(null);
  const { list, votes, form } = snapshot;
  const accepting = view.form.accepting;
  const open = (mode: FormMode) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    controller?.open(mode);
  };
  const searching = list.pending?.kind === 'search';
  // Decided here, not in the markup: the texts scanner reads literals among children as texts.
  const moreShown = !list.lastPage && list.items.length > 0 && list.failed?.kind !== 'search';
  const dialogOpen = form.view !== 'closed';
  return (
    <div className="qna">
      <div className="qna__bar">
        <form
          role="search"
          className="qna__search"
          onSubmit={(e) => {
            e.preventDefault();
            controller?.searchNow(term);
          }}
        >
          <input
            type="search"
            aria-label={t.searchQuestions}
            placeholder={t.searchQuestions}
            value={term}
            maxLength={100}
            onChange={(e) => {
              setTerm(e.target.value);
              controller?.type(e.target.value);
            }}
          />
          {term !== '' && (
            <button
              type="button"
              className="button qna__clear"
              onClick={() => {
                setTerm('');
                controller?.searchNow('');
              }}
            >
              {t.clearSearch}
            </button>
          )}
        </form>
        {accepting && (
          <button type="button" className="button button--primary" onClick={() => open({ kind: 'ask' })}>
            {t.ask}
          </button>
        )}
      </div>
      <p className="qna__count" role="status">
        {searching ? t.searching : countText(list, t)}
      </p>
      {list.failed && (
        <div className="notice notice--error" role="alert">
          <p>
            {t.listFailed} {list.failed.message}{' '}
            <button type="button" className="button" onClick={() => controller?.retry()}>
              {t.retry}
            </button>
          </p>
        </div>
      )}
      {list.items.length > 0 && (
        <ul className="qna__list" aria-label={t.questions} aria-busy={list.pending ? true : undefined}>
          {list.items.map((question) => (
            <QuestionItem key={question.id} t={t} locale={locale} question={question} votes={votes} controller={controller} accepting={accepting} onAnswer={() => open({ kind: 'answer', questionId: question.id, question: question.text })} />
          ))}
        </ul>
      )}
      {moreShown && (
        <button type="button" className="button qna__more" aria-disabled={list.pending ? true : undefined} onClick={() => controller?.showMore()}>
          {list.pending?.kind === 'more' ? t.loadingMore : t.showMore}
        </button>
      )}
      {controller && dialogOpen && form.mode && <QnaDialog t={t} locale={locale} product={product} state={form} controller={controller} opener={opener} captcha={captcha} />}
    </div>
  );
}

function QuestionItem({ t, locale, question, votes, controller, accepting, onAnswer }: { readonly t: QnaTexts; readonly locale: Locale; readonly question: Question; readonly votes: QnaState['votes']; readonly controller: QnaController | null; readonly accepting: boolean; readonly onAnswer: () => void }) {
  const textId = useId();
  return (
    <li className="qna__item">
      <article aria-labelledby={textId}>
        <p className="qna__question" id={textId}>
          <span className="visually-hidden">{`${t.questionPrefix} `}</span>
          {question.text}
        </p>
        <p className="qna__meta">
          {question.author} · <time dateTime={question.date}>{formatDate(question.date, locale)}</time>
        </p>
        <VoteButtons t={t} id={question.id} votes={question.votes} state={votes[question.id]} controller={controller} />
        {question.answers.length > 0 && (
          <ul className="qna__answers" aria-label={t.answers({ count: question.answers.length })}>
            {question.answers.map((answer) => (
              <li key={answer.id} className="qna__answer">
                <p>{answer.text}</p>
                <p className="qna__meta">
                  {answer.author}
                  {answer.byShop ? ` (${t.byShop})` : answer.verified ? ` (${t.verifiedOwner})` : ''} · <time dateTime={answer.date}>{formatDate(answer.date, locale)}</time>
                </p>
                <VoteButtons t={t} id={answer.id} votes={answer.votes} state={votes[answer.id]} controller={controller} />
              </li>
            ))}
          </ul>
        )}
        {accepting && (
          <button type="button" className="button qna__answer-button" onClick={onAnswer}>
            {t.answer}
          </button>
        )}
      </article>
    </li>
  );
}

/** `Helpful ({n})` / `Not helpful ({n})`, pressed for the viewer's vote; a failure is said beside them. */
function VoteButtons({ t, id, votes, state, controller }: { readonly t: QnaTexts; readonly id: number; readonly votes: Votes; readonly state: VoteState | undefined; readonly controller: QnaController | null }) {
  const shown = state?.shown ?? votes;
  const busy = state?.before ? true : undefined;
  return (
    <div className="qna__votes">
      <button type="button" className="qna__vote" aria-pressed={shown.current === 1} aria-busy={busy} onClick={() => void controller?.vote(id, 1)}>
        {t.helpful({ count: shown.up })}
      </button>
      <button type="button" className="qna__vote" aria-pressed={shown.current === -1} aria-busy={busy} onClick={() => void controller?.vote(id, -1)}>
        {t.notHelpful({ count: shown.down })}
      </button>
      {state?.error && (
        <span className="qna__vote-error" role="alert">
          {state.error}
        </span>
      )}
    </div>
  );
}

/**
 * The ask/answer dialog (a native modal dialog: focus moves in, the page behind is inert). Escape,
 * the close button, `OK` and a click on the overlay close it; focus returns to the button that
 * opened it.
 */
function QnaDialog({
  t,
  locale,
  product,
  state,
  controller,
  opener,
  captcha,
}: {
  readonly t: QnaTexts;
  readonly locale: Locale;
  readonly product: Product;
  readonly state: QnaState['form'];
  readonly controller: QnaController;
  readonly opener: RefObject<HTMLElement | null>;
  readonly captcha: CaptchaProps;
}) {
  const dialog = useRef<HTMLDialogElement | null>(null);
  const ok = useRef<HTMLButtonElement | null>(null);
  const headingId = useId();
  const base = useId();
  useEffect(() => {
    const node = dialog.current;
    const back = opener.current;
    if (node && !node.open) node.showModal();
    return () => {
      node?.close();
      back?.focus();
    };
  }, [opener]);
  useEffect(() => {
    if (state.view === 'result') ok.current?.focus();
  }, [state.view]);
  const mode = state.mode;
  if (!mode) return null;
  const close = () => controller.close();
  const answering = mode.kind === 'answer';
  const heading = mode.kind === 'ask' ? t.askAbout({ name: product.name }) : t.answerQuestion;
  return (
    // A click on the dialog element itself is a click on the overlay around its content.
    <dialog
      ref={dialog}
      className="qna-dialog"
      aria-labelledby={headingId}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <div className="qna-dialog__body">
        <button type="button" className="qna-dialog__close" aria-label={t.close} onClick={close}>
          ×
        </button>
        <h2 id={headingId}>{heading}</h2>
        {answering && (
          <blockquote className="qna-dialog__question">
            <p>{mode.question}</p>
          </blockquote>
        )}
        {state.view === 'result' ? (
          <div className={state.outcome.ok ? 'qna-dialog__result' : 'qna-dialog__result qna-dialog__result--error'} role={state.outcome.ok ? 'status' : 'alert'}>
            <p>{state.outcome.title}</p>
            {state.outcome.description && <p>{state.outcome.description}</p>}
            <button ref={ok} type="button" className="button button--primary" onClick={close}>
              {t.ok}
            </button>
          </div>
        ) : (
          <QnaForm base={base} state={state} mode={mode} controller={controller} captcha={captcha} locale={locale} />
        )}
      </div>
    </dialog>
  );
}

export function QnaForm({
  base,
  state,
  mode,
  controller,
  captcha,
  locale = BASE_LOCALE,
}: {
  readonly base: string;
  readonly state: QnaState['form'];
  readonly mode: FormMode;
  readonly controller: QnaController;
  readonly captcha: CaptchaProps;
  /** The page's language. @default 'en-PH' */
  readonly locale?: Locale;
}) {
  const t = qnaTextsIn(locale);
  const errors = formErrors(state.fields, mode, t);
  const sending = state.view === 'sending';
  const touched = state.view === 'input' ? state.touched : { text: true, name: true, email: true };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void controller.submit();
  };
  return (
    <form onSubmit={submit} noValidate className="qna-dialog__form" aria-busy={sending ? true : undefined}>
      {FIELDS.map((field) => {
        const id = `${base}-${field}`;
        const error = touched[field] ? errors[field] : null;
        const label = field === 'text' && mode.kind === 'answer' ? t.answerLabel : labels(t)[field];
        const common = {
          id,
          value: state.fields[field],
          readOnly: sending,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          onChange: (e: { target: { value: string } }) => controller.edit(field, e.target.value),
        } as const;
        return (
          <div key={field} className={error ? 'qna-field qna-field--error' : 'qna-field'}>
            <label htmlFor={id}>{label}</label>
            {field === 'text' ? <textarea {...common} rows={4} maxLength={2000} autoFocus /> : <input {...common} type={field === 'email' ? 'email' : 'text'} autoComplete={field === 'email' ? 'email' : 'name'} maxLength={200} />}
            {error && (
              <span className="qna-field__error" id={`${id}-error`}>
                {error}
              </span>
            )}
          </div>
        );
      })}
      {captcha && <CaptchaStep id={`${base}-captcha`} siteKey={captcha.siteKey} error={null} onToken={captcha.onToken} prefix="qna-field" locale={locale} />}
      <p className="qna-dialog__actions">
        <button type="submit" className="button button--primary" disabled={sending || !formValid(state.fields, mode)}>
          {sending ? t.sending : mode.kind === 'ask' ? t.submitQuestion : t.submitAnswer}
        </button>
      </p>
    </form>
  );
}
