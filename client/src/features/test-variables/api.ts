import { crudArea } from '../../api/area';
import { INVITATION_TEST_SAVED, testVariablesContract } from '@app/contract';

/** A/B test variables (spec 02 test-variables): list, one variable, add and edit; `routes` for its export address. */
export const testVariablesArea = crudArea('test-variables', testVariablesContract, {
  savedMessage: INVITATION_TEST_SAVED,
});
