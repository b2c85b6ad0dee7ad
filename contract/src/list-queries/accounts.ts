import { z } from 'zod';
import { listQuery } from '../common/list.js';
import { accountDateFilters, accountStatusFilter } from '../account-fields.js';

// The list queries of the accounts, members and pledges screens, apart from the routes and the phone
// schema: the client validates its URLs with them in the first bundle, which must not carry
// libphonenumber-js (about 35 KB gzip) or the account routes (see ./README.md).

/** Spec 01 §3 Account list filters; search looks in names, email and invitation code. */
export const AccountListQuery = listQuery({
  sortable: ['name', 'email', 'memberAt', 'pledgedAt', 'id'] as const,
  defaultSort: 'name:asc',
  filters: { status: accountStatusFilter, ...accountDateFilters },
});
export type AccountListQuery = z.input<typeof AccountListQuery>;

// Each sort field has an index behind it (migration 0006), so any page answers quickly at scale.
const memberSortable = ['name', 'email', 'memberat', 'pledgedat', 'id'] as const;

/** The members list ("legacy accounts"): the accounts list query; status defaults to member. */
export const MemberListQuery = listQuery({
  sortable: memberSortable,
  defaultSort: 'memberat:desc',
  filters: { status: accountStatusFilter, ...accountDateFilters },
});
export type MemberListQuery = z.input<typeof MemberListQuery>;

/** The pledges list: pledged accounts that have not completed membership. */
export const PledgeListQuery = listQuery({
  sortable: memberSortable,
  defaultSort: 'pledgedat:desc',
  filters: { pledgeFrom: accountDateFilters.pledgeFrom, pledgeTo: accountDateFilters.pledgeTo },
});
export type PledgeListQuery = z.input<typeof PledgeListQuery>;
