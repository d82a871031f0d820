/**
 * The variation form's selection rules (spec sections 3 and 4, wire-protocol 3.4 and 9): which
 * attribute values a shopper may choose given the other choices, what choosing does, and how the
 * choice travels in the URL. Pure functions over plain data, shared by the swatches and the plain
 * selects.
 */

/** One attribute of a variable product, keyed by `name` (`pa_colour`), with its values. */
export interface SwatchAttribute {
  readonly name: string;
  readonly label: string;
  readonly values: ReadonlyArray<{ readonly slug: string; readonly name: string }>;
}

/** One variation: attribute key → value slug, '' or a missing key meaning "any value". */
export interface SwatchVariation {
  readonly id: number;
  readonly attributes: Readonly<Record<string, string>>;
  readonly isInStock: boolean;
}

/** The swatches' options that change the rules. */
export interface SelectionOptions {
  readonly clearOnReselect: boolean;
  readonly clickableOutOfStock: boolean;
}

/** Attribute key → chosen slug; a missing key or '' means not chosen. */
export type Selection = Readonly<Record<string, string>>;

/** How a value shows: chosen, free to choose, out of stock, or impossible. */
export type SwatchItemState = 'selected' | 'enabled' | 'no-stock' | 'disabled';

/** One value as the picker shows it. */
export interface SwatchItem {
  readonly slug: string;
  readonly name: string;
  readonly state: SwatchItemState;
  readonly clickable: boolean;
  /** Tooltip text; null for selected and enabled values. */
  readonly reason: string | null;
}

export const UNAVAILABLE_REASON = 'Unavailable with the options you chose.';
export const OUT_OF_STOCK_REASON = 'Out of stock.';
export const NOT_OFFERED_REASON = 'Not available for this product.';

const chosen = (selection: Selection, name: string): string => selection[name] ?? '';

/** A variation matches when, for every chosen attribute, its value is "any" or the chosen one. */
export function variationMatches(variation: SwatchVariation, selection: Selection): boolean {
  for (const [name, value] of Object.entries(selection)) {
    if (value === '') continue;
    const own = variation.attributes[name] ?? '';
    if (own !== '' && own !== value) return false;
  }
  return true;
}

const without = (selection: Selection, name: string): Record<string, string> => {
  const copy: Record<string, string> = {};
  for (const [key, value] of Object.entries(selection)) if (key !== name && value !== '') copy[key] = value;
  return copy;
};

/** Whether some variation (only in-stock ones when `inStock`) matches the selection. */
const anyMatch = (variations: readonly SwatchVariation[], selection: Selection, inStock: boolean): boolean =>
  variations.some((v) => (!inStock || v.isInStock) && variationMatches(v, selection));

/** The state of every value of every attribute, each judged against the other attributes' choices. */
export function swatchItems(
  attributes: readonly SwatchAttribute[],
  variations: readonly SwatchVariation[],
  selection: Selection,
  options: SelectionOptions,
): Record<string, SwatchItem[]> {
  const result: Record<string, SwatchItem[]> = {};
  for (const attribute of attributes) {
    const others = without(selection, attribute.name);
    const offered = new Set<string>();
    let any = false;
    for (const v of variations) {
      const own = v.attributes[attribute.name] ?? '';
      if (own === '') any = true;
      else offered.add(own);
    }
    result[attribute.name] = attribute.values.map(({ slug, name }): SwatchItem => {
      if (chosen(selection, attribute.name) === slug) return { slug, name, state: 'selected', clickable: true, reason: null };
      if (!any && !offered.has(slug)) return { slug, name, state: 'disabled', clickable: false, reason: NOT_OFFERED_REASON };
      const candidate = { ...others, [attribute.name]: slug };
      if (!anyMatch(variations, candidate, false)) return { slug, name, state: 'disabled', clickable: false, reason: UNAVAILABLE_REASON };
      if (!anyMatch(variations, candidate, true)) return { slug, name, state: 'no-stock', clickable: options.clickableOutOfStock, reason: OUT_OF_STOCK_REASON };
      return { slug, name, state: 'enabled', clickable: true, reason: null };
    });
  }
  return result;
}

/**
 * What clicking a value does. An unknown or unclickable value changes nothing. The chosen value:
 * cleared with clear-on-reselect, else nothing. Another value: chosen.
 */
export function chooseSwatch(
  attributes: readonly SwatchAttribute[],
  variations: readonly SwatchVariation[],
  selection: Selection,
  attribute: string,
  slug: string,
  options: SelectionOptions,
): Selection {
  const item = swatchItems(attributes, variations, selection, options)[attribute]?.find((i) => i.slug === slug);
  if (!item || !item.clickable) return selection;
  if (item.state === 'selected') return options.clearOnReselect ? clearSwatch(selection, attribute) : selection;
  // Clickable means some variation matches the other choices with this value, so the new
  // selection always matches at least one variation: nothing else has to be dropped.
  return { ...without(selection, attribute), [attribute]: slug };
}

/** The selection without a choice for `attribute`. */
export function clearSwatch(selection: Selection, attribute: string): Selection {
  return without(selection, attribute);
}

/** Whether every attribute has a choice. */
export function isComplete(attributes: readonly SwatchAttribute[], selection: Selection): boolean {
  return attributes.every((a) => chosen(selection, a.name) !== '');
}

/** The variation chosen: every attribute chosen and a variation matches (the first, in list order). */
export function chosenVariation(attributes: readonly SwatchAttribute[], variations: readonly SwatchVariation[], selection: Selection): SwatchVariation | null {
  if (attributes.length === 0 || !isComplete(attributes, selection)) return null;
  return variations.find((v) => variationMatches(v, selection)) ?? null;
}

/**
 * The selection in a query string (`attribute_pa_colour=blue`). Unknown attributes and values are
 * ignored; values that together match no variation are dropped one by one, in attribute order.
 */
export function selectionFromQuery(attributes: readonly SwatchAttribute[], variations: readonly SwatchVariation[], params: URLSearchParams): Selection {
  const picked: Record<string, string> = {};
  for (const attribute of attributes) {
    const value = params.get(`attribute_${attribute.name}`);
    if (value !== null && attribute.values.some((v) => v.slug === value)) picked[attribute.name] = value;
  }
  if (variations.length === 0) return picked;
  for (const attribute of attributes) {
    if (anyMatch(variations, picked, false)) break;
    delete picked[attribute.name];
  }
  return picked;
}

/** A copy of `params` with the chosen values as `attribute_<key>` and the unchosen ones removed. */
export function selectionToQuery(attributes: readonly SwatchAttribute[], selection: Selection, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const attribute of attributes) {
    const value = chosen(selection, attribute.name);
    if (value === '') next.delete(`attribute_${attribute.name}`);
    else next.set(`attribute_${attribute.name}`, value);
  }
  return next;
}

/** "Colour: Blue" (label, separator, a space, the chosen value's name), or the label alone. */
export function attributeLabel(attribute: SwatchAttribute, selection: Selection, separator: string, showLabel: boolean): string {
  const value = chosen(selection, attribute.name);
  const name = attribute.values.find((v) => v.slug === value)?.name;
  return showLabel && name ? `${attribute.label}${separator} ${name}` : attribute.label;
}
