/**
 * The contact pages (`/contact/`, `/contact/wholesale/`, while the contact-form plugin is on): which
 * form they show, its schema (read when the page is rendered, so the browser validates on change
 * without asking again), and the answer to a form posted without scripts. The plugin's page view
 * lays them out.
 */
import type { ContactFormSchema, FeedbackAnswer } from '../core/domain/contact-form.js';

/** The forms the plugin's options name. */
export interface ContactFormIds {
  readonly contact: number;
  /** Null: no wholesale page. */
  readonly wholesale: number | null;
}

/** A form posted to its page without scripts: the answer, and the texts to put back (none once sent). */
export interface ContactPagePost {
  readonly formId: number;
  readonly answer: FeedbackAnswer;
  readonly values: Readonly<Record<string, readonly string[]>>;
}

export interface ContactPageView {
  readonly kind: 'contact' | 'wholesale';
  readonly formId: number;
  /** Null when it could not be read (the form still posts; the server checks it). */
  readonly schema: ContactFormSchema | null;
  /** Whether the wholesale page exists (the general page links to it). */
  readonly wholesale: boolean;
  readonly posted: ContactPagePost | null;
}

/** The pages' addresses. */
export const CONTACT_PATH = '/contact/';
export const WHOLESALE_PATH = '/contact/wholesale/';

/** The unit tag of a form on its page (`wpcf7-f{id}-o1`; one form per page). */
export const unitTagOf = (formId: number): string => `wpcf7-f${formId}-o1`;
