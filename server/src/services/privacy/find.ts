import { sql } from 'kysely';
import {
  PRIVACY_AREA_LABELS,
  PRIVACY_AREAS,
  type PersonFound,
  type PersonQuery,
  type PrivacyArea,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { erasedAddresses } from './hash.js';
import { countRows, findPerson, personTables, type Person } from './person.js';

/** The screen listing an area's rows of the person, searched for them where the screen takes a search. */
function linkOf(area: PrivacyArea, p: Person, invitationId: number | undefined): string | null {
  const search = p.emails[0] ? `?search=${encodeURIComponent(p.emails[0])}` : '';
  const account = p.accountIds[0];
  switch (area) {
    case 'accounts':
      return `/admin/accounts${search}`;
    case 'invitees':
      return invitationId ? `/admin/logistics/invitations/${invitationId}` : null;
    case 'emailSends':
    case 'emailEvents':
      return `/admin/tech/emails-sent${search}`;
    case 'postalMails':
      return '/admin/logistics/postal-mails';
    case 'payments':
      return `/admin/accounts/payments${search}`;
    case 'calendarEvents':
      return '/admin/calendar';
    case 'blockedEmails':
      return `/admin/tech/emails-feedback${search}`;
    case 'auditRows':
      return account ? `/admin/tech/audit-log?entity=accounts&entityId=${account}` : '/admin/tech/audit-log';
    default:
      return null;
  }
}

/** Everything held about one person, counted per area (GET /api/admin/tech/privacy/people). */
export async function findPersonData(db: Db, query: PersonQuery): Promise<PersonFound> {
  const person = await findPerson(db, query);
  const tables = personTables(person).filter((t) => t.group);
  const [counts, about, erased] = await Promise.all([
    countRows(db, tables),
    sql<{ name: string; optOut: boolean; invitationId: number | null; label: string | null }>`
      select a.first_name || ' ' || a.last_name as name, a.directory_opt_out as opt_out, null::int as invitation_id, null as label
        from accounts a where a.id = any(${person.accountIds}::int[])
      union all
      select i.first_name || ' ' || i.last_name, i.directory_opt_out, v.id,
             c.name || ' · ' || to_char(v.deadline, 'YYYY-MM-DD')
        from invitees i join invitations v on v.id = i.invitation_id join chapters c on c.id = v.chapter_id
        where i.id = any(${person.inviteeIds}::int[])`.execute(db),
    erasedAddresses(db, person.emails),
  ]);
  const invitations = new Map<number, string>();
  for (const r of about.rows) if (r.invitationId) invitations.set(r.invitationId, r.label ?? `#${r.invitationId}`);
  const firstInvitation = [...invitations.keys()][0];
  return {
    emails: person.emails,
    names: [...new Set(about.rows.map((r) => r.name.trim()).filter(Boolean))],
    directoryOptOut: about.rows.some((r) => r.optOut),
    erased: erased.size > 0,
    groups: PRIVACY_AREAS.map((area) => ({
      area,
      label: PRIVACY_AREA_LABELS[area],
      count: tables.filter((t) => t.group === area).reduce((n, t) => n + (counts[t.table] ?? 0), 0),
      link: linkOf(area, person, firstInvitation),
    })),
    invitations: [...invitations].map(([id, label]) => ({ id, label })),
  };
}
