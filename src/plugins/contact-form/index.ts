/**
 * Contact forms (Contact Form 7's behaviour, `wire-protocol.md` §6, spec §4–§8): `/contact/` (the
 * general form) and `/contact/wholesale/` (wholesale enquiries with a file and a date), the rules
 * of each form's schema checked in the browser on change (the server runs the same functions), the
 * form's status on the form (`data-status`), the answer's message in a polite live region, field
 * errors as tips, and a reset and refill once sent. Without scripts the form posts to its page and
 * the server answers with the page showing the result.
 *
 * Scoped to the contact pages: no other page links or loads any of its code (the footer's
 * `Contact us` link is the shell's, shown while the plugin is on).
 */
import type { FeedbackAnswer, RefillAnswer } from '../../core/domain/contact-form.js';
import { definePlugin } from '../../core/plugin.js';
import type { FilePart, PortFailure } from '../../core/ports.js';
import { err } from '../../core/result.js';
import { defineViews } from '../../ui/slots.js';
import { ContactPage } from './views/ContactPage.js';
export type { ContactFormOptions } from './options.js';

declare module '../../core/commands.js' {
  interface CommandMap {
    /** Sends a form (`contact-form.answered` with the answer's status). */
    'contact-form.submit': {
      input: { readonly formId: number; readonly fields: ReadonlyArray<readonly [string, string | FilePart]> };
      output: FeedbackAnswer;
      failure: PortFailure;
    };
    /** Asks for a form's refill after a reset. */
    'contact-form.refill': { input: { readonly formId: number }; output: RefillAnswer; failure: PortFailure };
  }
}

declare module '../../core/events.js' {
  interface DomainEventMap {
    /** A form was answered (`status` as the API says it: `mail_sent`, `validation_failed`…). */
    'contact-form.answered': { readonly formId: number; readonly status: string };
  }
}

declare module '../../core/plugin.js' {
  interface PluginTypes {
    'contact-form': typeof contactForm;
  }
}

const unavailable = { kind: 'not-found', message: 'Contact forms are not available.' } as const;

const contactForm = definePlugin({
  name: 'contact-form',
  kind: 'feature',
  // The schema loads only where options are checked (the server); the browser gets them checked.
  config: { load: () => import('./options.js').then((m) => m.contactFormOptions) },
  pages: ['contact'],
  setup: ({ handle, ports, emit }) => {
    handle('contact-form.submit', async ({ formId, fields }) => {
      if (!ports.contactForm) return err(unavailable);
      const answer = await ports.contactForm.submit(formId, fields);
      if (answer.ok) emit('contact-form.answered', { formId, status: answer.value.status });
      return answer;
    });
    handle('contact-form.refill', async ({ formId }) => (ports.contactForm ? ports.contactForm.refill(formId) : err(unavailable)));
  },
});

export default contactForm;

/** The contact pages' body. */
export const views = defineViews(contactForm, { 'page.contact': ContactPage });
