/**
 * Contact Form 7's REST routes (`/wp-json/contact-form-7/v1`, `wire-protocol.md` §6.2), for our
 * client and a stock one, while the contact-form plugin is on:
 *
 * - `GET contact-forms/{id}/feedback/schema`: the form's rules;
 * - `POST contact-forms/{id}/feedback`: a submission, `multipart/form-data` (what the stock script
 *   and ours send) or `application/x-www-form-urlencoded` (other type: 415
 *   `wpcf7_unsupported_media_type`); a unit tag is required (400 `wpcf7_unit_tag_not_found`);
 * - `GET contact-forms/{id}/refill`: nothing to refill on our forms (no captcha, no quiz): `{}`.
 *
 * An unknown form is 404 `wpcf7_not_found`. The routes take bodies up to {@link CONTACT_BODY_LIMIT}
 * (a file on the wholesale form) instead of the app's 64 KiB. The contact pages posted without
 * scripts (`/contact/`, `/contact/wholesale/`) go through the same service, and the page shows
 * the answer.
 *
 * Languages: the schema's rule errors follow the request (`?lang=`, the `suki_lang` cookie); a
 * submission's answer (its message and field errors) follows a `lang` field, else Contact Form 7's
 * `_wpcf7_locale`, else the request; the mail to the shop is in the shop's language.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { FeedbackAnswer } from '../../src/core/domain/contact-form.js';
import { clientAddress } from '../lib/address.js';
import { ApiError, invalidParams } from '../lib/errors.js';
import type { MailTransport } from '../mail/transport.js';
import { setPageInput } from '../pages.js';
import { isProblem, readSubmission, type Submission } from '../services/contact-forms-input.js';
import type { Locale } from '../../src/i18n/index.js';
import { valuesOf } from '../../src/core/rules/contact-form.js';
import { languageOfField, requestLocale } from '../lib/language.js';
import { REST_ERRORS } from '../services/contact-forms-messages.js';
import { CONTACT_FORM_ID, MAX_FILE_BYTES, WHOLESALE_FORM_ID } from '../services/contact-forms-seed.js';
import { contactFormsService, UNIT_TAG, type ContactFormsService, type FeedbackWire } from '../services/contact-forms.js';
import { dbRateLimit } from '../services/rate-limit.js';
import { sendJson, type ShopDeps } from './shared.js';

/** What the contact-form plugin's options tell the server. */
export interface ContactFormsSettings {
  /** The general form's id and the wholesale form's (null: no wholesale page). */
  readonly formIds: { readonly contact: number; readonly wholesale: number | null };
}

/** The settings for the enabled plugins: false when the contact-form plugin is off. */
export function contactFormsSettingsOf(plugins: ReadonlyArray<{ readonly name: string; readonly options: unknown }>): ContactFormsSettings | false {
  const plugin = plugins.find((p) => p.name === 'contact-form');
  if (!plugin) return false;
  const options = (plugin.options ?? {}) as { readonly contactFormId?: unknown; readonly wholesaleFormId?: unknown };
  const contact = typeof options.contactFormId === 'number' ? options.contactFormId : CONTACT_FORM_ID;
  const wholesale = options.wholesaleFormId === null ? null : typeof options.wholesaleFormId === 'number' ? options.wholesaleFormId : WHOLESALE_FORM_ID;
  return { formIds: { contact, wholesale } };
}

/** Largest contact submission: the files a form takes plus 64 KiB of fields. */
export const CONTACT_BODY_LIMIT = MAX_FILE_BYTES + 64 * 1024;

/** Messages one client may send per window before further ones count as spam. */
export const CONTACT_FLOOD = { max: 5, windowMs: 10 * 60_000 } as const;

const FEEDBACK_PATH = /^\/wp-json\/contact-form-7\/v1\/contact-forms\/\d+\/feedback\/?$/;

/** The contact pages' addresses (their forms post to themselves). */
export const CONTACT_PAGES = ['/contact/', '/contact/wholesale/'] as const;

/** Whether a request is a contact submission (the app's 64 KiB limit does not apply; ours does). */
export const isContactPost = (c: Context): boolean => c.req.method === 'POST' && (FEEDBACK_PATH.test(c.req.path) || (CONTACT_PAGES as readonly string[]).includes(c.req.path));

/** The stock wire answer as the domain's. */
export const feedbackOfWire = (wire: FeedbackWire): FeedbackAnswer => ({
  status: wire.status,
  message: wire.message,
  invalidFields: wire.invalid_fields.map((f) => ({ field: f.field, message: f.message, idref: f.idref, errorId: f.error_id })),
  postedDataHash: wire.posted_data_hash,
  into: wire.into,
});

/** What a contact page posted without scripts shows: the answer and the texts to put back. */
export interface ContactPagePost {
  readonly formId: number;
  readonly answer: FeedbackAnswer;
  readonly values: Readonly<Record<string, readonly string[]>>;
}

export interface ContactFormsRouteOptions {
  readonly settings: ContactFormsSettings;
  readonly mail?: MailTransport | undefined;
  /** Multiplies the per-client limit (browser tests share one address). @default 1 */
  readonly limitScale?: number;
  readonly render: (c: Context) => Promise<Response>;
}

const notFound = () => new ApiError(404, 'wpcf7_not_found', REST_ERRORS.notFound);

/**
 * The language a submission is answered in: a `lang` field, else Contact Form 7's `_wpcf7_locale`
 * (the language the form was shown in: our pages post the schema's), else the request's (`?lang=`,
 * the `suki_lang` cookie), else English.
 */
export function submissionLocale(c: Context, submission: Submission): Locale {
  const field = valuesOf(submission.inputs, 'lang')?.find((v): v is string => typeof v === 'string');
  return languageOfField(field) ?? languageOfField(submission.meta.get('_wpcf7_locale')) ?? requestLocale(c);
}

/** The routes: `api` under `/wp-json/contact-form-7/v1`, `page` for the contact pages' posts. */
export function contactFormsRoutes(deps: ShopDeps, options: ContactFormsRouteOptions): { readonly api: Hono; readonly page: (c: Context) => Promise<Response>; readonly service: ContactFormsService } {
  const service = contactFormsService({
    db: deps.db,
    keys: deps.keys,
    mail: options.mail,
    recipient: deps.checkout.ordersEmail,
    shopName: deps.shopName,
    shopLocale: deps.shopLocale,
    limit: dbRateLimit(deps.db, { name: 'contact-flood', max: CONTACT_FLOOD.max * (options.limitScale ?? 1), windowMs: CONTACT_FLOOD.windowMs }),
    logger: deps.logger,
  });
  const limit = bodyLimit({
    maxSize: CONTACT_BODY_LIMIT,
    onError: () => {
      throw new ApiError(413, 'suki_payload_too_large', REST_ERRORS.tooLarge);
    },
  });

  const formOf = async (c: Context) => {
    const raw = c.req.param('id') ?? '';
    if (!/^\d{1,9}$/.test(raw)) throw new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
    const form = await service.find(Number(raw));
    if (!form) throw notFound();
    return form;
  };

  const read = async (c: Context): Promise<Submission> => {
    // Through Hono's body cache: the app's text check may have read a urlencoded body already.
    const body = await c.req.arrayBuffer();
    const submission = await readSubmission(new Request(c.req.url, { method: 'POST', headers: c.req.raw.headers, body }));
    if (!isProblem(submission)) return submission;
    if (submission.kind === 'media-type') throw new ApiError(415, 'wpcf7_unsupported_media_type', REST_ERRORS.mediaType);
    if (submission.kind === 'malformed') throw invalidParams({ body: 'The form data could not be read.' });
    throw invalidParams({ [submission.argument]: submission.message });
  };

  const api = new Hono();
  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  api.get('/contact-forms/:id/feedback/schema', async (c) => sendJson(c, service.schema(await formOf(c), requestLocale(c))));
  api.get('/contact-forms/:id/refill', async (c) => {
    await formOf(c);
    return sendJson(c, {});
  });
  api.post('/contact-forms/:id/feedback', limit, async (c) => {
    const form = await formOf(c);
    const submission = await read(c);
    const unitTag = submission.meta.get('_wpcf7_unit_tag') ?? '';
    if (!UNIT_TAG.test(unitTag)) throw new ApiError(400, 'wpcf7_unit_tag_not_found', REST_ERRORS.unitTag);
    return sendJson(c, await service.submit(form, submission, clientAddress(c), unitTag, submissionLocale(c, submission)));
  });

  const page = async (c: Context): Promise<Response> => {
    const id = c.req.path === '/contact/wholesale/' ? options.settings.formIds.wholesale : options.settings.formIds.contact;
    if (c.req.method !== 'POST' || id === null) return options.render(c);
    await limit(c, async () => {
      const form = await service.find(id);
      if (!form) throw notFound();
      const submission = await read(c);
      const tag = submission.meta.get('_wpcf7_unit_tag') ?? '';
      const unitTag = UNIT_TAG.test(tag) ? tag : `wpcf7-f${id}-o1`;
      const answer = feedbackOfWire(await service.submit(form, submission, clientAddress(c), unitTag, submissionLocale(c, submission)));
      const values = Object.fromEntries(Object.entries(submission.inputs).map(([field, list]) => [field, list.filter((v): v is string => typeof v === 'string')]));
      setPageInput(c, { contact: { formId: id, answer, values: answer.status === 'mail_sent' ? {} : values } });
      const response = await options.render(c);
      response.headers.set('Cache-Control', 'no-store');
      c.res = response;
    });
    return c.res;
  };

  return { api, page, service };
}
