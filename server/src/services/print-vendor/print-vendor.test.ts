import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropFolderTransfer, printVendorTransfer, sftpTransfer, sshFingerprint } from './index.js';

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

/**
 * A small SFTP server over a folder, enough for the transfer's calls (realpath, stat, mkdir, open, write,
 * close, rename, remove), with one user and password: the SFTP adapter is tested against the real protocol.
 */
function startSftpServer(root: string, user: string, password: string) {
  const pair = utils.generateKeyPairSync('ed25519');
  const hostKey = pair.private;
  // The public key line is `ssh-ed25519 <base64 key blob>`: its fingerprint is what `ssh-keygen -lf` prints.
  const fingerprint = sshFingerprint(Buffer.from(pair.public.split(' ')[1]!, 'base64'));
  let logins = 0;
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('authentication', () => logins++);
    client.on('authentication', (ctx) =>
      ctx.method === 'password' && ctx.username === user && ctx.password === password
        ? ctx.accept()
        : ctx.reject(['password']),
    );
    client.on('error', () => {});
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const handles = new Map<number, FileHandle>();
          let next = 0;
          const local = (p: string) => path.join(root, path.posix.normalize(`/${p}`));
          const fail = (reqid: number) => () => sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
          const attrs = async (p: string) => {
            const s = await stat(local(p));
            return {
              mode: s.mode,
              uid: 0,
              gid: 0,
              size: s.size,
              atime: Math.floor(s.atimeMs / 1000),
              mtime: Math.floor(s.mtimeMs / 1000),
            };
          };
          sftp.on('REALPATH', (reqid, p) => {
            const full = path.posix.normalize(`/${p === '.' ? '' : p}`);
            sftp.name(reqid, [{ filename: full, longname: full, attrs: {} as never }]);
          });
          for (const event of ['STAT', 'LSTAT'] as const) {
            sftp.on(event, (reqid: number, p: string) => void attrs(p).then((a) => sftp.attrs(reqid, a), fail(reqid)));
          }
          sftp.on(
            'MKDIR',
            (reqid, p) =>
              void mkdir(local(p)).then(
                () => sftp.status(reqid, STATUS_CODE.OK),
                () => sftp.status(reqid, STATUS_CODE.FAILURE),
              ),
          );
          sftp.on('OPEN', (reqid, p) => {
            void open(local(p), 'w').then(
              (fh) => {
                const handle = Buffer.alloc(4);
                handle.writeUInt32BE(++next);
                handles.set(next, fh);
                sftp.handle(reqid, handle);
              },
              () => sftp.status(reqid, STATUS_CODE.FAILURE),
            );
          });
          sftp.on('WRITE', (reqid, handle, offset, data) => {
            const fh = handles.get(handle.readUInt32BE(0));
            if (!fh) return sftp.status(reqid, STATUS_CODE.FAILURE);
            void fh.write(data, 0, data.length, offset).then(() => sftp.status(reqid, STATUS_CODE.OK));
          });
          sftp.on('CLOSE', (reqid, handle) => {
            const id = handle.readUInt32BE(0);
            const fh = handles.get(id);
            handles.delete(id);
            void (fh ? fh.close() : Promise.resolve()).then(() => sftp.status(reqid, STATUS_CODE.OK));
          });
          sftp.on(
            'RENAME',
            (reqid, from, to) =>
              void rename(local(from), local(to)).then(
                () => sftp.status(reqid, STATUS_CODE.OK),
                () => sftp.status(reqid, STATUS_CODE.FAILURE),
              ),
          );
          sftp.on(
            'REMOVE',
            (reqid, p) => void rm(local(p)).then(() => sftp.status(reqid, STATUS_CODE.OK), fail(reqid)),
          );
        });
      });
    });
  });
  return new Promise<{ port: number; fingerprint: string; logins: () => number; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () =>
        resolve({
          port: (server.address() as AddressInfo).port,
          fingerprint,
          logins: () => logins,
          close: () => new Promise<void>((done) => server.close(() => done())),
        }),
      );
    },
  );
}

let remote: string;
let sftpd: Awaited<ReturnType<typeof startSftpServer>>;

beforeAll(async () => {
  remote = await mkdtemp(path.join(tmpdir(), 'sftp-root-'));
  sftpd = await startSftpServer(remote, 'printer', 's3cret/pass');
});
afterAll(async () => {
  await sftpd?.close();
});

const bytes = (text: string) => Readable.from([Buffer.from(text)]);

describe('the print vendor transfer', () => {
  it('drops files in a local folder under their names, complete, and replaces a second delivery', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'drop-'));
    const drop = dropFolderTransfer(dir);
    await drop.put('postal-mail-1/recipients.csv', bytes('id\n1\n'));
    await drop.put('postal-mail-1/recipients.csv', bytes('id\n2\n'));
    expect(await readdir(path.join(dir, 'postal-mail-1'))).toEqual(['recipients.csv']);
    expect(await readFile(path.join(dir, 'postal-mail-1/recipients.csv'), 'utf8')).toBe('id\n2\n');
    await expect(drop.put('../escape.csv', bytes('x'))).rejects.toThrow('Invalid delivery name');
  });

  it('uploads over SFTP into the URL path, creating folders, and replaces a second delivery', async () => {
    const transfer = sftpTransfer(
      `sftp://printer:${encodeURIComponent('s3cret/pass')}@127.0.0.1:${sftpd.port}/incoming`,
      sftpd.fingerprint,
    );
    expect(transfer.target).toBe(`sftp://127.0.0.1:${sftpd.port}/incoming`);
    try {
      await transfer.put('postal-mail-7/letters.zip', bytes('PK zip bytes'));
      await transfer.put('postal-mail-7/recipients.csv', bytes('id\n1\n'));
      await transfer.put('postal-mail-7/recipients.csv', bytes('id\n1\n2\n'));
    } finally {
      await transfer.close();
    }
    const folder = path.join(remote, 'incoming', 'postal-mail-7');
    expect((await readdir(folder)).sort()).toEqual(['letters.zip', 'recipients.csv']);
    expect(await readFile(path.join(folder, 'recipients.csv'), 'utf8')).toBe('id\n1\n2\n');
  });

  it('fails with the reason when the SFTP login is refused', async () => {
    const transfer = sftpTransfer(`sftp://printer:wrong@127.0.0.1:${sftpd.port}/incoming`, sftpd.fingerprint);
    await expect(transfer.put('x.csv', bytes('x'))).rejects.toThrow(/authentication/i);
    await transfer.close();
  });

  it('refuses a server whose host key is not the pinned one, before sending the password', async () => {
    const other = sshFingerprint(Buffer.from('another host key'));
    const before = sftpd.logins();
    const transfer = sftpTransfer(
      `sftp://printer:${encodeURIComponent('s3cret/pass')}@127.0.0.1:${sftpd.port}/incoming`,
      other,
    );
    await expect(transfer.put('postal-mail-8/recipients.csv', bytes('id\n1\n'))).rejects.toThrow(
      `The SFTP server's host key ${sftpd.fingerprint} is not PRINT_VENDOR_SFTP_HOST_KEY (${other}): nothing was sent`,
    );
    await transfer.close();
    expect(sftpd.logins()).toBe(before);
    await expect(readdir(path.join(remote, 'incoming', 'postal-mail-8'))).rejects.toThrow();
  });

  it('accepts the fingerprint with or without the SHA256: prefix and padding', async () => {
    const bare = `${sftpd.fingerprint.slice('SHA256:'.length)}=`;
    const transfer = sftpTransfer(
      `sftp://printer:${encodeURIComponent('s3cret/pass')}@127.0.0.1:${sftpd.port}/incoming`,
      bare,
    );
    try {
      await transfer.put('postal-mail-9/recipients.csv', bytes('id\n1\n'));
    } finally {
      await transfer.close();
    }
    expect(await readdir(path.join(remote, 'incoming', 'postal-mail-9'))).toEqual(['recipients.csv']);
  });

  it('sends nothing without PRINT_VENDOR_SFTP_HOST_KEY, and says why', async () => {
    const before = sftpd.logins();
    const transfer = printVendorTransfer({
      DATA_DIR: '/data',
      PRINT_VENDOR_SFTP_URL: `sftp://printer:x@127.0.0.1:${sftpd.port}/incoming`,
    });
    await expect(transfer.put('x.csv', bytes('x'))).rejects.toThrow(
      "PRINT_VENDOR_SFTP_HOST_KEY is not set: the SFTP server's host key cannot be checked, so nothing is sent",
    );
    await transfer.close();
    expect(sftpd.logins()).toBe(before);
  });

  it('is SFTP when PRINT_VENDOR_SFTP_URL is set, else the drop folder (default DATA_DIR/print-vendor)', () => {
    expect(printVendorTransfer({ DATA_DIR: '/data' }).target).toBe(path.resolve('/data/print-vendor'));
    expect(printVendorTransfer({ DATA_DIR: '/data', PRINT_VENDOR_DIR: '/drop' }).target).toBe('/drop');
    expect(
      printVendorTransfer({ DATA_DIR: '/data', PRINT_VENDOR_SFTP_URL: 'sftp://u:p@vendor.example/in' }).target,
    ).toBe('sftp://vendor.example/in');
  });
});
