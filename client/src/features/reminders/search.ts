import { AllInvitationEmailsQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The all-reminders screen's URL state: the contract's list query (dateFrom, dateTo, search, page), URL-tolerant. */
export const allRemindersSearch = listSearchSchema(AllInvitationEmailsQuery);
