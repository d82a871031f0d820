import type { BlogPage, BlogPost, CommentInput, CommentReceipt } from './domain/blog.js';
import type { Cart } from './domain/cart.js';
import type { ProductPage, ProductVariation } from './domain/catalog.js';
import type { ItemFacts } from './events.js';
import type { PortFailure } from './ports.js';

/**
 * Every command: name → `{ input, output, failure }`. Exactly one handler each. Plugins add their
 * own commands by declaration merging, like events.
 */
export interface CommandMap {
  /** Add a product to the cart through the cart's mutation queue. */
  'cart.add': {
    input: {
      readonly productId: number;
      readonly quantity: number;
      readonly variationId?: number;
      readonly variation?: Readonly<Record<string, string>>;
      /** The product's page, where the shopper is sent when the shop refuses the add. */
      readonly productUrl?: string;
      /** Facts of the product, for the optimistic line and for events. */
      readonly item: ItemFacts;
      /** Reuse to retry the same intent; generated when absent. */
      readonly idempotencyKey?: string;
    };
    output: Cart;
    failure: PortFailure;
  };
  'cart.remove': {
    input: { readonly key: string; readonly idempotencyKey?: string };
    output: Cart;
    failure: PortFailure;
  };
  'cart.setQuantity': {
    input: { readonly key: string; readonly quantity: number; readonly idempotencyKey?: string };
    output: Cart;
    failure: PortFailure;
  };
  'cart.refresh': { input: void; output: Cart; failure: PortFailure };
  /**
   * Look up, ahead of time, the categories of the cart's lines that the page did not tell (for the
   * analytics of a later remove or quantity change). Failures only leave them unknown.
   */
  'cart.lookUpCategories': { input: void; output: void; failure: never };
  /** A page of blog posts (load-more). */
  'blog.posts': { input: { readonly page: number; readonly perPage: number }; output: BlogPage<BlogPost>; failure: PortFailure };
  /** Send a blog comment (the form has checked it against the comment rules). */
  'blog.comment': { input: CommentInput; output: CommentReceipt; failure: PortFailure };
  /** Products matching a search term (search as you type). */
  'catalog.search': { input: { readonly term: string; readonly limit: number }; output: ProductPage; failure: PortFailure };
  /** Every variation of a variable product with price, stock, limits and image. */
  'catalog.variations': { input: { readonly productId: number }; output: readonly ProductVariation[]; failure: PortFailure };
  'consent.set': { input: { readonly state: 'granted' | 'denied' }; output: void; failure: never };
}

/** Any command name. */
export type CommandType = keyof CommandMap;
/** Input of a command. */
export type CommandInput<K extends CommandType> = CommandMap[K]['input'];
/** Output of a command. */
export type CommandOutput<K extends CommandType> = CommandMap[K]['output'];
/** Failure of a command, plus the runtime's own failures (no handler, handler threw). */
export type CommandFailure<K extends CommandType> =
  | CommandMap[K]['failure']
  | { readonly kind: 'no-handler'; readonly message: string }
  | { readonly kind: 'handler-threw'; readonly message: string };
