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
      roles: [],
      chapterIds: [],
      institutionId: null,
      chapterId: null,
      directoryOptOut: false,
    };
  }
  const { firstName, lastName, email, invitationCode, legacyId, admin, active } = account;
  const { institutionId, chapterId } = account;
  return {
    firstName,
    lastName,
    email,
    invitationCode,
    legacyId,
    admin,
    active,
    roles: account.roles,
    chapterIds: account.chapterIds,
    institutionId,
    chapterId,
    directoryOptOut: account.directoryOptOut,
    phone: formatPhone(account.phone),
    address: { ...emptyAddress, ...account.address },
  };
}

const sameSet = (a: readonly unknown[] = [], b: readonly unknown[] = []) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * An update's body without `roles` and `chapterIds` when they are the account's own: changing them needs
 * `roles:write`, so a save by someone holding only `accounts:write` leaves them out (unchanged).
 */
export function withoutUnchangedAccess<B extends { roles?: string[]; chapterIds?: number[] }>(
  body: B,
  account: Account,
): B {
  const out = { ...body };
  if (sameSet(out.roles, account.roles)) delete out.roles;
  if (sameSet(out.chapterIds, account.chapterIds)) delete out.chapterIds;
  return out;
}

export type MemberFormValues = FormValuesOf<typeof MemberInput>;

export const toMemberFormValues = (m: MemberRow): MemberFormValues => ({
  firstname: m.firstname,
  lastname: m.lastname,
  email: m.email,
});
