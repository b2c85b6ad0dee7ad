import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, permissionOf } from '@app/contract';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { insertApiKey } from '../../test/api-key-fixtures.js';
import { makeChapter } from '../../test/fixtures.js';
import { WITHHELD_EMAIL, WITHHELD_NAME } from '../../db/directory-opt-out.js';

/**
 * Issue 36 §5: a person with the FERPA directory opt-out is never named in an answer meant for a third party.
 * An API key holding every read and export permission of accounts, invitees, payments, the send log, blocked emails
 * and the audit log reads their lists, details and exports and never gets an opted-out person's name, email, phone
 * or address, also where a row only concerns them (a send, its events, an audit row), nor finds their rows by a
 * search, while a staff session does.
 */
const HIDDEN = 'zqhidden';
const SHOWN = 'zqshown';
const PHONE = '+12025550143';
let t: TestApp;
let cookie: string;
let key: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ t, cookie } = await createSignedInApp());
  const { institutionId, chapterId } = await makeChapter(t.db, ['Optout University', 'OOU'], ['Optout Chapter', 'OOC']);
  const person = (marker: string, role: string) => ({
    firstName: `${marker}first`,
    lastName: `${marker}${role}`,
    email: `${marker}.${role}@example.test`,
    phone: marker === HIDDEN ? PHONE : null,
    address: JSON.stringify({ street1: `${marker} street`, city: `${marker}city` }),
    directoryOptOut: marker === HIDDEN,
    institutionId,
    chapterId,
  });
  const accounts = await t.db
    .insertInto('accounts')
    .values([
      { ...person(HIDDEN, 'member'), memberAt: new Date(), pledgedAt: new Date() },
      { ...person(HIDDEN, 'pledge'), pledgedAt: new Date() },
      { ...person(SHOWN, 'member'), memberAt: new Date(), pledgedAt: new Date() },
      { ...person(SHOWN, 'pledge'), pledgedAt: new Date() },
    ])
    .returning('id')
    .execute();
  [ids.member, ids.pledge] = [accounts[0]!.id, accounts[1]!.id];
  await t.db
    .insertInto('payments')
    .values([accounts[0]!, accounts[2]!].map((a) => ({ accountId: a.id, amountCents: 9500, method: 'check' })))
    .execute();
  const invitation = await t.db
    .insertInto('invitations')
    .values({ chapterId, institutionId, deadline: '2030-01-31', orientationDate: '2030-02-15' })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.invitation = invitation.id;
  const invitee = (marker: string) => ({
    invitationId: invitation.id,
    salutation: `${marker}salutation`,
    firstName: `${marker}first`,
    lastName: `${marker}invitee`,
    email: `${marker}.invitee@example.test`,
    phoneNumber: marker === HIDDEN ? PHONE : null,
    major: `${marker}major`,
    mailingAddress: JSON.stringify({ street: `${marker} street`, city: `${marker}city` }),
    directoryOptOut: marker === HIDDEN,
  });
  const invitees = await t.db
    .insertInto('invitees')
    .values([invitee(HIDDEN), invitee(SHOWN)])
    .returning('id')
    .execute();
  ids.invitee = invitees[0]!.id;
  await seedLogs(
    invitation.id,
    invitees.map((i) => i.id),
    accounts.map((a) => a.id),
  );
  const maker = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('admin', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const routers = [contract.accounts, contract.invitees, contract.payments, contract.emails, contract.blockedEmails];
  const routes = [...routers, contract.auditLog].flatMap((router) => Object.values(router));
  const scopes = [...new Set(routes.map((route) => permissionOf(route as never) ?? ''))];
  key = await insertApiKey(
    t.db,
    maker.id,
    scopes.filter((s) => /:(read|export)$/.test(s)),
  );
});
afterAll(() => t?.close());

/**
 * Rows that only concern a person: sends (by invitee, by account, and by address alone), an event of the hidden
 * invitee's send naming its address, the outbox's copies of two sends, blocked addresses, and audit rows about, by
 * or naming each person.
 * `inviteeIds` and `accountIds` as seeded: hidden then shown (accounts: hidden member, hidden pledge, shown ...).
 */
async function seedLogs(invitationId: number, inviteeIds: number[], accountIds: number[]) {
  const [hiddenInvitee, shownInvitee] = inviteeIds as [number, number];
  const [hiddenMember, hiddenPledge, shownMember] = accountIds as [number, number, number];
  const send = (marker: string, who: string, link: { inviteeId?: number; accountId?: number }) => ({
    source: link.inviteeId ? ('invitation_email' as const) : ('welcome_email' as const),
    sourceId: String(invitationId),
    recipientKey: `${marker}.${who}`,
    emailTo: `${marker}.${who}@example.test`,
    emailType: link.inviteeId ? ('Invitation' as const) : ('Transactional' as const),
    tokenValues: JSON.stringify({}),
    subject: `Welcome, ${marker}first`,
    sendStatusMessage: `250 accepted for ${marker}.${who}@example.test`,
    ...link,
  });
  const sends = await t.db
    .insertInto('emailSends')
    .values([
      send(HIDDEN, 'invitee', { inviteeId: hiddenInvitee }),
      send(HIDDEN, 'member', { accountId: hiddenMember }),
      send(HIDDEN, 'pledge', {}),
      send(SHOWN, 'invitee', { inviteeId: shownInvitee }),
    ])
    .returning('id')
    .execute();
  ids.send = sends[0]!.id;
  const outbox = await t.db
    .insertInto('emailOutbox')
    .values(
      [HIDDEN, SHOWN].map((m, i) => ({
        sendId: sends[i * 3]!.id,
        fromAddress: 'society@example.test',
        toAddress: `${m}.invitee@example.test`,
        subject: `Welcome, ${m}first`,
        html: `<p>Dear ${m}first</p>`,
        text: `Dear ${m}first`,
        headers: JSON.stringify({ To: `${m}.invitee@example.test` }),
      })),
    )
    .returning('id')
    .execute();
  ids.outbox = outbox[0]!.id;
  await t.db
    .insertInto('emailEvents')
    .values({ sendId: ids.send, name: 'bounced_hard', message: `550 no such user ${HIDDEN}.invitee@example.test` })
    .execute();
  await t.db
    .insertInto('blockedEmails')
    .values([HIDDEN, SHOWN].map((m) => ({ email: `${m}.member@example.test`, emailType: 'All' as const, reason: 'x' })))
    .execute();
  const changed = (marker: string) => JSON.stringify({ email: { old: `${marker}.invitee@example.test`, new: 'x' } });
  await t.db
    .insertInto('auditLog')
    .values([
      { action: 'update', entity: 'invitees', entityId: String(hiddenInvitee), changes: changed(HIDDEN) },
      { action: 'update', entity: 'invitees', entityId: String(shownInvitee), changes: changed(SHOWN) },
      {
        action: 'sign-in-failed',
        entity: 'accounts',
        entityId: String(hiddenMember),
        detail: JSON.stringify({ email: `${HIDDEN}.member@example.test`, step: 'password' }),
      },
      { action: 'pledge-link', entity: 'accounts', entityId: String(hiddenPledge), accountId: hiddenPledge },
      { action: 'pledge-link', entity: 'accounts', entityId: String(shownMember), accountId: shownMember },
      // A row about another record that quotes the person's address (a blocked address), and a staff export whose
      // search names them: free text a key never reads.
      {
        action: 'create',
        entity: 'blocked_emails',
        entityId: '999999',
        changes: JSON.stringify({ email: { old: null, new: `${HIDDEN}.member@example.test` } }),
      },
      {
        action: 'export',
        entity: 'invitees',
        detail: JSON.stringify({ file: 'seeded-invitees.csv', filters: { search: `${HIDDEN}first` } }),
      },
      // A payment's row names its account only by id: the name the log shows beside it is withheld.
      {
        action: 'create',
        entity: 'payments',
        entityId: '1',
        changes: JSON.stringify({ account_id: { old: null, new: hiddenMember } }),
      },
    ])
    .execute();
}

const urls = () => [
  '/api/admin/accounts',
  `/api/admin/accounts/${ids.member}`,
  `/api/admin/accounts/${ids.pledge}`,
  '/api/admin/accounts/legacy',
  `/api/admin/accounts/legacy/${ids.member}`,
  '/api/admin/accounts/pledges',
  `/api/admin/accounts/legacy/${ids.pledge}`,
  '/api/admin/accounts/legacy/export',
  '/api/admin/accounts/legacy/export?status=pledge',
  '/api/admin/logistics/invitees',
  `/api/admin/logistics/invitations/${ids.invitation}/invitees`,
  '/api/admin/logistics/invitees/export',
  `/api/admin/logistics/invitations/${ids.invitation}/invitees/export`,
  '/api/admin/accounts/payments',
  '/api/admin/accounts/payments/export',
  '/api/admin/tech/emails',
  `/api/admin/tech/emails/${ids.send}/events`,
  '/api/admin/tech/outbox',
  `/api/admin/tech/outbox/${ids.outbox}`,
  '/api/admin/tech/emails-feedback',
  '/api/admin/tech/emails-feedback/export',
  '/api/admin/tech/audit-log?pageSize=100',
  '/api/admin/tech/audit-log/export',
];

/** Whether an answer names the opted-out people: their names, addresses, phone or street. */
const names = (body: string) => body.toLowerCase().includes(HIDDEN) || body.includes('5550143');

describe('the directory opt-out toward third parties (API keys)', () => {
  it("withholds an opted-out person's name, email, phone and address from every list, detail and export", async () => {
    for (const url of urls()) {
      const res = await t.request({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(names(res.body), `${url} ${res.body}`).toBe(false);
      const isList = !/\/\d+(\/events)?$/.test(url);
      if (isList) expect(res.body.toLowerCase(), url).toContain(SHOWN);
    }
  });

  it('while a staff session reads every one of them, the opted-out people named', async () => {
    for (const url of urls()) {
      const res = await t.request({ method: 'GET', url, cookie });
      expect(res.statusCode, url).toBe(200);
      expect(names(res.body), url).toBe(true);
    }
  });

  it('keeps the id and the opt-out, with fixed placeholders the contract accepts', async () => {
    const get = (url: string) =>
      t.request({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } }).then((r) => r.json());
    const account = await get(`/api/admin/accounts/${ids.member}`);
    expect(contract.accounts.get.responses[200].parse(account)).toMatchObject({
      id: ids.member,
      directoryOptOut: true,
      firstName: WITHHELD_NAME,
      fullName: WITHHELD_NAME,
      email: WITHHELD_EMAIL,
      phone: null,
      address: { street1: null, city: null },
    });
    const member = await get(`/api/admin/accounts/legacy/${ids.member}`);
    expect(member).toMatchObject({ id: ids.member, directoryOptOut: true, fullname: WITHHELD_NAME });
    const invitees = await get(`/api/admin/logistics/invitations/${ids.invitation}/invitees`);
    const parsed = contract.invitees.ofInvitation.responses[200].parse(invitees);
    expect(parsed.items.find((i) => i.directoryOptOut)).toMatchObject({
      firstName: WITHHELD_NAME,
      email: WITHHELD_EMAIL,
      phoneNumber: null,
      salutation: null,
      major: null,
      mailingAddress: {},
    });
    expect(parsed.items.find((i) => !i.directoryOptOut)).toMatchObject({ email: `${SHOWN}.invitee@example.test` });
  });

  it("finds none of an opted-out person's rows by a search on their name or email, while staff find them", async () => {
    // Each list with the searches it answers: a name (first name) and an email (the address's start).
    const [name, email] = [`${HIDDEN}first`, `${HIDDEN}.`];
    const lists: [string, string[]][] = [
      ['/api/admin/accounts', [name, email]],
      ['/api/admin/accounts/legacy', [name, email]],
      ['/api/admin/accounts/pledges', [name, email]],
      ['/api/admin/logistics/invitees', [name, email]],
      [`/api/admin/logistics/invitations/${ids.invitation}/invitees`, [name, email]],
      ['/api/admin/accounts/payments', [name, email]],
      ['/api/admin/tech/emails', [name, email]],
      ['/api/admin/tech/outbox', [name, email]],
      ['/api/admin/tech/emails-feedback', [email]],
      ['/api/admin/tech/audit-log', [name]],
    ];
    for (const [list, searches] of lists) {
      for (const search of searches) {
        const url = `${list}?search=${encodeURIComponent(search)}`;
        const asKey = await t.request({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
        expect(asKey.statusCode, `${url} ${asKey.body}`).toBe(200);
        expect(asKey.json().pagination.totalItems, `${url} ${asKey.body}`).toBe(0);
        const asStaff = await t.request({ method: 'GET', url, cookie });
        expect(asStaff.json().pagination.totalItems, `${url} as staff`).toBeGreaterThan(0);
      }
      // Another person's rows are found as before.
      const url = `${list}?search=${SHOWN}`;
      const shown = await t.request({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
      expect(shown.json().pagination.totalItems, url).toBeGreaterThan(0);
    }
  });

  it('withholds the sends, events and audit rows that concern an opted-out person, with placeholders', async () => {
    const get = (url: string) =>
      t.request({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } }).then((r) => r.json());
    const sends = contract.emails.list.responses[200].parse(await get('/api/admin/tech/emails?sort=id:asc'));
    expect(sends.items.filter((s) => s.directoryOptOut)).toHaveLength(3);
    expect(sends.items.find((s) => s.id === ids.send)).toMatchObject({
      emailTo: WITHHELD_EMAIL,
      subject: WITHHELD_NAME,
      sendStatusMessage: null,
    });
    expect(sends.items.find((s) => !s.directoryOptOut)).toMatchObject({ emailTo: `${SHOWN}.invitee@example.test` });
    const message = await get(`/api/admin/tech/outbox/${ids.outbox}`);
    expect(contract.emails.outboxMessage.responses[200].parse(message)).toMatchObject({
      directoryOptOut: true,
      toAddress: WITHHELD_EMAIL,
      subject: WITHHELD_NAME,
      html: '',
      text: '',
      headers: {},
    });
    const events = contract.emails.events.responses[200].parse(await get(`/api/admin/tech/emails/${ids.send}/events`));
    expect(events.items).toMatchObject([{ name: 'bouncedHard', message: null }]);
    const log = contract.auditLog.list.responses[200].parse(await get('/api/admin/tech/audit-log?pageSize=100'));
    const about = (entity: string, id?: number) =>
      log.items.find((r) => r.entity === entity && r.entityId === String(id));
    expect(about('invitees', ids.invitee)).toMatchObject({ directoryOptOut: true, changes: null, names: {} });
    expect(about('accounts', ids.member)).toMatchObject({ directoryOptOut: true, detail: null });
    expect(about('accounts', ids.pledge)).toMatchObject({ directoryOptOut: true, actorName: WITHHELD_NAME });
    const payment = log.items.find((r) => r.entity === 'payments' && r.action === 'create');
    expect(payment?.names).toEqual({ [`accounts:${ids.member}`]: WITHHELD_NAME });
    expect(about('blocked_emails', 999999)).toMatchObject({ directoryOptOut: true, changes: null });
    expect(log.items.find((r) => r.detail?.file === 'seeded-invitees.csv')?.detail).toEqual({
      file: 'seeded-invitees.csv',
      filters: { search: WITHHELD_NAME },
    });
    expect(log.items.filter((r) => r.directoryOptOut)).toHaveLength(4);
  });
});
