import { sql } from 'kysely';
import type { DomainCap } from '@app/contract';
import type { Db } from '../../db/database.js';

/*
 * Caps set on the deliverability page (issue 37 §1, email_domain_caps, migration 0038d): messages a minute for a
 * recipient domain or a mail host's budget (google, microsoft, yahoo). A cap set here wins over EMAIL_DOMAIN_RATE
 * for its name; EMAIL_DOMAIN_RATE stays the cap of the rest. Every change is audited by the table's trigger.
 */

export async function listDomainCaps(db: Db): Promise<DomainCap[]> {
  const { rows } = await sql<{ name: string; perMinute: number; updatedAt: Date }>`
    select name, per_minute as "perMinute", updated_at as "updatedAt" from email_domain_caps order by name`.execute(db);
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

/** The caps by name, as a delivery pass reads them. */
export async function domainCaps(db: Db): Promise<Map<string, number>> {
  return new Map((await listDomainCaps(db)).map((c) => [c.name, c.perMinute]));
}

/** Sets or changes the cap of `name`; answers it. */
export async function saveDomainCap(db: Db, name: string, perMinute: number, by: number | null): Promise<DomainCap> {
  const { rows } = await sql<{ name: string; perMinute: number; updatedAt: Date }>`
    insert into email_domain_caps (name, per_minute, updated_by) values (${name}, ${perMinute}, ${by})
    on conflict (name) do update set per_minute = excluded.per_minute, updated_by = excluded.updated_by,
      updated_at = now()
    returning name, per_minute as "perMinute", updated_at as "updatedAt"`.execute(db);
  const row = rows[0]!;
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** Removes the cap of `name`; false when it had none. */
export async function removeDomainCap(db: Db, name: string): Promise<boolean> {
  const res = await sql`delete from email_domain_caps where name = ${name}`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}
