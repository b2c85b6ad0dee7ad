/** A plpgsql trigger function that runs `body` once and returns null (for statement triggers). */
export const triggerFunction = (name: string, body: string, { replace = false } = {}) => `
  create ${replace ? 'or replace ' : ''}function ${name}() returns trigger language plpgsql as $fn$
  begin
    ${body};
    return null;
  end
  $fn$`;

/**
 * Adds the `(kind, day, n)` changes selected by `source` to dashboard_daily_counts: one grouped upsert,
 * in key order so concurrent writers cannot deadlock on the rows.
 */
export const applyDailyCounts = (source: string) => `
  insert into dashboard_daily_counts as d (kind, day, count)
  select kind, day, sum(n) from (${source}) c group by kind, day having sum(n) <> 0 order by kind, day
  on conflict (kind, day) do update set count = d.count + excluded.count`;
