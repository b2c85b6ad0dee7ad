import { createArea } from '../../api/area';
import { apiRouter, INVITATION_TEST_SAVED, invitationTestsContract } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ invitationTests: invitationTestsContract });

/** The area's routes under `/api` (its export address), without the whole contract's schemas. */
export const invitationTestsRoutes = apiRouter({ invitationTests: invitationTestsContract }).invitationTests;

/** A/B test variables (spec 02 test-variables): list, one variable, add and edit. */
export const invitationTestsArea = createArea(
  'invitation-tests',
  { list: tsr.invitationTests.list, detail: tsr.invitationTests.get, create: tsr.invitationTests.create, update: tsr.invitationTests.update },
  { savedMessage: INVITATION_TEST_SAVED },
);
