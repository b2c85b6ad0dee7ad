import { sql } from 'kysely';
import type { Db } from '../../server/src/db/database.js';

/**
 * Makes N members and N pledges (accounts with member_at, or pledged_at only) spread over the last
 * five years, each at a school, with a unique invitation code. Re-running adds only what is missing.
 */
export async function seedScaleMembers(db: Db, n: number): Promise<{ members: number; pledges: number }> {
  const schools = await db
    .selectFrom('institutions')
    .select(['id', 'abbreviation'])
    .orderBy('id')
    .limit(2000)
    .execute();
  if (!schools.length) throw new Error('Seed institutions first');
  const add = async (kind: 'member' | 'pledge') => {
    const { have } = await db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('have'))
      .where('email', 'like', `${kind}%@scale.example.edu`)
      .executeTakeFirstOrThrow();
    if (Number(have) >= n) return 0;
    // Deterministic spread: hash of the row number picks the school, the name and the dates.
    await sql`
      with s as (select row_number() over (order by id) - 1 as k, id, abbreviation from institutions where id = any(${schools.map((x) => x.id)}))
      insert into accounts (first_name, last_name, email, invitation_code, institution_id, pledged_at, member_at, roles, address)
      select
        (array['Olivia','Liam','Emma','Noah','Ava','Elijah','Sophia','James','Isabella','Lucas','Mia','Mason','Amelia','Ethan','Harper','Aiden','Evelyn','Logan','Abigail','Jackson'])[1 + abs(h) % 20],
        (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin'])[1 + abs(h / 20) % 20],
        ${kind} || g || '@scale.example.edu',
        upper(s.abbreviation) || '-' || ${kind === 'member' ? 'M' : 'P'} || g,
        s.id,
        t.at - make_interval(days => ${kind === 'member' ? sql`3 + abs(h) % 20` : sql`0`}),
        ${kind === 'member' ? sql`t.at` : sql`null`},
        '{ROLE_USER}',
        '{}'::jsonb
      from generate_series(${Number(have) + 1}::int, ${n}::int) g
      cross join lateral (select hashtext(${kind} || g) as h) hh
      join s on s.k = abs(hh.h) % ${schools.length}
      cross join lateral (select now() - make_interval(secs => (abs(hh.h) % (5 * 365 * 86400))) as at) t
      on conflict do nothing
    `.execute(db);
    return n - Number(have);
  };
  return { members: await add('member'), pledges: await add('pledge') };
}
