import { useEffect, useRef, useState, type RefObject } from 'react';
import { Subject } from 'rxjs';
import type { Product } from '../../core/domain/catalog.js';
import { normaliseSearch, SEARCH_DEBOUNCE_MS, SEARCH_SUGGESTIONS, searchesAsYouType } from '../../core/rules/search.js';
import { latestSearch } from '../../core/streams/latest.js';
import { useTexts } from '../i18n.js';
import { searchDialogTexts } from '../messages/search-dialog.js';
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
  const t = useTexts(searchDialogTexts);
  const [terms] = useState(() => new Subject<string>());
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  useModal(true, dialog, onClose, opener);

  useEffect(() => {
    const search = (term: string) => runtime.execute('catalog.search', { term, limit: SEARCH_SUGGESTIONS });
    const subscription = latestSearch(terms, search, { debounceMs: SEARCH_DEBOUNCE_MS, searchable: searchesAsYouType }).subscribe((state) => {
      // While a search is on its way, the previous suggestions stay until its answer replaces them.
      setBusy(state.status === 'searching');
      if (state.status === 'idle') setFound(null);
      else if (state.status === 'done') {
        const { term, result } = state;
        setFound(result.ok ? { term, products: result.value.items, total: result.value.total } : { term, failed: true });
      } else if (state.status === 'failed') setFound({ term: state.term, failed: true });
    });
    return () => subscription.unsubscribe();
  }, [terms, runtime]);

  const status =
    found === null
      ? busy
        ? t.searching
        : ''
      : 'failed' in found
        ? t.failed
        : found.total === 0
          ? t.none({ term: found.term })
          : // The term as text (a function, so `$&` in it is not a pattern).
            t.found(found.total).replace('{term}', () => found.term);

  return (
    <div className="search-modal" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialog} className="search-modal__panel" role="dialog" aria-modal="true" aria-label={t.dialog}>
        <div className="search-modal__head">
          <SearchForm onInput={(value) => terms.next(normaliseSearch(value))} autoFocus />
          <button type="button" className="link-button" onClick={onClose}>
            {t.close}
          </button>
        </div>
        <p className="search-modal__status" role="status" aria-live="polite">
          {status}
        </p>
        {found && !('failed' in found) && found.products.length > 0 && (
          <ul className="search-modal__results" aria-label={t.suggestions}>
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
                <a href={`/?s=${encodeURIComponent(found.term)}&post_type=product`}>{t.seeAll({ total: found.total })}</a>
              </li>
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
