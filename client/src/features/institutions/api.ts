import { crudArea } from '../../api/area';
import { institutionsContract } from '@app/contract';

export const INSTITUTION_SAVED = 'Institution saved successfully.';

/** The institutions area: list, one institution, create and update (a save refreshes lists and pickers); `routes` for its export address. */
export const institutionsArea = crudArea('institutions', institutionsContract, { savedMessage: INSTITUTION_SAVED });
