/**
 * The newsletter provider's capture calls, as Mailchimp for WooCommerce makes them
 * (`wire-protocol.md` §5), on the shop's `admin-ajax.php`:
 *
 * - hash lookup: `POST ?action=mailchimp_get_user_by_hash&hash=<hash>`, no body, a JSON content
 *   type; the answer's `email` is read (`false` when the provider knows none);
 * - set user: `POST ?action=mailchimp_set_user_by_email` with the form body `email`,
 *   `mc_language`, `subscribed` (`1` or `0`); the answer's `success` says whether it was taken.
 *
 * One difference, on purpose: the address is form-encoded, so a `+` arrives as a `+` (the
 * provider's script sent it raw and the server read a space). The set-user call is `keepalive`:
 * at login and registration it leaves as the form posts and the page goes away.
 */
import * as v from 'valibot';
import type { NewsletterPort, NewsletterUser, PortFailure } from '../core/ports.js';
import { err, ok, type Result } from '../core/result.js';
import type { HttpClient } from './http.js';

/** Where the provider's actions are answered. */
export const ADMIN_AJAX_PATH = '/wp-admin/admin-ajax.php';

/** The provider's action names. */
export const NEWSLETTER_ACTIONS = { lookUp: 'mailchimp_get_user_by_hash', setUser: 'mailchimp_set_user_by_email' } as const;

// The provider answers `{success, email}`; `email` is `false` when it has none.
export const lookUpSchema = v.object({ success: v.optional(v.boolean()), email: v.nullish(v.union([v.string(), v.boolean()])) });
export const setUserSchema = v.object({ success: v.boolean(), message: v.optional(v.string()) });

/** A provider's cart hash: the MD5 of the address (32 hex digits). */
export const isCartHash = (hash: string): boolean => /^[0-9a-f]{32}$/i.test(hash);

/** The newsletter port over the shop's HTTP client. */
export function createNewsletterAdapter(http: HttpClient, ajaxPath: string = ADMIN_AJAX_PATH): NewsletterPort {
  const path = (query: Readonly<Record<string, string>>): string => `${ajaxPath}?${new URLSearchParams(query).toString()}`;
  return {
    async lookUpByHash(hash: string): Promise<Result<string | null, PortFailure>> {
      if (!isCartHash(hash)) return ok(null);
      const reply = await http.postForm({ path: path({ action: NEWSLETTER_ACTIONS.lookUp, hash }), fields: [], noBody: true, schema: lookUpSchema });
      if (!reply.ok) return reply;
      const email = reply.value.data.email;
      return ok(typeof email === 'string' && email !== '' ? email : null);
    },
    async setUser(user: NewsletterUser): Promise<Result<void, PortFailure>> {
      const reply = await http.postForm({
        path: path({ action: NEWSLETTER_ACTIONS.setUser }),
        fields: [
          ['email', user.email],
          ['mc_language', user.language],
          ['subscribed', user.subscribed ? '1' : '0'],
        ],
        // Sent as a login or registration form posts: the page's navigation must not cancel it.
        keepalive: true,
        schema: setUserSchema,
      });
      if (!reply.ok) return reply;
      if (!reply.value.data.success) return err({ kind: 'refused', message: reply.value.data.message ?? 'The newsletter provider did not take the address.' });
      return ok(undefined);
    },
  };
}
