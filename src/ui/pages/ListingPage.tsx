import type { PageData } from '../../app/app-state.js';
import { ProductSection } from '../components/ProductSection.js';
import { SearchForm } from '../components/SearchModal.js';
import { useTexts } from '../i18n.js';
import { listingTexts } from '../messages/listing.js';
import { Slot } from '../slots.js';

type ListingData = Extract<PageData, { type: 'home' | 'shop' | 'category' | 'search' }>;

/** Tiles that carry their image in the server HTML: the first row on a wide screen. */
const EAGER_TILES = 4;

/**
 * Home, shop and category listings: one or more product sections. The shop-filters plugin takes
 * each section over (filters, loading in place, load-more); without it, sections page by links.
 */
export function ListingPage({ page, search }: { page: ListingData; search: string }) {
  const searching = page.type === 'search';
  return (
    <>
      <h1 className="page-title">{page.title}</h1>
      {page.category?.description && <p className="page-intro">{page.category.description}</p>}
      {searching && <SearchForm initial={new URLSearchParams(search).get('s') ?? ''} />}
      {page.sections.map((section, i) => {
        const eagerCount = i === 0 ? EAGER_TILES : 0;
        return (
          <Slot
            key={section.id}
            name="listing.section"
            props={{ section, catalogue: page.filterCatalogue, eagerCount, firstOnPage: i === 0 }}
            fallback={<ProductSection section={section} eagerCount={eagerCount} firstOnPage={i === 0} footer={<PageLinks section={section} />} />}
          />
        );
      })}
    </>
  );
}

/** Without the shop-filters plugin: plain links to the section's previous and next pages. */
function PageLinks({ section }: { section: ListingData['sections'][number] }) {
  const t = useTexts(listingTexts);
  if (section.totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t.pagesOf({ title: section.title })}>
      {section.prevUrl && (
        <a href={section.prevUrl} rel="prev">
          {t.previousPage}
        </a>
      )}
      <span>{t.pageOf({ page: section.page, pages: section.totalPages })}</span>
      {section.nextUrl && (
        <a href={section.nextUrl} rel="next">
          {t.nextPage}
        </a>
      )}
    </nav>
  );
}
