/** The cluster bench's steps (bench-cluster.ts): sign-in, an API instance restarted under load, a reminder sent to the end. */
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { loadConfig } from '../../server/src/config.js';
import type { DB } from '../../server/src/db/database.js';
import { createJobQueue } from '../../server/src/jobs/registry.js';
import { createStorage } from '../../server/src/plugins/storage.js';
import type { startTestSmtp } from '../../server/src/test/smtp.js';
import { startDueReminders } from '../../server/src/services/reminders/send-reminder.js';
import { seed } from '../bench/reminders.js';
import { sleep, startApi, until, waitReady, type ApiInstance } from './processes.js';

export const ADMIN = { email: 'cluster@society.example', password: 'cluster-Bench-4711' };

export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** SIGTERM to one API instance and a new one on its port, while a client calls the list through HAProxy every 50 ms. */
export async function restartApi(
  apis: ApiInstance[],
  i: number,
  env: Record<string, string>,
  base: string,
  cookie: string,
) {
  let failed = 0;
  let total = 0;
  let polling = true;
  const poll = (async () => {
    while (polling) {
      total++;
      const ok = await fetch(`${base}/api/admin/institutions?page=1&pageSize=10&sort=name:asc`, {
        headers: { cookie },
      }).then(
        (r) => r.ok,
        () => false,
      );
      if (!ok) failed++;
      await sleep(50);
    }
  })();
  const t0 = Date.now();
  const old = apis[i]!;
  await old.stop();
  apis[i] = await startApi(old.name, env, old.port);
  await waitReady(apis[i]!, 120_000);
  const seconds = (Date.now() - t0) / 1000;
  await sleep(2000); // HAProxy's check sees it back
  polling = false;
  await poll;
  return { seconds, failed, total };
}

/** Seeds a reminder due now, starts it, and waits until every invitee has it and it is finished. */
export async function reminder(
  db: Kysely<DB>,
  smtp: Awaited<ReturnType<typeof startTestSmtp>>,
  arrivals: number[],
  invitees: number,
  dbUrl: string,
  env: Record<string, string>,
  settle?: () => Promise<unknown>,
) {
  const run = Date.now().toString(36);
  const domain = `@bench-${run}.example`;
  const reminderId = await seed(db, run, invitees);
  const config = loadConfig({ ...env, NODE_ENV: 'test' });
  const sender = createJobQueue({
    connectionString: dbUrl,
    services: { db, storage: await createStorage(config), config },
    work: false,
    poolSize: 2,
  });
  await sender.start(pino({ level: 'silent' }));
  const t0 = Date.now();
  try {
    await startDueReminders(db, sender);
  } finally {
    await sender.stop();
  }
  const mine = () => smtp.messages.filter((m) => m.to[0]!.endsWith(domain));
  const recipients = () => new Set(mine().map((m) => m.to[0])).size;
  await until(
    () => recipients() >= invitees,
    600_000,
    `every invitee of the ${invitees.toLocaleString('en-US')} reminder`,
  );
  await settle?.();
  const status = async () =>
    (
      await db
        .selectFrom('invitationEmails')
        .select('sendStatus')
        .where('id', '=', reminderId)
        .executeTakeFirstOrThrow()
    ).sendStatus;
  await until(async () => (await status().catch(() => '')) === 'Success', 120_000, 'the reminder finished').catch(
    () => {},
  );
  const { failed } = await db
    .selectFrom('emailSends')
    .select(sql<number>`count(*) filter (where status = 'failed')::int`.as('failed'))
    .where('source', '=', 'invitation_email')
    .where('sourceId', '=', String(reminderId))
    .executeTakeFirstOrThrow();
  const got = recipients();
  void arrivals;
  return {
    domain,
    recipients: got,
    lost: invitees - got,
    duplicates: mine().length - got,
    failed: Number(failed),
    status: await status(),
    seconds: (Date.now() - t0) / 1000,
  };
}

/** Per kill: seconds until the next message arrived, and the repeats that arrived before the next kill. */
export function attribute(
  smtp: Awaited<ReturnType<typeof startTestSmtp>>,
  arrivals: number[],
  kills: { at: number; index: number }[],
  domain: string,
) {
  const seen = new Set<string>();
  const duplicates = kills.map(() => 0);
  for (let i = 0; i < smtp.messages.length; i++) {
    const to = smtp.messages[i]!.to[0]!;
    if (!to.endsWith(domain)) continue;
    if (seen.has(to)) {
      const k = kills.findLastIndex((kill) => kill.index < i);
      if (k >= 0) duplicates[k]!++;
    }
    seen.add(to);
  }
  return kills.map((kill, k) => ({
    resumed: ((arrivals.find((t) => t > kill.at + 200) ?? Infinity) - kill.at) / 1000,
    duplicates: duplicates[k]!,
  }));
}
