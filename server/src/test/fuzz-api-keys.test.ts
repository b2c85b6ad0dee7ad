/**
 * The contract-wide fuzz (fuzz.test.ts) sent with an API key of each single scope instead of a session
 * (issue 34): the same generated cases (fuzz/cases.ts), most on the calls of the key's own scope, the
 * rest on any route of the contract. The rule: never a 2xx outside that scope (a public route aside,
 * which answers anyone), never one on a call no key may make (services/auth/api-key-limits.ts), never a
 * 401 for the key (it stays live: its owner is out of the cases' reach), and, as everywhere, no 5xx and every
 * 4xx JSON with a `message`.
 *
 * Every scope of the vocabulary gets a key, those a person can no longer give a key too (made straight
 * in the table, as a key made before that rule would be). Write scopes go first, so their records feed
 * the read scopes' cases their ids. `FUZZ_KEY_CASES` sets the cases per scope (default 40);
 * `FUZZ_SEED` replays a random run.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_INVALID } from '@app/contract';
import { createTestApp, type TestApp } from './helper.js';
import { recordingJobs } from './mail-fixtures.js';
import { contractRoutes, type ContractRoute } from './contract-routes.js';
import { buildCase, type FuzzCase } from './fuzz/cases.js';
import { createRandom } from './fuzz/random.js';
import { problem } from './fuzz/run.js';
import type { Known } from './fuzz/schema.js';
import { insertApiKey } from './api-key-fixtures.js';
import { keyNeverCalls } from '../services/auth/api-key-limits.js';
import { knownScopes, scopeOfRoute } from '../services/auth/api-key-scopes.js';

const FIXED_SEED = 20_260_834;
const RANDOM_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const CASES_PER_SCOPE = Number(process.env.FUZZ_KEY_CASES ?? 40);
const CONCURRENCY = 6;
const IN_SCOPE = 0.7;

const routes = contractRoutes();
const scopeOf = (r: ContractRoute) => (r.access === 'admin' ? scopeOfRoute(r.route.method, r.route.path) : undefined);
// Writes first: what they make, the reads after them find.
const scopes = [...knownScopes].sort(
  (a, b) => Number(a.endsWith(':read')) - Number(b.endsWith(':read')) || a.localeCompare(b),
);

/** The contract routes a request's method and path reach (a fuzzed path value may reach a sibling route). */
const patterns = routes.map((r) => ({
  ...r,
  re: new RegExp(`^${r.route.path.replace(/:\w+/g, '[^/]+')}/?$`),
}));
const reached = (c: FuzzCase) => {
  const path = c.url.split('?')[0]!;
  return patterns.filter((p) => p.route.method === c.method && p.re.test(path));
};

/** Why a key's answer breaks the rule, or undefined. */
function wrongFor(scope: string, c: FuzzCase, status: number, body: string): string | undefined {
  if (status === 401 && body.includes(API_KEY_INVALID)) return 'the key stopped working';
  if (status < 200 || status >= 300) return undefined;
  const fine = reached(c).some((p) => p.access === 'public' || (scopeOf(p) === scope && !keyNeverCalls(p.route)));
  return fine ? undefined : `a ${status} outside the scope`;
}

let t: TestApp;
const keys = new Map<string, string>();
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.app.jobs = recordingJobs();
  ownerId = (
    await t.db
      .insertInto('accounts')
      .values({
        ...{ firstName: 'Key', lastName: 'Owner', email: 'fuzz-key-owner@example.test', admin: true, address: '{}' },
        roles: ['ROLE_USER', 'ROLE_ADMIN'], // a key holds its scopes only while its owner does
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (const scope of scopes) keys.set(scope, await insertApiKey(t.db, ownerId, [scope]));
});
afterAll(() => t?.close());

type Failure = { scope: string; c: FuzzCase; status: number; why: string };

async function run(seed: number) {
  const rng = createRandom(seed);
  const known: Known = { ids: [], uuids: [], files: [], protectedIds: new Set([ownerId]) };
  const failures: Failure[] = [];
  const inScope2xx = new Set<string>();
  const queue = scopes.flatMap((scope) => Array.from({ length: CASES_PER_SCOPE }, () => scope));
  let sent = 0;

  const sendNext = async (scope: string) => {
    const own = routes.filter((r) => scopeOf(r) === scope);
    const route = own.length && rng.chance(IN_SCOPE) ? rng.pick(own) : rng.pick(routes);
    const c = buildCase(route, 'admin', { rng, known });
    const res = await t.app.inject({
      method: c.method as 'GET',
      url: c.url,
      headers: { ...c.headers, authorization: `Bearer ${keys.get(scope)}` },
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
    sent++;
    const why = problem(res) ?? wrongFor(scope, c, res.statusCode, res.body);
    if (why) failures.push({ scope, c, status: res.statusCode, why: `${why}: ${res.body.slice(0, 200)}` });
    if (res.statusCode < 300 && String(res.headers['content-type'] ?? '').includes('json')) {
      if (scopeOf(route) === scope) inScope2xx.add(scope);
      for (const id of JSON.stringify(JSON.parse(res.body)).matchAll(/"id":(\d+)/g))
        if (!known.ids.includes(Number(id[1]))) known.ids.push(Number(id[1]));
    }
  };

  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < queue.length) await sendNext(queue[next++]!);
    }),
  );
  return { sent, failures, inScope2xx };
}

function describeFailures(failures: Failure[], seed: number): string {
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    const key = `${f.scope} ${f.c.route} ${f.status} ${f.why.slice(0, 100)}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const lines = [`${failures.length} failing cases (replay: FUZZ_SEED=${seed})`];
  for (const [key, list] of groups)
    lines.push(
      `- ${key} (x${list.length})`,
      `    ${list[0]!.c.method} ${list[0]!.c.url.slice(0, 200)} [${list[0]!.c.note}]`,
    );
  return lines.join('\n');
}

describe('every contract route with an API key of each single scope', () => {
  for (const [name, seed] of [
    ['the fixed seed', FIXED_SEED],
    [`a random seed (${RANDOM_SEED})`, RANDOM_SEED],
  ] as const) {
    it(`never answers a 2xx outside the key's scope: ${name}`, { timeout: 180_000 }, async () => {
      const result = await run(seed);
      expect(result.sent).toBe(scopes.length * CASES_PER_SCOPE);
      if (result.failures.length) expect.fail(describeFailures(result.failures, seed));
      // The run did reach inside the scopes: most keys got answers from their own calls.
      expect(result.inScope2xx.size).toBeGreaterThan(scopes.length / 2);
    });
  }
});
