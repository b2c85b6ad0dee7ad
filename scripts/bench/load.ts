import autocannon from 'autocannon';
import { report, type Bench } from './harness.js';
import { seedScaleInstitutions } from '../seed/institutions.js';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);

type Run = { rps: number; p99: number; errors: number };

async function load(bench: Bench, path: string, connections: number, cookie: boolean): Promise<Run> {
  const result = await autocannon({
    url: `${bench.baseUrl}${path}`,
    connections,
    duration: SECONDS,
    headers: cookie ? { cookie: bench.cookie } : {},
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

/**
 * Throughput under load on loopback (autocannon in the bench process, the server in its own): the
 * signed-in institutions list against `/api/health` at 20 and 50 connections. Target: the list at
 * >= 50% of health's requests per second (issue 39 item 8), p99 < 100 ms at 50 connections.
 */
export async function benchLoad(bench: Bench): Promise<boolean> {
  await seedScaleInstitutions(bench.db, Number(process.env.BENCH_INSTITUTIONS ?? 100_000));
  console.log(`\nLoad (autocannon, ${SECONDS} s per run)`);
  const list = '/api/admin/institutions?page=1&pageSize=10&sort=name:asc';
  await load(bench, list, 10, true); // warm-up: JIT, pool, plans
  let ok = true;
  for (const connections of [20, 50]) {
    const health = await load(bench, '/api/health', connections, false);
    const signedIn = await load(bench, list, connections, true);
    const ratio = signedIn.rps / health.rps;
    report(
      `GET /api/health, ${connections} connections`,
      `${Math.round(health.rps)} req/s, p99 ${health.p99} ms`,
      health.errors === 0,
      'baseline',
    );
    const listOk = report(
      `signed-in institutions list, ${connections} connections`,
      `${Math.round(signedIn.rps)} req/s, p99 ${signedIn.p99} ms`,
      signedIn.errors === 0 && (connections < 50 || signedIn.p99 < 100),
      connections < 50 ? 'no errors' : 'p99 < 100 ms',
    );
    const ratioOk = report(
      `  ratio list / health, ${connections} connections`,
      ratio.toFixed(2),
      ratio >= 0.5,
      '>= 0.5',
    );
    if (connections === 50) ok = listOk && ratioOk && ok;
  }
  return ok;
}
