import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Product, ProductVariation } from '../../core/domain/catalog.js';
import {
  chooseSwatch,
  chosenVariation,
  clearSwatch,
  NOT_OFFERED_REASON,
  OUT_OF_STOCK_REASON,
  selectionFromQuery,
  selectionToQuery,
  swatchItems,
  type Selection,
  type SwatchAttribute,
  type SwatchVariation,
} from '../../core/rules/variation-selection.js';
import { variationAttributes, variationRefsFor, variationSummary } from '../../core/rules/variation-data.js';
import { useTexts } from '../i18n.js';
import { productTexts } from '../messages/product.js';
import { useUi } from '../runtime-context.js';
import { Slot, type AttributePickerProps } from '../slots.js';
import { AddToCartButton } from './AddToCartButton.js';
import { Price } from './Price.js';
import { QuantityStepper } from './QuantityStepper.js';

const PLAIN_RULES = { clearOnReselect: false, clickableOutOfStock: false } as const;

/** The plain, working attribute selects: what the page shows when no plugin replaces them. */
function AttributeSelects({ attributes, variations, selection, onChange }: AttributePickerProps) {
  const items = swatchItems(attributes, variations, selection, PLAIN_RULES);
  const t = useTexts(productTexts);
  return (
    <div className="variations">
      {attributes.map((attribute) => {
        const id = `attribute-${attribute.name}`;
        return (
          <p className="variations__row" key={attribute.name}>
            <label htmlFor={id}>{attribute.label}</label>
            <select
              id={id}
              name={`attribute_${attribute.name}`}
              value={selection[attribute.name] ?? ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                onChange(value === '' ? clearSwatch(selection, attribute.name) : chooseSwatch(attributes, variations, selection, attribute.name, value, PLAIN_RULES));
              }}
            >
              <option value="">{t.chooseOption}</option>
              {(items[attribute.name] ?? []).map((item) => (
                <option key={item.slug} value={item.slug} disabled={!item.clickable}>
                  {item.reason === null
                    ? item.name
                    : item.reason === OUT_OF_STOCK_REASON
                      ? t.noStock({ option: item.name })
                      : item.reason === NOT_OFFERED_REASON
                        ? t.notOffered({ option: item.name })
                        : t.unavailable({ option: item.name })}
                </option>
              ))}
            </select>
          </p>
        );
      })}
    </div>
  );
}

/** Reads the page's query string (server: the request's; browser: the address bar). */
const pageQuery = (search: string): URLSearchParams => new URLSearchParams(typeof window === 'undefined' ? search : window.location.search);

/** The state of a variable product's choice: attributes, variations, details, selection, the chosen variation. */
export interface VariationChoice {
  readonly attributes: readonly SwatchAttribute[];
  readonly variations: readonly SwatchVariation[];
  readonly details: ReadonlyMap<number, ProductVariation>;
  readonly selection: Selection;
  readonly change: (next: Selection) => void;
  readonly loading: boolean;
  readonly loadError: string | null;
  /** The matching variation once every attribute is chosen. */
  readonly chosenRef: SwatchVariation | null;
  /** Its details (price, stock, image), once known. */
  readonly chosen: ProductVariation | null;
}

/**
 * Keeps a variable product's choice: starts from the page address (`?attribute_pa_colour=blue`,
 * on the server and in the browser alike, so a shared link renders the chosen variation), writes
 * every change back to the address, loads the variations when the server did not embed them, and
 * reports the chosen variation on the bus.
 */
export function useVariationChoice(product: Product, embedded: readonly ProductVariation[] | null): VariationChoice {
  const { runtime, state } = useUi();
  const t = useTexts(productTexts);
  const attributes: readonly SwatchAttribute[] = useMemo(() => variationAttributes(product), [product]);
  const [details, setDetails] = useState<ReadonlyMap<number, ProductVariation>>(() => new Map((embedded ?? []).map((v) => [v.id, v])));
  const [loading, setLoading] = useState(embedded === null && product.type === 'variable');
  const [loadError, setLoadError] = useState<string | null>(null);
  const variations: readonly SwatchVariation[] = useMemo(() => variationRefsFor(product, attributes, details), [product, attributes, details]);
  const [selection, setSelection] = useState<Selection>(() => selectionFromQuery(attributes, variations, pageQuery(state.search)));

  // Over the threshold the server leaves the variations out; load them once, here.
  useEffect(() => {
    if (embedded !== null || product.type !== 'variable') return;
    let live = true;
    void runtime.execute('catalog.variations', { productId: product.id }).then((result) => {
      if (!live) return;
      setLoading(false);
      if (result.ok) setDetails(new Map(result.value.map((v) => [v.id, v])));
      else setLoadError(t.optionsFailed);
    });
    return () => {
      live = false;
    };
  }, [embedded, product.id, product.type, runtime, t]);

  const chosenRef = chosenVariation(attributes, variations, selection);
  const chosen = chosenRef ? (details.get(chosenRef.id) ?? null) : null;

  const reported = useRef<string | null>(null);
  useEffect(() => {
    const key = JSON.stringify([chosenRef?.id ?? null, selection]);
    if (reported.current === null) {
      reported.current = key;
      return;
    }
    if (reported.current === key) return;
    reported.current = key;
    runtime.emit('product.variationChanged', { productId: product.id, variationId: chosenRef?.id ?? null, selection }, 'ui');
  }, [chosenRef?.id, product.id, runtime, selection]);

  const change = useCallback(
    (next: Selection) => {
      setSelection(next);
      const query = selectionToQuery(attributes, next, new URLSearchParams(window.location.search));
      const search = query.toString();
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
    },
    [attributes],
  );

  return { attributes, variations, details, selection, change, loading, loadError, chosenRef, chosen };
}

/**
 * The form of a variable product: attribute pickers (plain selects, or a plugin's swatches in the
 * `product.attributePicker` slot), the chosen variation's price and stock, the quantity bound to
 * its limits, and add to cart with the variation id.
 */
export function VariationForm({ product, choice }: { product: Product; choice: VariationChoice }) {
  const { attributes, variations, details, selection, change, loading, loadError, chosenRef, chosen } = choice;
  const [quantity, setQuantity] = useState(1);
  const t = useTexts(productTexts);
  const limits = chosen?.limits ?? product.addToCart;
  const min = Math.max(1, limits.minimum);
  const boundedQuantity = Math.min(Math.max(quantity, min), limits.maximum > 0 ? limits.maximum : quantity);
  const summary = variationSummary(chosen, t);
  const anyChosen = Object.values(selection).some((v) => v !== '');
  const complete = attributes.every((a) => (selection[a.name] ?? '') !== '');
  // A matching variation whose details the shop did not send can still be added: the shop checks
  // its stock and limits, and the product's own limits apply meanwhile.
  const buyable = chosen ? chosen.isInStock && chosen.isPurchasable : chosenRef !== null && !loading;

  return (
    <form className="variations-form" aria-label={t.options({ name: product.name })} onSubmit={(e) => e.preventDefault()}>
      <Slot
        name="product.attributePicker"
        props={{ product, attributes, variations, details, selection, onChange: change, loading }}
        fallback={<AttributeSelects product={product} attributes={attributes} variations={variations} details={details} selection={selection} onChange={change} loading={loading} />}
      />
      {loadError && (
        <p className="notice notice--error" role="alert">
          {loadError}
        </p>
      )}
      {anyChosen && (
        <button type="button" className="link-button variations__reset" onClick={() => change({})}>
          {t.clearOptions}
        </button>
      )}
      <div className="variations__chosen" aria-live="polite">
        {chosen && (
          <>
            <Price prices={chosen.prices} onSale={chosen.onSale} />
            <p className={chosen.isInStock ? 'stock stock--in' : 'stock stock--out'}>{summary}</p>
          </>
        )}
        {complete && chosenRef === null && !loading && <p className="notice">{t.noMatch}</p>}
      </div>
      {chosenRef && buyable ? (
        <div className="product__cart">
          <label className="visually-hidden" htmlFor="product-qty">
            {t.quantity}
          </label>
          <QuantityStepper
            id="product-qty"
            value={boundedQuantity}
            min={min}
            max={limits.maximum > 0 ? limits.maximum : undefined}
            step={limits.multipleOf}
            onCommit={setQuantity}
          />
          <AddToCartButton
            product={product}
            quantity={boundedQuantity}
            variationId={chosenRef.id}
            variation={Object.fromEntries(attributes.map((a) => [a.name, selection[a.name] ?? '']))}
          />
        </div>
      ) : (
        <p className="product__note">{chosen ? t.optionOut : t.chooseEach}</p>
      )}
    </form>
  );
}
