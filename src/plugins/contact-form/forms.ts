/**
 * How the plugin lays out its two forms (the rules come from each form's schema). A stock shop's
 * forms must use these field names (README: "Contact forms on a stock shop").
 */
import type { ContactFieldLayout } from '../../core/domain/contact-form.js';
import { MESSAGES } from './messages.js';

const F = MESSAGES.fields;

/** The acceptance box every form ends with. */
export const PRIVACY_FIELD = 'privacy-policy';

export const CONTACT_FIELDS: readonly ContactFieldLayout[] = [
  { name: 'your-name', label: F.name, kind: 'text', autocomplete: 'name' },
  { name: 'your-email', label: F.email, kind: 'email', autocomplete: 'email' },
  { name: 'your-subject', label: F.subject, kind: 'text' },
  { name: 'your-message', label: F.message, kind: 'textarea' },
  { name: PRIVACY_FIELD, label: MESSAGES.privacy, kind: 'acceptance' },
];

export const WHOLESALE_FIELDS: readonly ContactFieldLayout[] = [
  { name: 'your-name', label: F.name, kind: 'text', autocomplete: 'name' },
  { name: 'your-email', label: F.email, kind: 'email', autocomplete: 'email' },
  { name: 'company', label: F.company, kind: 'text', autocomplete: 'organization' },
  { name: 'website', label: F.website, kind: 'url', autocomplete: 'url' },
  { name: 'your-tel', label: F.tel, kind: 'tel', autocomplete: 'tel' },
  { name: 'business-type', label: F.businessType, kind: 'select', options: MESSAGES.businessTypes },
  { name: 'interests', label: F.interests, kind: 'checkboxes', options: MESSAGES.interests, hint: MESSAGES.hints.interests },
  { name: 'quantity', label: F.quantity, kind: 'number', hint: MESSAGES.hints.quantity },
  { name: 'visit-date', label: F.visitDate, kind: 'date', hint: MESSAGES.hints.visitDate },
  { name: 'visit-time', label: F.visitTime, kind: 'time' },
  { name: 'order-sheet', label: F.orderSheet, kind: 'file', accept: '.pdf,.csv,.xlsx,.jpg,.jpeg,.png', hint: MESSAGES.hints.orderSheet },
  { name: 'your-message', label: F.message, kind: 'textarea' },
  { name: PRIVACY_FIELD, label: MESSAGES.privacy, kind: 'acceptance' },
];

export const FORM_FIELDS = { contact: CONTACT_FIELDS, wholesale: WHOLESALE_FIELDS } as const;
