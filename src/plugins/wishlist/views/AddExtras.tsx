/**
 * What an add button shows after a press (its own chunk, fetched with the first add): the notice
 * (a tick or an error icon and the shop's words, said in the page's polite live region, closed
 * after `popupTimeout` but never while the pointer or focus is on it), the list chooser (with
 * several lists: which list, or a new one with its name and privacy), and the fields of a new list
 * that the list page's `Create a new wishlist` dialog shares.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import type { NewWishlist, WishlistPrivacy, WishlistRef } from '../../../core/domain/wishlist.js';
import type { ViewContextOf } from '../../../core/plugin.js';
import { useTexts } from '../../../ui/i18n.js';
import { useSelector, useUi } from '../../../ui/runtime-context.js';
import type wishlist from '../index.js';
import { wishlistTexts } from '../messages.js';
import { checkTitle, listTitle, noticeCloses, privacyLabel, PRIVACY_VALUES } from '../rules.js';
import type { ProductNotice } from '../state.js';

type Ctx = ViewContextOf<typeof wishlist>;

/** The error icon (a warning triangle), named for assistive technology. */
export function ErrorIcon() {
  const t = useTexts(wishlistTexts);
  return (
    <svg className="wishlist-icon wishlist-icon--error" role="img" aria-label={t.error} viewBox="0 0 24 24" width="18" height="18">
      <path d="M12 2 1 21h22L12 2zm1 15h-2v-2h2v2zm0-4h-2V9h2v4z" />
    </svg>
  );
}

/** Closes after `timeout` ms unless held (hovered or focused); the wait starts again on release. Mount it once per notice. */
export function useAutoClose(timeout: number, onClose: () => void): { readonly hold: (held: boolean) => void } {
  const [held, setHeld] = useState(false);
  const [since, setSince] = useState(() => Date.now());
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => {
      if (noticeCloses(since, Date.now(), timeout, false)) close.current();
    }, Math.max(0, timeout - (Date.now() - since)));
    return () => clearTimeout(timer);
  }, [held, since, timeout]);
  return {
    hold: (next) => {
      setHeld(next);
      if (!next) setSince(Date.now());
    },
  };
}

/** The notice after an add (mounted once per notice: its parent keys it by `notice.at`). */
export function AddNotice({ notice, timeout }: { readonly plugin: Ctx; readonly notice: ProductNotice; readonly timeout: number }) {
  const { signals } = useUi();
  const t = useTexts(wishlistTexts);
  const [closed, setClosed] = useState(false);
  const { hold } = useAutoClose(timeout, () => setClosed(true));
  useEffect(() => {
    signals.emit('announce', { message: notice.text });
  }, [notice.text, signals]);
  if (closed) return null;
  const failed = notice.kind !== 'in-list';
  return (
    <div
      className={`wishlist-notice${failed ? ' wishlist-notice--error' : ''}`}
      data-testid="wishlist-notice"
      onMouseEnter={() => hold(true)}
      onMouseLeave={() => hold(false)}
      onFocus={() => hold(true)}
      onBlur={() => hold(false)}
    >
      {failed ? (
        <ErrorIcon />
      ) : (
        <svg className="wishlist-icon" aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
        </svg>
      )}
      <p>{notice.text}</p>
      <button type="button" className="wishlist-notice__close" onClick={() => setClosed(true)}>
        {t.close}
      </button>
    </div>
  );
}

/** The name and privacy of a new list (controlled), with the name's error shown and focused on demand. */
export function NewListFields({
  name,
  privacy,
  error,
  onName,
  onPrivacy,
  nameRef,
}: {
  readonly name: string;
  readonly privacy: WishlistPrivacy;
  readonly error: string | null;
  readonly onName: (value: string) => void;
  readonly onPrivacy: (value: WishlistPrivacy) => void;
  readonly nameRef: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const t = useTexts(wishlistTexts);
  return (
    <>
      <p className={`wishlist-field${error ? ' wishlist-field--error' : ''}`}>
        <label htmlFor={`${id}-name`}>{t.listName}</label>
        <input
          ref={nameRef}
          id={`${id}-name`}
          name="wishlist_name"
          type="text"
          required
          maxLength={255}
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onName(e.currentTarget.value)}
        />
        {error && (
          <span className="wishlist-field__error" id={`${id}-error`}>
            {error}
          </span>
        )}
      </p>
      <fieldset className="wishlist-privacy" role="radiogroup" aria-label={t.privacy}>
        <legend>{t.privacy}</legend>
        {PRIVACY_VALUES.map((value) => (
          <label key={value}>
            <input type="radio" name={`${id}-privacy`} value={value} checked={privacy === value} onChange={() => onPrivacy(value)} /> {privacyLabel(value, t)}
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** A new list's name and privacy as state, checked on submit (empty: marked invalid and focused). */
export function useNewList() {
  const [name, setName] = useState('');
  const [privacy, setPrivacy] = useState<WishlistPrivacy>(0);
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement | null>(null);
  const t = useTexts(wishlistTexts);
  const check = (): NewWishlist | null => {
    const title = checkTitle(name, t);
    if (!title.ok) {
      setError(title.message);
      nameRef.current?.focus();
      return null;
    }
    setError(null);
    return { name: title.title, privacy };
  };
  return { fields: { name, privacy, error, onName: setName, onPrivacy: setPrivacy, nameRef }, check };
}

/** Opens a native modal dialog on mount (focus moves in, Escape closes, the page behind is inert). */
export function useDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return { ref, onCancel: (e: SyntheticEvent) => (e.preventDefault(), onClose()) };
}

/** With several lists: which list the product goes to, or a new one. */
export function ListChooser({ plugin, name, onChoose, onClose }: { readonly plugin: Ctx; readonly name: string; readonly onChoose: (wishlistId: number | 'new' | null, newList?: NewWishlist) => void; readonly onClose: () => void }) {
  const lists = useSelector(plugin.store, (s) => s.state?.lists ?? []);
  const [choice, setChoice] = useState<number | 'new'>(() => lists.find((l) => l.isDefault)?.id ?? lists[0]?.id ?? 'new');
  const { fields, check } = useNewList();
  const newChosen = choice === 'new';
  const { ref, onCancel } = useDialog(onClose);
  const t = useTexts(wishlistTexts);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (choice !== 'new') return onChoose(choice);
    const list = check();
    if (list) onChoose('new', list);
  };
  return (
    <DialogForm dialog={ref} onCancel={onCancel} onSubmit={submit} heading={t.addToAList({ name })} submitLabel={t.addTitle} onClose={onClose} failure={null}>
      <ListRadios name="wishlist_id" lists={lists} choice={choice} onChoice={setChoice} />
      {newChosen && <NewListFields {...fields} />}
    </DialogForm>
  );
}

/**
 * A modal dialog holding one form: its heading, the fields, a failure said as text, and the
 * submit and `Cancel` buttons.
 */
export function DialogForm({
  dialog,
  onCancel,
  onSubmit,
  heading,
  submitLabel,
  onClose,
  failure,
  children,
}: {
  readonly dialog: RefObject<HTMLDialogElement | null>;
  readonly onCancel: (e: SyntheticEvent) => void;
  readonly onSubmit: (e: FormEvent) => void;
  readonly heading: string;
  readonly submitLabel: string;
  readonly onClose: () => void;
  readonly failure: string | null;
  readonly children: ReactNode;
}) {
  const headingId = useId();
  const t = useTexts(wishlistTexts);
  return (
    <dialog ref={dialog} className="wishlist-dialog" aria-labelledby={headingId} onCancel={onCancel}>
      <form onSubmit={onSubmit} noValidate>
        <h2 id={headingId}>{heading}</h2>
        {children}
        {failure && (
          <div className="notice notice--error" role="alert">
            <p>{failure}</p>
          </div>
        )}
        <p className="wishlist-dialog__actions">
          <button type="submit" className="button button--primary">
            {submitLabel}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t.cancel}
          </button>
        </p>
      </form>
    </dialog>
  );
}

/** The radio group `Wishlist`: the shopper's lists, then a new one. */
export function ListRadios({ name, lists, choice, onChoice }: { readonly name: string; readonly lists: readonly WishlistRef[]; readonly choice: number | 'new'; readonly onChoice: (choice: number | 'new') => void }) {
  const t = useTexts(wishlistTexts);
  return (
    <fieldset role="radiogroup" aria-label={t.wishlist}>
      <legend>{t.wishlist}</legend>
      {lists.map((list) => (
        <label key={list.id}>
          <input type="radio" name={name} checked={choice === list.id} onChange={() => onChoice(list.id)} /> {listTitle(list.title, t)}
        </label>
      ))}
      <label>
        <input type="radio" name={name} checked={choice === 'new'} onChange={() => onChoice('new')} /> {t.newList}
      </label>
    </fieldset>
  );
}
