import { AccountListQuery, MemberListQuery, PledgeListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';
import { editPanelSearch } from '../../components/form-kit/edit-panel';

/** The URL state of the three screens: each list's contract query (URL-tolerant), plus the edit panel. */
export const accountsSearch = listSearchSchema(AccountListQuery, editPanelSearch);
export const membersSearch = listSearchSchema(MemberListQuery, editPanelSearch);
export const pledgesSearch = listSearchSchema(PledgeListQuery);
