/**
 * How the plugin lays out its two forms (the rules come from each form's schema). A stock shop's
 * forms must use these field names (README: "Contact forms on a stock shop").
 */
import type { ContactFieldLayout } from '../../core/domain/contact-form.js';
import { BUSINESS_TYPES, INTERESTS, type ContactTextKey } from './messages.js';

/**
 * A field as the plugin lays it out: its label and hint are keys of the catalogue's texts
 * (`contactTexts`), its choices the values the shop's rules expect.
 */
export type PluginField = Omit<ContactFieldLayout, 'label' | 'hint'> & { readonly label: ContactTextKey; readonly hint?: ContactTextKey };

/** The acceptance box every form ends with. */
export const PRIVACY_FIELD = 'privacy-policy';

export const CONTACT_FIELDS: readonly PluginField[] = [
  { name: 'your-name', label: 'name', kind: 'text', autocomplete: 'name' },
  { name: 'your-email', label: 'email', kind: 'email', autocomplete: 'email' },
  { name: 'your-subject', label: 'subject', kind: 'text' },
  { name: 'your-message', label: 'message', kind: 'textarea' },
  { name: PRIVACY_FIELD, label: 'privacy', kind: 'acceptance' },
];

export const WHOLESALE_FIELDS: readonly PluginField[] = [
  { name: 'your-name', label: 'name', kind: 'text', autocomplete: 'name' },
  { name: 'your-email', label: 'email', kind: 'email', autocomplete: 'email' },
  { name: 'company', label: 'company', kind: 'text', autocomplete: 'organization' },
  { name: 'website', label: 'website', kind: 'url', autocomplete: 'url' },
  { name: 'your-tel', label: 'tel', kind: 'tel', autocomplete: 'tel' },
  { name: 'business-type', label: 'businessType', kind: 'select', options: BUSINESS_TYPES.map(([value]) => value) },
  { name: 'interests', label: 'interests', kind: 'checkboxes', options: INTERESTS.map(([value]) => value), hint: 'hintInterests' },
  { name: 'quantity', label: 'quantity', kind: 'number', hint: 'hintQuantity' },
  { name: 'visit-date', label: 'visitDate', kind: 'date', hint: 'hintVisitDate' },
  { name: 'visit-time', label: 'visitTime', kind: 'time' },
  { name: 'order-sheet', label: 'orderSheet', kind: 'file', accept: '.pdf,.csv,.xlsx,.jpg,.jpeg,.png', hint: 'hintOrderSheet' },
  { name: 'your-message', label: 'message', kind: 'textarea' },
  { name: PRIVACY_FIELD, label: 'privacy', kind: 'acceptance' },
];

export const FORM_FIELDS = { contact: CONTACT_FIELDS, wholesale: WHOLESALE_FIELDS } as const;
