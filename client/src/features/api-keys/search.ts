import { ApiKeyListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';
import { editPanelSearch } from '../../components/form-kit/edit-panel';

/** The API keys screen's URL state: the contract's list query plus the side panel (`?edit=new`, `?edit=12`). */
export const apiKeysSearch = listSearchSchema(ApiKeyListQuery, editPanelSearch);
