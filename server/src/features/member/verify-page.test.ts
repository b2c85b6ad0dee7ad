import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';
import { makeChapter } from '../../test/fixtures.js';
import { CERTIFICATE_REVOKED, CERTIFICATE_VALID, NUMBER_MISMATCH, UNKNOWN_CERTIFICATE } from './verify-page.js';

let q: QueuedApp;
beforeAll(async () => {
  q = await createQueuedApp({ PUBLIC_URL: 'https://members.example.org' });
});
afterAll(() => q.close());

/** A member of a chapter, and their certificate. */
async function certificateHolder() {
  const { chapterId, institutionId } = await makeChapter(q.t.db, ['Lakeside College', 'LC'], ['Beta Chapter', 'BC']);
  const email = 'verify-page@example.edu';
  const cookie = await q.t.signIn({ admin: false, email });
  await q.t.db
    .updateTable('accounts')
    .set({ chapterId, institutionId, memberAt: new Date('2026-03-14T12:00:00Z'), firstName: 'Ana', lastName: 'Silva' })
    .where('email', '=', email)
    .execute();
  const cert = (await q.request({ method: 'GET', url: '/api/member/certificate', cookie })).json();
  return { cookie, cert: cert as { id: string; number: string } };
}

const page = async (url: string) => {
  const res = await q.request({ method: 'GET', url, cookie: '' });
  // The page's text, tags dropped: what a reader sees.
  const text = res.body
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  return {
    status: res.statusCode,
    type: String(res.headers['content-type']),
    html: res.body,
    text,
    headers: res.headers,
  };
};

describe('the verification page (PUBLIC_URL/verify/{id})', () => {
  it('paints the facts the verification call answers, in HTML with no script; unknown is a 404 page', async () => {
    const { cookie, cert } = await certificateHolder();
    const api = (await q.request({ method: 'GET', url: `/api/public/certificates/${cert.id}`, cookie: '' })).json();
    const shown = await page(`/verify/${cert.id}`);
    expect(shown.status).toBe(200);
    expect(shown.type).toMatch(/^text\/html/);
    expect(shown.html).not.toMatch(/<script/i);
    // No opener policy on a page with no script (a phone would give it a process of its own); the API keeps one.
    expect(shown.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(shown.headers['content-security-policy']).toContain("script-src 'self'");
    const apiHeaders = (await q.request({ method: 'GET', url: `/api/public/certificates/${cert.id}`, cookie: '' }))
      .headers;
    expect(apiHeaders['cross-origin-opener-policy']).toBe('same-origin');
    expect(shown.text).toContain('Certificate verification');
    expect(shown.text).toContain(CERTIFICATE_VALID);
    for (const fact of [api.name, api.chapter, api.institution]) expect(shown.text).toContain(fact);
    expect(shown.text).toContain('Member since Mar 14, 2026');
    expect(shown.text).toContain('Ana Silva');

    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%3Cscript%3E']) {
      const missing = await page(`/verify/${unknown}`);
      expect(missing.status).toBe(404);
      expect(missing.text).toContain(UNKNOWN_CERTIFICATE);
      expect(missing.html).not.toContain('<script>');
    }

    // An opted-out member: no name until the number printed on the certificate is entered (a plain GET form).
    await q.request({
      method: 'PUT',
      url: '/api/member/profile',
      cookie,
      payload: { firstName: 'Ana', lastName: 'Silva', directoryOptOut: true },
    });
    const hidden = await page(`/verify/${cert.id}`);
    expect(hidden.text).not.toContain('Ana Silva');
    expect(hidden.html).toMatch(/<form method="get" action="\/verify\/[0-9a-f-]{36}">/);
    expect(hidden.text).toContain('Show name');
    expect(hidden.text).not.toContain(NUMBER_MISMATCH);
    const wrong = await page(`/verify/${cert.id}?number=${encodeURIComponent('"><b>MC-1')}`);
    expect(wrong.text).not.toContain('Ana Silva');
    expect(wrong.text).toContain(NUMBER_MISMATCH);
    expect(wrong.html).not.toContain('"><b>');
    const right = await page(`/verify/${cert.id}?number=${cert.number.toLowerCase()}`);
    expect(right.text).toContain('Ana Silva');
    expect(right.html).not.toContain('<form');

    const revoke = await q.request({
      method: 'POST',
      url: `/api/admin/accounts/${(await q.t.db.selectFrom('accounts').select('id').where('email', '=', 'verify-page@example.edu').executeTakeFirstOrThrow()).id}/certificate/revoke`,
      payload: { reason: 'Membership ended' },
    });
    expect(revoke.statusCode).toBe(200);
    const revoked = await page(`/verify/${cert.id}`);
    expect(revoked.text).toContain(CERTIFICATE_REVOKED);
    expect(revoked.text).not.toContain(CERTIFICATE_VALID);
  });
});
