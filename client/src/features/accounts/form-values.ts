import {
  emptyAddress,
  formatPhone,
  type Account,
  type AccountUpdateInput,
  type MemberInput,
  type MemberRow,
} from '@app/contract';
import type { FormValuesOf } from '../../components/form-kit';

/** What the Add/Edit Account panel edits: the contract's update input; `password` only exists when adding. */
export type AccountFormValues = FormValuesOf<typeof AccountUpdateInput> & { password?: string };

/** The form's start: the account's values (phone in its display format), or a new active non-admin. */
export function toAccountFormValues(account?: Account): AccountFormValues {
  if (!account) {
    return {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      phone: '',
      invitationCode: null,
      legacyId: null,
      admin: false,
      active: true,
      address: { ...emptyAddress, country: 'US' },
    };
  }
  const { firstName, lastName, email, invitationCode, legacyId, admin, active } = account;
  return {
    firstName,
    lastName,
    email,
    invitationCode,
    legacyId,
    admin,
    active,
    phone: formatPhone(account.phone),
    address: { ...emptyAddress, ...account.address },
  };
}

export type MemberFormValues = FormValuesOf<typeof MemberInput>;

export const toMemberFormValues = (m: MemberRow): MemberFormValues => ({
  firstname: m.firstname,
  lastname: m.lastname,
  email: m.email,
});
