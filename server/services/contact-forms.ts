/**
 * Contact forms on the embedded shop (Contact Form 7's REST behaviour, `wire-protocol.md` §6):
 * the forms and their schemas, and submissions.
 *
 * A submission is checked in Contact Form 7's order: the schema's rules (the same functions the
 * browser runs, `src/core/rules/contact-form.ts`, plus a check of each file's content), then the
 * acceptance boxes, then spam (the honeypot field, and a limit per client counted in the database,
 * so every instance on one database shares it). Spam gets the stock answer, which says nothing a
 * sender could learn from, and is stored but never mailed.
 *
 * A message is stored before any mail goes out (with its files, and its mail queued in the outbox
 * as a safety net), so a mail that fails loses nothing: the answer is then `mail_failed`, and the
 * outbox tries again later.
 */
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { ContactFormSchema, FormInputs, InvalidField, SwvRule } from '../../src/core/domain/contact-form.js';
import { HONEYPOT_FIELD } from '../../src/core/domain/contact-form.js';
import { acceptedExtensions, answerFieldName, errorIdOf, fieldValues, validateForm, valuesOf } from '../../src/core/rules/contact-form.js';
import type { ShopDatabase } from '../db/query.js';
import { contactFiles, contactForms, contactMessages, mailOutbox } from '../db/schema.js';
import { md5, type Keys } from '../lib/crypto.js';
import { escapeHtml } from '../lib/escape.js';
import type { MailTransport } from '../mail/transport.js';
import { BASE_LOCALE, textsIn, type Locale } from '../../src/i18n/index.js';
import { contactMailTexts } from '../mail/messages.js';
import { answerTexts, ruleErrorIn, RULE_ERRORS } from './contact-forms-messages.js';
import type { Submission } from './contact-forms-input.js';
import { SEEDED_FORMS, type ContactFormDefinition } from './contact-forms-seed.js';
import type { RateLimit } from './rate-limit.js';

/** The schema's version string, as Contact Form 7 5.9+ sends it. */
export const SCHEMA_VERSION = 'Contact Form 7 SWV Schema 2024-10';

/** The shop's time zone: `today` in a date threshold is a Manila day. */
export const SHOP_TIME_ZONE = 'Asia/Manila';

/** The answer to a submission, in the stock shape. */
export interface FeedbackWire {
  readonly contact_form_id: number;
  readonly status: 'validation_failed' | 'acceptance_missing' | 'spam' | 'mail_sent' | 'mail_failed';
  readonly message: string;
  readonly invalid_fields: ReadonlyArray<{ readonly field: string; readonly message: string; readonly idref: string | null; readonly error_id: string }>;
  readonly posted_data_hash: string;
  readonly into: string;
}

/** A valid unit tag: `wpcf7-f{form}-p{post}-o{n}` or `wpcf7-f{form}-o{n}`. */
export const UNIT_TAG = /^wpcf7-f(\d+)-(?:p\d+-)?o\d+$/;

/** Today's date in the shop's time zone, `YYYY-MM-DD`. */
export const shopToday = (now: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** A date threshold with `today+N` resolved. */
export function resolveThreshold(threshold: string, now: Date): string {
  const match = /^today([+-]\d+)?$/.exec(threshold);
  if (!match) return threshold;
  const [y, m, d] = shopToday(now).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + Number(match[1] ?? 0)));
  return date.toISOString().slice(0, 10);
}

/** A stored form. */
export type StoredForm = ContactFormDefinition;

/** Contact Form 7's name of a language (`_wpcf7_locale`). */
const WPCF7_LOCALE: Readonly<Record<Locale, string>> = { 'en-PH': 'en_PH', 'fil-PH': 'fil_PH' };

/**
 * The schema a form's page and submissions use at `now`, in `locale`: the stock rule errors in that
 * language (staff-written ones as they are), and its `locale` naming the language, so a form
 * posted with `_wpcf7_locale` is answered in the language it was shown in (English keeps the
 * form's own locale).
 */
export function schemaOf(form: StoredForm, now: Date, locale: Locale = BASE_LOCALE): ContactFormSchema {
  return {
    version: SCHEMA_VERSION,
    locale: locale === BASE_LOCALE ? form.locale : WPCF7_LOCALE[locale],
    rules: form.rules.map((rule): SwvRule => {
      const withError = locale === BASE_LOCALE ? rule : { ...rule, error: ruleErrorIn(rule.error, locale) };
      return withError.rule === 'mindate' || withError.rule === 'maxdate' ? { ...withError, threshold: resolveThreshold(withError.threshold, now) } : withError;
    }),
  };
}

/** Whether a file's bytes are what its name says, among the field's accepted types. */
export async function fileContentAccepted(name: string, bytes: Uint8Array, accept: readonly string[]): Promise<boolean> {
  const extensions = acceptedExtensions(accept);
  const nameExtension = /\.([^.]+)$/.exec(name.toLowerCase())?.[1] ?? '';
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    const same = detected.ext === nameExtension || (detected.ext === 'jpg' && (nameExtension === 'jpeg' || nameExtension === 'jpe'));
    return same && extensions.has(detected.ext);
  }
  // Text has no signature: valid UTF-8 without NUL, named as text.
  if (nameExtension !== 'csv' && nameExtension !== 'txt') return false;
  if (!extensions.has(nameExtension) || bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export interface ContactFormsOptions {
  readonly db: ShopDatabase;
  readonly keys: () => Promise<Keys>;
  /** Sends the mail at once when present; absent, messages wait in the outbox. */
  readonly mail?: MailTransport | undefined;
  /** Where messages go when the form names no recipient. */
  readonly recipient: string;
  readonly shopName: string;
  /** The shop's language: the mail to the shop is written in it. @default 'en-PH' */
  readonly shopLocale?: Locale;
  /** Submissions per client (counted in the database). */
  readonly limit: RateLimit;
  readonly logger: { warn(message: string, error?: unknown): void };
  readonly now?: () => Date;
}

export interface ContactFormsService {
  find(id: number): Promise<StoredForm | null>;
  /** The form's schema in `locale` (its rule errors in that language). */
  schema(form: StoredForm, locale?: Locale): ContactFormSchema;
  /** Checks, stores and mails a submission; the answer's message and field errors are in `locale`. */
  submit(form: StoredForm, submission: Submission, client: string, unitTag: string, locale?: Locale): Promise<FeedbackWire>;
}

const parseList = (text: string): readonly string[] => {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

/** The plain-text lines of a message: each field and its values, as text (HTML stays text). */
const messageLines = (inputs: FormInputs, fileLines: ReadonlyMap<string, readonly string[]>): string[] => {
  const lines: string[] = [];
  for (const [field, values] of Object.entries(inputs)) {
    if (field === HONEYPOT_FIELD) continue;
    const texts = fileLines.get(field) ?? fieldValues(values).texts;
    lines.push(`${field}: ${texts.join(', ')}`);
  }
  return lines;
};

/** The contact forms' service. */
export function contactFormsService(options: ContactFormsOptions): ContactFormsService {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  let seeded: Promise<void> | null = null;
  // The seeded forms are written once per process when missing (staff edits are kept).
  const ensureSeeded = () =>
    (seeded ??= (async () => {
      for (const form of SEEDED_FORMS) {
        await db
          .insert(contactForms)
          .values({ id: form.id, slug: form.slug, title: form.title, locale: form.locale, rules: JSON.stringify(form.rules), acceptance: JSON.stringify(form.acceptance), files: JSON.stringify(form.files) })
          .onConflictDoNothing();
      }
    })().catch((error: unknown) => {
      seeded = null;
      throw error;
    }));

  const clientHash = async (client: string): Promise<string> => createHmac('sha256', (await options.keys()).nonce).update(`contact-client:${client}`).digest('hex').slice(0, 32);

  const shopLocale = options.shopLocale ?? BASE_LOCALE;
  const answer = (form: StoredForm, unitTag: string, status: FeedbackWire['status'], invalid: readonly InvalidField[], hash: string, locale: Locale): FeedbackWire => ({
    contact_form_id: form.id,
    status,
    message: textsIn(answerTexts, locale)[status],
    invalid_fields: invalid.map((f) => ({ field: f.field, message: f.message, idref: f.idref, error_id: f.errorId })),
    posted_data_hash: hash,
    into: `#${unitTag}`,
  });

  return {
    async find(id) {
      await ensureSeeded();
      const rows = await db.select().from(contactForms).where(eq(contactForms.id, id)).limit(1);
      const row = rows[0];
      if (!row) return null;
      return { id: row.id, slug: row.slug, title: row.title, locale: row.locale, rules: JSON.parse(row.rules) as SwvRule[], acceptance: parseList(row.acceptance), files: parseList(row.files) };
    },

    schema: (form, locale = BASE_LOCALE) => schemaOf(form, now(), locale),

    async submit(form, submission, client, unitTag, locale = BASE_LOCALE) {
      // The rules with their errors in the sender's language: the browser ran the same schema.
      const schema = schemaOf(form, now(), locale);
      const inputs = submission.inputs;
      // 1. The schema's rules (the browser's own), then each file's content.
      const invalid = [...validateForm(schema, inputs, unitTag)];
      for (const file of submission.files) {
        const field = answerFieldName(file.field);
        if (invalid.some((f) => f.field === field)) continue;
        const accept = schema.rules.flatMap((r) => (r.rule === 'file' && r.field === file.field ? r.accept : []));
        const expected = form.files.includes(file.field);
        if (!expected || accept.length === 0 || !(await fileContentAccepted(file.name, file.bytes, accept))) {
          invalid.push({ field, message: ruleErrorIn(RULE_ERRORS.fileContent, locale), idref: null, errorId: errorIdOf(unitTag, file.field) });
        }
      }
      if (invalid.length > 0) return answer(form, unitTag, 'validation_failed', invalid, '', locale);
      // 2. Every acceptance box ticked.
      if (form.acceptance.some((field) => fieldValues(valuesOf(inputs, field)).texts.length === 0)) return answer(form, unitTag, 'acceptance_missing', [], '', locale);
      // 3. Spam: the honeypot filled, or too many messages from this client. Stored, never mailed.
      const who = await clientHash(client);
      const honeypot = fieldValues(valuesOf(inputs, HONEYPOT_FIELD)).texts.length > 0;
      const spamReason = honeypot ? 'honeypot' : (await options.limit.take(who)) ? null : 'rate_limit';
      const texts = Object.fromEntries(Object.entries(inputs).map(([field, values]) => [field, values.map((v) => (typeof v === 'string' ? v : v.name))]));
      const hash = md5(JSON.stringify(texts));
      const status = spamReason ? 'spam' : 'mail_sent';
      // 4. Stored (with its files and its mail queued) in one transaction, before anything is sent.
      // The mail to the shop is in the shop's language.
      const m = textsIn(contactMailTexts, shopLocale);
      const stored = await db.transaction(async (tx) => {
        const [message] = await tx
          .insert(contactMessages)
          .values({ formId: form.id, fields: JSON.stringify(texts), status, spamReason, clientHash: who, postedDataHash: hash })
          .returning({ id: contactMessages.id });
        if (!message) throw new Error('the message was not stored');
        const fileLines = new Map<string, string[]>();
        for (const file of submission.files) {
          const type = await fileTypeFromBuffer(file.bytes);
          // Sent as base64 text and decoded by the database: PGlite's own encoding of a byte array
          // parameter took ~5 times as long (350 against 75 ms for 500 KB).
          const data = sql`decode(${Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString('base64')}, 'base64')`;
          const [row] = await tx
            .insert(contactFiles)
            .values({ messageId: message.id, field: file.field, name: file.name, mime: type?.mime ?? 'text/plain', bytes: file.size, data })
            .returning({ id: contactFiles.id });
          const lines = fileLines.get(file.field) ?? [];
          lines.push(m.file({ name: file.name, bytes: file.size, id: row?.id ?? 0 }));
          fileLines.set(file.field, lines);
        }
        if (spamReason) return { id: message.id, mail: null };
        const lines = messageLines(inputs, fileLines);
        const subjectLine = fieldValues(valuesOf(inputs, 'your-subject')).texts.join(' ').slice(0, 200);
        const subject = subjectLine ? m.subject({ shop: options.shopName, form: form.title, subject: subjectLine }) : m.subjectOnly({ shop: options.shopName, form: form.title });
        const intro = m.intro({ form: form.title });
        const footer = m.footer({ id: message.id });
        const text = [intro, '', ...lines, '', footer].join('\n');
        const html = `<p>${escapeHtml(intro)}</p>\n<dl>${lines.map((line) => `<dd>${escapeHtml(line).replace(/\n/g, '<br>')}</dd>`).join('')}</dl>\n<p>${escapeHtml(footer)}</p>`;
        const mail = { to: options.recipient, subject, text, html };
        // Sent at once below; the outbox has it a minute later if that does not happen (a crash).
        const [queued] = await tx
          .insert(mailOutbox)
          .values({ ...mail, nextAttemptAt: sql`now() + interval '60 seconds'` })
          .returning({ id: mailOutbox.id });
        await tx.update(contactMessages).set({ mailId: queued?.id ?? null }).where(eq(contactMessages.id, message.id));
        return { id: message.id, mail: queued ? { id: queued.id, ...mail } : null };
      });
      if (spamReason) return answer(form, unitTag, 'spam', [], hash, locale);
      // 5. The mail, now; a failure leaves it queued for the outbox's retries and says so.
      if (options.mail && stored.mail) {
        try {
          await options.mail.send(stored.mail);
          await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date().toISOString(), attempts: 1 }).where(eq(mailOutbox.id, stored.mail.id));
        } catch (error) {
          options.logger.warn(`contact message ${stored.id}: mail could not be sent now (kept, retried later)`, error);
          await db
            .update(mailOutbox)
            .set({ attempts: 1, lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500) })
            .where(eq(mailOutbox.id, stored.mail.id));
          await db.update(contactMessages).set({ status: 'mail_failed' }).where(eq(contactMessages.id, stored.id));
          return answer(form, unitTag, 'mail_failed', [], hash, locale);
        }
      }
      return answer(form, unitTag, 'mail_sent', [], hash, locale);
    },
  };
}
