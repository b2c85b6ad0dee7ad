import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';

export type PgTool = { path: string; major: number; version: string };

/**
 * How pg_dump / pg_restore reach `databaseUrl` without the password on their command line (where `ps` and
 * /proc show it to every user of the machine): the URL without it, and the password in PGPASSWORD, which
 * only the child's environment holds.
 */
export function libpqTarget(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * Where pg_dump / pg_restore may be: PG_BIN_DIR first, then Debian's and PGDG's
 * /usr/lib/postgresql/<major>/bin (newest first), then PATH (Debian's /usr/bin ones are a wrapper of those).
 */
function candidates(tool: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv): string[] {
  const dirs: string[] = [];
  if (env.PG_BIN_DIR) dirs.push(env.PG_BIN_DIR);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const major of readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      dirs.push(path.join(debian, major, 'bin'));
  }
  dirs.push('/usr/local/pgsql/bin', ...(env.PATH ?? '').split(path.delimiter).filter(Boolean));
  const byTarget = new Map<string, string>();
  for (const file of dirs.map((d) => path.join(d, tool)).filter((p) => existsSync(p))) {
    const target = realpathSync(file);
    if (!byTarget.has(target)) byTarget.set(target, file);
  }
  return [...byTarget.values()];
}

function versionOf(file: string): PgTool | undefined {
  try {
    const out = execFileSync(file, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
    const match = /\)\s+(\d+)(\.\d+)*/.exec(out) ?? /(\d+)(\.\d+)*/.exec(out);
    return match ? { path: file, major: Number(match[1]), version: match[0].replace(/^\)\s+/, '') } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `tool` to use with a server of major version `serverMajor`: the same major when there is one,
 * else the oldest newer one (pg_dump refuses servers newer than itself; pg_restore must read what
 * that pg_dump wrote). Throws a message that says what to install.
 */
export function findPgTool(
  tool: 'pg_dump' | 'pg_restore',
  serverMajor: number,
  env: NodeJS.ProcessEnv = process.env,
): PgTool {
  const found = candidates(tool, env)
    .map(versionOf)
    .filter((t): t is PgTool => !!t);
  const usable = found.filter((t) => t.major >= serverMajor).sort((a, b) => a.major - b.major);
  if (usable[0]) return usable[0];
  const seen = found.length ? found.map((t) => `${t.version} (${t.path})`).join(', ') : 'none';
  throw new Error(
    `${tool} ${serverMajor} or later is needed for this PostgreSQL ${serverMajor} server; found: ${seen}. ` +
      `Install postgresql-client-${serverMajor} (Debian/Ubuntu: from apt.postgresql.org) or set PG_BIN_DIR to the folder holding it.`,
  );
}
