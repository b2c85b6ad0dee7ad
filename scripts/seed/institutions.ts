import { sql } from 'kysely';
import type { Db } from '../../server/src/db/database.js';
import { INSTITUTIONS } from './institution-data.js';

/** Inserts the demo institutions that are not there yet (matched by name). */
export async function seedInstitutions(db: Db): Promise<number> {
  const existing = new Set((await db.selectFrom('institutions').select('name').execute()).map((r) => r.name));
  const missing = INSTITUTIONS.filter((i) => !existing.has(i.name));
  if (missing.length) {
    await db
      .insertInto('institutions')
      .values(
        missing.map(({ address, ...i }) => ({ ...i, legacyId: null, logoId: null, address: JSON.stringify(address) })),
      )
      .execute();
  }
  return missing.length;
}

export const SCALE_LEGACY_BASE = 900_000_000;

/**
 * Makes N generated institutions for volume tests (legacy ids from 900,000,001 mark them), adding
 * only those not made by an earlier run.
 */
export async function seedScaleInstitutions(db: Db, n: number): Promise<number> {
  const { have } = await db
    .selectFrom('institutions')
    .select((eb) => eb.fn.countAll<number>().as('have'))
    .where('legacyId', '>', SCALE_LEGACY_BASE)
    .executeTakeFirstOrThrow();
  if (Number(have) >= n) return 0;
  await sql`
    insert into institutions (name, type, abbreviation, legacy_id, ownership, website, population, religious_affiliation, financial_model, address)
    select
      p.place || ' ' || k.kind || ' ' || g,
      k.type,
      upper(left(p.place, 3)) || g,
      ${SCALE_LEGACY_BASE} + g,
      case when g % 3 = 0 then 'Private' else 'Public' end,
      'https://www.' || lower(replace(p.place, ' ', '')) || g || '.edu',
      (1000 + (g * 7919) % 60000)::text,
      (array['None','Catholic','Jesuit','Protestant','Unknown','Other'])[1 + g % 6],
      (array['Unknown','Profit','Non-Profit'])[1 + g % 3],
      jsonb_build_object('street1', (g % 900 + 100) || ' College Ave', 'street2', null, 'city', p.place,
        'state', p.state, 'postalCode', lpad((g % 99999)::text, 5, '0'), 'country', 'US')
    from generate_series(${Number(have) + 1}::int, ${n}::int) g
    cross join lateral (select (array['Lakeview','Riverside','Northfield','Westbrook','Cedar Falls','Springdale','Fairview','Oak Ridge','Maple Grove','Highland','Brookhaven','Clearwater','Greenville','Bayside','Stonebridge'])[1 + g % 15] as place,
                               (array['MI','OH','TX','CA','NY','FL','GA','PA','IL','WA','CO','AZ','NC','VA','MA'])[1 + (g / 15) % 15] as state) p
    cross join lateral (select (array['State University','Community College','College','Institute of Technology','School of Business'])[1 + (g / 7) % 5] as kind,
                               (array['College/University','Community College','College/University','College/University','Business'])[1 + (g / 7) % 5] as type) k
  `.execute(db);
  return n - Number(have);
}
