import { z } from 'zod';
import {
  PostalMailInput,
  type InviteCountBucket,
  type PostalMail,
  type TestSegment,
  type UploadedFile,
} from '@app/contract';
import { scheduledHourValues, scheduledInstant, type ScheduledHourValues } from '../../components/form-kit';

/** What the postal mailing form edits: the whole zip (to show it) and the upload hour as a local day and hour. */
export type PostalMailFormValues = ScheduledHourValues & {
  file: UploadedFile | null;
  inviteCount: InviteCountBucket;
  testValue: TestSegment;
};

/** The form's start: the mailing being edited, or a new one this hour 7 days ahead (spec 02 §9) for everyone. */
export function toFormValues(mail?: PostalMail, now = new Date()): PostalMailFormValues {
  return {
    file: mail?.file ?? null,
    ...scheduledHourValues(mail?.uploadScheduledAt, now),
    inviteCount: mail?.inviteCount ?? 'All',
    testValue: mail?.testValue ?? 'All',
  };
}

/** The contract's PostalMailInput over the form's values: the same rules and texts as the server. */
export const PostalMailFormSchema = z.preprocess((v) => {
  const { file, day, hour, ...rest } = v as PostalMailFormValues;
  return { ...rest, fileId: file?.id ?? null, uploadScheduledAt: scheduledInstant({ day, hour }) };
}, PostalMailInput);
