import { sql } from 'kysely';
import { inScope, inScopeInvitation, scoped } from '../../services/auth/chapter-scope.js';
import type { z } from 'zod';
import { RATE_NAMES, rateLevel, type InvitationEmail, type RateName } from '@app/contract';
import type { Db } from '../../db/database.js';
import { dayRange } from '../../db/day-range.js';
import { likePattern, paginate, pageOfRows, rowsInOrder, type SortMap } from '../../db/list.js';
import { audienceSizeSql } from '../../services/audience/index.js';
import { sendCountsSql, type SendCounts } from './send-counts.js';
import { invitationsWithNames } from '../../db/invitation-names.js';

type ListQuery = z.output<typeof import('@app/contract').InvitationEmailListQuery>;
type AllQuery = z.output<typeof import('@app/contract').AllInvitationEmailsQuery>;
export type ReminderValues = z.output<typeof import('@app/contract').InvitationEmailInput>;

const sortMap: SortMap<ListQuery['sort'][number]['field'] | AllQuery['sort'][number]['field']> = {
  sendScheduledAt: 'e.sendScheduledAt',
  id: 'e.id',
  inviteCount: 'e.inviteCount',
  testValue: 'e.testValue',
  sendStatus: 'e.sendStatus',
};

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Rates of a reminder's counts with their levels (denominators: see ReminderRates in the contract). */
export function reminderRates(c: SendCounts) {
  const rates: Record<RateName, number | null> = {
    deliveryRate: rate(c.delivered, c.sent),
    deferredRate: rate(c.deferred, c.sent),
    rejectedRate: rate(c.rejected, c.sent),
    bouncedHardRate: rate(c.bouncedHard, c.sent),
    openRate: rate(c.opened, c.delivered),
    clickThruRate: rate(c.clicked, c.delivered),
    spamRate: rate(c.spam, c.delivered),
    unsubRate: rate(c.unsub, c.delivered),
  };
  return Object.fromEntries(
    RATE_NAMES.flatMap((name) => [
      [name, rates[name]],
      [`${name}Level`, rateLevel(name, rates[name])],
    ]),
  ) as Pick<InvitationEmail, RateName | `${RateName}Level`>;
}

/** Reminders with their names; only of the caller's chapters when it is chapter-scoped (issue 35 §3). */
function selectReminders(db: Db) {
  return scoped(invitationsWithNames(db), 'inv.chapterId')
    .innerJoin('invitationEmails as e', 'e.invitationId', 'inv.id')
    .innerJoin('emailTemplates as t', 't.id', 'e.templateId')
    .leftJoin('invitationTests as ab', 'ab.id', 'inv.testId')
    .select([
      'e.id',
      'e.invitationId',
      'e.sendScheduledAt',
      'e.inviteCount',
      'e.testValue',
      'e.sendStartedAt',
      'e.sendStatus',
      'e.sendStatusReason',
      'e.recipients',
      'e.createdAt',
      'e.updatedAt',
      't.id as templateId',
      't.name as templateName',
      't.subject as templateSubject',
      'i.name as institutionName',
      'ch.name as chapterName',
      'ab.name as testName',
      audienceSizeSql('e').as('projectedRecipients'),
      sendCountsSql('invitation_email', sql`e.id::text`).as('counts'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectReminders>['executeTakeFirstOrThrow']>>;

function toReminder(row: Row): InvitationEmail {
  const c = row.counts;
  return {
    id: row.id,
    invitationId: row.invitationId,
    template: { id: row.templateId, name: row.templateName, subject: row.templateSubject },
    sendScheduledAt: row.sendScheduledAt.toISOString(),
    inviteCount: row.inviteCount,
    testValue: row.testValue,
    sendStartedAt: row.sendStartedAt?.toISOString() ?? null,
    sendStatus: row.sendStatus,
    sendStatusReason: row.sendStatusReason,
    recipients: row.recipients,
    projectedRecipients: row.projectedRecipients,
    invitation: {
      id: row.invitationId,
      institutionName: row.institutionName,
      chapterName: row.chapterName,
      testName: row.testName,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    totalSent: c.sent,
    totalDelivered: c.delivered,
    totalOpened: c.opened,
    totalClicked: c.clicked,
    totalBouncedHard: c.bouncedHard,
    totalSpam: c.spam,
    totalUnsub: c.unsub,
    totalDeferred: c.deferred,
    totalRejected: c.rejected,
    totalSuppressed: c.suppressed,
    totalFailed: c.failed,
    ...reminderRates(c),
  };
}

const loadReminders = async (db: Db, ids: number[]) =>
  (await selectReminders(db).where('e.id', 'in', ids).execute()).map(toReminder);

export async function getReminder(db: Db, id: number, invitationId?: number): Promise<InvitationEmail | undefined> {
  const [found] = await rowsInOrder([id], (ids) => loadReminders(db, ids));
  return found && (invitationId === undefined || found.invitationId === invitationId) ? found : undefined;
}

/** One invitation's reminders (its Email Reminders tab). */
export async function listReminders(db: Db, invitationId: number, query: ListQuery) {
  const filtered = db.selectFrom('invitationEmails as e').select('e.id').where('e.invitationId', '=', invitationId);
  return pageOfRows(await paginate(filtered, query, sortMap, 'e.id'), (ids) => loadReminders(db, ids));
}

/** Every reminder scheduled in [dateFrom, dateTo] (whole UTC days), searched by template, institution or chapter. */
export async function listAllReminders(db: Db, query: AllQuery) {
  let filtered = scoped(db.selectFrom('invitationEmails as e').select('e.id'), inScopeInvitation('e.invitationId'));
  const days = dayRange(query.dateFrom, query.dateTo);
  if (days.gte) filtered = filtered.where('e.sendScheduledAt', '>=', days.gte);
  if (days.lt) filtered = filtered.where('e.sendScheduledAt', '<', days.lt);
  if (query.search) {
    const pattern = likePattern(query.search.toLowerCase());
    filtered = filtered.where((eb) =>
      eb.exists(
        invitationsWithNames(db)
          .innerJoin('emailTemplates as t', (j) => j.on('t.id', '=', eb.ref('e.templateId')))
          .select(sql`1`.as('one'))
          .where('inv.id', '=', eb.ref('e.invitationId'))
          .where(sql<boolean>`lower(t.name || ' ' || t.subject || ' ' || i.name || ' ' || ch.name) like ${pattern}`),
      ),
    );
  }
  return pageOfRows(await paginate(filtered, query, sortMap, 'e.id'), (ids) => loadReminders(db, ids));
}

/** The reminder's row for a change: undefined when it is not the invitation's; locked until the transaction ends. */
export async function lockReminder(db: Db, invitationId: number, id: number) {
  return db
    .selectFrom('invitationEmails')
    .select(['id', 'sendStartedAt'])
    .where('id', '=', id)
    .where('invitationId', '=', invitationId)
    .where(inScope(inScopeInvitation('invitationId')))
    .forUpdate()
    .executeTakeFirst();
}

export async function insertReminder(
  db: Db,
  invitationId: number,
  values: ReminderValues,
  accountId: number | null,
): Promise<number> {
  const { id } = await db
    .insertInto('invitationEmails')
    .values({ invitationId, ...values, updatedBy: accountId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Changes a reminder that has not started: false when it started meanwhile. */
export async function updateReminder(
  db: Db,
  id: number,
  values: ReminderValues,
  accountId: number | null,
): Promise<boolean> {
  const result = await db
    .updateTable('invitationEmails')
    .set({ ...values, updatedBy: accountId, updatedAt: new Date() })
    .where('id', '=', id)
    .where('sendStartedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteReminder(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('invitationEmails')
    .where('id', '=', id)
    .where('sendStartedAt', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** An enabled Invitation template's id, or undefined (reminders send only those, spec 02 §5). */
export async function usableTemplate(db: Db, templateId: number) {
  return db
    .selectFrom('emailTemplates')
    .select('id')
    .where('id', '=', templateId)
    .where('enabled', '=', true)
    .where('templateType', '=', 'Invitation')
    .executeTakeFirst();
}
