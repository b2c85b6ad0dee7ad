import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { SOCIETY_LOGO_KINDS } from '@app/contract';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { multipart } from '../../test/multipart.js';

let t: TestApp;
let admin: string;
let auditor: string;
beforeAll(async () => {
  ({ t, cookie: admin } = await createSignedInApp());
  auditor = await t.signIn({ email: 'settings-auditor@example.test', roles: ['ROLE_AUDITOR'] });
});
afterAll(() => t.close());

const URL = '/api/admin/tech/settings';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const address = { street1: '1 Honor Way', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' };

async function upload(path: string, file: string, type: string, bytes: Buffer): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: '/api/shared/file',
    cookie: admin,
    ...multipart([
      { field: 'path', value: path },
      { field: 'public', value: 'true' },
      { field: 'commit', value: 'false' },
      { file, type, bytes },
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[0].id;
}

const put = (payload: unknown, cookie = admin) =>
  t.request({ method: 'PUT', url: URL, payload: payload as object, cookie });

describe('society settings', () => {
  it('reads the defaults: no address, no logo, no key before the first badge', async () => {
    const res = await t.request({ method: 'GET', url: URL, cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Honor Society', logo: null, issuerKey: null, issuerKeys: [] });
    expect(res.json().address).toMatchObject({ street1: null, city: null, country: null });
  });

  it('saves name, address and logo (committed, printed address lines), audited', async () => {
    const logoId = await upload('public/society/logo', 'crest.png', 'image/png', PNG);
    const res = await put({ name: 'Alpha Honor Society', address, logoId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Alpha Honor Society',
      address: { ...address, street2: null },
      logo: { id: logoId, fileName: 'crest.png', contentType: 'image/png' },
    });
    const row = await t.db.selectFrom('societySettings').selectAll().executeTakeFirstOrThrow();
    expect(row.address).toBe('1 Honor Way\nSpringfield, IL 62701\nUS');
    expect(row.logoFileId).toBe(logoId);
    const file = await t.db.selectFrom('files').select('committed').where('id', '=', logoId).executeTakeFirstOrThrow();
    expect(file.committed).toBe(true);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('entity', '=', 'society_settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('update');
    expect(audit.changes).toMatchObject({ name: { old: 'Honor Society', new: 'Alpha Honor Society' } });
    expect((await t.request({ method: 'GET', url: URL, cookie: admin })).json().name).toBe('Alpha Honor Society');
  });

  it('prints the saved logo on the certificate a member downloads (besides its QR code)', async () => {
    const email = 'logo-member@example.edu';
    const cookie = await t.signIn({ admin: false, email });
    await t.db
      .updateTable('accounts')
      .set({ memberAt: new Date('2026-03-14T12:00:00Z') })
      .where('email', '=', email)
      .execute();
    const res = await t.request({ method: 'GET', url: '/api/member/certificate.pdf?size=letter', cookie });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await PDFDocument.load(res.rawPayload)).getPage(0);
    const images = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys() ?? [];
    expect(images).toHaveLength(2);
  });

  it('answers the issuer public key (JWK, PEM, key id) once generated, never the private part', async () => {
    const pair = generateKeyPairSync('ed25519');
    const jwk = pair.publicKey.export({ format: 'jwk' });
    await t.db
      .insertInto('issuerKeys')
      .values({ number: 1, publicJwk: JSON.stringify(jwk), secretKey: 'sealed' })
      .execute();
    const res = await t.request({ method: 'GET', url: URL, cookie: admin });
    expect(res.json().issuerKey).toMatchObject({ jwk, kid: expect.stringMatching(/\/issuer\/key-1$/) });
    expect(res.json().issuerKey.pem).toBe(pair.publicKey.export({ type: 'spki', format: 'pem' }));
    expect(res.body).not.toContain('sealed');
  });

  it('refuses bad input with clear 400s and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ name: '', address }, 'Name is required'],
      [{ name: 'X', address: { ...address, country: 'FR' } }, ''],
      [{ name: 'X', address, logoId: 2147480000 }, 'Logo file not found'],
      [
        { name: 'X', address, logoId: await upload('public/institutions/logos', 'a.gif', 'image/gif', GIF) },
        SOCIETY_LOGO_KINDS,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await put(payload);
      expect(res.statusCode, res.body).toBe(400);
      if (message) expect(res.json().message).toContain(message);
    }
    expect((await t.db.selectFrom('societySettings').select('name').executeTakeFirstOrThrow()).name).toBe(
      'Alpha Honor Society',
    );
  });

  it('lets a reader read but not write, and no one signed out', async () => {
    expect((await t.request({ method: 'GET', url: URL, cookie: auditor })).statusCode).toBe(200);
    expect((await put({ name: 'Auditor Society', address }, auditor)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
