import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Product } from '../../core/domain/catalog.js';
import { normaliseSearch, SEARCH_DEBOUNCE_MS, SEARCH_SUGGESTIONS, searchesAsYouType } from '../../core/rules/search.js';
import { useUi } from '../runtime-context.js';
import { Price } from './Price.js';
import { SearchForm } from './SearchModal.js';
import { useModal } from './use-modal.js';

type Found = { readonly term: string; readonly products: readonly Product[]; readonly total: number } | { readonly term: string; readonly failed: true };

/**
 * The search dialog, loaded when the shopper first opens it: typing searches as you type (after a
 * short pause, the latest term always wins); Enter opens the full results page; Escape closes and
 * focus returns to the header's button.
 */
export default function SearchDialog({ onClose, opener }: { onClose: () => void; opener: RefObject<HTMLButtonElement | null> }) {
  const { runtime } = useUi();
  const [term, setTerm] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const latest = useRef(0);
  useModal(true, dialog, onClose, opener);

  useEffect(() => {
    const wanted = normaliseSearch(term);
    if (!searchesAsYouType(wanted)) {
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
  }, [term, runtime]);

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
    <div className="search-modal" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialog} className="search-modal__panel" role="dialog" aria-modal="true" aria-label="Search the shop">
        <div className="search-modal__head">
          <SearchForm onInput={setTerm} autoFocus />
          <button type="button" className="link-button" onClick={onClose}>
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
  );
}
