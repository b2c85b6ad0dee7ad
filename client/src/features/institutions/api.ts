import { createArea } from '../../api/area';
import { apiRouter, institutionsContract } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ institutions: institutionsContract });

/** The area's routes under `/api` (e.g. its export address), without the whole contract's schemas. */
export const institutionsRoutes = apiRouter({ institutions: institutionsContract }).institutions;

export const INSTITUTION_SAVED = 'Institution saved successfully.';

/** The institutions area: list, one institution, create and update (a save refreshes lists and pickers). */
export const institutionsArea = createArea(
  'institutions',
  { list: tsr.institutions.list, detail: tsr.institutions.get, create: tsr.institutions.create, update: tsr.institutions.update },
  { savedMessage: INSTITUTION_SAVED },
);
