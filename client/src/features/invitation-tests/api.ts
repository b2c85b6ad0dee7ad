import { crudArea } from '../../api/area';
import { INVITATION_TEST_SAVED, invitationTestsContract } from '@app/contract';

/** A/B test variables (spec 02 test-variables): list, one variable, add and edit; `routes` for its export address. */
export const invitationTestsArea = crudArea('invitation-tests', invitationTestsContract, {
  savedMessage: INVITATION_TEST_SAVED,
});
