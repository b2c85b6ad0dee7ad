import { listSearchSchema } from '../../components/list-kit/list-search';
import { editPanelSearch } from '../../components/form-kit/edit-panel';
import { RoleListQuery } from './api';

/** The roles screen's URL state: the side panel (`?edit=new`, `?edit=12`); the list has no filters. */
export const rolesSearch = listSearchSchema(RoleListQuery, editPanelSearch);
