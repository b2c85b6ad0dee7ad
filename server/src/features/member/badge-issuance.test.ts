import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';

let q: QueuedApp;
beforeAll(async () => {
  q = await createQueuedApp({ PUBLIC_URL: 'https://members.example.org' });
});
afterAll(() => q.close());

const badgesOf = (accountId: number) =>
  q.t.db.selectFrom('badgeCredentials').selectAll().where('accountId', '=', accountId).execute();
const issueJobs = async () =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from pgboss.job where name = 'issue-badges'`.execute(q.t.db))
      .rows[0]!.n,
  );

describe('Open Badges are issued when progress reaches 100% (issue 38 §4)', () => {
  it('finishing a program queues its badge in the same transaction; the job issues it without anyone looking', async () => {
    const email = 'finisher@example.edu';
    const cookie = await q.t.signIn({ admin: false, email });
    const { id: accountId } = await q.t.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await q.t.db
      .insertInto('programs')
      .values({ name: 'Service Lab', slug: 'service-lab', summary: 'Service Lab: run a service project.' })
      .execute();
    const before = await issueJobs();
    const finish = () => q.request({ method: 'POST', url: '/api/learn/program/service-lab/finish', cookie });

    const res = await finish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().finished).toBe(true);
    // No badge list, no account panel is read: the queued job alone issues it.
    await vi.waitFor(async () => expect(await badgesOf(accountId)).toHaveLength(1), { timeout: 20_000, interval: 200 });
    const [badge] = await badgesOf(accountId);
    expect(badge!.issuedAt.toISOString()).toBe(res.json().finishedAt);
    expect(badge!.credential).toMatchObject({ type: ['VerifiableCredential', 'OpenBadgeCredential'] });
    expect(badge!.jwt.split('.')).toHaveLength(3);
    expect(await issueJobs()).toBe(before + 1);

    // A second finish keeps the first time and queues nothing more; the badge stays one.
    expect((await finish()).json().finishedAt).toBe(res.json().finishedAt);
    expect(await issueJobs()).toBe(before + 1);
    const list = await q.request({ method: 'GET', url: '/api/member/badges', cookie });
    expect(list.json()).toEqual([expect.objectContaining({ id: badge!.id, name: 'Service Lab', revoked: false })]);
  });
});
