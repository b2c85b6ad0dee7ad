import { BlockedEmailListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';
import { editPanelSearch } from '../../components/form-kit/edit-panel';

/** The blocked emails screen's URL state: the contract's list query (URL-tolerant) plus the side panel. */
export const blockedEmailsSearch = listSearchSchema(BlockedEmailListQuery, editPanelSearch);
