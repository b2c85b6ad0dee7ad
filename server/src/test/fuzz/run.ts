import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../services/auth/passwords.js';
import type { TestApp } from '../helper.js';
import type { ContractRoute } from '../contract-routes.js';
import { buildCase, type FuzzCase, type Identity } from './cases.js';
import { createRandom } from './random.js';
import type { Known } from './schema.js';

export type Failure = FuzzCase & { status: number | 'threw'; body: string };
export type RunResult = {
  seed: number;
  cases: number;
  ms: number;
  cpuMs: number;
  statuses: Record<string, number>;
  failures: Failure[];
};

const PASSWORD = 'Fuzz-identity-pass-4417';
// Sign-ins come from their own address, so the fuzzer's failed logins never throttle them.
const SIGN_IN_ADDRESS = '10.77.0.1';
const KEEP = 400;

/**
 * The three callers a case is sent as. Each signs in once; a session that ends during the run (a
 * fuzzed logout, say) is started again, so later cases still test what they meant to.
 */
export async function createIdentities(t: TestApp, tag: string, advisorChapterIds: number[] = []) {
  const cookies: Partial<Record<Identity, string>> = {};
  const ids: number[] = [];
  const pending = new Map<Identity, Promise<void>>();
  const renewed = { count: 0 };

  // One sign-in at a time: concurrent attempts for one email count as pending failures to the throttle.
  let queue: Promise<unknown> = Promise.resolve();
  const login = (email: string) => {
    const res = queue.then(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
        remoteAddress: SIGN_IN_ADDRESS,
      }),
    );
    queue = res.catch(() => undefined);
    return res;
  };

  const signIn = async (who: Exclude<Identity, 'anonymous'>) => {
    const email = `fuzz-${who}-${tag}@example.test`;
    const found = await t.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
    // The fuzzing admin holds every permission, the auditor every read, the advisor its chapters' rows (issue
    // 35: `admin` alone grants none).
    const role = { admin: 'ROLE_ADMIN', auditor: 'ROLE_AUDITOR', advisor: 'ROLE_ADVISOR', member: undefined }[who];
    const roles = ['ROLE_USER', ...(role ? [role] : [])];
    const chapterIds = who === 'advisor' ? advisorChapterIds : [];
    const staff = who !== 'member';
    const row = found
      ? await t.db
          .updateTable('accounts')
          .set({ active: true, admin: staff, roles, chapterIds, passwordHash: await hashPassword(PASSWORD) })
          .where('id', '=', found.id)
          .returning('id')
          .executeTakeFirstOrThrow()
      : await t.db
          .insertInto('accounts')
          .values({
            firstName: 'Fuzz',
            lastName: who,
            email,
            admin: staff,
            roles,
            chapterIds,
            passwordHash: await hashPassword(PASSWORD),
            address: '{}',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
    if (!ids.includes(row.id)) ids.push(row.id);
    const res = await login(email);
    const sid = res.cookies.find((c) => /sid$/.test(c.name));
    if (res.statusCode !== 200 || !sid) throw new Error(`fuzz sign-in failed: ${res.statusCode} ${res.body}`);
    cookies[who] = `${sid.name}=${sid.value}`;
  };
  await signIn('admin');
  await signIn('auditor');
  if (advisorChapterIds.length) await signIn('advisor');
  await signIn('member');

  const throwaway = async (who: Identity) => {
    if (who === 'anonymous') return undefined;
    const res = await login(`fuzz-${who}-${tag}@example.test`);
    const sid = res.cookies.find((c) => /sid$/.test(c.name));
    return sid ? `${sid.name}=${sid.value}` : undefined;
  };

  return {
    ids,
    renewed,
    /** Whether cases go as an advisor too (one made with chapters). */
    advisor: advisorChapterIds.length > 0,
    cookie: (who: Identity) => (who === 'anonymous' ? undefined : cookies[who]),
    /** A session of its own for a case on a route that ends the session it is sent with (a logout). */
    throwaway,
    /** Starts the identity's session again (once, however many cases noticed it ended). */
    renew: (who: Identity) => {
      if (who === 'anonymous') return Promise.resolve();
      if (!pending.has(who)) {
        renewed.count++;
        pending.set(
          who,
          signIn(who).finally(() => pending.delete(who)),
        );
      }
      return pending.get(who)!;
    },
  };
}

function remember(known: Known, value: unknown, depth = 0): void {
  if (typeof value === 'string' && known.protectedUuids?.has(value)) return;
  if (!value || typeof value !== 'object' || depth > 4) return;
  if (Array.isArray(value)) {
    for (const v of value.slice(0, 20)) remember(known, v, depth + 1);
    return;
  }
  const o = value as Record<string, unknown>;
  const push = <T>(list: T[], v: T) => {
    if (!list.includes(v)) list.push(v);
    if (list.length > KEEP) list.shift();
  };
  if (typeof o.id === 'number') push(known.ids, o.id);
  if (typeof o.uuid === 'string' && !known.protectedUuids?.has(o.uuid)) push(known.uuids, o.uuid);
  if (typeof o.id === 'number' && typeof o.fileName === 'string' && !known.files.some((f) => f.id === o.id)) {
    known.files.push({ id: o.id, fileName: o.fileName });
    if (known.files.length > KEEP) known.files.shift();
  }
  for (const v of Object.values(o)) remember(known, v, depth + 1);
}

/** What is wrong with an answer, or undefined: never a 5xx, and every 4xx is JSON with a text `message`. */
export function problem(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return 'server error';
  if (res.statusCode < 400) return undefined;
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return 'a 4xx that is not JSON';
  try {
    const body = JSON.parse(res.body) as { message?: unknown };
    return typeof body?.message === 'string' && body.message ? undefined : 'a 4xx without a message';
  } catch {
    return 'a 4xx whose JSON does not parse';
  }
}

const patternOf = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`);

/**
 * An auditor (ROLE_AUDITOR: every read, no write, no export) answered a 2xx by a call that reads nothing: a
 * write or an export. Every route the method and path reach must be one (a fuzzed path value may reach a sibling).
 */
/** An advisor's answer naming another chapter's marker: a row outside its chapter scope (issue 35 §3). */
export function advisorLeaked(
  c: FuzzCase,
  res: LightMyRequestResponse,
  marker: string | undefined,
): string | undefined {
  if (c.identity !== 'advisor' || !marker || !res.body.toLowerCase().includes(marker)) return undefined;
  return "an advisor's answer holding another chapter's marker";
}

export function auditorWrote(c: FuzzCase, routes: ContractRoute[], status: number): string | undefined {
  if (c.identity !== 'auditor' || status < 200 || status >= 300) return undefined;
  const path = c.url.split('?')[0]!;
  const reached = routes.filter((r) => r.route.method === c.method && patternOf(r.route.path).test(path));
  const permissionOf = (r: ContractRoute) => (r.route.metadata as { permission?: string } | undefined)?.permission;
  const allowed = (r: ContractRoute) =>
    r.access !== 'admin' || permissionOf(r) === 'self' || /:read$/.test(permissionOf(r)!);
  return reached.length && !reached.some(allowed) ? `an auditor's ${status} on a write or export` : undefined;
}

const clip = (s: string | Buffer | undefined, n = 300) => {
  const text = Buffer.isBuffer(s) ? s.toString('latin1') : (s ?? '');
  return text.length > n ? `${text.slice(0, n)}... (${text.length} chars)` : text;
};

/**
 * Sends `count` generated cases from one seed, `concurrency` at a time, and collects every failure.
 * Cases are generated one after another from the seed; ids learnt from earlier answers feed later cases.
 */
export async function runFuzz(
  t: TestApp,
  routes: ContractRoute[],
  opts: {
    seed: number;
    count: number;
    concurrency: number;
    identities: Awaited<ReturnType<typeof createIdentities>>;
    /** Another chapter's rows than the advisor's: their marker (no advisor answer may hold it), ids and uuids. */
    outOfScope?: { marker: string; ids: number[]; uuids: string[] };
  },
): Promise<RunResult> {
  const rng = createRandom(opts.seed);
  const known: Known = {
    ids: [],
    uuids: [],
    files: [],
    // The other chapter's rows stay as they are, so an advisor who sees its marker saw across the scope.
    protectedIds: new Set([...opts.identities.ids, ...(opts.outOfScope?.ids ?? [])]),
    protectedUuids: new Set(opts.outOfScope?.uuids),
  };
  const failures: Failure[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const cpu = process.cpuUsage();
  const stats: Record<string, { n: number; ms: number }> = {};
  let made = 0;

  const next = (): FuzzCase | undefined => {
    if (made >= opts.count) return undefined;
    made++;
    const roll = rng.next();
    const staff = opts.identities.advisor && roll < 0.6 && rng.chance(0.25) ? 'advisor' : 'admin';
    const identity: Identity = roll < 0.6 ? staff : roll < 0.7 ? 'auditor' : roll < 0.85 ? 'member' : 'anonymous';
    return buildCase(rng.pick(routes), identity, { rng, known });
  };

  // Routes seen ending the session they were sent with: later cases there get a throwaway session.
  const endsSession = new Set<string>();

  const send = async (c: FuzzCase) => {
    const own = endsSession.has(c.route);
    const cookie = own ? await opts.identities.throwaway(c.identity) : opts.identities.cookie(c.identity);
    const t0 = performance.now();
    let res: LightMyRequestResponse;
    try {
      res = await t.app.inject({
        method: c.method as 'GET',
        url: c.url,
        headers: { ...c.headers, ...(cookie ? { cookie } : {}) },
        ...(c.payload !== undefined ? { payload: c.payload } : {}),
      });
    } catch (err) {
      failures.push({ ...c, payload: clip(c.payload), status: 'threw', body: String(err) });
      return;
    }
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    if (process.env.FUZZ_STATS) {
      const k = `${c.route} ${c.identity} ${res.statusCode}`;
      const st = (stats[k] ??= { n: 0, ms: 0 });
      st.n++;
      st.ms += performance.now() - t0;
    }
    const wrong =
      problem(res) ?? auditorWrote(c, routes, res.statusCode) ?? advisorLeaked(c, res, opts.outOfScope?.marker);
    if (wrong)
      failures.push({ ...c, payload: clip(c.payload), status: res.statusCode, body: `${wrong}: ${clip(res.body)}` });
    if (res.statusCode < 300 && String(res.headers['content-type'] ?? '').includes('json'))
      remember(known, JSON.parse(res.body));
    // A fuzzed logout (or anything else that ended the session): sign in again for the cases after it.
    if (cookie && !own && res.cookies.some((k) => /sid$/.test(k.name))) {
      endsSession.add(c.route);
      await opts.identities.renew(c.identity);
    } else if (cookie && !own && res.statusCode === 401 && c.access !== 'public') {
      // The session ended some other way (an expiry, a reset): sign in again, so later cases still test input.
      await opts.identities.renew(c.identity);
    }
  };

  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      for (let c = next(); c; c = next()) await send(c);
    }),
  );
  if (process.env.FUZZ_STATS) {
    for (const [k, v] of Object.entries(stats)
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 40))
      console.info(k, v.n, Math.round(v.ms));
  }
  const used = process.cpuUsage(cpu);
  return {
    seed: opts.seed,
    cases: made,
    ms: Math.round(performance.now() - started),
    cpuMs: Math.round((used.user + used.system) / 1000),
    statuses,
    failures,
  };
}

/** Failures grouped by route, status and answer, a few inputs each: one line per distinct problem. */
export function describeFailures(failures: Failure[], seed: number): string {
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    const key = `${f.route} ${f.status} ${f.body.slice(0, 120)}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const lines = [
    `${failures.length} failing cases, ${groups.size} distinct (replay: FUZZ_SEED=${seed} FUZZ_CONCURRENCY=1)`,
  ];
  for (const [key, list] of groups) {
    lines.push(`- ${key} (x${list.length})`);
    for (const f of list.slice(0, 3)) {
      lines.push(
        `    ${f.identity} ${f.method} ${clip(f.url, 200)} [${f.note}] ${JSON.stringify(f.headers)} ${f.payload ? clip(f.payload, 200) : ''}`,
      );
    }
  }
  return lines.join('\n');
}
