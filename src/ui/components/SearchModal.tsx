import { lazy, Suspense, useId, useRef, useState, type Ref } from 'react';
import { useTexts } from '../i18n.js';
import { searchFormTexts } from '../messages/search-form.js';

/** The search form: a GET to WooCommerce's search address, `/?s=term&post_type=product`. */
export function SearchForm({ initial = '', onInput, inputRef, autoFocus = false }: { initial?: string; onInput?: (value: string) => void; inputRef?: Ref<HTMLInputElement>; autoFocus?: boolean }) {
  const id = useId();
  const t = useTexts(searchFormTexts);
  return (
    <form className="search-form" role="search" action="/" method="get" aria-label={t.region}>
      <label htmlFor={id} className="visually-hidden">
        {t.label}
      </label>
      <input
        id={id}
        ref={inputRef}
        type="search"
        name="s"
        defaultValue={initial}
        maxLength={100}
        autoComplete="off"
        placeholder={t.placeholder}
        data-autofocus={autoFocus ? '' : undefined}
        onChange={(e) => onInput?.(e.currentTarget.value)}
      />
      <input type="hidden" name="post_type" value="product" />
      <button type="submit" className="button button--small">
        {t.search}
      </button>
    </form>
  );
}

const SearchDialog = lazy(() => import('./SearchDialog.js'));

/**
 * The header's search: a button that opens the search dialog (its code loads on first open).
 */
export function SearchModal() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const t = useTexts(searchFormTexts);
  return (
    <>
      <button ref={opener} type="button" className="site-header__search button button--small" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {t.search}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchDialog onClose={() => setOpen(false)} opener={opener} />
        </Suspense>
      )}
    </>
  );
}
