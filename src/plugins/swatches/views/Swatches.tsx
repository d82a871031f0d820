import { useRef, useState, type KeyboardEvent } from 'react';
import {
  attributeLabel,
  chooseSwatch,
  NOT_OFFERED_REASON,
  OUT_OF_STOCK_REASON,
  swatchItems,
  UNAVAILABLE_REASON,
  variationMatches,
  type SwatchAttribute,
  type SwatchItem,
} from '../../../core/rules/variation-selection.js';
import type { ViewContextOf } from '../../../core/plugin.js';
import { useTexts } from '../../../ui/i18n.js';
import type { AttributePickerProps } from '../../../ui/slots.js';
import type swatches from '../index.js';
import type { SwatchesOptions } from '../options.js';
import { swatchTypeOf, termColour } from '../swatch-type.js';
import { swatchTexts } from './messages.js';

/** A value's reason (the core rules' English sentence) in the page's language; another reason as it is. */
const reasonText = (reason: string, t: typeof swatchTexts.base): string =>
  reason === UNAVAILABLE_REASON ? t.unavailable : reason === OUT_OF_STOCK_REASON ? t.outOfStock : reason === NOT_OFFERED_REASON ? t.notOffered : reason;

/** What the swatches plugin's views get from the shell. */
type SwatchesView = ViewContextOf<typeof swatches>;

/** "N left" badges: only when exactly one attribute is left to choose, for the values of that one. */
function stockBadges(props: AttributePickerProps, options: SwatchesOptions): ReadonlyMap<string, number> {
  const badges = new Map<string, number>();
  if (!options.showStock || props.attributes.length < 2) return badges;
  const open = props.attributes.filter((a) => (props.selection[a.name] ?? '') === '');
  const last = open.length === 1 ? open[0] : undefined;
  if (!last) return badges;
  for (const value of last.values) {
    const match = props.variations.find((v) => variationMatches(v, { ...props.selection, [last.name]: value.slug }));
    const detail = match ? props.details.get(match.id) : undefined;
    if (detail?.isInStock && detail.stockLeft !== null && detail.stockLeft > 0 && detail.stockLeft <= options.stockLabelThreshold) badges.set(value.slug, detail.stockLeft);
  }
  return badges;
}

/** The first image of a variation with this value, for image swatches. */
function imageFor(props: AttributePickerProps, attribute: SwatchAttribute, slug: string): string | null {
  for (const variation of props.variations) {
    if (variation.attributes[attribute.name] !== slug) continue;
    const image = props.details.get(variation.id)?.image;
    if (image) return image.thumbnail || image.src;
  }
  return null;
}

function AttributeSwatches({ props, plugin, attribute, items, options, badges }: { props: AttributePickerProps; plugin: SwatchesView; attribute: SwatchAttribute; items: readonly SwatchItem[]; options: SwatchesOptions; badges: ReadonlyMap<string, number> }) {
  const [expanded, setExpanded] = useState(false);
  const refs = useRef(new Map<string, HTMLLIElement>());
  const t = useTexts(swatchTexts);
  const type = swatchTypeOf(attribute, options);
  const selectedIndex = items.findIndex((item) => item.state === 'selected');
  const limit = options.displayLimit;
  const limited = !expanded && limit > 0 && items.length > limit && selectedIndex < limit;
  const shown = limited ? items.slice(0, limit) : items;
  const focusIndex = selectedIndex >= 0 ? selectedIndex : Math.max(0, shown.findIndex((item) => item.clickable));
  const labelId = `swatch-label-${attribute.name}`;

  const choose = (item: SwatchItem) => {
    if (!item.clickable) return;
    const next = chooseSwatch(props.attributes, props.variations, props.selection, attribute.name, item.slug, options);
    if (next === props.selection) return;
    props.onChange(next);
    const chosen = next[attribute.name] ?? '';
    if (chosen === '') plugin.emit('swatches.cleared', { productId: props.product.id, attribute: attribute.name });
    else plugin.emit('swatches.selected', { productId: props.product.id, attribute: attribute.name, value: chosen });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, index: number, item: SwatchItem) => {
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      choose(item);
      return;
    }
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    const delta = moves[e.key];
    if (delta === undefined) return;
    e.preventDefault();
    const target = shown[(index + delta + shown.length) % shown.length];
    if (target) refs.current.get(target.slug)?.focus();
  };

  return (
    <div className="swatches__attribute" data-attribute={attribute.name}>
      <div className="swatches__label" id={labelId}>
        {attributeLabel(attribute, props.selection, options.labelSeparator, options.showLabel)}
      </div>
      <ul className={`swatches__list swatches__list--${type}`} role="radiogroup" aria-labelledby={labelId} aria-busy={props.loading || undefined}>
        {shown.map((item, index) => {
          const colour = type === 'color' ? termColour(item, options.colors) : null;
          const image = type === 'image' ? imageFor(props, attribute, item.slug) : null;
          const tipId = item.reason ? `swatch-tip-${attribute.name}-${item.slug}` : undefined;
          const badge = badges.get(item.slug);
          return (
            <li
              key={item.slug}
              ref={(node) => {
                if (node) refs.current.set(item.slug, node);
                else refs.current.delete(item.slug);
              }}
              role="radio"
              aria-checked={item.state === 'selected'}
              aria-disabled={!item.clickable || undefined}
              // With a stock badge, the name says it too (the name holds the visible text, WCAG 2.5.3).
              aria-label={badge !== undefined ? t.withStock({ name: item.name, left: t.left({ count: badge }) }) : item.name}
              aria-describedby={tipId}
              tabIndex={index === focusIndex ? 0 : -1}
              className={`swatch swatch--${item.state}`}
              data-state={item.state}
              onClick={() => choose(item)}
              onKeyDown={(e) => onKeyDown(e, index, item)}
            >
              {colour ? (
                <span className="swatch__color" style={{ backgroundColor: colour }} aria-hidden="true" />
              ) : image ? (
                <img className="swatch__image" src={image} alt="" width={40} height={40} />
              ) : (
                <span className="swatch__text" aria-hidden="true">
                  {item.name}
                </span>
              )}
              {/* A space between the value and its badge, so their text reads as the name says it. */}
              {badge !== undefined && ' '}
              {badge !== undefined && <span className="swatch__stock">{t.left({ count: badge })}</span>}
              {tipId && (
                <span className="swatch__tooltip" role="tooltip" id={tipId}>
                  {item.reason && reasonText(item.reason, t)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {limited && (
        <button type="button" className="link-button swatches__more" onClick={() => setExpanded(true)} aria-label={t.moreNamed({ count: items.length, label: attribute.label })}>
          {t.more}
        </button>
      )}
    </div>
  );
}

/** The swatches in place of the attribute selects: one radio group per attribute. */
export function SwatchPicker({ plugin, ...props }: AttributePickerProps & { readonly plugin: SwatchesView }) {
  // Checked and completed with defaults by the server at start-up.
  const options = plugin.options;
  const items = swatchItems(props.attributes, props.variations, props.selection, options);
  const badges = stockBadges(props, options);
  return (
    <div className="swatches">
      {props.attributes.map((attribute) => (
        <AttributeSwatches key={attribute.name} props={props} plugin={plugin} attribute={attribute} items={items[attribute.name] ?? []} options={options} badges={badges} />
      ))}
    </div>
  );
}
