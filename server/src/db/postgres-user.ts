import { execFileSync, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';

/** The machine's `postgres` user, which runs the embedded PostgreSQL when the product runs as root. */
export type PostgresUser = {
  uid: number;
  gid: number;
  /** Whether the user can enter (search) the folder, every parent included. */
  canEnter: (dir: string) => boolean;
  /** Hands a folder made by root to the user (recursively, when it is not theirs yet). */
  own: (dir: string) => void;
};

function ids(): { uid: number; gid: number } | undefined {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
    };
  } catch {
    return undefined;
  }
}

/** Finds the `postgres` user, creating it (as embedded PostgreSQL packages do) when the machine has none. */
export function findPostgresUser(): PostgresUser {
  let found = ids();
  if (!found) {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    } catch {
      // the group may exist without the user
    }
    try {
      execFileSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres'], { stdio: 'ignore' });
    } catch (err) {
      throw new Error(
        'Running as root, the embedded PostgreSQL needs a "postgres" user, and creating one failed; create it or set DATABASE_URL.',
        { cause: err },
      );
    }
    found = ids();
    if (!found)
      throw new Error('Running as root, the embedded PostgreSQL needs a "postgres" user, and none could be found.');
  }
  const { uid, gid } = found;
  return {
    uid,
    gid,
    canEnter: (dir) => spawnSync('test', ['-x', dir], { uid, gid }).status === 0,
    own: (dir) => {
      if (statSync(dir).uid !== uid) execFileSync('chown', ['-R', `${uid}:${gid}`, dir]);
    },
  };
}
