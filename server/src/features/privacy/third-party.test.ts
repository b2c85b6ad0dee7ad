import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, permissionOf } from '@app/contract';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { insertApiKey } from '../../test/api-key-fixtures.js';
import { makeChapter } from '../../test/fixtures.js';
import { WITHHELD_EMAIL, WITHHELD_NAME } from '../../db/directory-opt-out.js';

/**
 * Issue 36 §5: a person with the FERPA directory opt-out is never named in an answer meant for a third party.
 * An API key holding every read and export permission of accounts, invitees and payments reads their lists, details
 * and exports and never gets an opted-out person's name, email, phone or address, while a staff session does.
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
  await t.db
    .insertInto('invitees')
    .values([invitee(HIDDEN), invitee(SHOWN)])
    .execute();
  const maker = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('admin', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const routes = [contract.accounts, contract.invitees, contract.payments].flatMap((router) => Object.values(router));
  const scopes = [...new Set(routes.map((route) => permissionOf(route as never) ?? ''))];
  key = await insertApiKey(
    t.db,
    maker.id,
    scopes.filter((s) => /:(read|export)$/.test(s)),
  );
});
afterAll(() => t?.close());

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
];

/** Whether an answer names the opted-out people: their names, addresses, phone or street. */
const names = (body: string) => body.toLowerCase().includes(HIDDEN) || body.includes('5550143');

describe('the directory opt-out toward third parties (API keys)', () => {
  it("withholds an opted-out person's name, email, phone and address from every list, detail and export", async () => {
    for (const url of urls()) {
      const res = await t.request({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(names(res.body), `${url} ${res.body}`).toBe(false);
      const isList = !/\/\d+$/.test(url);
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
});
