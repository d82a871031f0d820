/**
 * WooCommerce's front-end cart endpoints, `/?wc-ajax=<action>`: `add_to_cart`, `remove_from_cart`
 * and `get_refreshed_fragments`. Form-encoded in, `{fragments, cart_hash}` out; refusals are
 * HTTP 200 with `{error: true, product_url}` exactly as stock WooCommerce answers them.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { createNonce } from '../lib/crypto.js';
import { ApiError, fromZodError } from '../lib/errors.js';
import { addToCart, cartHash, loadCart, removeLine, type CartLine } from '../services/cart.js';
import { fastAdd, replayFacts, type AddRenderer } from '../services/cart-hot.js';
import { jsonAnswer, runCartWrite, type Answer } from '../services/idempotency.js';
import { getOrCreateSession, renewSessionCookie } from '../session.js';
import { miniCartHtml, MINI_CART_SELECTOR } from '../views/mini-cart.js';
import { productPermalink, type ShopUrls } from '../views/store-product.js';
import { cartAnswerInputs, cartCookieLines, cartCookies, parseFormBody, rawBody, readCart, sendAnswer, sendJson, shopUrls, writeScope, writerSession, type CartAnswerInputs, type ShopDeps } from './shared.js';

const MAX_ID = 2_147_483_647;

const formInt = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .regex(/^\d{1,10}$/, `${name} must be a whole number.`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}.`);

const addFormSchema = z.object({
  product_id: formInt('product_id', 1, MAX_ID),
  quantity: formInt('quantity', 1, 9999).optional(),
  variation_id: formInt('variation_id', 0, MAX_ID).optional(),
});

/** Fields of the add form that matter; the button's other data fields are ignored. */
function parseAddForm(form: URLSearchParams) {
  const quantity = form.get('quantity');
  const variationId = form.get('variation_id');
  const parsed = addFormSchema.safeParse({
    product_id: form.get('product_id') ?? undefined,
    // An empty quantity means one, as WooCommerce's handler reads it.
    quantity: quantity === null || quantity.trim() === '' ? undefined : quantity,
    variation_id: variationId === null || variationId.trim() === '' ? undefined : variationId,
  });
  if (!parsed.success) throw fromZodError(parsed.error);
  const attributes: Record<string, string> = {};
  for (const [name, value] of form) {
    if (!name.startsWith('attribute_') || value === '') continue;
    if (name.length > 200 || value.length > 200 || Object.keys(attributes).length >= 20) {
      throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): attributes', { params: { attributes: 'Too many or too long attribute fields.' } });
    }
    attributes[name] = value;
  }
  return { ...parsed.data, attributes };
}

function fragments(urls: ShopUrls, lines: readonly CartLine[], nonce: string) {
  return { fragments: { [MINI_CART_SELECTOR]: miniCartHtml(urls, lines, nonce) }, cart_hash: cartHash(lines) };
}

/** What an add's answer is made of besides the outcome: the cart answer's inputs and the mini-cart's nonce. */
type AddAnswerInputs = CartAnswerInputs & { readonly nonce: string };

/** `-1` with 400, for an action nobody handles. */
function unknownAction(c: Context): Response {
  c.header('Cache-Control', 'no-store');
  return c.text('-1', 400);
}

/**
 * Handles `?wc-ajax=` requests on any path (WooCommerce reads the parameter wherever it appears);
 * other requests pass through.
 */
export function wcAjax(deps: ShopDeps, hooks: { readonly afterAddToCart?: (c: Context, form: URLSearchParams) => Promise<void> } = {}): MiddlewareHandler {
  const addToCartAction = async (c: Context) => {
    const shopper = await getOrCreateSession(c);
    const raw = await rawBody(c);
    const input = parseAddForm(parseFormBody(c, raw));
    const request = {
      id: input.product_id,
      quantity: input.quantity ?? 1,
      ...(input.variation_id !== undefined && input.variation_id > 0 ? { variationId: input.variation_id } : {}),
      attributes: input.attributes,
    };
    // The answer is drawn from these inputs and the outcome; a replay of a fast add draws it again from stored ones.
    const inputs: AddAnswerInputs = { ...cartAnswerInputs(c), nonce: createNonce(await deps.keys(), shopper.id) };
    const render: AddRenderer<AddAnswerInputs> = (outcome, given) => {
      const urls = { origin: given.origin };
      if (!outcome.ok) return jsonAnswer(200, { error: true, product_url: outcome.refusal.reason === 'invalid_id' ? false : productPermalink(urls, outcome.refusal.slug) });
      return jsonAnswer(200, fragments(urls, outcome.lines, given.nonce), cartCookieLines(given, outcome.lines));
    };
    // A guest adding a simple product or a variation by its id: the fast path (services/cart-hot.ts).
    let written: { answer: Answer; replayed: boolean } | null = null;
    if (deps.hot && request.variationId === undefined) {
      const scope = writeScope(c, { ...shopper, cartId: shopper.id, customerId: null }, 'wc-ajax/add_to_cart', raw);
      written = await fastAdd(
        deps.hot,
        { sessionId: shopper.id, productId: request.id, quantity: request.quantity, idempotencyKey: scope.key, fingerprint: scope.fingerprint, descriptions: false, quoted: false },
        inputs,
        render,
      );
      if (written && !shopper.isNew) renewSessionCookie(c, shopper.id);
    }
    if (!written) {
      const session = await writerSession(c, deps);
      const scope = { ...writeScope(c, session, 'wc-ajax/add_to_cart', raw), productId: input.product_id, replay: (facts: unknown) => replayFacts(facts, render) };
      written = await runCartWrite(deps, scope, async (tx, product) => {
        const result = await addToCart(tx, session.cartId, request, { prefetched: product, descriptions: false });
        return render(result.ok ? { ok: true, key: result.key, lines: result.lines } : { ok: false, refusal: result.refusal }, inputs);
      });
    }
    const { answer, replayed } = written;
    // A line added from a wishlist's row (the stock wishlist client's extra fields) may leave the list.
    if (hooks.afterAddToCart && !replayed && answer.status === 200 && !answer.body.startsWith('{"error"')) await hooks.afterAddToCart(c, parseFormBody(c, raw));
    return sendAnswer(c, answer, replayed);
  };

  const removeFromCartAction = async (c: Context) => {
    const session = await writerSession(c, deps);
    const raw = await rawBody(c);
    const form = parseFormBody(c, raw);
    const key = (form.get('cart_item_key') ?? '').trim();
    const urls = shopUrls(c);
    const nonce = createNonce(await deps.keys(), session.id);
    const { answer, replayed } = await runCartWrite(deps, writeScope(c, session, 'wc-ajax/remove_from_cart', raw), async (tx) => {
      const removed = key !== '' && key.length <= 64 && (await removeLine(tx, session.cartId, key));
      if (!removed) return jsonAnswer(200, { success: false });
      const lines = await loadCart(tx, session.cartId, { descriptions: false });
      return jsonAnswer(200, fragments(urls, lines, nonce), cartCookies(c, lines));
    });
    return sendAnswer(c, answer, replayed);
  };

  const refreshedFragmentsAction = async (c: Context) => {
    if (c.req.method === 'POST') parseFormBody(c, await rawBody(c));
    const { session, lines } = await readCart(c, deps, { descriptions: false, quote: false });
    return sendJson(c, fragments(shopUrls(c), lines, createNonce(await deps.keys(), session.id)));
  };

  return async (c, next) => {
    // Cheap test first: most requests have no query string at all.
    if (!c.req.url.includes('wc-ajax=')) return next();
    const action = c.req.query('wc-ajax');
    if (action === undefined) return next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    switch (action) {
      case 'add_to_cart':
        if (c.req.method !== 'POST') throw new ApiError(405, 'suki_method_not_allowed', 'add_to_cart takes a POST request.');
        return addToCartAction(c);
      case 'remove_from_cart':
        if (c.req.method !== 'POST') throw new ApiError(405, 'suki_method_not_allowed', 'remove_from_cart takes a POST request.');
        return removeFromCartAction(c);
      case 'get_refreshed_fragments':
        if (c.req.method !== 'POST' && c.req.method !== 'GET') throw new ApiError(405, 'suki_method_not_allowed', 'get_refreshed_fragments takes a GET or POST request.');
        return refreshedFragmentsAction(c);
      default:
        return unknownAction(c);
    }
  };
}
