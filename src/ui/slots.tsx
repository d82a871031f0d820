/**
 * Named slots where plugin views mount. A feature plugin's module may export `views`: for each slot
 * it fills, a React component that gets the slot's props plus the plugin's validated options. The
 * shell renders the slot's own fallback when no enabled plugin fills it, so switching a plugin off
 * leaves a working page.
 */
import type { ComponentType, ReactNode } from 'react';
import type { FilterCatalogue } from '../core/catalog/section.js';
import type { Product, ProductVariation } from '../core/domain/catalog.js';
import type { ProductSection } from './app-state.js';
import type { Selection, SwatchAttribute, SwatchVariation } from '../core/rules/variation-selection.js';
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

/** Every slot and the props its views get. */
export interface SlotPropsMap {
  /** Replaces the attribute selects of a variable product's form. */
  'product.attributePicker': AttributePickerProps;
  /** Replaces a listing section (filter lists, loading in place, load-more). */
  'listing.section': ListingSectionProps;
}

/** A slot's name. */
export type SlotName = keyof SlotPropsMap;

/** A view for a slot: the slot's props plus the plugin's options, as validated at start-up. */
export type SlotView<K extends SlotName> = ComponentType<SlotPropsMap[K] & { readonly options: unknown }>;

/** A tab a plugin adds to the product page (reviews, questions and answers...). */
export interface ProductTabView {
  readonly id: string;
  readonly label: string;
  readonly Panel: ComponentType<{ readonly product: Product; readonly options: unknown }>;
}

/** What a plugin module exports as `views`: components for slots, and product page tabs. */
export type PluginViews = { readonly [K in SlotName]?: SlotView<K> } & { readonly productTabs?: readonly ProductTabView[] };

/** Views of the enabled plugins with their options, in plugin order. */
export interface ViewRegistry {
  readonly get: <K extends SlotName>(slot: K) => { readonly view: SlotView<K>; readonly options: unknown } | null;
  /** Every plugin's product page tabs, in plugin order. */
  readonly productTabs: () => ReadonlyArray<ProductTabView & { readonly options: unknown }>;
}

/** Builds the registry from loaded plugin modules; the first plugin that fills a slot wins. */
export function createViewRegistry(modules: ReadonlyArray<{ readonly views?: PluginViews; readonly options: unknown }>): ViewRegistry {
  return {
    get: <K extends SlotName>(slot: K) => {
      for (const module of modules) {
        // The map type ties each slot to its view type; indexing by a generic key loses that link.
        const view = module.views?.[slot] as SlotView<K> | undefined;
        if (view) return { view, options: module.options };
      }
      return null;
    },
    productTabs: () => modules.flatMap((module) => (module.views?.productTabs ?? []).map((tab) => ({ ...tab, options: module.options }))),
  };
}

/** An empty registry (no plugin contributes views). */
export const NO_VIEWS: ViewRegistry = { get: () => null, productTabs: () => [] };

/** Renders the view a plugin mounted in `name`, or `fallback` when none did. */
export function Slot<K extends SlotName>({ name, props, fallback }: { name: K; props: SlotPropsMap[K]; fallback: ReactNode }) {
  const { views } = useUi();
  const found = views.get(name);
  if (!found) return <>{fallback}</>;
  // Checked by the signature above; JSX cannot spread a props type indexed by a generic key.
  const View = found.view as unknown as ComponentType<Readonly<Record<string, unknown>>>;
  return <View {...(props as unknown as Readonly<Record<string, unknown>>)} options={found.options} />;
}
