import type { PageData } from '../app-state.js';
import { ProductSection } from '../components/ProductSection.js';

type ListingData = Extract<PageData, { type: 'home' | 'shop' | 'category' }>;

/** Tiles that carry their image in the server HTML: the first row on a wide screen. */
const EAGER_TILES = 4;

/** Home, shop and category listings: one or more product sections, with paging on the shop. */
export function ListingPage({ page, search }: { page: ListingData; search: string }) {
  const pageLink = (n: number) => {
    const params = new URLSearchParams(search);
    if (n <= 1) params.delete('paged');
    else params.set('paged', String(n));
    const qs = params.toString();
    return qs ? `?${qs}` : '?';
  };
  return (
    <>
      <h1 className="page-title">{page.title}</h1>
      {page.category?.description && <p className="page-intro">{page.category.description}</p>}
      {page.sections.map((section, i) => (
        <ProductSection key={section.id} section={section} eagerCount={i === 0 ? EAGER_TILES : 0} firstOnPage={i === 0} />
      ))}
      {page.totalPages > 1 && (
        <nav className="pagination" aria-label="Pages">
          {page.page > 1 && (
            <a href={pageLink(page.page - 1)} rel="prev">
              Previous page
            </a>
          )}
          <span>
            Page {page.page} of {page.totalPages}
          </span>
          {page.page < page.totalPages && (
            <a href={pageLink(page.page + 1)} rel="next">
              Next page
            </a>
          )}
        </nav>
      )}
    </>
  );
}
