import { formatPhone, roleLabel, type Address } from '@app/contract';

export { formatPhone, roleLabel };
export { formatDay } from '../../components/format';

/** One line of an address: street, city, state and postal code, as far as they are known. */
export function addressLine(a: Address): string {
  const place = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.street1, a.street2, place].filter(Boolean).join(', ');
}
