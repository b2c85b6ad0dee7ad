import { memberRoutes, type MemberRow } from '@app/contract';
import { PICKER_PAGE_SIZE, toOptionsPage, type FetchOptionsPage } from './options-page';
import { areaClient } from './tsr';

const tsr = areaClient({ members: memberRoutes });

/** 'Full Name <email>': how a member reads in a picker (first and last name when there is no full name). */
export const memberLabel = (m: MemberRow) => `${m.fullname || `${m.firstname} ${m.lastname}`.trim()} <${m.email}>`;

const fetchMembers: FetchOptionsPage<MemberRow> = (search, page) =>
  tsr.members.members
    .query({ query: { search: search || undefined, page, pageSize: PICKER_PAGE_SIZE, sort: 'name:asc' } })
    .then((res) => toOptionsPage<MemberRow>(res));

/** A searchable select's source of members, 20 a page by name (under the accounts key, so member saves refresh it). */
export const memberOptions = {
  entityName: 'members',
  queryKey: ['accounts', 'options', 'members'] as const,
  fetchPage: fetchMembers,
  getValue: (m: MemberRow) => m.id,
  getLabel: memberLabel,
};
