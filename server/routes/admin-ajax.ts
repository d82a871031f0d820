/**
 * `/wp-admin/admin-ajax.php`: only `action=rest-nonce`, which answers the current session's Store
 * API nonce as plain text (this shop lets guests refresh it). Anything else answers `0` with 400,
 * as WordPress does for an action without a handler.
 */
import type { Context } from 'hono';
import { createNonce } from '../lib/crypto.js';
import { mediaType } from '../lib/request.js';
import { getOrCreateSession } from '../session.js';
import type { ShopDeps } from './shared.js';

/** The handler for GET and POST `/wp-admin/admin-ajax.php`. */
export function adminAjax(deps: ShopDeps): (c: Context) => Promise<Response> {
  return async (c: Context) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    let action = c.req.query('action');
    if (action === undefined && c.req.method === 'POST' && mediaType(c) === 'application/x-www-form-urlencoded') {
      action = new URLSearchParams(await c.req.text()).get('action') ?? undefined;
    }
    if (action !== 'rest-nonce') return c.text('0', 400);
    const session = await getOrCreateSession(c);
    return c.text(createNonce(await deps.keys(), session.id));
  };
}
