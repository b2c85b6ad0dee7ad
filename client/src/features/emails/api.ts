import { EmailSendListQuery, emailsContract, OutboxListQuery, type EmailEventListQuery } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ emails: emailsContract });

/** The send log (spec 03 emails-sent): a read-only list. */
export const emailsArea = createArea(['emails', 'sent'], { list: tsr.emails.list }, { listQuery: EmailSendListQuery });

/** The local outbox (messages kept when no SMTP server is configured): list and one message. */
export const outboxArea = createArea(
  ['emails', 'outbox'],
  { list: tsr.emails.outbox, detail: tsr.emails.outboxMessage },
  { listQuery: OutboxListQuery },
);

/** One send's events, a page at a time (the Email Events panel). */
export function useEmailEvents(sendId: number | undefined, query: EmailEventListQuery) {
  return tsr.emails.events.useQuery({
    queryKey: ['emails', 'events', sendId, query],
    queryData: { params: { id: sendId ?? 0 }, query },
    enabled: sendId !== undefined,
    placeholderData: keepPreviousData,
  });
}
