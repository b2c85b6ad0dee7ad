import { createArea } from '../../api/area';
import { apiRouter, BLOCKED_EMAIL_SAVED, blockedEmailsContract } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ blockedEmails: blockedEmailsContract });

/** The area's routes under `/api` (its export address), without the whole contract's schemas. */
export const blockedEmailsRoutes = apiRouter({ blockedEmails: blockedEmailsContract }).blockedEmails;

/** Blocked emails (spec 03 emails-feedback): list, one row, add and edit. */
export const blockedEmailsArea = createArea(
  'blocked-emails',
  { list: tsr.blockedEmails.list, detail: tsr.blockedEmails.get, create: tsr.blockedEmails.create, update: tsr.blockedEmails.update },
  { savedMessage: BLOCKED_EMAIL_SAVED },
);
