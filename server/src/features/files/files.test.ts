import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { zipOf } from '../../test/stored-zip.js';
import { multipart, type Part } from '../../test/multipart.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn();
});
afterAll(() => t.close());

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1x1 red PNG, optionally padded (after IEND) to a given size. */
function tinyPng(size = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0, 255]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return size > png.length ? Buffer.concat([png, Buffer.alloc(size - png.length)]) : png;
}

const upload = (parts: Part[], cookie: string | null = admin) =>
  t.request({ method: 'POST', url: '/api/shared/file', ...multipart(parts), cookie: cookie ?? undefined });

const logo = (file: Extract<Part, { file: string }>, path = 'public/institutions/logos') =>
  upload([{ field: 'path', value: path }, { field: 'public', value: 'true' }, file]);

const csv = Buffer.from('email,first name\njane@example.edu,Jane\n');

/** Every stored file on disk, and every recorded one: a refused upload must leave neither. */
async function storedState() {
  const root = path.join(t.config.DATA_DIR, 'files');
  const onDisk = await readdir(root, { recursive: true, withFileTypes: true }).then(
    (entries) => entries.filter((e) => e.isFile()).length,
    () => 0,
  );
  const { n } = await t.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { onDisk, rows: Number(n) };
}

describe('POST /api/shared/file', () => {
  it('stores a real PNG and serves it to anyone', async () => {
    const bytes = tinyPng();
    const res = await logo({ file: 'My Logo.png', type: 'image/png', bytes });
    expect(res.statusCode).toBe(201);
    const [file] = res.json();
    expect(file).toEqual({
      id: expect.any(Number),
      fileName: 'My Logo.png',
      url: `/api/files/${file.id}/My%20Logo.png`,
      sizeInBytes: bytes.length,
      contentType: 'image/png',
    });
    const row = await t.db.selectFrom('files').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ folder: 'public/institutions/logos', public: true, committed: true });
    expect(row.storageKey).toMatch(/^public\/institutions\/logos\/[0-9a-f-]{36}\.png$/);

    const got = await t.request({ method: 'GET', url: file.url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe(String(bytes.length));
    expect(got.headers['content-disposition']).toMatch(/^inline; filename="My Logo.png"/);
    expect(got.headers['cache-control']).toContain('public');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    [
      'a PNG claimed as a JPEG',
      { file: 'logo.png', type: 'image/jpeg', bytes: tinyPng() },
      'File logo.png (image/jpeg) was rejected',
    ],
    [
      'a PNG named and claimed as a JPEG',
      { file: 'logo.jpg', type: 'image/jpeg', bytes: tinyPng() },
      'File logo.jpg (image/jpeg) was rejected',
    ],
    [
      'text named .png',
      { file: 'notes.png', type: 'image/png', bytes: Buffer.from('just some text') },
      'File notes.png (image/png) was rejected',
    ],
    [
      'an SVG',
      { file: 'logo.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      'File logo.svg (image/svg+xml) was rejected',
    ],
    [
      'a kind the folder does not take',
      { file: 'list.csv', type: 'text/csv', bytes: csv },
      'File list.csv (text/csv) was rejected',
    ],
    ['an empty file', { file: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) }, 'File empty.png is empty'],
  ])('refuses %s', async (_what, file, message) => {
    const res = await logo(file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses a file over the destination limit with 413 and keeps none of its bytes', async () => {
    const before = await storedState();
    const res = await logo({ file: 'big.png', type: 'image/png', bytes: tinyPng(10 * MB + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'File big.png is larger than 10 MB' });
    // The rest of the body was not read: this connection is not reused.
    expect(res.headers.connection).toBe('close');
    expect(await storedState()).toEqual(before);
    const ok = await logo({ file: 'exact.png', type: 'image/png', bytes: tinyPng(10 * MB) });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses more files than the destination takes', async () => {
    const png = { file: 'a.png', type: 'image/png', bytes: tinyPng() };
    const res = await upload([{ field: 'path', value: 'public/chapters/logos' }, png, { ...png, file: 'b.png' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Cannot upload more than 1 file at a time');
  });

  it.each([
    '../private/invitations/databases',
    'public/institutions/logos/../../etc',
    'public/institutions',
    '/public/institutions/logos',
    '',
  ])('refuses the destination %j', async (path) => {
    const res = await logo({ file: 'logo.png', type: 'image/png', bytes: tinyPng() }, path);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown upload destination');
  });

  it('needs the path before the file, and a file', async () => {
    const early = await upload([
      { file: 'logo.png', type: 'image/png', bytes: tinyPng() },
      { field: 'path', value: 'public/chapters/logos' },
    ]);
    expect(early.json().message).toBe('Unknown upload destination');
    const none = await upload([{ field: 'path', value: 'public/chapters/logos' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('File is required');
  });

  it('refuses a public flag that contradicts the folder, and a body that is not multipart', async () => {
    const res = await upload([
      { field: 'path', value: 'private/invitations/databases' },
      { field: 'public', value: 'true' },
      { file: 'list.csv', type: 'text/csv', bytes: csv },
    ]);
    expect(res.json()).toEqual({ message: 'Files in private/invitations/databases are private' });
    const json = await t.request({
      method: 'POST',
      url: '/api/shared/file',
      payload: { path: 'public/chapters/logos' },
      cookie: admin,
    });
    expect(json.statusCode).toBe(415);
  });

  it('is for admins only', async () => {
    const png = { file: 'a.png', type: 'image/png', bytes: tinyPng() };
    const parts: Part[] = [{ field: 'path', value: 'public/chapters/logos' }, png];
    expect((await upload(parts, await t.signIn({ admin: false }))).statusCode).toBe(403);
    expect((await upload(parts, null)).statusCode).toBe(401);
  });

  describe('spreadsheets (text formats have no signature)', () => {
    const db = (file: Extract<Part, { file: string }>, more: Part[] = []) =>
      upload([
        { field: 'path', value: 'private/invitations/databases' },
        { field: 'public', value: 'false' },
        file,
        ...more,
      ]);

    it('takes a CSV, even when Windows calls it an Excel file, and honours commit=false after the file', async () => {
      const res = await db({ file: 'invitees.csv', type: 'application/vnd.ms-excel', bytes: csv }, [
        { field: 'commit', value: 'false' },
      ]);
      expect(res.statusCode).toBe(201);
      expect(res.json()[0]).toMatchObject({ fileName: 'invitees.csv', contentType: 'text/csv' });
      const row = await t.db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', res.json()[0].id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ public: false, committed: false });
    });

    it('refuses a CSV with a NUL byte past its start, and keeps nothing of it', async () => {
      const before = await storedState();
      const bytes = Buffer.concat([Buffer.alloc(600 * 1024, 'a,b\n'), Buffer.from([0]), Buffer.from('tail\n')]);
      const res = await db({ file: 'invitees.csv', type: 'text/csv', bytes });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('File invitees.csv (text/csv) was rejected');
      expect(await storedState()).toEqual(before);
    });

    it('refuses binary bytes named .csv and a renamed PNG named .xlsx', async () => {
      expect((await db({ file: 'invitees.csv', type: 'text/csv', bytes: tinyPng() })).json().message).toBe(
        'File invitees.csv (text/csv) was rejected',
      );
      const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      expect((await db({ file: 'invitees.xlsx', type: xlsx, bytes: tinyPng() })).json().message).toBe(
        `File invitees.xlsx (${xlsx}) was rejected`,
      );
    });
  });
});

describe('large files (streamed to storage)', () => {
  const postal = (bytes: Buffer, file = 'mailing.zip') =>
    upload([
      { field: 'path', value: 'private/invitations/postal-mails' },
      { file, type: 'application/zip', bytes },
    ]);

  it('stores a 30 MB zip byte for byte and serves it back', async () => {
    const bytes = zipOf(30 * MB);
    const res = await postal(bytes);
    expect(res.statusCode).toBe(201);
    expect(res.json()[0]).toMatchObject({
      fileName: 'mailing.zip',
      contentType: 'application/zip',
      sizeInBytes: bytes.length,
    });
    const got = await t.request({ method: 'GET', url: res.json()[0].url, cookie: admin });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a renamed file before storing any of it', async () => {
    const before = await storedState();
    const res = await postal(tinyPng(3 * MB), 'mailing.zip');
    expect(res.statusCode).toBe(400);
    expect(await storedState()).toEqual(before);
  });
});

describe('stored names of any accepted length', () => {
  it.each([
    ['200 ASCII characters', `${'n'.repeat(196)}.png`],
    ['200 accented characters', `${'é'.repeat(196)}.png`],
    ['200 characters of CJK and emoji', `${'漢😀'.repeat(65)}.png`],
    ['a longer name (cut to 200, never inside a character)', `${'😀'.repeat(150)}.png`],
  ])('uploads and downloads %s', async (_what, name) => {
    const res = await logo({ file: name, type: 'image/png', bytes: tinyPng() });
    expect(res.statusCode).toBe(201);
    const file = res.json()[0];
    expect(file.fileName.length).toBeLessThanOrEqual(200);
    expect(file.fileName.endsWith('.png')).toBe(true);
    expect(file.fileName).not.toMatch(/[\ud800-\udfff](?![\udc00-\udfff])/u);
    const got = await t.request({ method: 'GET', url: file.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
  });
});

describe('GET /api/files/:id/:fileName', () => {
  let privateUrl: string;
  beforeAll(async () => {
    const res = await upload([
      { field: 'path', value: 'private/invitations/databases' },
      { file: 'secret list.csv', type: 'text/csv', bytes: csv },
    ]);
    privateUrl = res.json()[0].url;
  });

  it('hides a private file from visitors and non-admins as if it did not exist', async () => {
    const anonymous = await t.request({ method: 'GET', url: privateUrl });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ message: 'File not found' });
    const member = await t.request({ method: 'GET', url: privateUrl, cookie: await t.signIn({ admin: false }) });
    expect(member.statusCode).toBe(404);
  });

  it('serves a private file to an admin as a download, never cached', async () => {
    const res = await t.request({ method: 'GET', url: privateUrl, cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(csv.toString());
    expect(res.headers['content-type']).toBe('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="secret list.csv"; filename*=UTF-8''secret%20list.csv`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 for an unknown id or a wrong name, 400 for a bad id', async () => {
    expect((await t.request({ method: 'GET', url: '/api/files/999999/x.png' })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: privateUrl.replace('secret', 'other'), cookie: admin })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/files/abc/x.png' })).statusCode).toBe(400);
  });
});
