import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTAL_MAIL_MESSAGES } from '@app/contract';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { makeChapter } from '../../test/fixtures.js';
import { multipart } from '../../test/multipart.js';
import { zipOf } from '../../test/stored-zip.js';
import { startTestQueue } from '../../test/queue.js';
import { uploadPostalMails } from '../../jobs/upload-postal-mails.js';
import { dropFolderTransfer, type PrintVendorTransfer } from '../../services/print-vendor/index.js';
import { INTERRUPTED, uploadDuePostalMails } from '../../services/print-vendor/upload.js';

let t: TestApp;
let cookie: string;
let dropDir: string;
let invitationId: number;
let otherInvitationId: number;
let noPostalInvitationId: number;

const ALL = '/api/admin/logistics/postal-mails';
const of = (id: number) => `/api/admin/logistics/invitations/${id}/postal-mails`;
const hoursAhead = (h: number) => {
  const d = new Date(Date.now() + h * 3_600_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
};

const request = (opts: Parameters<TestApp['request']>[0]) => t.request({ cookie, ...opts });

async function uploadFile(pathName: string, file: string, type: string, bytes: Buffer): Promise<number> {
  const res = await request({
    method: 'POST',
    url: '/api/shared/file',
    ...multipart([
      { field: 'path', value: pathName },
      { file, type, bytes },
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[0].id;
}
const uploadZip = (name = 'letters.zip') =>
  uploadFile('private/invitations/postal-mails', name, 'application/zip', zipOf(64));

const body = (patch: object = {}) => ({
  uploadScheduledAt: hoursAhead(24 * 7),
  inviteCount: 'All',
  testValue: 'All',
  ...patch,
});

async function createMail(invitation: number, patch: object = {}) {
  const res = await request({
    method: 'POST',
    url: of(invitation),
    payload: body({ fileId: await uploadZip(), ...patch }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Makes a mailing due: its hour moved into the past, as if the week had gone by. */
const makeDue = (id: number) =>
  t.db
    .updateTable('postalMails')
    .set({ uploadScheduledAt: sql`now() - interval '5 minutes'` })
    .where('id', '=', id)
    .execute();
const mailRow = (id: number) =>
  t.db.selectFrom('postalMails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A transfer that counts its deliveries and may fail. */
function recording(inner: PrintVendorTransfer, fail?: string) {
  const names: string[] = [];
  const transfer: PrintVendorTransfer = {
    target: inner.target,
    async put(name, stream) {
      names.push(name);
      if (fail) {
        stream.resume();
        throw new Error(fail);
      }
      await inner.put(name, stream);
    },
    close: () => inner.close(),
  };
  return { transfer, names };
}

const ctx = () => ({ db: t.db, storage: t.app.storage });

beforeAll(async () => {
  dropDir = await mkdtemp(path.join(tmpdir(), 'print-vendor-'));
  t = await createTestApp({ PRINT_VENDOR_DIR: dropDir });
  cookie = await t.signIn();
  const { institutionId, chapterId } = await makeChapter(
    t.db,
    ['Postal State University', 'PSU'],
    ['Postal Chapter', 'PCH'],
  );
  const { id: testId } = await t.db
    .insertInto('invitationTests')
    .values({ name: 'Letter color', slug: 'letter-color', description: 'd' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invitation = (deliverPostalMails: boolean) =>
    t.db
      .insertInto('invitations')
      .values({
        chapterId,
        institutionId,
        deadline: '2031-01-01',
        orientationDate: '2031-01-02',
        deliverPostalMails,
        status: 'Ready',
        testId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  invitationId = await invitation(true);
  otherInvitationId = await invitation(true);
  noPostalInvitationId = await invitation(false);
});
afterAll(async () => {
  await t?.close();
});

describe('postal mailings: add, list, edit, delete', () => {
  it('needs a signed-in admin', async () => {
    expect((await t.request({ method: 'GET', url: ALL })).statusCode).toBe(401);
    const member = await t.signIn({ admin: false });
    expect((await t.request({ method: 'GET', url: of(invitationId), cookie: member })).statusCode).toBe(403);
  });

  it.each([
    [{ fileId: null }, POSTAL_MAIL_MESSAGES.fileRequired],
    [{ fileId: undefined }, POSTAL_MAIL_MESSAGES.fileRequired],
    [{ fileId: 1, uploadScheduledAt: hoursAhead(-2) }, 'Past hours cannot be chosen'],
    [{ fileId: 1, uploadScheduledAt: 'tomorrow' }, 'Upload At must be a date'],
    [
      { fileId: 1, inviteCount: '5th time' },
      'Invite Count must be one of All, 1st time, 2nd time, 3rd time, 4th or more times',
    ],
    [{ fileId: 1, testValue: 'B' }, 'Test must be one of All, Control, Variation'],
  ])('refuses %o with its message', async (patch, message) => {
    const res = await request({ method: 'POST', url: of(invitationId), payload: body(patch) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a file that is not a postal mailing zip, a missing invitation, and an invitation without postal mails', async () => {
    const csvId = await uploadFile(
      'private/invitations/databases',
      'db.csv',
      'text/csv',
      Buffer.from('email\na@b.c\n'),
    );
    const wrong = await request({ method: 'POST', url: of(invitationId), payload: body({ fileId: csvId }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toEqual(['fileId']);
    const fileId = await uploadZip();
    const missing = await request({ method: 'POST', url: of(999_999), payload: body({ fileId }) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Invitation not found');
    const off = await request({ method: 'POST', url: of(noPostalInvitationId), payload: body({ fileId }) });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(POSTAL_MAIL_MESSAGES.notPostal);
  });

  it('adds, lists (per invitation and all), edits and deletes a mailing', async () => {
    const at = hoursAhead(30);
    const created = await createMail(invitationId, {
      uploadScheduledAt: at,
      inviteCount: '1st time',
      testValue: 'Control',
    });
    expect(created).toMatchObject({
      invitation: {
        id: invitationId,
        institutionName: 'Postal State University',
        chapterName: 'Postal Chapter',
        test: { name: 'Letter color' },
      },
      file: { fileName: 'letters.zip', contentType: 'application/zip' },
      uploadScheduledAt: at,
      inviteCount: '1st time',
      testValue: 'Control',
      uploadStartedAt: null,
      uploadStatus: null,
      uploadCsv: null,
    });
    const other = await createMail(otherInvitationId);

    const mine = (await request({ method: 'GET', url: `${of(invitationId)}?sort=inviteCount:asc` })).json();
    expect(mine.items.map((m: { id: number }) => m.id)).toContain(created.id);
    expect(mine.items.map((m: { id: number }) => m.id)).not.toContain(other.id);
    const all = (
      await request({ method: 'GET', url: `${ALL}?pageSize=100&sort=fileName:asc,uploadScheduledAt:desc` })
    ).json();
    expect(all.items.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([created.id, other.id]));
    const bad = await request({ method: 'GET', url: `${ALL}?sort=secret:asc` });
    expect(bad.statusCode).toBe(400);

    const fileId = await uploadZip('second.zip');
    const updated = await request({
      method: 'PUT',
      url: `${of(invitationId)}/${created.id}`,
      payload: body({ fileId, inviteCount: '4th or more times' }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      inviteCount: '4th or more times',
      testValue: 'All',
      file: { fileName: 'second.zip' },
    });
    // The mailing belongs to its invitation: another invitation's address does not reach it.
    expect(
      (await request({ method: 'PUT', url: `${of(otherInvitationId)}/${created.id}`, payload: body({ fileId }) }))
        .statusCode,
    ).toBe(404);

    expect((await request({ method: 'DELETE', url: `${of(invitationId)}/${created.id}` })).statusCode).toBe(204);
    expect((await request({ method: 'DELETE', url: `${of(invitationId)}/${created.id}` })).statusCode).toBe(404);
    await request({ method: 'DELETE', url: `${of(otherInvitationId)}/${other.id}` });
  });

  it('refuses to edit or delete a mailing once its upload has started', async () => {
    const mail = await createMail(invitationId);
    await t.db
      .updateTable('postalMails')
      .set({ uploadStartedAt: new Date(), uploadStatus: 'In Progress' })
      .where('id', '=', mail.id)
      .execute();
    const put = await request({
      method: 'PUT',
      url: `${of(invitationId)}/${mail.id}`,
      payload: body({ fileId: mail.file.id }),
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({ message: POSTAL_MAIL_MESSAGES.started });
    const del = await request({ method: 'DELETE', url: `${of(invitationId)}/${mail.id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(POSTAL_MAIL_MESSAGES.started);
    await t.db.deleteFrom('postalMails').where('id', '=', mail.id).execute();
  });
});

describe('postal mailings: the upload to the print vendor', () => {
  const expected: number[] = [];

  beforeAll(async () => {
    const address = { street: '1 Via Roma', city: 'Rome', postalCode: '00100' };
    const add = async (invitation: number, over: object) =>
      (
        await t.db
          .insertInto('invitees')
          .values({
            invitationId: invitation,
            firstName: 'F',
            lastName: 'L',
            email: `${Math.random()}@x.edu`,
            mailingAddress: JSON.stringify(address),
            inviteCount: 2,
            testValue: 'Control',
            ...over,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    expected.push(await add(invitationId, { lastName: 'Adams' }));
    // A quoted value with a line break and quotes: still one record.
    expected.push(
      await add(invitationId, {
        lastName: 'Baker',
        mailingAddress: JSON.stringify({ address: 'Bldg "B"\nApt 5, 2 Elm St' }),
      }),
    );
    await add(invitationId, { mailingAddress: '{}' }); // no address
    await add(invitationId, { testValue: 'Variation' }); // other segment
    await add(invitationId, { inviteCount: 1 }); // other bucket
    await add(invitationId, { removed: true, removedReason: 'Duplicate in file' }); // removed
    await add(otherInvitationId, {}); // another invitation
  });

  it('builds the CSV of exactly the matching invitees, drops zip and CSV in the folder, and records Success with a downloadable CSV', async () => {
    const mail = await createMail(invitationId, { inviteCount: '2nd time', testValue: 'Control' });
    const notDue = await createMail(invitationId);
    await makeDue(mail.id);
    const report = await uploadDuePostalMails(ctx(), dropFolderTransfer(dropDir));
    expect(report).toMatchObject({ uploaded: 1, failed: 0 });

    const folder = path.join(dropDir, `postal-mail-${mail.id}`);
    expect((await readdir(folder)).sort()).toEqual(['letters.zip', 'recipients.csv']);
    expect(await readFile(path.join(folder, 'letters.zip'))).toEqual(zipOf(64));
    const records = parse(await readFile(path.join(folder, 'recipients.csv')), { columns: true }) as Array<
      Record<string, string>
    >;
    expect(records.map((r) => Number(r.id))).toEqual(expected);
    expect(records[0]).toMatchObject({
      lastName: 'Adams',
      street: '1 Via Roma',
      city: 'Rome',
      postalCode: '00100',
      timesInvited: '2',
      testValue: 'Control',
    });
    expect(records[1]!.address).toBe('Bldg "B"\nApt 5, 2 Elm St');

    const listed = (await request({ method: 'GET', url: of(invitationId) }))
      .json()
      .items.find((m: { id: number }) => m.id === mail.id);
    expect(listed).toMatchObject({
      uploadStatus: 'Success',
      uploadCount: 2,
      uploadStatusReason: null,
      uploadCsv: { contentType: 'text/csv' },
    });
    expect(listed.uploadStartedAt).not.toBeNull();
    const download = await request({ method: 'GET', url: listed.uploadCsv.url });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(await readFile(path.join(folder, 'recipients.csv'), 'utf8'));
    expect((await mailRow(notDue.id)).uploadStartedAt).toBeNull();

    // Started: no longer editable.
    const put = await request({
      method: 'PUT',
      url: `${of(invitationId)}/${mail.id}`,
      payload: body({ fileId: mail.file.id }),
    });
    expect(put.statusCode).toBe(409);

    // A second pass (or a retried job) uploads nothing again.
    const before = (await stat(path.join(folder, 'recipients.csv'))).mtimeMs;
    const again = recording(dropFolderTransfer(dropDir));
    expect(await uploadDuePostalMails(ctx(), again.transfer)).toMatchObject({ uploaded: 0, failed: 0 });
    expect(again.names).toEqual([]);
    expect((await stat(path.join(folder, 'recipients.csv'))).mtimeMs).toBe(before);
    await t.db.deleteFrom('postalMails').where('id', '=', notDue.id).execute();
  });

  it('records Failed with the reason when the transfer fails, and does not try it again', async () => {
    const mail = await createMail(invitationId);
    await makeDue(mail.id);
    const failing = recording(dropFolderTransfer(dropDir), 'connect ECONNREFUSED 10.0.0.9:22');
    expect(await uploadDuePostalMails(ctx(), failing.transfer)).toMatchObject({ uploaded: 0, failed: 1 });
    const row = await mailRow(mail.id);
    expect(row.uploadStatus).toBe('Failed');
    expect(row.uploadStatusReason).toContain('Transfer to the print vendor');
    expect(row.uploadStatusReason).toContain('connect ECONNREFUSED 10.0.0.9:22');
    const listed = (await request({ method: 'GET', url: `${ALL}?search=${mail.id}` }))
      .json()
      .items.find((m: { id: number }) => m.id === mail.id);
    expect(listed).toMatchObject({ uploadStatus: 'Failed', uploadCsv: null });

    const again = recording(dropFolderTransfer(dropDir));
    await uploadDuePostalMails(ctx(), again.transfer);
    expect(again.names).toEqual([]);
  });

  it('fails a mailing whose invitation no longer delivers postal mails, with the reason', async () => {
    const mail = await createMail(otherInvitationId);
    await makeDue(mail.id);
    await t.db
      .updateTable('invitations')
      .set({ deliverPostalMails: false })
      .where('id', '=', otherInvitationId)
      .execute();
    await uploadDuePostalMails(ctx(), dropFolderTransfer(dropDir));
    expect(await mailRow(mail.id)).toMatchObject({
      uploadStatus: 'Failed',
      uploadStatusReason: POSTAL_MAIL_MESSAGES.notPostal,
    });
    await t.db
      .updateTable('invitations')
      .set({ deliverPostalMails: true })
      .where('id', '=', otherInvitationId)
      .execute();
  });

  it('after a crash: runs again a mailing that had not reached the transfer, fails one that had', async () => {
    const early = await createMail(invitationId, { inviteCount: '2nd time', testValue: 'Control' });
    const late = await createMail(invitationId);
    const { id: csvId } = await t.db
      .insertInto('files')
      .values({
        storageKey: 'private/invitations/postal-mails/csv/lost.csv',
        folder: 'private/invitations/postal-mails',
        fileName: 'lost.csv',
        contentType: 'text/csv',
        sizeInBytes: 1,
        committed: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('postalMails')
      .set({ uploadStartedAt: sql`now()`, uploadStatus: 'In Progress' })
      .where('id', '=', early.id)
      .execute();
    await t.db
      .updateTable('postalMails')
      .set({ uploadStartedAt: sql`now()`, uploadStatus: 'In Progress', uploadCsvId: csvId })
      .where('id', '=', late.id)
      .execute();

    const run = recording(dropFolderTransfer(dropDir));
    expect(await uploadDuePostalMails(ctx(), run.transfer)).toMatchObject({ uploaded: 1, interrupted: 1 });
    expect(run.names).toEqual([`postal-mail-${early.id}/letters.zip`, `postal-mail-${early.id}/recipients.csv`]);
    expect(await mailRow(early.id)).toMatchObject({ uploadStatus: 'Success', uploadCount: 2 });
    expect(await mailRow(late.id)).toMatchObject({ uploadStatus: 'Failed', uploadStatusReason: INTERRUPTED });
  });

  it('leaves a mailing to the pass that recorded its CSV first (no second transfer)', async () => {
    const mail = await createMail(invitationId);
    await makeDue(mail.id);
    const { id: otherCsv } = await t.db
      .insertInto('files')
      .values({
        storageKey: 'private/invitations/postal-mails/csv/other.csv',
        folder: 'private/invitations/postal-mails',
        fileName: 'other.csv',
        contentType: 'text/csv',
        sizeInBytes: 1,
        committed: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // While this pass writes the CSV, another (whose lock connection died while it ran on) records its own.
    const storage = {
      ...t.app.storage,
      async put(key: string, bytes: Parameters<typeof t.app.storage.put>[1], type: string) {
        await t.app.storage.put(key, bytes, type);
        await t.db.updateTable('postalMails').set({ uploadCsvId: otherCsv }).where('id', '=', mail.id).execute();
      },
    };
    const run = recording(dropFolderTransfer(dropDir));
    expect(await uploadDuePostalMails({ db: t.db, storage }, run.transfer)).toMatchObject({ uploaded: 0, failed: 0 });
    expect(run.names).toEqual([]);
    expect(await mailRow(mail.id)).toMatchObject({ uploadStatus: 'In Progress', uploadCsvId: otherCsv });
    await t.db.deleteFrom('postalMails').where('id', '=', mail.id).execute();
  });

  it('runs as the registered job into the configured drop folder', async () => {
    const mail = await createMail(invitationId, { inviteCount: '2nd time', testValue: 'Control' });
    await makeDue(mail.id);
    const { queue } = await startTestQueue(t, [uploadPostalMails]);
    try {
      await queue.send('upload-postal-mails', {});
      let row = await mailRow(mail.id);
      for (let i = 0; i < 100 && row.uploadStatus !== 'Success'; i++) {
        await sleep(200);
        row = await mailRow(mail.id);
      }
      expect(row).toMatchObject({ uploadStatus: 'Success', uploadCount: 2 });
      expect((await readdir(path.join(dropDir, `postal-mail-${mail.id}`))).sort()).toEqual([
        'letters.zip',
        'recipients.csv',
      ]);
    } finally {
      await queue.stop();
    }
  });
});
