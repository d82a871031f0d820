/** The address fields of the checkout and of the My Account address form, in form order. */

export type AddressPart = 'first_name' | 'last_name' | 'address_1' | 'address_2' | 'city' | 'state' | 'postcode';

/** The address fields in form order, with their labels. */
export const ADDRESS_FIELDS: ReadonlyArray<{ readonly part: AddressPart; readonly label: string; readonly optional?: boolean; readonly autoComplete: string }> = [
  { part: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { part: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { part: 'address_1', label: 'Street address', autoComplete: 'address-line1' },
  { part: 'address_2', label: 'Barangay', optional: true, autoComplete: 'address-line2' },
  { part: 'city', label: 'City / Municipality', autoComplete: 'address-level2' },
  { part: 'state', label: 'Province', autoComplete: 'address-level1' },
  { part: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
];

