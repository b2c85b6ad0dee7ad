import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { EmailEventName } from '../../db/tables/email.js';
import { blockAddress } from './suppression.js';
import { applyGuardRules } from '../deliverability/guard-rules.js';
import { noteProviderDeferrals } from '../deliverability/provider-deferrals.js';

/** One event about one send: from the SMTP result, our pixel and redirect, or the provider's webhook. */
export type EmailEventInput = {
  sendId: number;
  name: EmailEventName;
  eventAt?: Date;
  link?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  message?: string | null;
  /** A privacy proxy's open or a scanner's click: kept as an event, sets no flag. */
  automated?: boolean;
  /** The provider's id of the event: a second delivery of it is ignored. */
  providerEventId?: string | null;
};

/** The send-log flag each event sets, and the invitee's matching column. */
export const EVENT_FLAGS = {
  sent: ['sent', 'emailSent'],
  deferred: ['deferred', 'emailDeferred'],
  delivered: ['delivered', 'emailDelivered'],
  rejected: ['rejected', 'emailRejected'],
  opened: ['opened', 'emailOpened'],
  clicked: ['clicked', 'emailClicked'],
  bounced_soft: ['bouncedSoft', 'emailBouncedSoft'],
  bounced_hard: ['bouncedHard', 'emailBouncedHard'],
  spam: ['spam', 'emailSpam'],
  unsub: ['unsub', 'emailUnsub'],
} as const satisfies Record<EmailEventName, readonly [string, string]>;

// Hard bounces, soft bounces and complaints block by the guards' rules per kind (deliverability/guard-rules.ts).
const BLOCKS: Partial<
  Record<EmailEventName, { reason: string; feedbackType: 'unsub' | 'bounced_hard' | 'spam'; allTypes: boolean }>
> = {
  unsub: { reason: 'Unsubscribed', feedbackType: 'unsub', allTypes: false },
};

const CHUNK = 1000;

/**
 * Opens and clicks are kept once per send, kind (open or click, by a person or a machine) and minute:
 * a forwarded message fetched a thousand times adds one row a minute, not a thousand, and the flags
 * (which the counts read) come out the same. The key replaces the event's own id, so the same open
 * from the pixel and from the provider in one minute is one row too.
 */
export function engagementKey(e: Pick<EmailEventInput, 'sendId' | 'name' | 'automated' | 'eventAt'>): string | null {
  if (e.name !== 'opened' && e.name !== 'clicked') return null;
  const minute = Math.floor((e.eventAt ?? new Date()).getTime() / 60_000);
  return `${e.name}:${e.sendId}:${e.automated ? 'machine' : 'person'}:${minute}`;
}

/**
 * Records events and applies them, set-wise (a batch of 1,000 is a few statements): each new event
 * row (an event whose providerEventId was seen before is skipped, and applies nothing; opens and clicks
 * once per send, kind and minute, see engagementKey), then the
 * flags of its send and, for invitation sources, of the invitee;
 * unsubscribes block the address for the send's type; hard and soft bounces and complaints follow the guards' rules
 * (deliverability/guard-rules.ts: by default a hard bounce or a complaint blocks for every type, the complaint
 * unsubscribes too, three soft bounces in 30 days block); provider deferrals slow their domain
 * (deliverability/provider-deferrals.ts). Flags only ever turn on.
 * Answers how many events were new.
 */
export async function recordEmailEvents(db: Db, events: EmailEventInput[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < events.length; i += CHUNK) added += await recordChunk(db, events.slice(i, i + CHUNK));
  return added;
}

async function recordChunk(db: Db, events: EmailEventInput[]): Promise<number> {
  if (!events.length) return 0;
  const inserted = await db
    .insertInto('emailEvents')
    .values(
      events.map((e) => ({
        sendId: e.sendId,
        name: e.name,
        // Generated<Timestamp>: Kysely reads the insert type of a nested ColumnType as the column type itself.
        eventAt: (e.eventAt ?? new Date()) as never,
        link: e.link ?? null,
        ipAddress: e.ipAddress ?? null,
        userAgent: e.userAgent ?? null,
        message: e.message ?? null,
        automated: e.automated ?? false,
        providerEventId: engagementKey(e) ?? e.providerEventId ?? null,
      })),
    )
    .onConflict((oc) => oc.column('providerEventId').doNothing())
    .returning(['id', 'sendId', 'name', 'automated', 'message', 'eventAt', 'providerEventId'])
    .execute();

  const byName = new Map<EmailEventName, Set<number>>();
  for (const row of inserted) {
    if (row.automated) continue;
    let ids = byName.get(row.name);
    if (!ids) byName.set(row.name, (ids = new Set()));
    ids.add(row.sendId);
  }
  // Always in the same order (kinds as EVENT_FLAGS lists them, sends by id): two batches applied at once
  // take the send rows and the per-event count rows in one order, so they wait for each other, never deadlock.
  for (const name of Object.keys(EVENT_FLAGS) as EmailEventName[]) {
    const idSet = byName.get(name);
    if (!idSet) continue;
    const ids = [...idSet].sort((a, b) => a - b);
    await setFlags(db, name, ids);
    const block = BLOCKS[name];
    if (block) {
      const sends = await db
        .selectFrom('emailSends')
        .select(['emailTo', 'emailType'])
        .where(sql<boolean>`id = any(${ids}::bigint[])`)
        .execute();
      for (const send of sends) {
        await blockAddress(db, {
          email: send.emailTo,
          emailType: block.allTypes ? 'All' : send.emailType,
          reason: block.reason,
          feedbackType: block.feedbackType,
        });
      }
    }
  }
  await noteProviderDeferrals(db, inserted);
  // A rule that unsubscribes as well (a complaint, by default): the send's and the invitee's unsub flags. The
  // address is already blocked for every type, so no unsubscribe block or event of our own is added.
  const unsubscribe = await applyGuardRules(db, inserted);
  if (unsubscribe.length)
    await setFlags(
      db,
      'unsub',
      unsubscribe.sort((a, b) => a - b),
    );
  return inserted.length;
}

/** Turns on a kind's flag on the sends `ids` (sorted) and, for invitation sources, on their invitees. */
async function setFlags(db: Db, name: EmailEventName, ids: number[]) {
  const [sendFlag, inviteeFlag] = EVENT_FLAGS[name];
  await db
    .updateTable('emailSends')
    .set({ [sendFlag]: true })
    .where(sql<boolean>`id = any(${ids}::bigint[])`)
    .where(sql.ref(sendFlag), '=', false)
    .execute();
  await db
    .updateTable('invitees')
    .set({ [inviteeFlag]: true, updatedAt: sql`now()` })
    .where(
      'id',
      'in',
      db
        .selectFrom('emailSends')
        .select('inviteeId')
        .where(sql<boolean>`id = any(${ids}::bigint[])`)
        .where('source', 'in', ['invitation_email', 'invitation_tickler'])
        .where('inviteeId', 'is not', null),
    )
    .where(sql.ref(inviteeFlag), '=', false)
    .execute();
}
