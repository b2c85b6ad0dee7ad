import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.js';

/**
 * How postal mailings reach the print vendor: files put by name into the vendor's drop place. Each
 * file is written under a temporary name (`<name>.part`) and renamed once complete, so the vendor never
 * picks up half a file, and delivering the same name again replaces it instead of adding a second file.
 */
export interface PrintVendorTransfer {
  /** Where files go, for logs and reasons (no password). */
  readonly target: string;
  /** Delivers `body` as `name`, a relative path such as `postal-mail-12/recipients.csv`. */
  put(name: string, body: Readable): Promise<void>;
  /** Ends the connection, if any. */
  close(): Promise<void>;
}

/** A relative name kept inside the drop place: no `..`, no absolute path, forward slashes. */
function safeName(name: string): string {
  const clean = path.posix.normalize(name.replace(/\\/g, '/')).replace(/^\/+/, '');
  if (!clean || clean === '.' || clean.startsWith('..')) throw new Error(`Invalid delivery name: ${name}`);
  return clean;
}

/** A local folder the vendor (or a sync tool) collects from: the default, and what tests read. */
export function dropFolderTransfer(dir: string): PrintVendorTransfer {
  const root = path.resolve(dir);
  return {
    target: root,
    async put(name, body) {
      const full = path.join(root, safeName(name));
      const part = `${full}.part`;
      await mkdir(path.dirname(full), { recursive: true });
      try {
        await pipeline(body, createWriteStream(part));
        await rename(part, full);
      } catch (err) {
        await rm(part, { force: true });
        throw err;
      }
    },
    async close() {},
  };
}

/** A host key's SHA-256 fingerprint as OpenSSH prints it: `SHA256:` and unpadded base64. */
export function sshFingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

const normalFingerprint = (fingerprint: string) => `SHA256:${fingerprint.replace(/^SHA256:/, '').replace(/=+$/, '')}`;

/**
 * An SFTP drop (ssh2-sftp-client), from `sftp://user:password@host:22/incoming`: one connection per
 * pass, opened on the first file. The URL's path is the remote folder (relative to the login's home
 * when it does not start with `//`). The server's host key must have the fingerprint `hostKey` (pinned:
 * otherwise whoever sits in between would get the password and the addresses); without one nothing connects.
 */
export function sftpTransfer(url: string, hostKey: string | undefined): PrintVendorTransfer {
  const u = new URL(url);
  const pinned = hostKey ? normalFingerprint(hostKey) : undefined;
  let offered: string | undefined;
  const remoteRoot =
    decodeURIComponent(u.pathname)
      .replace(/^\/(?!\/)/, '')
      .replace(/\/+$/, '') || '.';
  type Client = InstanceType<typeof import('ssh2-sftp-client')>;
  let client: Promise<Client> | undefined;
  const connect = () =>
    (client ??= (async () => {
      if (!pinned)
        throw new Error(
          "PRINT_VENDOR_SFTP_HOST_KEY is not set: the SFTP server's host key cannot be checked, so nothing is sent",
        );
      const { default: SftpClient } = await import('ssh2-sftp-client');
      // Errors reach the call that meets them (its promise rejects); the library's own console lines are not wanted.
      const sftp = new SftpClient('print-vendor', { error: () => {}, end: () => {}, close: () => {} });
      await sftp
        .connect({
          host: u.hostname,
          port: u.port ? Number(u.port) : 22,
          username: decodeURIComponent(u.username),
          password: u.password ? decodeURIComponent(u.password) : undefined,
          readyTimeout: 30_000,
          hostVerifier: (key: Buffer) => (offered = sshFingerprint(key)) === pinned,
        })
        .catch((err: unknown) => {
          if (offered && offered !== pinned) {
            throw new Error(
              `The SFTP server's host key ${offered} is not PRINT_VENDOR_SFTP_HOST_KEY (${pinned}): nothing was sent`,
            );
          }
          throw err;
        });
      return sftp;
    })());
  return {
    target: `sftp://${u.host}/${remoteRoot}`,
    async put(name, body) {
      const sftp = await connect();
      const full = path.posix.join(remoteRoot, safeName(name));
      const part = `${full}.part`;
      await sftp.mkdir(path.posix.dirname(full), true);
      await sftp.put(body, part);
      if (await sftp.exists(full)) await sftp.delete(full);
      await sftp.rename(part, full);
    },
    async close() {
      if (!client) return;
      const pending = client;
      client = undefined;
      await (await pending.catch(() => undefined))?.end();
    },
  };
}

/** The configured transfer: SFTP when PRINT_VENDOR_SFTP_URL is set, else the drop folder PRINT_VENDOR_DIR (default DATA_DIR/print-vendor). */
export function printVendorTransfer(
  config: Pick<Config, 'DATA_DIR'> & {
    PRINT_VENDOR_SFTP_URL?: string | undefined;
    PRINT_VENDOR_DIR?: string | undefined;
    PRINT_VENDOR_SFTP_HOST_KEY?: string | undefined;
  },
): PrintVendorTransfer {
  if (config.PRINT_VENDOR_SFTP_URL)
    return sftpTransfer(config.PRINT_VENDOR_SFTP_URL, config.PRINT_VENDOR_SFTP_HOST_KEY);
  return dropFolderTransfer(config.PRINT_VENDOR_DIR ?? path.join(config.DATA_DIR, 'print-vendor'));
}
