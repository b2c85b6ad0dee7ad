import { sql } from 'kysely';
import {
  EMAIL_SOURCES,
  type EmailEvent,
  type EmailEventKind,
  type EmailSend,
  type OutboxMessage,
  type OutboxMessageDetail,
} from '@app/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { EmailEventName, EmailSourceKey } from '../../db/tables/email.js';
import { fewSearchMatches, likePattern, paginate, type SortMap } from '../../db/list.js';
import { keptRowCount } from '../../db/row-counts.js';
import { eventOrigin } from '../../services/mail/tracking.js';
import { iso } from '../../db/iso.js';
import { forThirdParty, optOutFlag, personOptedOut, searchable, withheldIf } from '../../db/directory-opt-out.js';

type SendQuery = z.output<typeof import('@app/contract').EmailSendListQuery>;
type EventQuery = z.output<typeof import('@app/contract').EmailEventListQuery>;
type OutboxQuery = z.output<typeof import('@app/contract').OutboxListQuery>;

const sourceByLabel = new Map(EMAIL_SOURCES.map((s) => [s.label as string, s]));
const sourceByKey = new Map(EMAIL_SOURCES.map((s) => [s.key as string, s]));

/** The flag column of each event filter option (they share names with the flags). */
const FLAG_COLUMNS: Record<EmailEventKind, string> = {
  sent: 'e.sent',
  delivered: 'e.delivered',
  opened: 'e.opened',
  clicked: 'e.clicked',
  deferred: 'e.deferred',
  rejected: 'e.rejected',
  bouncedSoft: 'e.bounced_soft',
  bouncedHard: 'e.bounced_hard',
  spam: 'e.spam',
  unsub: 'e.unsub',
};
const EVENT_NAMES: Record<EmailEventName, EmailEventKind> = {
  sent: 'sent',
  delivered: 'delivered',
  opened: 'opened',
  clicked: 'clicked',
  deferred: 'deferred',
  rejected: 'rejected',
  bounced_soft: 'bouncedSoft',
  bounced_hard: 'bouncedHard',
  spam: 'spam',
  unsub: 'unsub',
};

export const sendSort: SortMap<SendQuery['sort'][number]['field']> = {
  sendAt: 'e.sendAt',
  queuedAt: 'e.queuedAt',
  emailTo: 'e.emailTo',
  subject: 'e.subject',
  source: 'e.source',
  id: 'e.id',
};

/** Whether the person a send went to opted out (issue 36 §5): its invitee or account, or else its address. */
const sendOptedOut = (send: string) =>
  personOptedOut({ invitees: [`${send}.inviteeId`], accounts: [`${send}.accountId`], email: `${send}.emailTo` });

/**
 * An event's provider message (which may quote the address), withheld toward a third party when its send's person
 * opted out: an event's own `name` is no person's, so it cannot carry the flag the access hook reads.
 */
const eventMessage = () =>
  forThirdParty() ? withheldIf(sendOptedOut('e'), 'v.message', 'message') : sql<string | null>`v.message`;

function filterSends(db: Db, q: Omit<SendQuery, 'page' | 'pageSize' | 'sort'>) {
  let qb = db.selectFrom('emailSends as e');
  if (q.search)
    qb = qb.where(searchable(sql<boolean>`e.search like ${likePattern(q.search.toLowerCase())}`, sendOptedOut('e')));
  if (q.source) qb = qb.where('e.source', '=', sourceByLabel.get(q.source)!.key);
  if (q.sourceId) qb = qb.where('e.sourceId', '=', q.sourceId);
  if (q.event) qb = qb.where(sql.ref(FLAG_COLUMNS[q.event]), '=', true);
  return qb;
}

export async function listSends(db: Db, query: SendQuery) {
  const page = await paginate(
    filterSends(db, query).select([
      'e.id',
      'e.subject',
      'e.emailTo',
      'e.sendStatusMessage',
      'e.source',
      'e.sourceId',
      'e.sendAt',
      'e.queuedAt',
      'e.status',
      'e.sent',
      'e.delivered',
      'e.opened',
      'e.clicked',
      'e.deferred',
      'e.rejected',
      'e.bouncedSoft',
      'e.bouncedHard',
      'e.spam',
      'e.unsub',
      ...optOutFlag(() => sendOptedOut('e')),
    ]),
    query,
    sendSort,
    'e.id',
    // The send log grows large: an unfiltered page reads the kept row count, a filtered one counts beside
    // it, a search finds its matches once for both.
    {
      count: 'separate',
      tieBreakerFollowsSort: true,
      ...keptRowCount(db, 'email_sends', query),
      fewMatches: fewSearchMatches(db, query.search),
    },
  );
  return {
    ...page,
    items: page.items.map((r): EmailSend => {
      const source = sourceByKey.get(r.source as EmailSourceKey)!;
      return {
        ...r,
        source: source.label,
        sourceShort: source.short,
        sendAt: iso(r.sendAt),
        queuedAt: iso(r.queuedAt),
      };
    }),
  };
}

export async function sendExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('emailSends').select('id').where('id', '=', id).executeTakeFirst());
}

const eventSort: SortMap<EventQuery['sort'][number]['field']> = { eventAt: 'v.eventAt', name: 'v.name', id: 'v.id' };

export async function listEvents(db: Db, sendId: number, query: Omit<EventQuery, 'search'>) {
  const page = await paginate(
    db
      .selectFrom('emailEvents as v')
      .innerJoin('emailSends as e', 'e.id', 'v.sendId')
      .select(['v.id', 'v.name', 'v.eventAt', 'v.link', 'v.ipAddress', 'v.userAgent', 'v.automated'])
      .select(sql<string | null>`${eventMessage()}`.as('message'))
      .where('v.sendId', '=', sendId),
    query,
    eventSort,
    'v.id',
  );
  return {
    ...page,
    items: page.items.map((r): EmailEvent => ({
      ...r,
      name: EVENT_NAMES[r.name],
      eventAt: iso(r.eventAt),
      origin: eventOrigin(r),
    })),
  };
}

const outboxSort: SortMap<OutboxQuery['sort'][number]['field']> = {
  createdAt: 'o.createdAt',
  toAddress: 'o.toAddress',
  subject: 'o.subject',
  id: 'o.id',
};

/** A link of the send an outbox message `o` delivered (its invitee or account), or null. */
const sendLink = (column: 'inviteeId' | 'accountId') =>
  sql`(select ${sql.ref(`s.${column}`)} from email_sends s where s.id = o.send_id)`;
/** Whether the person an outbox message went to opted out: its send's invitee or account, or else its address. */
const outboxOptedOut = () =>
  personOptedOut({ invitees: [sendLink('inviteeId')], accounts: [sendLink('accountId')], email: 'o.toAddress' });

export async function listOutbox(db: Db, query: OutboxQuery) {
  let qb = db.selectFrom('emailOutbox as o');
  if (query.search) {
    const pattern = likePattern(query.search.toLowerCase());
    const match = sql<boolean>`(lower(o.to_address) like ${pattern} or lower(o.subject) like ${pattern})`;
    qb = qb.where(searchable(match, outboxOptedOut()));
  }
  const page = await paginate(
    qb.select([
      'o.id',
      'o.sendId',
      'o.fromAddress',
      'o.toAddress',
      'o.subject',
      'o.createdAt',
      ...optOutFlag(outboxOptedOut),
    ]),
    query,
    outboxSort,
    'o.id',
    { tieBreakerFollowsSort: true },
  );
  return { ...page, items: page.items.map((r): OutboxMessage => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

// The open pixel: left out when staff read a message, so reading it in the outbox records no open.
const OPEN_PIXEL = /<img\b[^>]*\/api\/public\/email\/open\/[^>]*>/gi;

export async function getOutboxMessage(db: Db, id: number): Promise<OutboxMessageDetail | undefined> {
  const row = await db
    .selectFrom('emailOutbox as o')
    .selectAll('o')
    .select(optOutFlag(outboxOptedOut))
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...('directoryOptOut' in row ? { directoryOptOut: row.directoryOptOut } : {}),
    id: row.id,
    sendId: row.sendId,
    fromAddress: row.fromAddress,
    toAddress: row.toAddress,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    html: row.html.replace(OPEN_PIXEL, ''),
    text: row.text,
    headers: row.headers,
  };
}

/** What a tracking request needs to know of its send. */
export async function trackedSend(db: Db, id: number) {
  return db.selectFrom('emailSends').select(['id', 'sendAt', 'status']).where('id', '=', id).executeTakeFirst();
}
