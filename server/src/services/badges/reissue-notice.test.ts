import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { jobRecorder } from '../../test/job-recorder.js';
import { startTestSmtp } from '../../test/smtp.js';
import { deliverEmails } from '../../jobs/deliver-emails.js';
import { listed } from './reissue-notice.js';

/*
 * Issue 38 §4: members are told when a leaked key's badges are reissued. One email per member per rotation,
 * through the send log and the delivery job, to the test SMTP server.
 */

const BASE = 'https://members.example.org';
const ROTATE = '/api/admin/tech/settings/issuer-key/rotate';

let t: TestApp;
let admin: string;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let jobs: ReturnType<typeof jobRecorder>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  ({ t, cookie: admin } = await createSignedInApp({ PUBLIC_URL: BASE, SMTP_URL: smtp.url }));
  t.app.jobs = jobs = jobRecorder(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A member who finished `programs` and looked at their badges (which issues them). */
async function memberWithBadges(email: string, firstName: string, programs: string[]) {
  const cookie = await t.signIn({ admin: false, email });
  const { id } = await t.db
    .updateTable('accounts')
    .set({ firstName })
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const name of programs) {
    const slug = name.toLowerCase().replace(/\W+/g, '-');
    const program =
      (await t.db.selectFrom('programs').select('id').where('slug', '=', slug).executeTakeFirst()) ??
      (await t.db
        .insertInto('programs')
        .values({ name, slug, summary: `${name}: a chapter project.` })
        .returning('id')
        .executeTakeFirstOrThrow());
    await t.db
      .insertInto('learningProgramProgress')
      .values({ accountId: id, programId: program.id, finishedAt: new Date('2026-05-01T10:00:00Z') })
      .execute();
  }
  const badges = (await t.request({ method: 'GET', url: '/api/member/badges', cookie })).json();
  expect(badges).toHaveLength(programs.length);
  return { id, email };
}

const rotate = (payload: object) => t.request({ method: 'POST', url: ROTATE, payload, cookie: admin });
/** Runs the delivery job queued so far, then once more as a retry or the next minute's pass would. */
async function deliverTwice() {
  await jobs.run([deliverEmails]);
  const after = smtp.messages.length;
  await jobs.send('deliver-emails', {});
  await jobs.run([deliverEmails]);
  expect(smtp.messages.length).toBe(after);
}

describe('a leaked issuer key rotated (issue 38 §4)', () => {
  it('emails each member whose badges were reissued once, saying why and where the new badge is', async () => {
    const ada = await memberWithBadges('ada.badges@example.edu', 'Ada', ['Leadership Lab', 'Service Lab']);
    const bo = await memberWithBadges('bo.badges@example.edu', 'Bo', ['Leadership Lab']);
    await t.signIn({ admin: false, email: 'no.badges@example.edu' });

    const leaked = await rotate({ leaked: true });
    expect(leaked.statusCode, leaked.body).toBe(200);
    expect(leaked.json()).toEqual({ key: 'key-2', previous: 'key-1', revoked: 3, reissued: 3 });
    await deliverTwice();

    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual([ada.email, bo.email]);
    const mail = smtp.messages.find((m) => m.to[0] === ada.email)!;
    expect(mail.headers.subject).toBe('Your badge was reissued');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('That key may have been exposed');
    expect(mail.text).toContain('Leadership Lab and Service Lab');
    expect(mail.text).toContain(`${BASE}/member`);
    expect(mail.html).toContain(`href="${BASE}/member"`);
    const toBo = smtp.messages.find((m) => m.to[0] === bo.email)!;
    expect(toBo.text).toContain('Hello Bo,');
    expect(toBo.text).not.toContain('Service Lab');

    const sends = await t.db
      .selectFrom('emailSends')
      .select(['accountId', 'sourceId', 'status'])
      .where('source', '=', 'badge_reissued')
      .orderBy('accountId')
      .execute();
    expect(sends).toEqual([
      { accountId: ada.id, sourceId: 'key-2', status: 'sent' },
      { accountId: bo.id, sourceId: 'key-2', status: 'sent' },
    ]);
  });

  it('emails them again on the next leaked rotation, once each', async () => {
    const before = smtp.messages.length;
    expect((await rotate({ leaked: true })).json()).toMatchObject({ key: 'key-3', revoked: 3, reissued: 3 });
    await deliverTwice();
    expect(
      smtp.messages
        .slice(before)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['ada.badges@example.edu', 'bo.badges@example.edu']);
  });

  it('emails no one when the key did not leak', async () => {
    const before = smtp.messages.length;
    expect((await rotate({})).json()).toMatchObject({ key: 'key-4', revoked: 0, reissued: 0 });
    expect(jobs.names()).toEqual([]);
    expect(smtp.messages.length).toBe(before);
  });
});

describe('listed', () => {
  it('names one, two or more programs in words', () => {
    expect([listed(['A']), listed(['A', 'B']), listed(['A', 'B', 'C'])]).toEqual(['A', 'A and B', 'A, B and C']);
  });
});
