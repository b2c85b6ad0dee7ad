import { setTimeout as sleep } from 'node:timers/promises';
import { INVITATION_DEFAULTS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChapter } from '../../test/fixtures.js';
import { multipart } from '../../test/multipart.js';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';

/*
 * Finding 4 of the security review (issue 34): admin A saves an invitation, its database is processed by a
 * job (raw COPY transactions) on the same pool while admin B keeps working. The job acts for nobody: no
 * audit row of the invitation names B, and the job's own progress writes are not put on anyone.
 */

let q: QueuedApp;
let cookieB: string;

beforeAll(async () => {
  q = await createQueuedApp();
  cookieB = await q.t.signIn({ email: 'b.worker@example.test' });
});
afterAll(() => q.close());

const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('invitation processing in the audit trail', () => {
  it("writes nothing in anyone's name while another admin works on the same pool", async () => {
    const { chapterId, institutionId } = await makeChapter(q.t.db, ['Audit State', 'AST'], ['Audit Chapter', 'ACH']);
    const rows = ['First Name,Last Name,E-mail', ...Array.from({ length: 50 }, (_, i) => `P${i},Q,p${i}@example.edu`)];
    const up = await q.request({
      method: 'POST',
      url: '/api/shared/file',
      ...multipart([
        { field: 'path', value: 'private/invitations/databases' },
        { file: 'db.csv', type: 'text/csv', bytes: Buffer.from(rows.join('\n')) },
      ]),
    });
    expect(up.statusCode, up.body).toBe(201);
    const created = await q.request({
      method: 'POST',
      url: '/api/admin/logistics/invitations',
      payload: {
        chapterId,
        institutionId,
        deadline: ahead(30),
        orientationDate: ahead(30),
        ...INVITATION_DEFAULTS,
        databaseId: up.json()[0].id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;

    // Admin B adds calendar events, one after another, until the job is done.
    let status = 'DB Processing';
    for (let i = 0; i < 200 && status === 'DB Processing'; i++) {
      const b = await q.request({
        method: 'POST',
        url: '/api/admin/calendar-events',
        payload: { name: `B's event ${i}`, eventStart: '2031-05-01T15:00:00.000Z', type: 'General', zoom: false },
        cookie: cookieB,
      });
      expect(b.statusCode, b.body).toBeLessThan(300);
      status = (await q.request({ method: 'GET', url: `/api/admin/logistics/invitations/${id}` })).json().status;
      await sleep(50);
    }
    expect(status).toBe('Ready');

    const audited = await q.t.db
      .selectFrom('auditLog')
      .select(['accountId', 'action', 'changes'])
      .where('entity', '=', 'invitations')
      .where('entityId', '=', String(id))
      .execute();
    const adminA = (await q.request({ method: 'GET', url: '/api/public/account' })).json().id;
    // A's own save (the row, then its processing run) and nothing of the job's: no progress, no status.
    expect(audited.map((r) => r.accountId)).toEqual([adminA, adminA]);
    const changed = audited.flatMap((r) => Object.keys(r.changes ?? {}));
    expect(changed).not.toContain('countProcessed');
    expect(audited.map((r) => r.changes?.status?.new)).not.toContain('Ready');
  });
});
