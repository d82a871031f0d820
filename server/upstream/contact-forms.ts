/**
 * The contact pages in upstream mode. The browser's calls (`/wp-json/contact-form-7/v1/…`) go to the
 * stock shop like every API path, with a larger body limit for submissions (a file on the
 * wholesale form). A contact page posted without scripts is sent on to the stock shop's
 * `contact-forms/{id}/feedback` as it came (multipart, unit tag included), and our page shows the
 * stock answer.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { feedbackAnswerSchema } from '../../src/adapters/contact-form.js';
import type { FeedbackAnswer } from '../../src/core/domain/contact-form.js';
import { requestOrigin } from '../lib/request.js';
import { setPageInput } from '../pages.js';
import { CONTACT_BODY_LIMIT, type ContactFormsSettings } from '../routes/contact-forms.js';
import type { Forwarder } from './forward.js';

/** The stock answer's text when the stock shop's answer cannot be read (spec §8). */
const UNKNOWN: FeedbackAnswer = { status: 'mail_failed', message: 'An unknown error occurred.', invalidFields: [], postedDataHash: '', into: '' };

/** Whether a request is a contact submission to the stock shop (forwarded with the contact body limit). */
export const isUpstreamContactPost = (c: Context): boolean => c.req.method === 'POST' && /^\/wp-json\/contact-form-7\/v1\/contact-forms\/\d+\/feedback\/?$/.test(c.req.path);

export interface UpstreamContactOptions {
  /** A forwarder that passes bodies up to {@link CONTACT_BODY_LIMIT}. */
  readonly forward: Forwarder;
  readonly settings: ContactFormsSettings;
  readonly render: (c: Context) => Promise<Response>;
}

/** GET and POST `/contact/` and `/contact/wholesale/`. */
export function upstreamContactPage(options: UpstreamContactOptions): (c: Context) => Promise<Response> {
  return async (c) => {
    const id = c.req.path === '/contact/wholesale/' ? options.settings.formIds.wholesale : options.settings.formIds.contact;
    if (c.req.method !== 'POST' || id === null) return options.render(c);
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > CONTACT_BODY_LIMIT) return c.json({ code: 'suki_payload_too_large', message: 'The request body is too large.', data: { status: 413 } }, 413);
    const body = await c.req.arrayBuffer();
    if (body.byteLength > CONTACT_BODY_LIMIT) return c.json({ code: 'suki_payload_too_large', message: 'The request body is too large.', data: { status: 413 } }, 413);
    const origin = requestOrigin(c);
    const headers = new Headers({ accept: 'application/json, */*;q=0.1', 'content-type': c.req.header('content-type') ?? 'application/octet-stream' });
    const cookie = c.req.header('cookie');
    if (cookie) headers.set('cookie', cookie);
    const answer = await options.forward(new Request(new URL(`/wp-json/contact-form-7/v1/contact-forms/${id}/feedback`, origin), { method: 'POST', headers, body }), origin);
    let feedback = UNKNOWN;
    try {
      const parsed = v.safeParse(feedbackAnswerSchema, await answer.json());
      if (answer.ok && parsed.success) feedback = parsed.output;
    } catch {
      // Not JSON: the unknown-error answer.
    }
    // The texts go back into the form unless it was sent (files cannot be put back).
    const kept = new Map<string, string[]>();
    if (feedback.status !== 'mail_sent') {
      try {
        const form = await new Request('http://form.invalid/', { method: 'POST', headers: { 'content-type': c.req.header('content-type') ?? '' }, body }).formData();
        for (const [name, value] of form.entries()) {
          if (typeof value !== 'string' || name.startsWith('_')) continue;
          const field = name.replace(/\[\]$/, '');
          kept.set(field, [...(kept.get(field) ?? []), value]);
        }
      } catch {
        // A body that cannot be read puts nothing back.
      }
    }
    // Own properties whatever the names (a field called `__proto__` is just a field).
    setPageInput(c, { contact: { formId: id, answer: feedback, values: Object.fromEntries(kept) } });
    const response = await options.render(c);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  };
}
