import { InvitationTestListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';
import { editPanelSearch } from '../../components/form-kit/edit-panel';

/** The A/B variables screen's URL state: the contract's list query (URL-tolerant) plus the side sheet. */
export const invitationTestsSearch = listSearchSchema(InvitationTestListQuery, editPanelSearch);
