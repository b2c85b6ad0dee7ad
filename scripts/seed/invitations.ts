import { sql } from 'kysely';
import type { Db } from '../../server/src/db/database.js';
import { refreshCounts } from '../../server/src/services/invitation-processing/counts.js';
import { seedInstitutions } from './institutions.js';
import { seedChapters } from './chapters-and-events.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const FIRST = [
  'Avery',
  'Jordan',
  'Riley',
  'Casey',
  'Sam',
  'Taylor',
  'Morgan',
  'Quinn',
  'Harper',
  'Rowan',
  'Emerson',
  'Skyler',
  'Jamie',
  'Parker',
  'Reese',
];
const LAST = [
  'Nguyen',
  'Patel',
  'Garcia',
  'Smith',
  'Okafor',
  'Kim',
  'Rossi',
  'Novak',
  'Haddad',
  'Silva',
  'Cohen',
  'Murphy',
  'Ibrahim',
  'Larsen',
  'Tanaka',
];
const MAJORS = [
  'Biology',
  'History',
  'Computer Science',
  'Economics',
  'Nursing',
  'Psychology',
  'Mechanical Engineering',
];
const REASONS = ['Duplicate in file', 'Invalid email', 'Blocked email', 'Already a member'];

type Demo = {
  status: 'Draft' | 'Ready' | 'Completed';
  deadline: number;
  invitees: number;
  test?: boolean;
  postal?: boolean;
  reason?: string;
};

/** The demo campaigns: a running A/B test, a postal one, a finished one and a Draft whose file failed. */
const DEMOS: Demo[] = [
  { status: 'Ready', deadline: 21, invitees: 64, test: true },
  { status: 'Ready', deadline: 45, invitees: 36, postal: true },
  { status: 'Completed', deadline: -20, invitees: 48 },
  {
    status: 'Draft',
    deadline: 60,
    invitees: 0,
    reason: 'The file has no email column (looked for: Email, E-mail, Email Address).',
  },
];

/** The invitee rows of one demo invitation: every state (removed with reasons, pledged, paid, each email flag). */
function demoInvitees(invitationId: number, prefix: string, n: number, test: boolean, postal: boolean) {
  return Array.from({ length: n }, (_, i) => {
    const first = FIRST[(i + invitationId) % FIRST.length]!;
    const last = LAST[(i * 7 + invitationId) % LAST.length]!;
    const removed = i % 9 === 8;
    const pledged = !removed && i % 4 === 0;
    const paid = pledged && i % 8 === 0;
    const sent = !removed && i % 5 !== 4;
    // Negative outcomes are rare and never all at once (row 0 would otherwise match every modulus).
    const bad = sent && i > 0;
    return {
      invitationId,
      rowNumber: i + 2,
      salutation: i % 3 === 0 ? 'Ms.' : i % 3 === 1 ? 'Mr.' : null,
      firstName: first,
      lastName: last,
      email: `${first}.${last}.${invitationId}.${i}@students.example`.toLowerCase(),
      major: MAJORS[i % MAJORS.length]!,
      class: String(2026 + (i % 4)),
      mailingAddress: JSON.stringify(
        postal ? { street: `${100 + i} College Ave`, city: 'Springfield', state: 'IL', postalCode: '62701' } : {},
      ),
      phoneNumber: postal ? `(217) 555-${String(1000 + i).slice(-4)}` : null,
      removed,
      removedReason: removed ? REASONS[i % REASONS.length]! : null,
      invitationCode: removed ? null : `${prefix}-${invitationId}D${String(i + 1).padStart(4, '0')}`,
      // Days in the past: a pledge 3 to 22 days ago, paid two days after it (so at least a day ago).
      legacyPledgeAt: pledged ? new Date(Date.now() - (3 + ((i * 3) % 20)) * 86_400_000) : null,
      legacyPaidAt: paid ? new Date(Date.now() - (1 + ((i * 3) % 20)) * 86_400_000) : null,
      inviteCount: 1 + (i % 5 === 0 ? 1 : 0) + (i % 11 === 0 ? 2 : 0),
      testValue: test && !removed ? (i % 2 === 0 ? ('Control' as const) : ('Variation' as const)) : null,
      emailSent: sent,
      emailDelivered: sent && !(bad && i % 13 === 0),
      emailDeferred: bad && i % 17 === 0,
      emailOpened: sent && i % 3 === 0,
      emailClicked: sent && i % 6 === 0,
      emailRejected: bad && i % 29 === 0,
      emailBouncedSoft: bad && i % 19 === 0,
      emailBouncedHard: bad && i % 13 === 0,
      emailSpam: bad && i % 31 === 0,
      emailUnsub: bad && i % 23 === 0,
    };
  });
}

/** A/B variables: two enabled, one disabled. Idempotent by slug. */
export async function seedTestVariables(db: Db): Promise<number> {
  const rows = [
    {
      name: 'Subject line with first name',
      slug: 'subject-line-with-first-name',
      description: 'Variation greets the invitee by first name in the subject.',
      enabled: true,
    },
    {
      name: 'Early deadline reminder',
      slug: 'early-deadline-reminder',
      description: 'Variation is reminded one week earlier.',
      enabled: true,
    },
    { name: 'Long letter', slug: 'long-letter', description: 'A longer invitation letter (retired).', enabled: false },
  ];
  const added = await db
    .insertInto('invitationTests')
    .values(rows)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .execute();
  return added.length;
}

/** Demo invitations with invitees in every state, once (skipped when a demo invitation exists). */
export async function seedInvitations(db: Db): Promise<number> {
  if (await db.selectFrom('invitees').select('id').where('invitationCode', 'like', '%D0001').executeTakeFirst())
    return 0;
  const chapters = await db
    .selectFrom('chapters as c')
    .innerJoin('institutions as i', 'i.id', 'c.institutionId')
    .select(['c.id', 'c.institutionId', 'i.abbreviation'])
    .orderBy('c.id')
    .limit(DEMOS.length)
    .execute();
  const test = await db
    .selectFrom('invitationTests')
    .select('id')
    .where('enabled', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  if (!chapters.length) return 0;
  let made = 0;
  for (const [n, demo] of DEMOS.entries()) {
    const chapter = chapters[n % chapters.length]!;
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('invitations')
        .values({
          chapterId: chapter.id,
          institutionId: chapter.institutionId,
          deadline: day(demo.deadline),
          orientationDate: day(demo.deadline + 7),
          deliverPostalMails: !!demo.postal,
          enableTickler: n === 0,
          testId: demo.test ? (test?.id ?? null) : null,
          status: demo.status,
          statusReason: demo.reason ?? null,
          countPreClean: demo.invitees,
          countProcessed: demo.invitees,
          processedAt: demo.invitees ? new Date() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (demo.invitees) {
        await trx
          .insertInto('invitees')
          .values(
            demoInvitees(id, chapter.abbreviation.toUpperCase(), demo.invitees, !!demo.test && !!test, !!demo.postal),
          )
          .execute();
      }
      await refreshCounts(trx, id);
    });
    made++;
  }
  // Earlier demo rows (the email seed's invitation) get their counts too.
  for (const { id } of await db.selectFrom('invitations').select('id').execute()) await refreshCounts(db, id);
  await db
    .updateTable('invitations')
    .set({ processedAt: sql`coalesce(processed_at, now())` })
    .where('countPreClean', '>', 0)
    .execute();
  return made;
}

/**
 * `--scale N`: N generated invitees in total, in invitations of up to 50,000 each (spread over the
 * institutions' chapters), written by the database itself (generate_series) for speed.
 */
export async function seedScaleInvitations(db: Db, scale: number): Promise<{ invitations: number; invitees: number }> {
  const per = 50_000;
  if (scale <= 0) return { invitations: 0, invitees: 0 };
  const someChapters = () =>
    db.selectFrom('chapters').select(['id', 'institutionId']).orderBy('id').limit(500).execute();
  let chapters = await someChapters();
  if (!chapters.length) {
    // An empty database (a fresh bench): the demo schools and their chapters to invite for.
    await seedInstitutions(db);
    await seedChapters(db);
    chapters = await someChapters();
  }
  let left = scale;
  let invitations = 0;
  while (left > 0) {
    const size = Math.min(per, left);
    const chapter = chapters[invitations % chapters.length]!;
    const { id } = await db
      .insertInto('invitations')
      .values({
        chapterId: chapter.id,
        institutionId: chapter.institutionId,
        deadline: day(10 + (invitations % 60)),
        orientationDate: day(20 + (invitations % 60)),
        status: 'Ready',
        countPreClean: size,
        countProcessed: size,
        processedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      insert into invitees (invitation_id, row_number, first_name, last_name, email, major, class, removed, removed_reason,
        invitation_code, legacy_pledge_at, legacy_paid_at, invite_count, email_sent, email_delivered, email_opened, email_clicked)
      select ${id}, g + 1, (array['Avery','Jordan','Riley','Casey','Sam','Taylor','Morgan','Quinn'])[1 + g % 8],
        (array['Nguyen','Patel','Garcia','Smith','Okafor','Kim','Rossi','Novak','Haddad'])[1 + (g / 3) % 9] || g,
        'scale' || ${id} || '.' || g || '@students.example', 'Biology', (2026 + g % 4)::text,
        g % 25 = 0, case when g % 25 = 0 then 'Duplicate in file' end,
        case when g % 25 <> 0 then 'SC' || ${id} || 'X' || g end,
        case when g % 12 = 0 then now() - (g % 30) * interval '1 day' end,
        case when g % 24 = 0 then now() - (g % 30) * interval '1 day' end,
        1 + (g % 7 = 0)::int + (g % 13 = 0)::int * 2, g % 5 <> 0, g % 5 <> 0 and g % 9 <> 0, g % 3 = 0, g % 10 = 0
      from generate_series(1, ${size}) g`.execute(db);
    await refreshCounts(db, id);
    left -= size;
    invitations++;
  }
  return { invitations, invitees: scale };
}
