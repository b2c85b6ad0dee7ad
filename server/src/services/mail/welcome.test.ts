import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import type { TemplateType } from '../../db/tables/email.js';
import { blockAddress } from './suppression.js';
import { recordingJobs } from '../../test/mail-fixtures.js';
import { sendWelcomeEmail, welcomeKind } from './welcome.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

let n = 0;
async function person(over: { memberAt?: string | null; pledgedAt?: string | null; email?: string } = {}) {
  const row = await t.db
    .insertInto('accounts')
    .values({
      firstName: 'Casey',
      lastName: `Welcome${++n}`,
      email: over.email ?? `casey${n}@members.test`,
      address: '{}',
      memberAt: over.memberAt ?? null,
      pledgedAt: over.pledgedAt ?? '2026-01-05T10:00:00Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function template(templateType: TemplateType, opts: { enabled?: boolean; subject?: string } = {}) {
  const values = {
    subject: opts.subject ?? `Welcome, {{firstName}}`,
    body: '<p>Hello {{firstName}} {{lastName}}</p>',
    bodyFormat: 'html' as const,
    preview: 'Welcome',
    fromName: 'Honor Society',
    fromEmail: 'welcome@society.example',
    replyToEmail: 'help@society.example',
  };
  const row = await t.db
    .insertInto('emailTemplates')
    .values({ name: `${templateType} ${opts.subject ?? ''}`, templateType, enabled: opts.enabled ?? true, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await t.db
    .insertInto('emailTemplateVersions')
    .values({ templateId: row.id, version: 1, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return version.id;
}

const sendRoute = (id: number) =>
  t.request({ method: 'POST', url: `/api/admin/accounts/legacy/${id}/send-welcome-email`, cookie });

describe('welcome emails', () => {
  it('chooses WelcomeEmail for a member who paid, WelcomeEmailNoPayment otherwise', () => {
    expect(welcomeKind({ memberAt: new Date() })).toEqual({ templateType: 'WelcomeEmail', source: 'welcome_email' });
    expect(welcomeKind({ memberAt: null })).toEqual({
      templateType: 'WelcomeEmailNoPayment',
      source: 'welcome_no_payment',
    });
  });

  it('answers a clear 409 when no enabled template of the type exists, and writes nothing', async () => {
    await template('WelcomeEmail', { enabled: false, subject: 'disabled' });
    const id = await person({ memberAt: '2026-02-01T10:00:00Z' });
    const res = await sendRoute(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No enabled WelcomeEmail template');
    const pledge = await person();
    expect((await sendRoute(pledge)).json().message).toBe('No enabled WelcomeEmailNoPayment template');
    expect(await t.db.selectFrom('emailSends').select('id').execute()).toEqual([]);
  });

  it('answers 404 for an account that is neither member nor pledge, and for none', async () => {
    const stranger = await t.db
      .insertInto('accounts')
      .values({ firstName: 'No', lastName: 'Body', email: 'nobody@members.test', address: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await sendRoute(stranger.id)).statusCode).toBe(404);
    expect((await sendRoute(999999)).statusCode).toBe(404);
  });

  it('queues the newest enabled template of the type, personalised, as a Transactional send; a repeat is refused', async () => {
    await template('WelcomeEmail', { subject: 'older {{firstName}}' });
    const newest = await template('WelcomeEmail', { subject: 'Welcome aboard, {{firstName}}' });
    const id = await person({ memberAt: '2026-02-01T10:00:00Z', email: 'Paid.Member@members.test' });
    const jobs = recordingJobs();
    const result = await sendWelcomeEmail(t.db, jobs, id);
    expect(result.templateType).toBe('WelcomeEmail');
    expect(jobs.sent).toEqual(['deliver-emails']);
    const send = await t.db
      .selectFrom('emailSends')
      .selectAll()
      .where('id', '=', result.sendId)
      .executeTakeFirstOrThrow();
    expect(send).toMatchObject({
      source: 'welcome_email',
      sourceId: String(id),
      recipientKey: 'paid.member@members.test',
      emailTo: 'Paid.Member@members.test',
      emailType: 'Transactional',
      templateVersionId: newest,
      accountId: id,
      status: 'queued',
      subject: 'Welcome aboard, Casey',
    });
    await expect(sendWelcomeEmail(t.db, jobs, id)).rejects.toMatchObject({
      status: 409,
      message: 'Welcome Email already sent',
    });
    expect(await t.db.selectFrom('emailSends').select('id').where('accountId', '=', id).execute()).toHaveLength(1);
    // A corrected address gets its own welcome.
    await t.db.updateTable('accounts').set({ email: 'paid.member@new.test' }).where('id', '=', id).execute();
    expect((await sendWelcomeEmail(t.db, jobs, id)).sendId).not.toBe(result.sendId);
  });

  it('sends WelcomeEmailNoPayment to a pledge who has not paid', async () => {
    const version = await template('WelcomeEmailNoPayment', { subject: 'Almost there, {{firstName}}' });
    const id = await person();
    const result = await sendWelcomeEmail(t.db, recordingJobs(), id);
    expect(result.templateType).toBe('WelcomeEmailNoPayment');
    expect(
      await t.db
        .selectFrom('emailSends')
        .select(['source', 'templateVersionId'])
        .where('id', '=', result.sendId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ source: 'welcome_no_payment', templateVersionId: version });
  });

  it('refuses an address blocked for transactional emails (or all), writing nothing', async () => {
    const id = await person({ email: 'blocked@members.test' });
    await blockAddress(t.db, {
      email: 'blocked@members.test',
      emailType: 'All',
      reason: 'Hard bounce',
      feedbackType: 'bounced_hard',
    });
    const res = await sendRoute(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('blocked@members.test is blocked for transactional emails');
    expect(await t.db.selectFrom('emailSends').select('id').where('accountId', '=', id).execute()).toEqual([]);
  });
});
