import { useState } from 'react';
import type { ViewContextOf } from '../../../core/plugin.js';
import { ProductSection } from '../../../ui/components/ProductSection.js';
import { useLateFlag } from '../../../ui/components/late-flag.js';
import { useTexts } from '../../../ui/i18n.js';
import { useSelector } from '../../../ui/runtime-context.js';
import type { ListingSectionProps } from '../../../ui/slots.js';
import type shopFilters from '../index.js';
import type { SectionState } from '../sections.js';
import { toggleTexts } from '../toggle-texts.js';
import { DeferredEmpty, DeferredFilterBar, DeferredFooter } from './deferred.js';

/** How long a new list's read may take before the shown list fades as loading (a tenth of a second feels instant). */
export const LOADING_SHOWN_AFTER_MS = 100;

/**
 * One listing section: the product grid hydrates at once from the first-load code, while its
 * controls (filter lists, price filter, load-more, the empty list's message) are the lazily
 * hydrated chunk of `deferred.ts`. The grid renders from the page's data until the controls have
 * registered the section, then from the plugin's store; both give the same HTML.
 */
export function ShopSection({ section, catalogue, eagerCount, firstOnPage, plugin }: ListingSectionProps & { readonly plugin: ViewContextOf<typeof shopFilters> }) {
  const kept: SectionState | undefined = useSelector(plugin.store, (all) => all[section.id]);
  const products = kept ? kept.list.items : section.products;
  // The list fades (and is marked busy) only for an answer still out after LOADING_SHOWN_AFTER_MS:
  // on a fast connection the new list comes first, without a faded flash before it.
  const busy = useLateFlag(kept?.list.loading?.kind === 'replace', LOADING_SHOWN_AFTER_MS);
  const t = useTexts(toggleTexts);

  // Narrow screens: the lists sit behind a Filters button so the first products show (the button
  // is hidden on wide screens, where the lists are always open). It is here, not in the controls'
  // chunk, so a tap on it before that chunk is in is not lost.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = `${section.id}-filters`;
  const toolbar =
    section.filtering && catalogue ? (
      <>
        <button
          type="button"
          className="button button--small filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((was) => !was)}
        >
          {t.filters}
          {!section.filtering.primary && <span className="visually-hidden">: {section.title}</span>}
        </button>
        <div className="filters" id={filtersId} data-open={filtersOpen} role="group" aria-label={t.group({ title: section.title })}>
          <DeferredFilterBar section={section} catalogue={catalogue} plugin={plugin} />
        </div>
      </>
    ) : null;

  return (
    <ProductSection
      section={section}
      eagerCount={eagerCount}
      firstOnPage={firstOnPage}
      products={products}
      busy={busy}
      emptyMessage={<DeferredEmpty section={section} catalogue={catalogue} plugin={plugin} />}
      toolbar={toolbar}
      footer={<DeferredFooter section={section} catalogue={catalogue} plugin={plugin} />}
    />
  );
}
