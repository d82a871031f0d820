/**
 * An example plugin (not enabled by default): it listens to `cart.added` and shows a "last added"
 * note in the header, which the shopper can dismiss. Everything a plugin declares is here: its
 * events and commands (declaration merging), its options (`options.ts`, loaded only where options
 * are checked), its state (`initialState`), its setup, and its views (`views/`). Switch it on with
 * one line in `plugins.config.ts`: `'last-added': { enabled: true }`.
 */
import { definePlugin } from '../../src/core/plugin.js';
import { ok } from '../../src/core/result.js';
import { defineViews } from '../../src/ui/slots.js';
import { LastAddedNote } from './views/LastAddedNote.js';

declare module '../../src/core/events.js' {
  interface DomainEventMap {
    /** The shopper dismissed the last-added note. */
    'last-added.dismissed': { readonly productId: number };
  }
}

declare module '../../src/core/commands.js' {
  interface CommandMap {
    /** Hides the note until the next add. */
    'last-added.dismiss': { input: void; output: void; failure: never };
  }
}

declare module '../../src/core/plugin.js' {
  interface PluginTypes {
    'last-added': typeof lastAdded;
  }
}

/** The plugin's state: the product last added, or nothing. Plain JSON, so the page can carry it. */
export interface LastAddedState {
  readonly item: { readonly id: number; readonly name: string; readonly quantity: number } | null;
}

const NOTHING_ADDED: LastAddedState = { item: null };

const lastAdded = definePlugin({
  name: 'last-added',
  kind: 'feature',
  config: { load: () => import('./options.js').then((m) => m.lastAddedOptions) },
  initialState: NOTHING_ADDED,
  setup({ subscribe, ofType, store, handle, emit }) {
    // `subscribe` reports a throwing handler under the plugin's name; it ends when the plugin stops.
    subscribe(ofType('cart.added'), ({ payload }) => {
      store.replace({ item: { id: payload.item.id, name: payload.item.name, quantity: payload.quantity } });
    });
    handle('last-added.dismiss', () => {
      const shown = store.getSnapshot().item;
      if (shown) {
        store.replace(NOTHING_ADDED);
        emit('last-added.dismissed', { productId: shown.id });
      }
      return ok(undefined);
    });
  },
});

export default lastAdded;

/** The note goes in the header's action area. */
export const views = defineViews(lastAdded, { 'header.actions': LastAddedNote });
