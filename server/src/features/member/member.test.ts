import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { EMAIL_CHANGE_SENT, EMAIL_TAKEN } from '@app/contract';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';
import { makeChapter, makePayment } from '../../test/fixtures.js';
import { pdfText } from '../../test/pdf-read.js';
import { revokedBit as revokedBitOf, verifyJws as verifyJwsOf } from '../../test/badge-verify.js';

let q: QueuedApp;
let db: QueuedApp['t']['db'];
beforeAll(async () => {
  q = await createQueuedApp({ PUBLIC_URL: 'https://members.example.org' });
  db = q.t.db;
});
afterAll(() => q.close());

/** The QR codes on a PDF's pages: each RGB image drawn on it, decoded by jsQR. */
async function pdfQrCodes(bytes: Buffer): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const found: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const raw = decodePDFRawStream(object).decode();
    if (raw.length !== width * height * 3) continue; // only the RGB images (not the alpha masks)
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let p = 0; p < width * height; p++) {
      rgba.set([raw[p * 3]!, raw[p * 3 + 1]!, raw[p * 3 + 2]!, 255], p * 4);
    }
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}

let k = 0;
/** A member of a chapter with leaders named, signed in; `memberAt` null makes a pledge. */
async function member(opts: { memberAt?: Date | null } = {}) {
  const n = ++k;
  const { chapterId, institutionId } = await makeChapter(
    db,
    [`State University ${n}`, `SU${n}`],
    [`Alpha Chapter ${n}`, `AC${n}`],
  );
  await db
    .updateTable('chapters')
    .set({ invitationAdvisor1Name: 'Dr. Grace Hopper', invitationPresidentName: 'Ada Lovelace' })
    .where('id', '=', chapterId)
    .execute();
  const email = `member-${n}@example.edu`;
  const cookie = await q.t.signIn({ admin: false, email });
  const memberAt = opts.memberAt === undefined ? new Date('2026-03-14T12:00:00Z') : opts.memberAt;
  const account = await db
    .updateTable('accounts')
    .set({ chapterId, institutionId, memberAt, pledgedAt: new Date('2026-03-01T12:00:00Z') })
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: account.id, cookie, email, chapter: `Alpha Chapter ${n}`, institution: `State University ${n}` };
}

const pay = (accountId: number, extra?: Parameters<typeof makePayment>[2]) => makePayment(db, accountId, extra);

const get = (url: string, cookie: string) => q.request({ method: 'GET', url, cookie });

describe('receipts', () => {
  it('issues one numbered receipt per payment, whose PDF carries the society, member, amount, method, date and Stripe id', async () => {
    const m = await member();
    const p = await pay(m.id);
    const list = await get('/api/member/receipts', m.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    const [receipt] = list.json();
    expect(receipt).toMatchObject({ kind: 'receipt', amountCents: 9500, currency: 'usd', method: 'stripe' });
    expect(receipt.number).toMatch(/^R-\d{6}$/);

    const res = await get(receipt.pdfUrl, m.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${receipt.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    for (const field of [
      'Honor Society',
      `Receipt number ${receipt.number}`,
      'Member Max Tester',
      `Email ${m.email}`,
      'Amount paid $95.00',
      'Currency USD',
      'Method Card (Stripe)',
      'Date March 14, 2026',
      `Stripe payment id ${p.stripePaymentIntentId}`,
    ])
      expect(text).toContain(field);

    // Stable: the same number on every read, and the staff download is the same document.
    expect((await get('/api/member/receipts', m.cookie)).json()[0].number).toBe(receipt.number);
    const staff = await get(`/api/admin/accounts/payments/${p.id}/receipt.pdf`, q.cookie);
    expect(staff.statusCode).toBe(200);
    expect(await pdfText(staff.rawPayload)).toBe(text);
  });

  it('numbers receipts uniquely in payment order, with a zero receipt for a waived fee', async () => {
    const a = await member();
    const b = await member();
    await pay(a.id);
    await pay(b.id, { method: 'waived', amountCents: 0 });
    const [ra] = (await get('/api/member/receipts', a.cookie)).json();
    const [rb] = (await get('/api/member/receipts', b.cookie)).json();
    expect(Number(rb.number.slice(2))).toBeGreaterThan(Number(ra.number.slice(2)));
    expect(rb).toMatchObject({ amountCents: 0, method: 'waived' });
    const text = await pdfText((await get(rb.pdfUrl, b.cookie)).rawPayload);
    expect(text).toContain('Amount paid $0.00');
    expect(text).toContain('Method Fee waived');
  });

  it('issues a credit note on a refund, naming the refunded receipt', async () => {
    const m = await member();
    const p = await pay(m.id);
    await db
      .updateTable('payments')
      .set({ refundedCents: 9500, refundedAt: new Date('2026-04-02T09:00:00Z') })
      .where('id', '=', p.id)
      .execute();
    const list = (await get('/api/member/receipts', m.cookie)).json();
    expect(list.map((r: { kind: string }) => r.kind)).toEqual(['credit_note', 'receipt']);
    const [note, receipt] = list;
    expect(note.number).toMatch(/^C-\d{6}$/);
    expect(note).toMatchObject({ amountCents: 9500, refundOf: receipt.number });
    const text = await pdfText((await get(note.pdfUrl, m.cookie)).rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(`Refund of receipt ${receipt.number}`);
    expect(text).toContain('Amount refunded $95.00');
    expect(text).toContain('Date April 2, 2026');
    // Writing the same refunded amount again issues nothing more.
    await db.updateTable('payments').set({ refundedCents: 9500 }).where('id', '=', p.id).execute();
    expect((await get('/api/member/receipts', m.cookie)).json()).toHaveLength(2);
    const staff = await get(`/api/admin/accounts/payments/${p.id}/receipt.pdf?kind=credit_note`, q.cookie);
    expect(await pdfText(staff.rawPayload)).toBe(text);
  });

  it("answers 404 for another member's receipt, and members may not use the staff download", async () => {
    const a = await member();
    const b = await member();
    const p = await pay(a.id);
    const [receipt] = (await get('/api/member/receipts', a.cookie)).json();
    expect((await get(receipt.pdfUrl, b.cookie)).statusCode).toBe(404);
    expect((await get(`/api/admin/accounts/payments/${p.id}/receipt.pdf`, b.cookie)).statusCode).toBe(403);
    expect((await get('/api/member/receipts/abc.pdf', a.cookie)).statusCode).toBe(400);
  });
});

describe('membership certificate', () => {
  it('issues one certificate whose PDF (A4 and Letter, landscape) names the member, chapter, institution, date, leaders and number, with a QR code of its verification link', async () => {
    const m = await member();
    await q.request({
      method: 'PUT',
      url: '/api/member/profile',
      cookie: m.cookie,
      payload: { firstName: 'Max', lastName: 'Tester', certificateName: 'Maximilian Q. Tester' },
    });
    const res = await get('/api/member/certificate', m.cookie);
    expect(res.statusCode).toBe(200);
    const cert = res.json();
    expect(cert.number).toMatch(/^MC-\d{6}$/);
    expect(cert.verifyUrl).toBe(`https://members.example.org/verify/${cert.id}`);
    expect((await get('/api/member/certificate', m.cookie)).json()).toEqual(cert);

    for (const [size, [w, h]] of [
      ['a4', [841.89, 595.28]],
      ['letter', [792, 612]],
    ] as const) {
      // Its time (< 300 ms a certificate) is the certificates bench's figure, not a timed test's.
      const pdf = await get(`/api/member/certificate.pdf?size=${size}`, m.cookie);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const page = (await PDFDocument.load(pdf.rawPayload)).getPage(0).getSize();
      expect([Math.round(page.width), Math.round(page.height)]).toEqual([Math.round(w), Math.round(h)]);
      const text = await pdfText(pdf.rawPayload);
      for (const field of [
        'Certificate of Membership',
        'Maximilian Q. Tester',
        `is a member of ${m.chapter}, ${m.institution}`,
        'since March 14, 2026',
        'Dr. Grace Hopper',
        'Chapter Advisor',
        'Ada Lovelace',
        'Chapter President',
        `Certificate No. ${cert.number}`,
      ])
        expect(text).toContain(field);
      expect(await pdfQrCodes(pdf.rawPayload)).toEqual([cert.verifyUrl]);
    }
    expect((await get('/api/member/certificate.pdf?size=a3', m.cookie)).statusCode).toBe(400);
  });

  it('has no certificate for a pledge', async () => {
    const p = await member({ memberAt: null });
    expect((await get('/api/member/certificate', p.cookie)).statusCode).toBe(404);
    expect((await get('/api/member/certificate.pdf', p.cookie)).statusCode).toBe(404);
  });

  it('verifies publicly: valid, revoked (audited), reissued, unknown; an opted-out name only with the number', async () => {
    const m = await member();
    const cert = (await get('/api/member/certificate', m.cookie)).json();
    const verify = (id: string, query = '') =>
      q.request({ method: 'GET', url: `/api/public/certificates/${id}${query}`, cookie: '' });
    expect((await verify(cert.id)).json()).toEqual({
      state: 'valid',
      name: 'Max Tester',
      chapter: m.chapter,
      institution: m.institution,
      memberSince: '2026-03-14',
      nameNeedsNumber: false,
    });
    expect((await verify('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await verify('not-a-uuid')).statusCode).toBe(404);

    await q.request({
      method: 'PUT',
      url: '/api/member/profile',
      cookie: m.cookie,
      payload: { firstName: 'Max', lastName: 'Tester', directoryOptOut: true },
    });
    expect((await verify(cert.id)).json()).toMatchObject({ state: 'valid', name: null, nameNeedsNumber: true });
    expect((await verify(cert.id, `?number=${cert.number.toLowerCase()}`)).json()).toMatchObject({
      name: 'Max Tester',
    });
    expect((await verify(cert.id, '?number=MC-999999')).json()).toMatchObject({ name: null });

    const revoke = await q.request({
      method: 'POST',
      url: `/api/admin/accounts/${m.id}/certificate/revoke`,
      payload: { reason: 'Membership ended' },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().certificate).toMatchObject({ id: cert.id, state: 'revoked' });
    expect((await verify(cert.id)).json()).toMatchObject({ state: 'revoked' });
    expect((await get('/api/member/certificate', m.cookie)).statusCode).toBe(404);
    const audit = await db
      .selectFrom('auditLog')
      .selectAll()
      .where('entity', '=', 'certificates')
      .where('entityId', '=', cert.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('update');

    const reissue = await q.request({ method: 'POST', url: `/api/admin/accounts/${m.id}/certificate/reissue` });
    expect(reissue.statusCode).toBe(200);
    const fresh = (await get('/api/member/certificate', m.cookie)).json();
    expect(fresh.id).not.toBe(cert.id);
    expect(fresh.number).not.toBe(cert.number);
    expect(reissue.json().certificate).toMatchObject({ id: fresh.id, state: 'valid' });
    expect((await verify(fresh.id)).json()).toMatchObject({ state: 'valid' });
    expect((await verify(cert.id)).json()).toMatchObject({ state: 'revoked' });
    // A member cannot revoke, and sees only their own certificate.
    const other = await member();
    expect(
      (
        await q.request({
          method: 'POST',
          url: `/api/admin/accounts/${m.id}/certificate/reissue`,
          cookie: other.cookie,
        })
      ).statusCode,
    ).toBe(403);
    expect((await get('/api/member/certificate', other.cookie)).json().id).not.toBe(fresh.id);
  });
});

describe('member profile', () => {
  it('saves only the own profile and audits the change as the member', async () => {
    const m = await member();
    const res = await q.request({
      method: 'PUT',
      url: '/api/member/profile',
      cookie: m.cookie,
      payload: {
        firstName: 'Maxine',
        lastName: 'Tester-Smith',
        phone: '555-0100',
        address: { city: 'Austin', state: 'TX' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Maxine',
      lastName: 'Tester-Smith',
      phone: '555-0100',
      email: m.email,
      address: { city: 'Austin', state: 'TX', street1: null },
      status: {
        state: 'member',
        chapter: m.chapter,
        institution: m.institution,
        memberSince: '2026-03-14T12:00:00.000Z',
      },
    });
    const audit = await db
      .selectFrom('auditLog')
      .selectAll()
      .where('entity', '=', 'accounts')
      .where('entityId', '=', String(m.id))
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(audit.accountId).toBe(m.id);
    expect(audit.changes).toMatchObject({
      firstName: { old: 'Max', new: 'Maxine' },
      lastName: { old: 'Tester', new: 'Tester-Smith' },
    });

    const bad = await q.request({
      method: 'PUT',
      url: '/api/member/profile',
      cookie: m.cookie,
      payload: { firstName: ' ', lastName: 'X' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    expect((await q.request({ method: 'GET', url: '/api/member/profile', cookie: '' })).statusCode).toBe(401);
  });

  it('changes the email only through a single-use link sent to the new address, audited', async () => {
    const m = await member();
    const other = await member();
    const taken = await q.request({
      method: 'POST',
      url: '/api/member/profile/email',
      cookie: m.cookie,
      payload: { email: other.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(EMAIL_TAKEN);
    expect(
      (
        await q.request({
          method: 'POST',
          url: '/api/member/profile/email',
          cookie: m.cookie,
          payload: { email: 'nope' },
        })
      ).statusCode,
    ).toBe(400);

    const res = await q.request({
      method: 'POST',
      url: '/api/member/profile/email',
      cookie: m.cookie,
      payload: { email: 'new-address@example.com' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(EMAIL_CHANGE_SENT);
    expect((await get('/api/member/profile', m.cookie)).json()).toMatchObject({
      email: m.email,
      pendingEmail: 'new-address@example.com',
    });
    const send = await db
      .selectFrom('emailSends')
      .selectAll()
      .where('source', '=', 'email_change')
      .where('accountId', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(send.emailTo).toBe('new-address@example.com');
    const token = /confirm-email\?token=([\w-]+)/.exec(send.tokenValues.confirmUrl ?? '')?.[1];
    expect(token).toBeTruthy();

    const confirm = () =>
      q.request({ method: 'POST', url: '/api/public/email-change/confirm', cookie: '', payload: { token } });
    const first = await confirm();
    expect(first.statusCode).toBe(200);
    expect(first.json().email).toBe('new-address@example.com');
    expect((await get('/api/member/profile', m.cookie)).json()).toMatchObject({
      email: 'new-address@example.com',
      pendingEmail: null,
    });
    expect((await confirm()).statusCode).toBe(404);
    const audit = await db
      .selectFrom('auditLog')
      .selectAll()
      .where('entity', '=', 'accounts')
      .where('entityId', '=', String(m.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      accountId: m.id,
      changes: { email: { old: m.email, new: 'new-address@example.com' } },
    });
  });
});

describe('Open Badges 3.0', () => {
  /** A program the member finished (spec 03: progress at 100%). */
  async function finishedProgram(accountId: number, name: string) {
    const program = await db
      .insertInto('programs')
      .values({ name, slug: name.toLowerCase().replace(/\W+/g, '-'), summary: `${name}: lead a chapter project.` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('learningProgramProgress')
      .values({ accountId, programId: program.id, finishedAt: new Date('2026-05-01T10:00:00Z') })
      .execute();
    return program.id;
  }

  const verifyJws = (jws: string) => verifyJwsOf(q.request, jws);
  const revokedBit = (index: number) => revokedBitOf(q.request, index);

  it('issues a signed OpenBadgeCredential for a completed program, served as JSON, VC-JWT and HTML, revocable through the status list', async () => {
    const m = await member();
    await finishedProgram(m.id, 'Leadership Lab');
    const list = await get('/api/member/badges', m.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    const [badge] = list.json();
    expect(badge).toMatchObject({
      name: 'Leadership Lab',
      revoked: false,
      url: `https://members.example.org/badges/${badge.id}`,
    });
    const linkedIn = new URL(badge.linkedInUrl);
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(linkedIn.searchParams)).toMatchObject({
      startTask: 'CERTIFICATION_NAME',
      name: 'Leadership Lab',
      organizationName: 'Honor Society',
      issueYear: '2026',
      issueMonth: '5',
      certUrl: badge.url,
    });
    // A second look issues nothing more.
    expect((await get('/api/member/badges', m.cookie)).json()).toHaveLength(1);

    const path = `/badges/${badge.id}`;
    const jwtRes = await q.request({ method: 'GET', url: path, cookie: '', headers: { accept: 'application/vc+jwt' } });
    expect(jwtRes.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    const { ok, header, payload } = await verifyJws(jwtRes.body);
    expect(ok).toBe(true);
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'JWT', kid: 'https://members.example.org/issuer/key-1' });
    const vc = payload.vc;
    // The OB 3.0 JWT claims mirror the credential (OB 3.0 §8.2).
    expect(payload).toMatchObject({ iss: vc.issuer.id, jti: vc.id, sub: vc.credentialSubject.id });
    expect(payload.nbf).toBe(Date.parse(vc.issuanceDate) / 1000);
    // The required shape of an OpenBadgeCredential (OB 3.0 AchievementCredential, Achievement, Profile).
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const valid = ajv.validate(OPEN_BADGE_CREDENTIAL, vc);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(vc.credentialSubject.achievement).toMatchObject({
      name: 'Leadership Lab',
      description: 'Leadership Lab: lead a chapter project.',
    });
    expect(JSON.stringify(vc)).not.toContain(m.email);

    const json = await q.request({ method: 'GET', url: path, cookie: '', headers: { accept: 'application/ld+json' } });
    expect(json.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(json.json()).toEqual(vc);
    const file = await q.request({ method: 'GET', url: `${path}.json`, cookie: '' });
    expect(file.headers['content-disposition']).toBe(`attachment; filename="badge-${badge.id}.json"`);
    expect(file.json()).toEqual(vc);
    const html = await q.request({ method: 'GET', url: path, cookie: '', headers: { accept: 'text/html' } });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('Leadership Lab');
    expect(html.body).toContain('Valid Open Badge');
    const issuer = (await q.request({ method: 'GET', url: '/issuer', cookie: '' })).json();
    expect(issuer).toMatchObject({ id: vc.issuer.id, type: ['Profile'], name: 'Honor Society' });
    expect(issuer.publicKey.publicKeyJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    expect(issuer.publicKey.publicKeyJwk.d).toBeUndefined();

    // Another member sees none of it, and cannot revoke.
    const other = await member();
    expect((await get('/api/member/badges', other.cookie)).json()).toEqual([]);
    const revokeUrl = `/api/admin/accounts/${m.id}/badges/${badge.id}/revoke`;
    expect((await q.request({ method: 'POST', url: revokeUrl, cookie: other.cookie })).statusCode).toBe(403);

    const index = Number(vc.credentialStatus.statusListIndex);
    expect(vc.credentialStatus).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
    expect(await revokedBit(index)).toBe(0);
    const revoked = await q.request({ method: 'POST', url: revokeUrl });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().badges[0]).toMatchObject({ id: badge.id, revoked: true });
    expect(await revokedBit(index)).toBe(1);
    expect(
      (await q.request({ method: 'GET', url: path, cookie: '', headers: { accept: 'text/html' } })).body,
    ).toContain('Revoked');
    const signedList = await q.request({
      method: 'GET',
      url: '/status/revocation',
      cookie: '',
      headers: { accept: 'application/vc+jwt' },
    });
    expect((await verifyJws(signedList.body)).ok).toBe(true);
    expect(
      (await q.request({ method: 'GET', url: '/badges/00000000-0000-4000-8000-000000000000', cookie: '' })).statusCode,
    ).toBe(404);
  });
});

/**
 * The required parts of an OpenBadgeCredential as OB 3.0 states them (AchievementCredential, AchievementSubject,
 * Achievement, Profile, IdentityObject, CredentialStatus): written out here, since the product ships no copy of
 * 1EdTech's schema file.
 */
const OPEN_BADGE_CREDENTIAL = {
  type: 'object',
  required: ['@context', 'id', 'type', 'name', 'credentialSubject', 'issuer', 'issuanceDate'],
  properties: {
    '@context': { type: 'array', minItems: 2, items: { type: 'string' } },
    id: { type: 'string', format: 'uri' },
    type: {
      type: 'array',
      allOf: [{ contains: { const: 'VerifiableCredential' } }, { contains: { const: 'OpenBadgeCredential' } }],
    },
    issuanceDate: { type: 'string', format: 'date-time' },
    issuer: {
      type: 'object',
      required: ['id', 'type'],
      properties: { id: { type: 'string', format: 'uri' }, type: { type: 'array', contains: { const: 'Profile' } } },
    },
    credentialSubject: {
      type: 'object',
      required: ['type', 'achievement'],
      properties: {
        type: { type: 'array', contains: { const: 'AchievementSubject' } },
        identifier: {
          type: 'array',
          items: {
            type: 'object',
            required: ['type', 'hashed', 'identityHash', 'identityType'],
            properties: { identityHash: { type: 'string', pattern: '^sha256\\$[0-9a-f]{64}$' } },
          },
        },
        achievement: {
          type: 'object',
          required: ['id', 'type', 'criteria', 'description', 'name'],
          properties: {
            id: { type: 'string', format: 'uri' },
            type: { type: 'array', contains: { const: 'Achievement' } },
            criteria: { type: 'object', anyOf: [{ required: ['id'] }, { required: ['narrative'] }] },
            image: { type: 'object', required: ['id', 'type'] },
          },
        },
      },
    },
    credentialStatus: {
      type: 'object',
      required: ['id', 'type', 'statusPurpose', 'statusListIndex', 'statusListCredential'],
    },
  },
};
