import type { ViewContextOf } from '../../../src/core/plugin.js';
import { useSelector } from '../../../src/ui/runtime-context.js';
import type lastAdded from '../index.js';

/** "Last added: “Abaca tote” × 2" with a Dismiss button; nothing until something is added. */
export function LastAddedNote({ plugin }: { readonly plugin: ViewContextOf<typeof lastAdded> }) {
  const item = useSelector(plugin.store, (state) => state.item);
  if (!item) return null;
  const { label, showQuantity } = plugin.options;
  return (
    <p className="last-added">
      <span>
        {label}: “{item.name}”{showQuantity && item.quantity > 1 ? ` × ${item.quantity}` : ''}
      </span>{' '}
      <button type="button" className="last-added__dismiss" onClick={() => void plugin.execute('last-added.dismiss')}>
        Dismiss
      </button>
    </p>
  );
}
