/**
 * Which kind of swatch an attribute shows, and the colour of a term. A shop needs no per-attribute
 * setting for its colours: an attribute named like colour (`pa_colour` here, `pa_color` on most
 * stock shops, or a name the integrator adds such as `kulay`) is drawn as colour swatches as soon
 * as one of its terms has a colour. The `types` option still decides for the attributes it names.
 */
import type { SwatchAttribute } from '../../core/rules/variation-selection.js';

/** How one attribute's values are drawn. */
export type SwatchType = 'color' | 'image' | 'label';

/** The options the choice reads. */
export interface SwatchTypeOptions {
  /** Swatch type by attribute key (`pa_colour`); wins over the rule. */
  readonly types: Readonly<Record<string, SwatchType>>;
  /** CSS colours by term slug. */
  readonly colors: Readonly<Record<string, string>>;
  /** Attribute names that mean colour (`colour`, `color`, `kulay`). */
  readonly colourAttributes: readonly string[];
}

/** CSS named colours (CSS Color 4), which a term's slug or name may already be. */
const CSS_COLOUR_NAMES: ReadonlySet<string> = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue ' +
    'chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey ' +
    'darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray ' +
    'darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen ' +
    'fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen ' +
    'lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue ' +
    'mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive ' +
    'olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
    'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver ' +
    'skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen'
  ).split(' '),
);

/** Lower case, accents and the `pa_` prefix dropped, spaces and dashes as one: `pa_Colour` → `colour`. */
const nameKey = (value: string): string =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/^pa_/, '')
    .replace(/[\s_-]+/g, '-');

/** A term's own name or slug read as a CSS colour name (`Light Blue` → `lightblue`), if it is one. */
const namedColour = (value: string): string | null => {
  const squeezed = nameKey(value).replace(/-/g, '');
  return CSS_COLOUR_NAMES.has(squeezed) ? squeezed : null;
};

/** The colour a term is drawn with: the `colors` option by slug, else the colour its slug or name is; null when it has none. */
export const termColour = (term: { readonly slug: string; readonly name: string }, colors: Readonly<Record<string, string>>): string | null =>
  (Object.hasOwn(colors, term.slug) ? colors[term.slug] : undefined) ?? namedColour(term.slug) ?? namedColour(term.name);

/** True when the attribute's key or label is one of the colour names (case, accents and `pa_` aside). */
export const isColourAttribute = (attribute: Pick<SwatchAttribute, 'name' | 'label'>, names: readonly string[]): boolean => {
  const wanted = new Set(names.map(nameKey));
  return wanted.has(nameKey(attribute.name)) || wanted.has(nameKey(attribute.label));
};

/**
 * The swatch type of an attribute: the `types` option when it names the attribute; else colour
 * swatches for a colour-named attribute with at least one term that has a colour; else labels.
 * Terms of a colour attribute without a colour of their own are still drawn as labels.
 */
export const swatchTypeOf = (attribute: SwatchAttribute, options: SwatchTypeOptions): SwatchType => {
  const chosen = Object.hasOwn(options.types, attribute.name) ? options.types[attribute.name] : undefined;
  if (chosen !== undefined) return chosen;
  if (isColourAttribute(attribute, options.colourAttributes) && attribute.values.some((value) => termColour(value, options.colors) !== null)) return 'color';
  return 'label';
};
