/** The address fields of the checkout and of the My Account address form, in form order. */

export type AddressPart = 'first_name' | 'last_name' | 'address_1' | 'address_2' | 'city' | 'state' | 'postcode';

/** The address fields in form order (their labels, by part, are `addressTexts` in `ui/messages/checkout.ts`). */
export const ADDRESS_FIELDS: ReadonlyArray<{ readonly part: AddressPart; readonly optional?: boolean; readonly autoComplete: string }> = [
  { part: 'first_name', autoComplete: 'given-name' },
  { part: 'last_name', autoComplete: 'family-name' },
  { part: 'address_1', autoComplete: 'address-line1' },
  { part: 'address_2', optional: true, autoComplete: 'address-line2' },
  { part: 'city', autoComplete: 'address-level2' },
  { part: 'state', autoComplete: 'address-level1' },
  { part: 'postcode', autoComplete: 'postal-code' },
];

