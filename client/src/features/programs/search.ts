import { ProgramListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';
import { editPanelSearch } from '../../components/form-kit/edit-panel';

/** The programs screen's URL state: the contract's list query (URL-tolerant) plus the side sheet. */
export const programsSearch = listSearchSchema(ProgramListQuery, editPanelSearch);
