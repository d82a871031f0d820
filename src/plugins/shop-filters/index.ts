/**
 * Shop filters: filter lists (category, sort, colour chips, brand, attributes, price slider) for
 * one or more independent shop sections per page, loading in place (or navigating, for a no-ajax
 * section), and load-more for every listing section. The rules live in core
 * (`rules/shop-filters`, `rules/listing`, `catalog/section`); this plugin keeps each section's
 * state and runs the shopper's choices.
 */
import { definePlugin } from '../../core/plugin.js';
import { ok } from '../../core/result.js';
import type { FilterList } from '../../core/rules/shop-filters.js';
import { defineViews } from '../../ui/slots.js';
import type { ChoiceOutcome, Place, Sections, SectionSeed, SectionsState } from './sections.js';
import { beforeRender, loadControls } from './views/deferred.js';
import { ShopSection } from './views/ShopSection.js';


declare module '../../core/plugin.js' {
  interface PluginTypes {
    'shop-filters': typeof shopFilters;
  }
}

declare module '../../core/commands.js' {
  interface CommandMap {
    /** A section's view mounted: start keeping its state from what the page rendered. */
    'shop-filters.register': { input: { readonly seed: SectionSeed }; output: void; failure: never };
    /** A click on a filter item. */
    'shop-filters.choose': {
      input: { readonly seed: SectionSeed; readonly list: FilterList; readonly value: string; readonly place: Place };
      output: ChoiceOutcome;
      failure: never;
    };
    /**
     * The pointer on its way to a filter item (or pressing it): start the read its choice would
     * make, so the choice that follows finds its answer on the way.
     */
    'shop-filters.prefetch': { input: { readonly seed: SectionSeed; readonly list: FilterList; readonly value: string }; output: void; failure: never };
    /** A new price range from the slider or its number inputs, in whole currency units. */
    'shop-filters.setPrice': {
      input: {
        readonly seed: SectionSeed;
        readonly min: number | null;
        readonly max: number | null;
        readonly bounds: { readonly min: number; readonly max: number } | null;
        readonly place: Place;
      };
      output: ChoiceOutcome;
      failure: never;
    };
    /** Back/Forward: show the filters the address holds now. */
    'shop-filters.restore': { input: { readonly section: string; readonly place: Place }; output: ChoiceOutcome; failure: never };
    /** Try again what failed (a choice, or a load-more). */
    'shop-filters.retry': { input: { readonly section: string; readonly place: Place }; output: ChoiceOutcome; failure: never };
    /** Append the section's next page. Resolves true when it was appended. */
    'shop-filters.loadMore': { input: { readonly section: string }; output: boolean; failure: never };
  }
}

const NO_SECTIONS: SectionsState = {};

const shopFilters = definePlugin({
  name: 'shop-filters',
  kind: 'feature',
  // The schema loads only where options are checked (the server); the browser gets them checked.
  config: { load: () => import('./options.js').then((m) => m.shopFiltersOptions) },
  // Listing pages only: that is where sections are.
  pages: ['home', 'shop', 'category', 'search'],
  // Each section's filters and list by section id, once its view has registered it.
  initialState: NO_SECTIONS,
  setup({ ports, emit, logger, handle, store }) {
    // The sections' state comes with the controls' chunk (`views/deferred.ts`), the only code that runs these commands.
    let made: Promise<Sections> | undefined;
    const sections = (): Promise<Sections> => (made ??= loadControls().then((m) => m.createSections({ catalog: ports.catalog, emit, logger, store })));
    handle('shop-filters.register', async ({ seed }) => {
      (await sections()).register(seed);
      return ok(undefined);
    });
    // A choice carries its section's seed and registers it first (idempotent): the filter bar can
    // hydrate before the section's footer, which registers it too, and a choice made in between
    // found no section and did nothing, though its click had been taken from the link.
    const registered = async (seed: SectionSeed): Promise<Sections> => {
      const all = await sections();
      all.register(seed);
      return all;
    };
    handle('shop-filters.choose', async ({ seed, list, value, place }) => ok(await (await registered(seed)).choose(seed.id, list, value, place)));
    handle('shop-filters.prefetch', async ({ seed, list, value }) => {
      (await registered(seed)).prefetch(seed.id, list, value);
      return ok(undefined);
    });
    handle('shop-filters.setPrice', async ({ seed, min, max, bounds, place }) => ok(await (await registered(seed)).setPrice(seed.id, min, max, bounds, place)));
    handle('shop-filters.restore', async ({ section, place }) => ok(await (await sections()).restore(section, place)));
    handle('shop-filters.retry', async ({ section, place }) => ok(await (await sections()).retry(section, place)));
    handle('shop-filters.loadMore', async ({ section }) => ok(await (await sections()).loadMore(section)));
  },
});

export default shopFilters;

/**
 * Views: every listing section; its grid hydrates at once, its filter bar and load-more are a
 * chunk of their own (`views/deferred.ts`), which `beforeRender` loads on the server.
 */
export const views = defineViews(shopFilters, { beforeRender, 'listing.section': ShopSection });
