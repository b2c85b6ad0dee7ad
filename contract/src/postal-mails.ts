import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import {
  INVITE_COUNT_BUCKETS,
  RUN_STATUSES,
  TEST_SEGMENTS,
  inviteCountBucket,
  scheduledHour,
  testSegment,
} from './common/audience.js';
import { ErrorBody } from './common/error.js';
import { UploadedFile, fileRef } from './common/file.js';
import { IdParam, idNumber } from './common/fields.js';
import { listRoute } from './common/area-routes.js';
import { PostalMailListQuery } from './list-queries/postal-mails.js';

export * from './list-queries/postal-mails.js';

/** The upload destination of mailing zips (contract/src/files.ts: one zip, up to 100 MB). */
export const POSTAL_MAIL_FOLDER = 'private/invitations/postal-mails';

export const POSTAL_MAIL_MESSAGES = {
  saved: 'Postal mailing saved successfully.',
  deleted: 'Postal mailing deleted',
  fileRequired: 'File is required',
  started: 'A postal mailing cannot be changed or deleted once its upload has started',
  notPostal: 'This invitation does not deliver postal mails',
} as const;

/**
 * Spec 02 §3 Postal mailing: a zip (the letter's template files) handed to the print vendor at
 * `uploadScheduledAt` with the CSV of the invitation's matching invitees and their mailing addresses.
 * Not started (`uploadStartedAt` null): editable and deletable. Started: `uploadStatus` In Progress, then
 * Success (`uploadCsv` is the delivered CSV, `uploadCount` its rows) or Failed (`uploadStatusReason`).
 */
export const PostalMail = z.object({
  id: z.number().int(),
  invitation: z.object({
    id: z.number().int(),
    institutionName: z.string(),
    chapterName: z.string(),
    test: z.object({ id: z.number().int(), name: z.string() }).nullable().describe("The invitation's A/B variable"),
  }),
  file: UploadedFile.nullable().describe('The zip handed to the print vendor'),
  uploadScheduledAt: z.string().describe('ISO instant, the start of an hour'),
  inviteCount: z.enum(INVITE_COUNT_BUCKETS),
  testValue: z.enum(TEST_SEGMENTS),
  uploadStartedAt: z.string().nullable(),
  uploadStatus: z.enum(RUN_STATUSES).nullable(),
  uploadStatusReason: z.string().nullable(),
  uploadCount: z.number().int().nullable().describe('Invitees in the delivered CSV'),
  uploadCsv: UploadedFile.nullable().describe('The CSV delivered with the zip (set on Success)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PostalMail = z.infer<typeof PostalMail>;

/** Add and edit body (spec 02 §5): one zip, the audience, and an hour that is not over. */
export const PostalMailInput = z.object({
  fileId: fileRef('File').refine((v) => v !== null, POSTAL_MAIL_MESSAGES.fileRequired),
  uploadScheduledAt: scheduledHour('Upload At'),
  inviteCount: inviteCountBucket,
  testValue: testSegment,
});
export type PostalMailInput = z.input<typeof PostalMailInput>;

const OF_INVITATION = '/admin/logistics/invitations/:id/postal-mails';
const ONE = `${OF_INVITATION}/:mailId`;
const MailParams = IdParam.extend({ mailId: idNumber('mailId') });

export const postalMailsContract = c.router(
  {
    list: listRoute(
      '/admin/logistics/postal-mails',
      PostalMailListQuery,
      PostalMail,
      'List the postal mailings of every invitation (search by id, institution or chapter)',
    ),
    ofInvitation: {
      ...listRoute(OF_INVITATION, PostalMailListQuery, PostalMail, "List one invitation's postal mailings"),
      pathParams: IdParam,
    },
    create: {
      method: 'POST',
      path: OF_INVITATION,
      pathParams: IdParam,
      body: PostalMailInput,
      responses: { 201: PostalMail, 409: ErrorBody },
      summary: 'Schedule a postal mailing of an invitation',
    },
    update: {
      method: 'PUT',
      path: ONE,
      pathParams: MailParams,
      body: PostalMailInput,
      responses: { 200: PostalMail, 409: ErrorBody },
      summary: 'Update a postal mailing (only before its upload starts)',
    },
    remove: {
      method: 'DELETE',
      path: ONE,
      pathParams: MailParams,
      responses: { 204: c.noBody(), 409: ErrorBody },
      summary: 'Delete a postal mailing (only before its upload starts)',
    },
  },
  { metadata: meta.area('postalMails') },
);
