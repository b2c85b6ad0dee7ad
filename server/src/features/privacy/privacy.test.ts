import { sql } from 'kysely';
import { INVITATION_DEFAULTS } from '@app/contract';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditActors } from '../../db/audit-context.js';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';
import { contractRoutes } from '../../test/contract-routes.js';
import { multipart } from '../../test/multipart.js';
import { seedJoinInvitation } from '../../test/join-fixtures.js';
import { blockAddress } from '../../services/mail/suppression.js';
import { erasedAddresses } from '../../services/privacy/hash.js';

/*
 * Issue 36 end to end on the job queue: a person seeded in every area is found, exported (the zip holds every
 * area's rows of theirs and nobody else's) and erased; afterwards no GET of the contract answers their name,
 * email or phone, every figure is the same, and their address is suppressed.
 */

let q: QueuedApp;
const URL = '/api/admin/tech/privacy';
const EMAIL = 'zed.quimby@students.example';
const OTHER = 'olive.other@students.example';
const PHONE = '555-0199';
const MARKERS = [/quimby/i, /555-0199/];

type Seeded = Awaited<ReturnType<typeof seedPerson>>;
let s: Seeded;

/** Zed Quimby in every area, and Olive Other beside Zed in the same invitation, send log and lists. */
async function seedPerson(q: QueuedApp) {
  const db = q.t.db;
  const inv = await seedJoinInvitation(db, {
    invitees: [
      { code: 'PRV-ZED001', email: EMAIL, firstName: 'Zed' },
      { code: 'PRV-OLV001', email: OTHER, firstName: 'Olive' },
    ],
  });
  const [zedInvitee, oliveInvitee] = inv.inviteeIds as [number, number];
  const account = await db
    .insertInto('accounts')
    .values({
      firstName: 'Zed',
      lastName: 'Q',
      email: 'Zed.Quimby@students.example',
      phone: null,
      address: JSON.stringify({ street: '1 Quimby Lane', city: 'Springfield' }),
      invitationCode: 'PRV-ZED001',
      institutionId: inv.institutionId,
      chapterId: inv.chapterId,
      pledgedAt: new Date(),
      memberAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('invitees')
    .set({
      lastName: 'Quimby',
      phoneNumber: PHONE,
      major: 'Biology',
      class: '2027',
      mailingAddress: JSON.stringify({ street: '1 Quimby Lane' }),
      accountId: account.id,
      legacyPledgeAt: new Date(),
      legacyPaidAt: new Date(),
    })
    .where('id', '=', zedInvitee)
    .execute();
  const payment = await db
    .insertInto('payments')
    .values({
      accountId: account.id,
      inviteeId: zedInvitee,
      amountCents: 5000,
      method: 'stripe',
      stripeSessionId: 'cs_test_zed',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sends = await db
    .insertInto('emailSends')
    .values(
      [
        [zedInvitee, EMAIL, 'Zed', 'Quimby'],
        [oliveInvitee, OTHER, 'Olive', 'Other'],
      ].map(([inviteeId, emailTo, firstName, lastName]) => ({
        source: 'invitation_email' as const,
        sourceId: `${inv.invitationId}`,
        recipientKey: String(inviteeId),
        emailTo: emailTo as string,
        emailType: 'Invitation' as const,
        inviteeId: inviteeId as number,
        invitationId: inv.invitationId,
        tokenValues: JSON.stringify({ firstName, lastName }),
        subject: `${firstName} ${lastName}, you are invited`,
        status: 'sent' as const,
        sent: true,
        opened: true,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('emailEvents')
    .values(
      sends.map((send) => ({ sendId: send.id, name: 'opened' as const, ipAddress: '10.0.0.9', userAgent: 'Mail' })),
    )
    .execute();
  await db
    .insertInto('postalMails')
    .values({ invitationId: inv.invitationId, uploadScheduledAt: new Date(), uploadStatus: 'Success', uploadCount: 2 })
    .execute();
  const { rows } = await sql<{ componentId: number }>`
    with p as (insert into programs (name, slug) values ('Privacy 101', 'privacy-101') returning id),
         s as (insert into program_sections (program_id, name) select id, 'Week 1' from p returning id, program_id)
    insert into program_components (program_id, section_id, name, slug, component_type)
    select program_id, id, 'Reflection', 'reflection', 'lesson' from s returning id as component_id`.execute(db);
  await db
    .insertInto('learningComponentProgress')
    .values({
      accountId: account.id,
      componentId: rows[0]!.componentId,
      completedAt: new Date(),
      answers: JSON.stringify({ q1: 'My name is Zed Quimby' }),
      score: 90,
    })
    .execute();
  const template = await db
    .insertInto('aiChatTemplates')
    .values({ name: 'Coach', type: 'Chat' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const chat = await db
    .insertInto('aiChats')
    .values({ templateId: template.id, accountId: account.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('aiChatMessages')
    .values({ chatId: chat.id, userInput: 'I am Zed Quimby, call me at 555-0199', aiResponse: 'Hello Zed' })
    .execute();
  await db
    .insertInto('calendarEvents')
    .values({ name: 'Study group', type: 'General', eventStart: new Date().toISOString(), createdBy: account.id })
    .execute();
  await blockAddress(db, {
    email: EMAIL,
    emailType: 'Transactional',
    reason: 'Asked by phone',
    feedbackType: 'manual',
  });
  // A staff edit the audit trigger records with the old and new phone.
  const staff = await db.selectFrom('accounts').select('id').where('admin', '=', true).executeTakeFirstOrThrow();
  await auditActors.run({ accountId: staff.id, apiKeyId: null, address: '127.0.0.1' }, () =>
    db
      .transaction()
      .execute((trx) =>
        trx.updateTable('accounts').set({ phone: PHONE, lastName: 'Quimby' }).where('id', '=', account.id).execute(),
      ),
  );
  return { ...inv, zedInvitee, oliveInvitee, accountId: account.id, paymentId: payment.id };
}

const get = (url: string, cookie?: string) =>
  q.request({ method: 'GET', url, ...(cookie !== undefined ? { cookie } : {}) });
const post = (url: string, payload: object, cookie?: string) =>
  q.request({ method: 'POST', url, payload, ...(cookie !== undefined ? { cookie } : {}) });

async function settled(url: string, until = ['Done', 'Failed']) {
  return vi.waitFor(
    async () => {
      const body = (await get(url)).json();
      expect(until).toContain(body.status);
      return body;
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** The audit rows of one privacy request. */
const auditOf = (id: number) =>
  q.t.db
    .selectFrom('auditLog')
    .select(['action', 'detail'])
    .where('entity', '=', 'privacy_requests')
    .where('entityId', '=', String(id))
    .execute();

/** The entries of a zip, as text. */
function unzip(bytes: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const out: Record<string, string> = {};
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

/** The figures no erasure may change: invitation counts, event and send counts, dashboards, revenue. */
async function figures() {
  const db = q.t.db;
  const [invitations, eventCounts, sendCounts, daily, revenue] = await Promise.all([
    sql`select * from invitations order by id`.execute(db),
    sql`select * from invitation_event_counts order by 1, 2`.execute(db),
    sql`select * from email_send_counts order by 1, 2, 3`.execute(db),
    sql`select * from dashboard_daily_counts order by 1, 2`.execute(db),
    sql`select sum(amount_cents)::int as cents, count(*)::int as n from payments`.execute(db),
  ]);
  const screens = await Promise.all(
    [
      '/api/admin/dashboard/joins/per-days/30',
      '/api/admin/dashboard/pledges/season-to-date',
      `/api/admin/logistics/invitations/${s.invitationId}`,
      '/api/admin/logistics/stats-by-institution',
    ].map(async (url) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      return [url, res.body];
    }),
  );
  return {
    invitations: invitations.rows,
    eventCounts: eventCounts.rows,
    sendCounts: sendCounts.rows,
    daily: daily.rows,
    revenue: revenue.rows,
    screens,
  };
}

beforeAll(async () => {
  q = await createQueuedApp();
  s = await seedPerson(q);
});
afterAll(() => q.close());

describe('privacy: find a person', () => {
  it('by email, phone or invitation code: every area counted, with links', async () => {
    for (const query of [
      `email=${encodeURIComponent('ZED.quimby@students.example')}`,
      `phone=${PHONE}`,
      'code=PRV-ZED001',
    ]) {
      const res = await get(`${URL}/people?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const counts = Object.fromEntries(body.groups.map((g: { area: string; count: number }) => [g.area, g.count]));
      expect(counts).toMatchObject({
        accounts: 1,
        invitees: 1,
        emailSends: 1,
        emailEvents: 1,
        postalMails: 1,
        payments: 1,
        learnerProgress: 1,
        aiChats: 1,
        calendarEvents: 1,
        blockedEmails: 1,
      });
      expect(counts.auditRows).toBeGreaterThanOrEqual(1);
      expect(body.emails).toEqual([EMAIL]);
      expect(body.names).toContain('Zed Quimby');
      expect(body.invitations.map((i: { id: number }) => i.id)).toEqual([s.invitationId]);
      const invitees = body.groups.find((g: { area: string }) => g.area === 'invitees');
      expect(invitees.link).toBe(`/admin/logistics/invitations/${s.invitationId}`);
    }
  });

  it('answers 400 with a message without a lookup, and is closed to members', async () => {
    const res = await get(`${URL}/people`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Give an email, a phone or an invitation code');
    const member = await q.t.signIn({ admin: false });
    expect((await get(`${URL}/people?email=${EMAIL}`, member)).statusCode).toBe(403);
  });
});

describe('privacy: export (right of access)', () => {
  it('runs a job to Done; the zip holds every area of theirs and nobody else, once only; the request is audited', async () => {
    const created = await post(`${URL}/exports`, { email: EMAIL });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect((await settled(`${URL}/exports/${id}`)).status).toBe('Done');
    const res = await get(`${URL}/exports/${id}/download`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/zip/);
    const files = await unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'accounts.json',
        'ai_chat_messages.json',
        'ai_chats.json',
        'audit_log.json',
        'blocked_emails.json',
        'calendar_events.json',
        'email_events.json',
        'email_sends.json',
        'invitees.json',
        'learning_component_progress.json',
        'payments.json',
        'postal_mails.json',
      ].sort(),
    );
    const all = Object.values(files).join('\n');
    expect(all).not.toMatch(/olive/i);
    expect(all).not.toMatch(/passwordHash/);
    expect(JSON.parse(files['accounts.json']!)[0]).toMatchObject({
      email: 'Zed.Quimby@students.example',
      phone: PHONE,
    });
    expect(JSON.parse(files['invitees.json']!)[0]).toMatchObject({ email: EMAIL, major: 'Biology' });
    expect(JSON.parse(files['ai_chat_messages.json']!)[0].userInput).toContain('Zed Quimby');
    expect(files['README.txt']).toMatch(/invitees\.json \(1 rows\)/);
    expect(files['README.txt']).toMatch(/legacyPaidAt: when you paid the membership fee/);
    const again = await get(`${URL}/exports/${id}/download`);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/already downloaded/);
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['privacy-export']);
    expect(JSON.stringify(audit)).not.toContain(EMAIL);
  });

  it('refuses a bad email with a message', async () => {
    const res = await post(`${URL}/exports`, { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Email is not valid');
  });
});

describe('privacy: erase (right to erasure)', () => {
  it('dry run, two-staff confirmation, erasure everywhere; figures unchanged; no GET answers them; the next list drops them', async () => {
    const dry = await post(`${URL}/erasures`, { email: EMAIL, reason: 'Asked by email', dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().changes).toMatchObject({
      accounts: 1,
      invitees: 1,
      emailSends: 1,
      emailEvents: 1,
      payments: 1,
      learningComponentProgress: 1,
      aiChats: 1,
      aiChatMessages: 1,
      calendarEvents: 1,
      blockedEmails: 1,
    });
    expect(dry.json().changes.auditLog).toBeGreaterThanOrEqual(1);
    expect(await q.t.db.selectFrom('privacyRequests').select('id').execute()).toHaveLength(1);

    // The scan below finds them before the erasure (so its silence afterwards means something).
    expect((await scanGets()).length).toBeGreaterThan(5);
    const before = await figures();
    const created = await post(`${URL}/erasures`, { email: EMAIL, reason: 'Asked by email', dryRun: false });
    expect(created.statusCode, created.body).toBe(201);
    const { id, status } = created.json();
    expect(status).toBe('Awaiting confirmation');
    const self = await post(`${URL}/erasures/${id}/confirm`, {});
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Another staff member must confirm this erasure');
    const second = await q.t.signIn({ email: 'second.staff@example.test' });
    const confirmed = await post(`${URL}/erasures/${id}/confirm`, {}, second);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const done = await settled(`${URL}/erasures/${id}`);
    expect(done.status, done.statusReason).toBe('Done');
    expect(done.changes).toMatchObject({ accounts: 1, invitees: 1, emailSends: 1, payments: 1, aiChats: 1 });

    // Every figure as it was.
    expect(await figures()).toEqual(before);
    // The payment stays, under the anonymised account; the other person is untouched.
    const payment = await q.t.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', s.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ amountCents: 5000, stripeSessionId: 'cs_test_zed', accountId: s.accountId });
    const account = await q.t.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', s.accountId)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ firstName: 'Erased', lastName: 'Person', phone: null, active: false });
    const olive = await q.t.db
      .selectFrom('invitees')
      .selectAll()
      .where('id', '=', s.oliveInvitee)
      .executeTakeFirstOrThrow();
    expect(olive.email).toBe(OTHER);
    expect(await q.t.db.selectFrom('aiChatMessages').select('id').execute()).toHaveLength(0);
    const progress = await q.t.db.selectFrom('learningComponentProgress').selectAll().executeTakeFirstOrThrow();
    expect(progress).toMatchObject({ answers: {}, score: 90 });

    // No table holds the markers, and no GET operation of the contract answers them.
    const dump = await sql<{ t: string }>`
      select string_agg(x::text, ' ') as t from (
        select to_jsonb(a) - 'password_hash' as x from accounts a union all select to_jsonb(i) from invitees i
        union all select to_jsonb(e) from email_sends e union all select to_jsonb(v) from email_events v
        union all select to_jsonb(b) from blocked_emails b union all select to_jsonb(l) from audit_log l
        union all select to_jsonb(m) from ai_chat_messages m union all select to_jsonb(p) from privacy_requests p) all_rows`.execute(
      q.t.db,
    );
    for (const marker of [...MARKERS, /zed\.quimby/i]) expect(dump.rows[0]!.t).not.toMatch(marker);
    const leaks = await scanGets();
    expect(leaks).toEqual([]);

    // The audit log keeps the erasure, naming the person by the hash only.
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action).sort()).toEqual(['privacy-erase', 'privacy-erase', 'privacy-erase-confirm']);
    expect(JSON.stringify(audit)).toMatch(/"person":"[0-9a-f]{64}"/);

    // Suppressed: found as erased, never sent to, and dropped from the next invitation database.
    expect((await get(`${URL}/people?email=${EMAIL}`)).json()).toMatchObject({ erased: true });
    expect([...(await erasedAddresses(q.t.db, [EMAIL.toUpperCase(), OTHER]))]).toEqual([EMAIL]);
    const upload = await q.request({
      method: 'POST',
      url: '/api/shared/file',
      ...multipart([
        { field: 'path', value: 'private/invitations/databases' },
        {
          file: 'next.csv',
          type: 'text/csv',
          bytes: Buffer.from(
            `First Name,Last Name,Email\nZed,Quimby,ZED.QUIMBY@students.example\nNew,Student,new.student@students.example\n`,
          ),
        },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const next = await post('/api/admin/logistics/invitations/dry-run', { databaseId: upload.json()[0].id });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({
      rowsRead: 2,
      valid: 1,
      removed: [{ reason: 'Erased at their request', count: 1 }],
    });
    // It calls every GET operation of the contract, as staff and as an API key: longer than one call's test.
  }, 90_000);
});

describe('privacy: the next registrar list', () => {
  it("processing keeps the erased person's row as removed without their data, and reads the FERPA column into the directory opt-out", async () => {
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const upload = await q.request({
      method: 'POST',
      url: '/api/shared/file',
      ...multipart([
        { field: 'path', value: 'private/invitations/databases' },
        {
          file: 'registrar.csv',
          type: 'text/csv',
          bytes: Buffer.from(
            'First Name,Last Name,Email,FERPA\nZed,Quimby,zed.quimby@students.example,\nHal,Hidden,hal@students.example,Y\nOpen,Olson,open@students.example,N\n',
          ),
        },
      ]),
    });
    const created = await post('/api/admin/logistics/invitations', {
      ...INVITATION_DEFAULTS,
      chapterId: s.chapterId,
      institutionId: s.institutionId,
      deadline: day,
      orientationDate: day,
      databaseId: upload.json()[0].id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    await vi.waitFor(
      async () => expect((await get(`/api/admin/logistics/invitations/${id}`)).json().status).not.toBe('DB Processing'),
      { timeout: 20_000, interval: 100 },
    );
    const rows = await q.t.db
      .selectFrom('invitees')
      .select(['email', 'removed', 'removedReason', 'directoryOptOut'])
      .where('invitationId', '=', id)
      .orderBy('rowNumber')
      .execute();
    expect(rows).toEqual([
      {
        email: 'erased@erased.invalid',
        removed: true,
        removedReason: 'Erased at their request',
        directoryOptOut: false,
      },
      { email: 'hal@students.example', removed: false, removedReason: null, directoryOptOut: true },
      { email: 'open@students.example', removed: false, removedReason: null, directoryOptOut: false },
    ]);
    // Nor does an accounts import bring them back: the row is rejected, its cells not stored.
    const file = await q.request({
      method: 'POST',
      url: '/api/shared/file',
      ...multipart([
        { field: 'path', value: 'private/imports' },
        {
          file: 'accounts.csv',
          type: 'text/csv',
          bytes: Buffer.from(
            'Legacy Id,First Name,Last Name,E-mail\n9101,Zed,Quimby,Zed.Quimby@students.example\n9102,Ivy,Import,ivy@students.example\n',
          ),
        },
      ]),
    });
    const started = await post('/api/admin/imports', { kind: 'accounts', fileId: file.json()[0].id, dryRun: false });
    expect(started.statusCode, started.body).toBe(201);
    const run = await vi.waitFor(
      async () => {
        const body = (await get(`/api/admin/imports/${started.json().id}`)).json();
        expect(body.status).toBe('Done');
        return body;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(run).toMatchObject({ countCreated: 1, countRejected: 1 });
    expect(run.firstRejected).toEqual([
      { rowNumber: 2, reason: 'Erased at their request', values: expect.any(Object) },
    ]);
    expect(JSON.stringify(run.firstRejected)).not.toMatch(/quimby/i);

    // The opted-out student is shown to staff with the flag.
    expect((await get(`${URL}/people?email=hal@students.example`)).json()).toMatchObject({ directoryOptOut: true });
  });
});

/** Every GET of the contract (path parameters filled with the seeded ids and codes) whose answer names them. */
async function scanGets(): Promise<string[]> {
  const ids = [s.accountId, s.zedInvitee, s.invitationId, s.paymentId, s.chapterId, s.institutionId];
  const leaks: string[] = [];
  let answered = 0;
  for (const { id, route } of contractRoutes()) {
    // Signing out (a GET, spec 01) would leave the rest of the scan unsigned.
    if (route.method !== 'GET' || route.path.endsWith('/auth/logout')) continue;
    const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const values = names.length === 0 ? [null] : ids;
    for (const value of values) {
      const url = route.path.replace(/:(\w+)/g, (_, name: string) =>
        /code/i.test(name) ? 'PRV-ZED001' : /uuid/i.test(name) ? '00000000-0000-4000-8000-000000000001' : String(value),
      );
      const res = await get(url);
      if (res.statusCode === 200) answered++;
      if (MARKERS.some((m) => m.test(res.body)) || /zed\.quimby/i.test(res.body)) leaks.push(`${id} ${url}`);
    }
  }
  // Signed in throughout: most GETs answered (a 401 would prove nothing).
  expect(answered).toBeGreaterThan(100);
  return leaks;
}
