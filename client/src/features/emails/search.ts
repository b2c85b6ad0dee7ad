import { z } from 'zod';
import { EmailEventListQuery, EmailSendListQuery, OutboxListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

const optionalId = z.coerce.number().int().positive().optional().catch(undefined);
const eventsQuery = listSearchSchema(EmailEventListQuery);

/**
 * The emails-sent screen's URL state: the send log's query, the send whose events are open (`details`),
 * and the Email Events panel's own paging keys eventsPage, eventsPageSize, eventsSort (spec 03).
 */
export const emailsSentSearch = listSearchSchema(EmailSendListQuery, {
  details: optionalId,
  eventsPage: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
  eventsPageSize: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
  eventsSort: z
    .unknown()
    .transform((v) => (eventsQuery.safeParse({ sort: v }).data as { sort?: string } | undefined)?.sort),
});

/** The outbox screen's URL state: its list query and the message shown (`message`). */
export const outboxSearch = listSearchSchema(OutboxListQuery, { message: optionalId });
