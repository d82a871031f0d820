/**
 * The wishlist port over Suki's own JSON route, `/wp-json/suki/v1/wishlist…` (the table in
 * `src/app/wishlist-page.ts`), through the shared HTTP client: writes carry the Store API `Nonce`
 * (one refresh and one retry at most on a stale one), and every answer is checked with valibot at
 * the boundary, so a reply of the wrong shape is an `invalid-response` failure, never a crash.
 * Titles and messages are plain text from here on (a message with markup is reduced to its text).
 */
import * as v from 'valibot';
import type { NewWishlist, WishlistAddAnswer, WishlistAddRequest, WishlistDetails, WishlistPrivacy, WishlistState } from '../core/domain/wishlist.js';
import type { PortFailure, WishlistPort } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import type { HttpClient, RestMethod, Schema } from './http.js';
import { htmlToText } from './text.js';

/** The route's root below the REST API root. */
export const WISHLIST_ROUTE = 'suki/v1/wishlist';

const id = v.pipe(v.number(), v.integer(), v.minValue(0));
const privacy = v.picklist([0, 1, 2] as const);
const text = v.pipe(v.string(), v.transform((s) => htmlToText(s)));

const features = v.object({
  multipleLists: v.boolean(),
  moveItems: v.boolean(),
  sortItems: v.boolean(),
  quantities: v.boolean(),
  estimates: v.boolean(),
  renameLists: v.boolean(),
  changePrivacy: v.boolean(),
});

const ref = {
  id,
  token: v.string(),
  title: v.string(),
  privacy,
  isDefault: v.boolean(),
  itemCount: id,
  url: v.string(),
};

export const stateSchema = v.object({
  lists: v.array(v.object(ref)),
  entries: v.array(
    v.object({
      rowId: id,
      wishlistId: id,
      productId: id,
      parentId: id,
      quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
      position: id,
    }),
  ),
  defaultListId: v.nullable(id),
  features,
});

export const addSchema = v.object({ result: v.picklist(['true', 'exists', 'error'] as const), message: v.optional(text, ''), state: stateSchema });

export const detailsSchema = v.object({
  ...ref,
  dateCreated: v.string(),
  items: v.array(
    v.object({
      rowId: id,
      productId: id,
      parentId: id,
      productType: v.string(),
      name: v.string(),
      permalink: v.string(),
      image: v.nullable(v.object({ src: v.string(), srcset: v.string(), alt: v.string() })),
      attributes: v.array(v.object({ name: v.string(), value: v.string() })),
      price: v.nullable(v.number()),
      priceWhenAdded: v.nullable(v.number()),
      currency: v.string(),
      currencyMinorUnit: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)),
      stock: v.object({ status: v.picklist(['instock', 'outofstock', 'onbackorder'] as const), text: v.string() }),
      dateAdded: v.string(),
      quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
      position: id,
      purchasable: v.boolean(),
      addToCartUrl: v.string(),
    }),
  ),
});

export const estimateSchema = v.object({ result: v.literal(true), message: v.optional(text, '') });

/** A 404 of the route (someone else's list answers like a missing one) as the port's `not-found`. */
const mapFailure = (failure: PortFailure): PortFailure =>
  failure.kind === 'http' && failure.status === 404 ? { kind: 'not-found', message: failure.message || 'That wishlist or item no longer exists.' } : failure;

/** The wishlist port over the shop's HTTP client. */
export function createWishlistAdapter(http: HttpClient): WishlistPort {
  const call = async <T>(method: RestMethod, path: string, schema: Schema<T>, json?: unknown): Promise<Result<T, PortFailure>> => {
    const reply = await http.rest({ path: `${WISHLIST_ROUTE}${path}`, method, schema, ...(json === undefined ? {} : { json }) });
    return reply.ok ? ok(reply.value.data) : err(mapFailure(reply.error));
  };
  const state = (method: RestMethod, path: string, json?: unknown): Promise<Result<WishlistState, PortFailure>> => call(method, path, stateSchema, json);
  const newList = (list: NewWishlist | undefined) => (list ? { newList: { name: list.name, privacy: list.privacy } } : {});
  return {
    read: () => state('GET', ''),
    add: (request: WishlistAddRequest): Promise<Result<WishlistAddAnswer, PortFailure>> =>
      call('POST', '/items', addSchema, { productId: request.productId, productType: request.productType, wishlistId: request.wishlistId, ...newList(request.newList) }),
    removeItem: (rowId: number) => state('DELETE', `/items/${rowId}`),
    setQuantity: (rowId: number, quantity: number) => state('PATCH', `/items/${rowId}`, { quantity }),
    moveItem: (rowId: number, to: number | 'new', list?: NewWishlist) => state('PATCH', `/items/${rowId}`, { moveTo: to, ...newList(list) }),
    createList: (list: NewWishlist) => state('POST', '/lists', { name: list.name, privacy: list.privacy }),
    getList: (listId: number): Promise<Result<WishlistDetails, PortFailure>> => call('GET', `/lists/${listId}`, detailsSchema),
    updateList: (listId: number, change: { readonly name?: string; readonly privacy?: WishlistPrivacy }) => state('PATCH', `/lists/${listId}`, change),
    deleteList: (listId: number) => state('DELETE', `/lists/${listId}`),
    sortItems: (listId: number, rowIds: readonly number[]) => state('PUT', `/lists/${listId}/positions`, { rowIds }),
    askEstimate: async (listId: number, request: { readonly email: string; readonly message: string }) => {
      const answer = await call('POST', `/lists/${listId}/estimate`, estimateSchema, { email: request.email, message: request.message });
      return answer.ok ? ok({ message: answer.value.message }) : answer;
    },
  };
}
