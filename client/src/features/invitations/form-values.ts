import { z } from 'zod';
import {
  DEFAULT_DAYS_AHEAD,
  INVITATION_DEFAULTS,
  InvitationInput,
  type Invitation,
  type UploadedFile,
} from '@app/contract';
import type { FormValuesOf } from '../../components/form-kit';

/** What the invitation form edits: the contract's input, with the whole database file (to show it) for its id. */
export type InvitationFormValues = Omit<FormValuesOf<typeof InvitationInput>, 'databaseId'> & {
  database: UploadedFile | null;
};

/** 'YYYY-MM-DD' of the browser's day `days` from today. */
export function dayAhead(days: number, from = new Date()): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The form's start: the invitation being edited, or a new one (dates 30 days ahead, spec 02 §9 defaults). */
export function toFormValues(invitation?: Invitation): InvitationFormValues {
  if (!invitation) {
    return {
      chapterId: null,
      institutionId: null,
      deadline: dayAhead(DEFAULT_DAYS_AHEAD),
      orientationDate: dayAhead(DEFAULT_DAYS_AHEAD),
      database: null,
      ...INVITATION_DEFAULTS,
    };
  }
  const i = invitation;
  return {
    chapterId: i.chapter.id,
    institutionId: i.institution.id,
    deadline: i.deadline,
    orientationDate: i.orientationDate,
    database: i.database,
    cleanJoined: i.cleanJoined,
    cleanInviteCount: i.cleanInviteCount ?? INVITATION_DEFAULTS.cleanInviteCount,
    deliverEmails: i.deliverEmails,
    deliverPostalMails: i.deliverPostalMails,
    enableTickler: i.enableTickler,
    testId: i.test?.id ?? null,
  };
}

/** The contract's InvitationInput over the form's values: the same rules and texts as the server. */
export const InvitationFormSchema = z.preprocess((v) => {
  const { database, ...rest } = v as InvitationFormValues;
  return { ...rest, databaseId: database?.id ?? null };
}, InvitationInput);
