import { sql } from 'kysely';
import type { Db } from '../../server/src/db/database.js';

/** One chapter for each demo institution that has none yet, named after its school. */
export async function seedChapters(db: Db): Promise<number> {
  const { numAffectedRows } = await sql`
    insert into chapters (name, abbreviation, institution_id, address, invitation_advisor1_name, invitation_advisor1_title,
      invitation_advisor1_department, invitation_advisor1_email, invitation_president_name, invitation_president_email, scla_page)
    select i.name || ' Chapter', i.abbreviation, i.id, i.address, 'Dr. Morgan Lee', 'Dean of Students', 'Student Affairs',
      'advisor@' || lower(regexp_replace(i.abbreviation, '[^A-Za-z0-9]', '', 'g')) || '.example.edu', 'Jordan Rivera',
      'president@' || lower(regexp_replace(i.abbreviation, '[^A-Za-z0-9]', '', 'g')) || '.example.edu',
      'https://example.org/chapters/' || lower(regexp_replace(i.abbreviation, '[^A-Za-z0-9]', '', 'g'))
    from institutions i
    where i.legacy_id is null and not exists (select 1 from chapters c where c.institution_id = i.id)
  `.execute(db);
  return Number(numAffectedRows ?? 0);
}

const DEMO_EVENTS = [
  {
    name: 'Leadership Summit Kickoff',
    days: 3,
    hours: 17,
    description: 'Opening session of the fall leadership summit.',
    location: 'Main Auditorium',
    zoom: false,
  },
  {
    name: 'New Member Orientation',
    days: 8,
    hours: 18,
    description: 'Welcome session for new members and pledges.',
    location: null,
    zoom: true,
  },
  {
    name: 'Community Service Day',
    days: 15,
    hours: 14,
    description: 'Volunteer with local partners.',
    location: 'City Food Bank',
    zoom: false,
  },
  {
    name: 'Career Readiness Workshop',
    days: 22,
    hours: 19,
    description: 'Resumes, interviews and networking.',
    location: null,
    zoom: true,
  },
  {
    name: 'Spring Induction Ceremony',
    days: -20,
    hours: 17,
    description: 'Induction of the spring class.',
    location: 'Student Union Ballroom',
    zoom: false,
  },
];

/** A few General events around today, added once (matched by name). */
export async function seedEvents(db: Db): Promise<number> {
  const existing = new Set((await db.selectFrom('calendarEvents').select('name').execute()).map((r) => r.name));
  const missing = DEMO_EVENTS.filter((e) => !existing.has(e.name));
  for (const e of missing) {
    await sql`
      insert into calendar_events (name, description, event_start, event_end, type, location, zoom_status)
      values (${e.name}, ${e.description}, date_trunc('day', now()) + make_interval(days => ${e.days}, hours => ${e.hours}),
              date_trunc('day', now()) + make_interval(days => ${e.days}, hours => ${e.hours + 1}), 'General', ${e.location},
              ${e.zoom ? 'Pending' : null})
    `.execute(db);
  }
  return missing.length;
}

/** N/100 generated events (at least 10) spread over five years back and one ahead; chapter events where chapters exist. */
export async function seedScaleEvents(db: Db, n: number): Promise<number> {
  const want = Math.max(10, Math.floor(n / 100));
  const { have } = await db
    .selectFrom('calendarEvents')
    .select((eb) => eb.fn.countAll<number>().as('have'))
    .where('name', 'like', 'Scale event %')
    .executeTakeFirstOrThrow();
  if (Number(have) >= want) return 0;
  await sql`
    with ch as (select array_agg(id order by id) as ids from chapters)
    insert into calendar_events (name, description, event_start, event_end, type, chapter_id, location)
    select 'Scale event ' || g, 'Generated for volume tests', t.at, t.at + interval '1 hour',
      case when ch.ids is not null and g % 3 = 0 then 'Chapter' else 'General' end,
      case when ch.ids is not null and g % 3 = 0 then ch.ids[1 + g % array_length(ch.ids, 1)] end,
      (array['Main Hall','Online','Library','Student Center'])[1 + g % 4]
    from generate_series(${Number(have) + 1}::int, ${want}::int) g
    cross join ch
    cross join lateral (select date_trunc('hour', now() - interval '5 years' + make_interval(secs => abs(hashtext('ev' || g)) % (6 * 365 * 86400))) as at) t
  `.execute(db);
  return want - Number(have);
}
