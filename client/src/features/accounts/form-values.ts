import { emptyAddress, formatPhone, type Account, type Address, type MemberRow } from '@app/contract';

/** What the Add/Edit Account panel edits; `password` only exists when adding. */
export type AccountFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
  phone: string;
  invitationCode: string | null;
  legacyId: number | null;
  admin: boolean;
  active: boolean;
  address: Address;
};

/** The form's start: the account's values (phone in its display format), or a new active non-admin. */
export function toAccountFormValues(account?: Account): AccountFormValues {
  if (!account) {
    return {
      firstName: '', lastName: '', email: '', password: '', phone: '', invitationCode: null, legacyId: null,
      admin: false, active: true, address: { ...emptyAddress, country: 'US' },
    };
  }
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    phone: formatPhone(account.phone),
    invitationCode: account.invitationCode,
    legacyId: account.legacyId,
    admin: account.admin,
    active: account.active,
    address: { ...emptyAddress, ...account.address },
  };
}

export type MemberFormValues = { firstname: string; lastname: string; email: string };

export const toMemberFormValues = (m: MemberRow): MemberFormValues => ({ firstname: m.firstname, lastname: m.lastname, email: m.email });
