import { lazy, Suspense, useEffect, useId, useReducer, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { BlogPost } from '../../core/domain/blog.js';
import { COMMENT_RULES, firstInvalid, formReducer, formValid, initialForm, type FormEvent as FormAction, type FormState } from '../../core/rules/forms.js';
import { masonryRowSpan, MASONRY_RESIZE_DEBOUNCE_MS } from '../../core/rules/layout.js';
import { failList, hasMore, listFromPage, nextPage, pageAddress, receiveList, requestList, type ListState } from '../../core/rules/listing.js';
import type { PageData } from '../../app/app-state.js';
import type { Locale } from '../../i18n/index.js';
import { useLocale, useTexts } from '../i18n.js';
import { blogTexts } from '../messages/blog.js';
import { useUi } from '../runtime-context.js';

const FeatureImagesEnhancer = lazy(() => import('../components/FeatureImagesEnhancer.js'));

type BlogData = Extract<PageData, { type: 'blog' }>;
type PostData = Extract<PageData, { type: 'post' }>;

/** Dates in the page's language (one formatter per language). */
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
const formatDate = (iso: string, locale: Locale): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Manila' })));
  return format.format(date);
};

/** Lays a masonry grid out again (row spans from card heights) on mount, on changes and 100 ms after the last resize. */
function useMasonry(grid: RefObject<HTMLElement | null>, enabled: boolean, count: number): void {
  useEffect(() => {
    const node = grid.current;
    if (!enabled || !node) return;
    const layout = () => {
      const style = getComputedStyle(node);
      const unit = Number.parseFloat(style.gridAutoRows) || 8;
      const gap = Number.parseFloat(style.rowGap) || 0;
      for (const card of node.querySelectorAll<HTMLElement>(':scope > li')) {
        const inner = card.firstElementChild as HTMLElement | null;
        const height = inner?.getBoundingClientRect().height ?? card.getBoundingClientRect().height;
        card.style.gridRowEnd = `span ${masonryRowSpan(height, unit, gap)}`;
      }
      node.dataset['masonry'] = 'ready';
    };
    layout();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(layout, MASONRY_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    // Images arriving change heights too.
    node.addEventListener('load', onResize, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      node.removeEventListener('load', onResize, true);
    };
  }, [grid, enabled, count]);
}

function PostCard({ post, eager }: { post: BlogPost; eager: boolean }) {
  const image = post.images[0];
  const headingId = `post-${post.id}`;
  const locale = useLocale();
  return (
    <article className="post-card" aria-labelledby={headingId}>
      {image && (
        <a href={post.path} className="post-card__media" tabIndex={-1} aria-hidden="true">
          <img src={image.src} alt="" width={image.width} height={image.height} loading={eager ? 'eager' : 'lazy'} />
        </a>
      )}
      <h2 className="post-card__title" id={headingId}>
        <a href={post.path}>{post.title}</a>
      </h2>
      <p className="post-card__meta">
        <time dateTime={post.date}>{formatDate(post.date, locale)}</time>
        {post.author && ` · ${post.author}`}
      </p>
      <p className="post-card__excerpt">{post.excerpt}</p>
    </article>
  );
}

/** The blog list, standard or masonry, with load-more. */
export function BlogPage({ page }: { page: BlogData }) {
  const { runtime } = useUi();
  const t = useTexts(blogTexts);
  const [list, setList] = useState<ListState<BlogPost>>(() => listFromPage({ items: page.posts, total: page.total, page: page.page, totalPages: page.totalPages }));
  const latest = useRef(list);
  latest.current = list;
  const grid = useRef<HTMLUListElement>(null);
  const masonry = page.layout === 'masonry';
  useMasonry(grid, masonry, list.items.length);

  const loadMore = async () => {
    const { state, token } = requestList(latest.current, 'more');
    setList(state);
    const result = await runtime.execute('blog.posts', { page: nextPage(state), perPage: page.perPage });
    if (!result.ok) console.error(`The next blog posts could not be loaded (${result.error.kind}: ${result.error.message})`);
    setList(result.ok ? receiveList(latest.current, token, result.value, (p) => p.id) : failList(latest.current, token));
  };
  const more = hasMore(list);
  const loading = list.loading !== null;
  const nextUrl = page.nextUrl ? pageAddress(page.nextUrl, 'paged', list.page + 1) : null;

  return (
    <>
      <h1 className="page-title">{page.title}</h1>
      <p className="page-intro">{page.description}</p>
      <nav className="layout-switch" aria-label={t.layout}>
        <a href="/blog/" aria-current={!masonry ? 'page' : undefined}>
          {t.standard}
        </a>
        <a href="/blog/?layout=masonry" aria-current={masonry ? 'page' : undefined}>
          {t.masonry}
        </a>
      </nav>
      <section aria-label={t.posts} className={`blog-list blog-list--${page.layout}`}>
        {list.items.length === 0 ? (
          <p className="listing__empty">{t.noPosts}</p>
        ) : (
          <ul ref={grid} className="blog-list__grid" aria-busy={loading || undefined}>
            {list.items.map((post, i) => (
              <li key={post.id}>
                <PostCard post={post} eager={i < 2} />
              </li>
            ))}
          </ul>
        )}
        {list.failed && (
          <p className="notice notice--error" role="alert">
            {t.moreFailed}{' '}
            <button type="button" className="link-button" onClick={() => void loadMore()}>
              {t.retry}
            </button>
          </p>
        )}
        {more && nextUrl ? (
          <p className="load-more">
            <a
              className="button load-more__link"
              href={nextUrl}
              aria-disabled={loading || undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                if (!loading) void loadMore();
              }}
            >
              {loading ? t.loading : t.loadMore}
            </a>
          </p>
        ) : list.page > page.page ? (
          <p className="load-more load-more--done" role="status">
            {t.allLoaded}
          </p>
        ) : null}
      </section>
    </>
  );
}

/** The post's feature images: one picture, or a carousel (Swiper once loaded; a scroll strip before). */
function FeatureImages({ post }: { post: BlogPost }) {
  const [enhance, setEnhance] = useState(false);
  const t = useTexts(blogTexts);
  useEffect(() => setEnhance(post.images.length > 1), [post.images.length]);
  const [first] = post.images;
  if (!first) return null;
  if (post.images.length === 1) {
    return <img className="post__image" src={first.src} alt={first.alt} width={first.width} height={first.height} fetchPriority="high" />;
  }
  const count = post.images.length;
  return (
    <div className="post-images" data-post-images role="region" aria-roledescription={t.carousel} aria-label={t.picturesOf({ title: post.title })}>
      <div className="swiper post-images__viewport">
        <ul className="swiper-wrapper post-images__track">
          {post.images.map((image, i) => (
            <li key={image.id} className="swiper-slide post-images__slide" aria-label={t.pictureOf({ index: i + 1, count })}>
              <img src={image.src} alt={image.alt} width={image.width} height={image.height} loading={i === 0 ? 'eager' : 'lazy'} />
            </li>
          ))}
        </ul>
      </div>
      {enhance && (
        <Suspense fallback={null}>
          <FeatureImagesEnhancer title={post.title} />
        </Suspense>
      )}
    </div>
  );
}

type Field = 'author' | 'email' | 'comment';
const FIELD_LABELS = { author: 'name', email: 'email', comment: 'comment' } as const satisfies Record<Field, keyof (typeof blogTexts)['base']>;
// The stock WordPress comment fields, so the form also posts without scripts.
const FIELD_NAMES: Record<Field, string> = { author: 'author_name', email: 'author_email', comment: 'content' };

/**
 * The comment form: errors show on focus-out, on key-up once a field was touched, and on submit,
 * with the first invalid field focused; each error is linked to its field. A new comment is held
 * for moderation and the shopper is told so; a failed send keeps everything typed.
 */
function CommentForm({ postId }: { postId: number }) {
  const { runtime } = useUi();
  const t = useTexts(blogTexts);
  const [form, dispatch] = useReducer((state: FormState<Field>, event: FormAction<Field>) => formReducer(COMMENT_RULES, state, event), COMMENT_RULES, (rules) => initialForm(rules));
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'held' | 'published' | 'failed'; message: string } | null>(null);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const id = useId();
  const [focusTick, setFocusTick] = useState(0);

  // After a failed submit, the first invalid field gets focus (once the errors have rendered).
  useEffect(() => {
    if (focusTick === 0) return;
    const field = firstInvalid(COMMENT_RULES, form);
    if (field) refs.current[field]?.focus();
    // Only a new submit moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusTick]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    dispatch({ type: 'submit' });
    if (!formValid(COMMENT_RULES, form)) {
      setOutcome(null);
      setFocusTick((n) => n + 1);
      return;
    }
    setSending(true);
    setOutcome(null);
    const result = await runtime.execute('blog.comment', { postId, author: form.values.author, email: form.values.email, content: form.values.comment });
    setSending(false);
    if (result.ok) {
      dispatch({ type: 'reset' });
      setOutcome(
        result.value.status === 'hold'
          ? { kind: 'held', message: t.held }
          : { kind: 'published', message: t.published },
      );
    } else {
      setOutcome({
        kind: 'failed',
        message:
          result.error.kind === 'network' || result.error.kind === 'timeout'
            ? t.unreachable
            : t.refused({ reason: result.error.message }),
      });
    }
  };

  const field = (name: Field) => {
    const error = form.shown[name];
    const fieldId = `${id}-${name}`;
    const errorId = `${fieldId}-error`;
    const common = {
      id: fieldId,
      name: FIELD_NAMES[name],
      value: form.values[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      'aria-required': true,
      onChange: (e: { currentTarget: { value: string } }) => dispatch({ type: 'input', field: name, value: e.currentTarget.value }),
      onBlur: () => dispatch({ type: 'blur', field: name }),
    };
    return (
      <p className={`comment-form__field${error ? ' comment-form__field--error' : ''}`}>
        <label htmlFor={fieldId}>{t[FIELD_LABELS[name]]}</label>
        {name === 'comment' ? (
          <textarea
            {...common}
            rows={6}
            ref={(node) => {
              refs.current[name] = node;
            }}
          />
        ) : (
          <input
            {...common}
            type={name === 'email' ? 'email' : 'text'}
            autoComplete={name === 'email' ? 'email' : 'name'}
            ref={(node) => {
              refs.current[name] = node;
            }}
          />
        )}
        {error && (
          <span className="comment-form__error" id={errorId}>
            {error}
          </span>
        )}
      </p>
    );
  };

  const failed = outcome?.kind === 'failed';
  return (
    <form className="comment-form" method="post" action="/wp-json/wp/v2/comments" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.leaveComment}</h2>
      <p className="comment-form__note">{t.note}</p>
      <input type="hidden" name="post" value={postId} />
      {field('author')}
      {field('email')}
      {field('comment')}
      <p>
        <button type="submit" className="button button--primary" aria-busy={sending || undefined} disabled={sending}>
          {sending ? t.sending : t.postComment}
        </button>
      </p>
      <div role="status" aria-live="polite" className="comment-form__status">
        {outcome && !failed && <p className="notice">{outcome.message}</p>}
      </div>
      {outcome && failed && (
        <p className="notice notice--error" role="alert">
          {outcome.message}
        </p>
      )}
    </form>
  );
}

/** One post with its feature images, comments and the comment form. */
export function PostPage({ page }: { page: PostData }) {
  const { post, comments } = page;
  const t = useTexts(blogTexts);
  const locale = useLocale();
  return (
    <article className="post" aria-labelledby="post-title">
      <nav className="breadcrumbs" aria-label={t.breadcrumb}>
        <ol>
          <li>
            <a href="/blog/">{t.journal}</a>
          </li>
          <li aria-current="page">{post.title}</li>
        </ol>
      </nav>
      <h1 className="page-title" id="post-title">
        {post.title}
      </h1>
      <p className="post__meta">
        <time dateTime={post.date}>{formatDate(post.date, locale)}</time>
        {post.author && ` · ${post.author}`}
      </p>
      <FeatureImages post={post} />
      <div className="post__body">
        {post.paragraphs.map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </div>
      <section className="comments" aria-labelledby="comments-title">
        <h2 id="comments-title">{comments.length === 0 ? t.noComments : t.comments(comments.length)}</h2>
        {comments.length > 0 && (
          <ol className="comments__list">
            {comments.map((comment) => (
              <li key={comment.id} id={`comment-${comment.id}`} className="comment">
                <p className="comment__meta">
                  <strong>{comment.author}</strong> · <time dateTime={comment.date}>{formatDate(comment.date, locale)}</time>
                </p>
                {comment.paragraphs.map((text, i) => (
                  <p key={i}>{text}</p>
                ))}
              </li>
            ))}
          </ol>
        )}
        {post.commentsOpen ? <CommentForm postId={post.id} /> : <p className="comments__closed">{t.closed}</p>}
      </section>
    </article>
  );
}
