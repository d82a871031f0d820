import { useEffect, useId, useRef, useState, type Ref } from 'react';
import type { Product } from '../../core/domain/catalog.js';
import { normaliseSearch, SEARCH_DEBOUNCE_MS, SEARCH_SUGGESTIONS, searchesAsYouType } from '../../core/rules/search.js';
import { useUi } from '../runtime-context.js';
import { Price } from './Price.js';
import { useModal } from './use-modal.js';

/** The search form: a GET to WooCommerce's search address, `/?s=term&post_type=product`. */
export function SearchForm({ initial = '', onInput, inputRef, autoFocus = false }: { initial?: string; onInput?: (value: string) => void; inputRef?: Ref<HTMLInputElement>; autoFocus?: boolean }) {
  const id = useId();
  return (
    <form className="search-form" role="search" action="/" method="get" aria-label="Products">
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <input
        id={id}
        ref={inputRef}
        type="search"
        name="s"
        defaultValue={initial}
        maxLength={100}
        autoComplete="off"
        placeholder="Search products…"
        data-autofocus={autoFocus ? '' : undefined}
        onChange={(e) => onInput?.(e.currentTarget.value)}
      />
      <input type="hidden" name="post_type" value="product" />
      <button type="submit" className="button button--small">
        Search
      </button>
    </form>
  );
}

type Found = { readonly term: string; readonly products: readonly Product[]; readonly total: number } | { readonly term: string; readonly failed: true };

/**
 * The header's search: a button that opens a modal dialog. Typing searches as you type (after a
 * short pause, the latest term always wins); Enter opens the full results page; Escape closes and
 * focus returns to the button.
 */
export function SearchModal() {
  const { runtime } = useUi();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const latest = useRef(0);
  const close = () => setOpen(false);
  useModal(open, dialog, close, opener);

  useEffect(() => {
    const wanted = normaliseSearch(term);
    if (!open || !searchesAsYouType(wanted)) {
      latest.current += 1;
      setBusy(false);
      setFound(null);
      return;
    }
    const ticket = ++latest.current;
    const timer = setTimeout(() => {
      setBusy(true);
      void runtime.execute('catalog.search', { term: wanted, limit: SEARCH_SUGGESTIONS }).then((result) => {
        // An older, slower answer never replaces a newer one.
        if (ticket !== latest.current) return;
        setBusy(false);
        setFound(result.ok ? { term: wanted, products: result.value.items, total: result.value.total } : { term: wanted, failed: true });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, open, runtime]);

  const status =
    found === null
      ? busy
        ? 'Searching…'
        : ''
      : 'failed' in found
        ? 'Search is not available right now. Press Enter to try the full results page.'
        : found.total === 0
          ? `No products match “${found.term}”.`
          : `${found.total} ${found.total === 1 ? 'product matches' : 'products match'} “${found.term}”.`;

  return (
    <>
      <button ref={opener} type="button" className="site-header__search button button--small" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        Search
      </button>
      {open && (
        <div className="search-modal" onClick={(e) => e.target === e.currentTarget && close()}>
          <div ref={dialog} className="search-modal__panel" role="dialog" aria-modal="true" aria-label="Search the shop">
            <div className="search-modal__head">
              <SearchForm onInput={setTerm} autoFocus />
              <button type="button" className="link-button" onClick={close}>
                Close search
              </button>
            </div>
            <p className="search-modal__status" role="status" aria-live="polite">
              {status}
            </p>
            {found && !('failed' in found) && found.products.length > 0 && (
              <ul className="search-modal__results" aria-label="Search suggestions">
                {found.products.map((product) => (
                  <li key={product.id}>
                    <a href={product.permalink}>
                      <span className="search-modal__name">{product.name}</span>
                      <Price prices={product.prices} onSale={product.onSale} />
                    </a>
                  </li>
                ))}
                {found.total > found.products.length && (
                  <li>
                    <a href={`/?s=${encodeURIComponent(found.term)}&post_type=product`}>See all {found.total} results</a>
                  </li>
                )}
              </ul>
            )}
          </div>
        </div>
      )}
    </>
  );
}
