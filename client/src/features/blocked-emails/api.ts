import { crudArea } from '../../api/area';
import { BLOCKED_EMAIL_SAVED, blockedEmailsContract } from '@app/contract';

/** Blocked emails (spec 03 emails-feedback): list, one row, add and edit; `routes` for its export address. */
export const blockedEmailsArea = crudArea('blocked-emails', blockedEmailsContract, {
  savedMessage: BLOCKED_EMAIL_SAVED,
});
