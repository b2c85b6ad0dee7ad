import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { seedTokenSubjects } from '../../test/token-fixtures.js';

let t: TestApp;
let cookie: string;
let ids: Awaited<ReturnType<typeof seedTokenSubjects>>;
const jobsSent: string[] = [];
const URL = '/api/admin/logistics/email-templates';

beforeAll(async () => {
  t = await createTestApp({ EMAIL_DOMAIN: 'society.org' });
  // A queue that records what it was asked to run: these tests look at the send log, not at delivery.
  t.app.jobs = { send: async (name: string) => void jobsSent.push(name) } as unknown as typeof t.app.jobs;
  cookie = await t.signIn();
  ids = await seedTokenSubjects(t.db);
});
afterAll(() => t.close());

const MJML =
  '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{firstName}} of {{schoolName}}</mj-text></mj-column></mj-section></mj-body></mjml>';

const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Spring invitation',
  subject: 'You are invited, {{firstName}}',
  body: MJML,
  bodyFormat: 'mjml',
  templateType: 'Invitation',
  preview: 'Join {{chapterName}} by {{deadline}}',
  enabled: true,
  fromName: 'The Society',
  fromEmail: 'hello@society.org',
  replyToEmail: 'reply@mail.society.org',
  ...over,
});

const post = (payload: unknown, url = URL) => t.request({ method: 'POST', url, cookie, payload: payload as object });
const put = (id: number, payload: unknown) =>
  t.request({ method: 'PUT', url: `${URL}/${id}`, cookie, payload: payload as object });

describe('email template rules', () => {
  it.each([
    ['name', 'Name is required'],
    ['subject', 'Subject is required'],
    ['body', 'Body is required'],
    ['preview', 'Preview Text is required'],
    ['fromName', 'From Name is required'],
    ['fromEmail', 'From Email is required'],
    ['replyToEmail', 'Reply To is required'],
  ])('%s blank or missing: %s', async (field, message) => {
    for (const value of ['  ', null, undefined]) {
      const res = await post(valid({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().issues[0].path).toEqual(['body', field]);
    }
  });

  it('requires a known body format and template type, with their own texts', async () => {
    expect((await post(valid({ bodyFormat: 'text' }))).json().message).toBe('Body Format is required');
    expect((await post(valid({ templateType: '' }))).json().message).toBe('Template Type is required');
  });

  it("refuses From Email and Reply To outside the society's domain: 'From Email must be from {host}'", async () => {
    let res = await post(valid({ fromEmail: 'hello@gmail.com' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'From Email must be from society.org',
      issues: [{ path: ['body', 'fromEmail'], message: 'From Email must be from society.org' }],
    });
    res = await post(valid({ replyToEmail: 'reply@notsociety.org' }));
    expect(res.json().issues).toEqual([
      { path: ['body', 'replyToEmail'], message: 'From Email must be from society.org' },
    ]);
    expect((await post(valid({ fromEmail: 'not-an-address' }))).json().message).toBe('From Email is not valid');
  });

  it('refuses unknown tokens and tokens the type has no recipient for, saying which and where', async () => {
    const res = await post(valid({ subject: 'Hi {{nickname}}', body: `${MJML}{{memberSince}}` }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown token {{nickname}}');
    expect(res.json().issues).toEqual([
      { path: ['body', 'subject'], message: 'Unknown token {{nickname}}' },
      { path: ['body', 'body'], message: 'Token {{memberSince}} is not available in Invitation templates' },
    ]);
    expect(
      await t.db.selectFrom('emailTemplates').select('id').where('name', '=', 'Spring invitation').execute(),
    ).toEqual([]);
  });

  it('defaults to mjml, Invitation and enabled', async () => {
    const { bodyFormat, templateType, enabled, ...rest } = valid({ name: 'Defaults' });
    const res = await post(rest);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      bodyFormat: 'mjml',
      templateType: 'Invitation',
      enabled: true,
      version: 1,
      updatedBy: 'Ada Tester',
    });
  });

  it('serves the domain the form checks against, and the token registry', async () => {
    expect((await t.request({ method: 'GET', url: `${URL}/settings`, cookie })).json()).toEqual({
      emailDomain: 'society.org',
      // A new template's sender: on the society's domain (spec 03 defaults).
      sender: { fromName: 'Honor Society', fromEmail: 'invitations@society.org', replyToEmail: 'info@society.org' },
    });
    const tokens = (await t.request({ method: 'GET', url: '/api/admin/tokens', cookie })).json();
    expect(tokens.syntax).toBe('{{tokenId}}');
    expect(tokens.items.find((i: { id: string }) => i.id === 'deadline')).toMatchObject({
      label: 'Deadline',
      subjects: ['invitation'],
      sample: 'April 30, 2026',
    });
  });
});

describe('email templates: save, versions, list', () => {
  let id: number;

  it('creates version 1, then each update adds a version and keeps the earlier ones', async () => {
    const created = await post(valid({ name: 'Versioned' }));
    expect(created.statusCode).toBe(201);
    id = created.json().id;
    const updated = await put(id, valid({ name: 'Versioned', subject: 'Second subject {{lastName}}', enabled: false }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ version: 2, subject: 'Second subject {{lastName}}', enabled: false });
    const versions = await t.db
      .selectFrom('emailTemplateVersions')
      .select(['version', 'subject'])
      .where('templateId', '=', id)
      .orderBy('version')
      .execute();
    expect(versions).toEqual([
      { version: 1, subject: 'You are invited, {{firstName}}' },
      { version: 2, subject: 'Second subject {{lastName}}' },
    ]);
    expect((await put(999999, valid())).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${URL}/${id}`, cookie })).json()).toMatchObject({ id, version: 2 });
  });

  it('lists with search, enabled and type filters and the four sorts', async () => {
    await post(
      valid({
        name: 'Welcome paid',
        templateType: 'WelcomeEmail',
        bodyFormat: 'html',
        body: '<p>Welcome {{firstName}}</p>',
        preview: 'Welcome',
      }),
    );
    const list = (q: string) => t.request({ method: 'GET', url: `${URL}?${q}`, cookie }).then((r) => r.json());
    expect((await list('search=welcome')).items.map((i: { name: string }) => i.name)).toEqual(['Welcome paid']);
    expect((await list('enabled=0')).items.map((i: { name: string }) => i.name)).toEqual(['Versioned']);
    expect((await list('type=WelcomeEmail')).pagination.totalItems).toBe(1);
    expect((await list('sort=format:asc,name:asc')).items[0].bodyFormat).toBe('html');
    expect((await list('sort=name:desc')).items[0].name).toBe('Welcome paid');
    expect((await list('sort=updated:desc')).items[0].name).toBe('Welcome paid');
    expect((await list('sort=enabled:asc')).items[0].enabled).toBe(false);
    expect((await t.request({ method: 'GET', url: `${URL}?sort=body:asc`, cookie })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `${URL}?type=Other`, cookie })).statusCode).toBe(400);
  });
});

describe('preview', () => {
  it('renders the unsaved MJML with sample values into HTML and text', async () => {
    const res = await post(
      { subject: 'Hi {{firstName}}', body: MJML, bodyFormat: 'mjml', preview: 'Due {{deadline}}' },
      `${URL}/preview`,
    );
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.subject).toBe('Hi Jordan');
    expect(p.html).toContain('Hello Jordan of Northwood University');
    expect(p.html).toContain('Due April 30, 2026');
    expect(p.text).toContain('Hello Jordan of Northwood University');
    expect(p.errors).toEqual([]);
    expect(p.tokenErrors).toEqual([]);
  });

  it('reports MJML errors with their line and unknown tokens by field', async () => {
    const body =
      '<mjml>\n<mj-body>\n<mj-section>\n<mj-column>\n<mj-text foo="bar">{{nickname}}</mj-text>\n</mj-column>\n</mj-section>\n</mj-body>\n</mjml>';
    const p = (
      await post({ subject: 'x', body, bodyFormat: 'mjml', preview: '', templateType: 'Invitation' }, `${URL}/preview`)
    ).json();
    expect(p.errors).toEqual([expect.objectContaining({ line: 5, message: expect.stringContaining('foo') })]);
    expect(p.tokenErrors).toEqual([{ field: 'body', message: 'Unknown token {{nickname}}' }]);
  });

  it('passes HTML bodies through, escaping values', async () => {
    const p = (
      await post({ subject: '', body: '<p>{{fullName}}</p>', bodyFormat: 'html', preview: '' }, `${URL}/preview`)
    ).json();
    expect(p.html).toContain('<p>Jordan Rivera</p>');
  });
});

describe('send test email', () => {
  let invitationTemplate: number;
  let welcomeTemplate: number;

  beforeAll(async () => {
    invitationTemplate = (await post(valid({ name: 'Test send invitation' }))).json().id;
    welcomeTemplate = (
      await post(
        valid({
          name: 'Test send welcome',
          templateType: 'WelcomeEmailNoPayment',
          preview: 'Welcome {{firstName}}',
          subject: 'Welcome {{fullName}}',
        }),
      )
    ).json().id;
  });

  const send = (id: number, payload: object) => post(payload, `${URL}/${id}/send-test-email`);

  it("checks toEmail: 'Email is required' under 5 characters, 'Email is not valid'; the recipient is required", async () => {
    expect((await send(invitationTemplate, { toEmail: 'a@b', recipientId: ids.inviteeId })).json().message).toBe(
      'Email is required',
    );
    expect((await send(invitationTemplate, { recipientId: ids.inviteeId })).json().message).toBe('Email is required');
    expect(
      (await send(invitationTemplate, { toEmail: 'not an email', recipientId: ids.inviteeId })).json().message,
    ).toBe('Email is not valid');
    expect((await send(invitationTemplate, { toEmail: 'qa@society.org' })).json().message).toBe(
      'Recipient is required',
    );
  });

  it("logs an invitation test under invitation_email_test with the invitee's values, at the current version", async () => {
    const res = await send(invitationTemplate, { toEmail: 'qa@society.org', recipientId: ids.inviteeId });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Test email sent successfully.');
    const row = await t.db
      .selectFrom('emailSends')
      .selectAll()
      .where('id', '=', res.json().sendId)
      .executeTakeFirstOrThrow();
    const version = await t.db
      .selectFrom('emailTemplateVersions')
      .select('id')
      .where('templateId', '=', invitationTemplate)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source: 'invitation_email_test',
      sourceId: String(invitationTemplate),
      emailTo: 'qa@society.org',
      emailType: 'Invitation',
      inviteeId: ids.inviteeId,
      invitationId: ids.invitationId,
      templateVersionId: version.id,
      subject: 'You are invited, Jordan',
      status: 'queued',
    });
    expect(row.tokenValues).toMatchObject({ firstName: 'Jordan', deadline: 'April 30, 2026' });
    expect(row.tokenValues).not.toHaveProperty('unsubscribeUrl'); // added at delivery, naming test sends '0'
    expect(jobsSent).toContain('deliver-emails');
    // Audited in the send's transaction (issue 27): the template tested, the address and the send.
    const audited = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'test-send')
      .where('entityId', '=', String(invitationTemplate))
      .execute();
    expect(audited).toMatchObject([
      {
        entity: 'email_templates',
        accountId: expect.any(Number),
        detail: { toEmail: 'qa@society.org', sendId: res.json().sendId, inviteeId: ids.inviteeId },
      },
    ]);
    // A second test of the same template to the same person is a new send.
    const again = await send(invitationTemplate, { toEmail: 'qa@society.org', recipientId: ids.inviteeId });
    expect(again.json().sendId).not.toBe(res.json().sendId);
  });

  it("logs a welcome test under its test source with the member's values; the wrong kind of recipient is not found", async () => {
    const res = await send(welcomeTemplate, { toEmail: 'qa@society.org', recipientId: ids.memberId });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('emailSends')
      .selectAll()
      .where('id', '=', res.json().sendId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source: 'welcome_no_payment_test',
      emailType: 'Transactional',
      accountId: ids.memberId,
      subject: 'Welcome Ada Member',
    });
    expect((await send(welcomeTemplate, { toEmail: 'qa@society.org', recipientId: 999999 })).json()).toEqual({
      message: 'Member not found',
    });
    expect((await send(invitationTemplate, { toEmail: 'qa@society.org', recipientId: 999999 })).json()).toEqual({
      message: 'Invitee not found',
    });
    expect((await send(999999, { toEmail: 'qa@society.org', recipientId: ids.memberId })).statusCode).toBe(404);
  });

  it('refuses to test-send to a blocked address, saying so, and logs it as suppressed', async () => {
    await t.db
      .insertInto('blockedEmails')
      .values({ email: 'blocked@society.org', emailType: 'All', reason: 'Asked us to stop' })
      .execute();
    const res = await send(invitationTemplate, { toEmail: 'blocked@society.org', recipientId: ids.inviteeId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Not sent: the address is blocked' });
    const row = await t.db
      .selectFrom('emailSends')
      .select('status')
      .where('emailTo', '=', 'blocked@society.org')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('suppressed');
  });
});

describe('invitee options', () => {
  it("pages invitees as 'First Last <email>', searched by name or email", async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/logistics/invitees/options?search=jordan&pageSize=20',
      cookie,
    });
    expect(res.json().items).toEqual([
      {
        id: ids.inviteeId,
        name: 'Jordan Rivera <jordan@example.edu>',
        email: 'jordan@example.edu',
        invitationId: ids.invitationId,
      },
    ]);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/logistics/invitees/options?search=nobody', cookie })).json()
        .items,
    ).toEqual([]);
  });
});
