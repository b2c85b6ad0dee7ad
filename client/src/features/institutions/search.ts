import { InstitutionListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';
import { editPanelSearch } from '../../components/form-kit/edit-panel';

/** The institutions screen's URL state: the contract's list query (URL-tolerant) plus the side panel. */
export const institutionsSearch = listSearchSchema(InstitutionListQuery, editPanelSearch);
