import { z } from 'zod';
import { requiredText } from './common/fields.js';
import { adminAreaContract } from './common/area-routes.js';
import { InvitationTestListQuery } from './list-queries/test-variables.js';

export * from './list-queries/test-variables.js';

export const INVITATION_TEST_SAVED = 'Variable saved successfully.';

/** Spec 02 §3 A/B test variable. `updatedBy` is the name of the staff member who saved it last. */
export const InvitationTest = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().describe('Derived from the name when saved; unique (a clash gets -2, -3 ...)'),
  description: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type InvitationTest = z.infer<typeof InvitationTest>;

/** Add and edit body (spec 02 §5). Only enabled variables are offered to new invitations. */
export const InvitationTestInput = z.object({
  name: requiredText('Name is required', 255, 'Name must be 255 characters or less'),
  description: requiredText('Description is required', 2000, 'Description must be 2000 characters or less'),
  enabled: z.boolean({ invalid_type_error: 'Enabled must be true or false' }).default(true),
});
export type InvitationTestInput = z.input<typeof InvitationTestInput>;

export const testVariablesContract = adminAreaContract(
  'invitationTests',
  '/admin/logistics/invitation-tests',
  { item: InvitationTest, input: InvitationTestInput, query: InvitationTestListQuery },
  {
    noun: 'A/B test variable',
    list: 'List A/B test variables (search by name or slug; filter by enabled)',
  },
);
