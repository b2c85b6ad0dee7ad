import { formatPhone, roleLabel, type Address } from '@app/contract';

export { formatPhone, roleLabel };

// Dates are shown as UTC days: the same days the date filters and the dashboard count by.
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Mar 5, 2024' for an ISO time, '' for none. */
export function formatDay(iso: string | null | undefined): string {
  return iso ? day.format(new Date(iso)) : '';
}

/** One line of an address: street, city, state and postal code, as far as they are known. */
export function addressLine(a: Address): string {
  const place = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.street1, a.street2, place].filter(Boolean).join(', ');
}
