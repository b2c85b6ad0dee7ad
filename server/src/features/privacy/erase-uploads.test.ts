import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { makeAccount } from '../../test/accounts.js';
import { createRequest, runErasure } from '../../services/privacy/requests.js';

/** Issue 36 §3: an erasure removes the person's uploads from storage and the files table; a staff upload stays. */
let t: TestApp;
beforeAll(async () => ({ t } = await createSignedInApp()));
afterAll(() => t?.close());

async function upload(uploadedBy: number, key: string) {
  await t.app.storage.put(key, Buffer.from(`bytes of ${key}`), 'text/plain');
  return t.db
    .insertInto('files')
    .values({
      storageKey: key,
      folder: 'uploads',
      fileName: `${key}.txt`,
      contentType: 'text/plain',
      sizeInBytes: 10,
      uploadedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const stored = async (key: string) => {
  const stream = await t.app.storage.get(key);
  if (!stream) return false;
  (stream as Readable).destroy();
  return true;
};

describe('erasure and uploads', () => {
  it("deletes the person's uploaded files from storage and their rows; another's stay", async () => {
    const person = await makeAccount(t.db, { email: 'uploader@students.example' });
    const staff = await makeAccount(t.db, { email: 'staff.uploader@example.test', admin: true });
    const mine = await upload(person.id, 'privacy-test/mine');
    const theirs = await upload(staff.id, 'privacy-test/theirs');
    expect(await stored('privacy-test/mine')).toBe(true);

    const request = await createRequest(t.db, {
      kind: 'erasure',
      email: 'uploader@students.example',
      requestedBy: null,
    });
    await runErasure({ db: t.db, storage: t.app.storage }, request.id);

    const done = await t.db
      .selectFrom('privacyRequests')
      .select(['status', 'changes'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('Done');
    expect(done.changes).toMatchObject({ files: 1 });
    expect(await stored('privacy-test/mine')).toBe(false);
    expect(await t.db.selectFrom('files').select('id').where('id', '=', mine.id).executeTakeFirst()).toBeUndefined();
    expect(await stored('privacy-test/theirs')).toBe(true);
    expect(await t.db.selectFrom('files').select('id').where('id', '=', theirs.id).executeTakeFirst()).toBeDefined();
  });
});
