import { sql, type Kysely } from 'kysely';
import { createTable } from './lib/tables.js';

/**
 * Staff roles (issue 35): named sets of permissions (`<area>:read|write|export`, the contract's vocabulary).
 * A stored permission may be a wildcard: `*` (every permission, ROLE_ADMIN) or `*:read` (every read,
 * ROLE_AUDITOR), so a new area is covered without a migration. `admin` on an account now only lets it sign
 * in to /admin: what it may do is the union of its roles', so every existing staff account gets ROLE_ADMIN
 * here and nobody loses access. `chapter_ids` on accounts and API keys: the chapters a chapter-scoped role
 * (or a key) reaches. Existing keys with `<area>:read` also get `<area>:export` where the area has an export,
 * so no integration breaks now that exporting is its own permission.
 */
const LOGISTICS = [
  ...['invitations', 'invitees', 'invitationTests'].flatMap((a) => [`${a}:read`, `${a}:write`, `${a}:export`]),
  ...['invitationEmails', 'postalMails'].flatMap((a) => [`${a}:read`, `${a}:write`]),
  'logisticsStats:read',
  'emailTemplates:read',
  'tokens:read',
  'institutions:read',
  'chapters:read',
  'files:write',
];
const MEMBERSHIP = [
  ...['accounts', 'payments'].flatMap((a) => [`${a}:read`, `${a}:write`, `${a}:export`]),
  'calendar:read',
  'calendar:write',
  'dashboard:read',
  'institutions:read',
  'chapters:read',
  'files:write',
];
const CONTENT = [
  ...['emailTemplates', 'aiChat', 'aiVideo', 'programs', 'lessons', 'assessments', 'quizzes', 'surveys'].flatMap(
    (a) => [`${a}:read`, `${a}:write`],
  ),
  'tokens:read',
  'calendar:read',
  'files:write',
];
const ADVISOR = [
  ...['accounts', 'payments', 'invitees'].flatMap((a) => [`${a}:read`, `${a}:write`, `${a}:export`]),
  'invitations:read',
  'invitationEmails:read',
  'postalMails:read',
  'calendar:read',
  'calendar:write',
  'dashboard:read',
  'logisticsStats:read',
  'institutions:read',
  'chapters:read',
  'chapters:write',
  'files:write',
];

const BUILT_IN: [string, string, string[], boolean][] = [
  ['ROLE_ADMIN', 'Everything', ['*'], false],
  [
    'ROLE_LOGISTICS',
    'Invitations, invitees, reminders, postal mailings, A/B variables, logistics dashboards and stats; read of institutions and chapters',
    LOGISTICS,
    false,
  ],
  [
    'ROLE_MEMBERSHIP',
    'Accounts, members, pledges, payments (record, waive), calendar; read of institutions and chapters; no staff or role changes',
    MEMBERSHIP,
    false,
  ],
  ['ROLE_CONTENT', 'Email templates, AI chat and video templates, learning programs and assessments', CONTENT, false],
  ['ROLE_AUDITOR', 'Read of everything, including the audit log; no write, no export', ['*:read'], false],
  [
    'ROLE_ADVISOR',
    "A chapter advisor: their own chapters' invitees, members, pledges, payments, calendar, landing page and dashboard",
    ADVISOR,
    true,
  ],
];

/** The areas with an export call when this migration was written. */
const EXPORTING = [
  'accounts',
  'payments',
  'apiKeys',
  'auditLog',
  'invitees',
  'invitations',
  'invitationTests',
  'institutions',
  'chapters',
  'blockedEmails',
  'imports',
];

export async function up(db: Kysely<any>): Promise<void> {
  await createTable(
    db,
    'roles',
    sql`name text not null unique,
      description text not null default '',
      permissions text[] not null default '{}',
      chapter_scoped boolean not null default false,
      built_in boolean not null default false`,
  );
  for (const [name, description, permissions, chapterScoped] of BUILT_IN)
    await db
      .insertInto('roles')
      .values({ name, description, permissions, chapter_scoped: chapterScoped, built_in: true })
      .execute();
  await sql`
    create trigger audit_row after insert or update or delete on roles for each row
    when (coalesce(current_setting('audit.context', true), '') <> '') execute function audit_row()`.execute(db);

  await sql`alter table accounts add column chapter_ids integer[] not null default '{}'`.execute(db);
  // Who holds a role (its count, whether it may be deleted) without a scan of every account.
  await sql`create index accounts_roles_idx on accounts using gin (roles)`.execute(db);
  await sql`alter table api_keys add column chapter_ids integer[] not null default '{}'`.execute(db);
  await sql`update accounts set roles = array_append(roles, 'ROLE_ADMIN') where admin and not ('ROLE_ADMIN' = any (roles))`.execute(
    db,
  );
  for (const area of EXPORTING)
    await sql`
      update api_keys set scopes = array_append(scopes, ${`${area}:export`})
      where ${`${area}:read`} = any (scopes) and not (${`${area}:export`} = any (scopes))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table api_keys drop column chapter_ids`.execute(db);
  await sql`alter table accounts drop column chapter_ids`.execute(db);
  await sql`drop table roles`.execute(db);
}
