/**
 * Named slots where plugin views mount. A plugin's `index.ts` exports `views = defineViews(plugin,
 * {...})`: for each slot it fills, a React component that gets the slot's props plus `plugin`, its
 * view context (options, store, emit and execute under the plugin's name), typed by the plugin's
 * own definition.
 *
 * Two kinds of slot:
 * - **replacing** slots (`<Slot>`): the first enabled plugin that fills one replaces the page's own
 *   fallback, so switching the plugin off leaves a working page (swatches off: plain selects);
 * - **gathering** slots (`<SlotFills>`): every enabled plugin's view is shown, in plugin order
 *   (header actions, tile actions, footer...); with none, nothing is rendered.
 */
import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import type { FilterCatalogue } from '../core/catalog/section.js';
import type { Cart, CartLine } from '../core/domain/cart.js';
import type { ListedProduct, Product, ProductVariation } from '../core/domain/catalog.js';
import type { AnyPlugin, PluginViewContext, ViewContextOf } from '../core/plugin.js';
import type { PageType } from '../core/events.js';
import type { Selection, SwatchAttribute, SwatchVariation } from '../core/rules/variation-selection.js';
import type { PageData, ProductSection } from '../app/app-state.js';
import type { TrustBadge } from '../core/domain/reviews.js';
import type { Locale } from '../i18n/index.js';
import { useUi } from './runtime-context.js';

/** Props of the attribute picker of a variable product's form. */
export interface AttributePickerProps {
  readonly product: Product;
  readonly attributes: readonly SwatchAttribute[];
  readonly variations: readonly SwatchVariation[];
  /** Price, stock and image of each variation by id, once known (embedded or loaded). */
  readonly details: ReadonlyMap<number, ProductVariation>;
  readonly selection: Selection;
  /** Replaces the whole selection (the page keeps it in the URL and finds the variation). */
  readonly onChange: (next: Selection) => void;
  /** True while variation data is still being loaded (products with more than 30 variations). */
  readonly loading: boolean;
}

/** Props of a listing section (home, shop and category pages). */
export interface ListingSectionProps {
  readonly section: ProductSection;
  /** Categories, attributes and brands for filter lists; null when no section on the page filters. */
  readonly catalogue: FilterCatalogue | null;
  readonly eagerCount: number;
  readonly firstOnPage: boolean;
}

/** Slots a plugin view replaces (the first enabled plugin that fills one wins). */
export interface ReplacingSlots {
  /** Replaces the attribute selects of a variable product's form. */
  'product.attributePicker': AttributePickerProps;
  /** Replaces a listing section (filter lists, loading in place, load-more). */
  'listing.section': ListingSectionProps;
  /**
   * The body of `/wishlist/` and `/wishlist/view/{token}/` (the `wishlist` plugin). The plugin keeps
   * the page's code in its own chunk, loaded before hydration only on those pages.
   */
  'page.wishlist': { readonly page: Extract<PageData, { type: 'wishlist' }> };
  /** The body of `/reviews/` (the `reviews` plugin; its own chunk, loaded before hydration there only). */
  'page.reviews': { readonly page: Extract<PageData, { type: 'reviews' }> };
  /** The body of `/contact/` and `/contact/wholesale/` (the `contact-form` plugin; loaded on those pages only). */
  'page.contact': { readonly page: Extract<PageData, { type: 'contact' }> };
}

/** Slots every enabled plugin may add to, in plugin order. */
export interface GatheringSlots {
  /** The header's action area, beside search and the cart button (wishlist link, notes). */
  'header.actions': Readonly<Record<never, never>>;
  /** Under a product tile's add-to-cart button (add to wishlist, compare). */
  /** The tile's product carries what a tile reads (`ListedProduct`), not the whole product. */
  'product.tileActions': { readonly product: ListedProduct; readonly listName: string };
  /** The product page summary, under the add-to-cart form (`variation`: the chosen one, if any). */
  'product.summary': { readonly product: Product; readonly variation: ProductVariation | null };
  /** Beside a cart line's remove button, on the cart page and in the cart panel. */
  'cart.lineActions': { readonly line: CartLine };
  /** Under the cart page's totals (coupon, notes, trust badges). */
  'cart.totals': { readonly cart: Cart };
  /**
   * Extra fields of the checkout form (newsletter opt-in), after the order notes. `email` is the
   * billing email as typed so far.
   */
  'checkout.fields': { readonly email: string };
  /**
   * The home page, after its product sections (the reviews grid and slider). `page` is the home
   * page's data (its `reviews` field when the reviews plugin loaded it).
   */
  'home.after': { readonly page: Extract<PageData, { type: 'home' | 'shop' | 'category' | 'search' }> };
  /**
   * Fixed-position overlays on every page, outside the main content (the floating trust badge).
   * `badge` is the state's `trustBadge`, when the server loaded one.
   */
  'page.overlay': { readonly badge: TrustBadge | null };
  /** The site footer, above the copyright line (newsletter sign-up). */
  footer: Readonly<Record<never, never>>;
}

/** Every slot and the props its views get. */
export type SlotPropsMap = ReplacingSlots & GatheringSlots;
export type SlotName = keyof SlotPropsMap;
export type ReplacingSlotName = keyof ReplacingSlots;
export type GatheringSlotName = keyof GatheringSlots;

/** A view (a function component) for slot `K` of a plugin whose view context is `Ctx`. */
export type SlotView<K extends SlotName, Ctx> = (props: SlotPropsMap[K] & { readonly plugin: Ctx }) => ReactNode;

/** A tab a plugin adds to the product page (reviews, questions and answers...). */
export interface ProductTabView<Ctx> {
  /** The tab's id (`reviews`, `questions`): `#tab-{id}` in the address opens it. */
  readonly id: string;
  /** Its visible name; a function when it shows a count (`Reviews (23)`) or is in the page's language. */
  readonly label: string | ((product: Product, locale: Locale) => string);
  readonly Panel: (props: { readonly product: Product; readonly plugin: Ctx }) => ReactNode;
}

/**
 * A plugin's views: components for slots, product page tabs, and `beforeRender`, which loads what
 * the views need on a kind of page before the server renders it (`prepareViews` in
 * `src/plugins/loader.ts`, called by `src/entry-server.tsx`), such as a page body kept in its own
 * chunk (the wishlist's list page). In the browser a plugin does the same in its `setup`, which
 * runs before hydration.
 */
export type PluginViews<Ctx> = { readonly [K in SlotName]?: SlotView<K, Ctx> } & {
  readonly productTabs?: ReadonlyArray<ProductTabView<Ctx>>;
  readonly beforeRender?: (pageType: PageType) => Promise<void>;
};

/**
 * Views as the shell holds them, whatever their plugin. Every `PluginViews<Ctx>` is one: a view
 * that wants a `plugin` of some type accepts one that cannot exist.
 */
export type RegisteredViews = PluginViews<never>;

/**
 * Declares a plugin's views, typed by the plugin's definition: each view's `plugin` prop is
 * `ViewContextOf<typeof plugin>`. Export the result as `views` from the plugin's `index.ts`.
 */
export const defineViews = <P extends AnyPlugin>(_plugin: P, views: PluginViews<ViewContextOf<P>>): RegisteredViews => views;

/** One plugin's view in a slot, with the context it gets. */
export interface SlotFill<K extends SlotName> {
  readonly name: string;
  readonly view: SlotView<K, never>;
  readonly plugin: PluginViewContext<unknown, unknown>;
}

/** Views of the enabled plugins, in plugin order. */
export interface ViewRegistry {
  /** The view that replaces a slot's fallback, or null. */
  readonly replacing: <K extends ReplacingSlotName>(slot: K) => SlotFill<K> | null;
  /** Every view that adds to a slot. */
  readonly gathering: <K extends GatheringSlotName>(slot: K) => ReadonlyArray<SlotFill<K>>;
  /** Every plugin's product page tabs. */
  readonly productTabs: () => ReadonlyArray<ProductTabView<never> & { readonly plugin: PluginViewContext<unknown, unknown> }>;
}

/**
 * Builds the registry from the loaded plugins; `contextOf` gives each plugin's view context (the
 * runtime's `viewContext`). A plugin the runtime does not know contributes nothing.
 */
export function createViewRegistry(
  plugins: ReadonlyArray<{ readonly name: string; readonly views?: RegisteredViews | undefined }>,
  contextOf: (name: string) => PluginViewContext<unknown, unknown> | undefined,
): ViewRegistry {
  const withContext = plugins.flatMap(({ name, views }) => {
    const plugin = views ? contextOf(name) : undefined;
    return views && plugin ? [{ name, views, plugin }] : [];
  });
  const fills = <K extends SlotName>(slot: K): Array<SlotFill<K>> =>
    withContext.flatMap(({ name, views, plugin }) => {
      // The mapped type ties each slot to its view type; indexing with a generic key loses the link.
      const view = views[slot] as SlotView<K, never> | undefined;
      return view ? [{ name, view, plugin }] : [];
    });
  return {
    replacing: (slot) => fills(slot)[0] ?? null,
    gathering: (slot) => fills(slot),
    productTabs: () => withContext.flatMap(({ views, plugin }) => (views.productTabs ?? []).map((tab) => ({ ...tab, plugin }))),
  };
}

/** An empty registry (no plugin contributes views). */
export const NO_VIEWS: ViewRegistry = { replacing: () => null, gathering: () => [], productTabs: () => [] };

/**
 * Renders one fill. Its `plugin` context was made by the runtime from the same plugin's definition
 * that typed the view (`defineViews`), which is why it may be handed over as the view's own type.
 */
const renderFill = <K extends SlotName>(fill: SlotFill<K>, props: SlotPropsMap[K], key?: string): ReactNode =>
  createElement(fill.view as unknown as ComponentType<Readonly<Record<string, unknown>>>, { ...props, plugin: fill.plugin, ...(key === undefined ? {} : { key }) });

/** Renders a plugin's product tab panel with its plugin's view context. */
export const renderTab = (tab: ReturnType<ViewRegistry['productTabs']>[number], product: Product): ReactNode =>
  createElement(tab.Panel as ComponentType<Readonly<Record<string, unknown>>>, { product, plugin: tab.plugin });

/** Renders the view a plugin put in a replacing slot, or `fallback` when none did. */
export function Slot<K extends ReplacingSlotName>({ name, props, fallback }: { name: K; props: SlotPropsMap[K]; fallback: ReactNode }) {
  const { views } = useUi();
  const fill = views.replacing(name);
  return <>{fill ? renderFill(fill, props) : fallback}</>;
}

/** Renders every view the enabled plugins added to a gathering slot, in plugin order. */
export function SlotFills<K extends GatheringSlotName>({ name, props }: { name: K; props: SlotPropsMap[K] }) {
  const { views } = useUi();
  const fills = views.gathering(name);
  if (fills.length === 0) return null;
  return <Fragment>{fills.map((fill) => renderFill(fill, props, fill.name))}</Fragment>;
}
