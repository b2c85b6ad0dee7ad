import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { appSecret, forgetCachedSecrets } from '../secrets.js';

/**
 * Keeps a short secret (a TOTP key) encrypted at rest with AES-256-GCM, so a copy of the database alone does
 * not give away anyone's second factor. The key comes from the environment (SECRETS_KEY, required in
 * production): `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url). Without SECRETS_KEY (development, tests)
 * the key is an app secret kept in the database, as before: `v1.<iv>.<tag>.<ciphertext>`.
 */
export type SecretKeys = { SECRETS_KEY?: string | undefined; SECRETS_KEY_PREVIOUS?: string | undefined };

/** The in-database key of v1 values (and of every value when SECRETS_KEY is unset). */
const DB_KEY_NAME = 'second-factor-key';

const aesKey = (material: string) => createHash('sha256').update(material).digest();

/** A short public name of a key, so a value says which key sealed it (and rotation finds the others). */
export const keyId = (material: string) =>
  createHash('sha256').update(`secrets-key-id:${material}`).digest().subarray(0, 6).toString('base64url');

function seal(key: Buffer, plain: string): string[] {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url'));
}

function open(key: Buffer, [iv, tag, data]: string[]): string {
  if (!iv || !tag || !data) throw new Error('Unreadable sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

export async function sealSecret(db: Db, keys: SecretKeys, plain: string): Promise<string> {
  if (keys.SECRETS_KEY) return ['v2', keyId(keys.SECRETS_KEY), ...seal(aesKey(keys.SECRETS_KEY), plain)].join('.');
  return ['v1', ...seal(aesKey(await appSecret(db, DB_KEY_NAME)), plain)].join('.');
}

/** The plain secret; throws when no key at hand (SECRETS_KEY, SECRETS_KEY_PREVIOUS, the database's) opens it. */
export async function openSecret(db: Db, keys: SecretKeys, sealed: string): Promise<string> {
  const [version, ...rest] = sealed.split('.');
  if (version === 'v2') {
    const [id, ...parts] = rest;
    const material = [keys.SECRETS_KEY, keys.SECRETS_KEY_PREVIOUS].find((k) => k && keyId(k) === id);
    if (!material) throw new Error('Sealed under a key that is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS');
    return open(aesKey(material), parts);
  }
  if (version !== 'v1') throw new Error('Unreadable sealed secret');
  return open(aesKey(await appSecret(db, DB_KEY_NAME)), rest);
}

/**
 * Rotation, at every start with SECRETS_KEY: each TOTP key sealed otherwise (under SECRETS_KEY_PREVIOUS, or
 * under the database's key of an older version) is sealed again under SECRETS_KEY; then the database's key
 * is deleted, so a copy of the database holds no key at all. Each row is replaced only if it is still the
 * value that was read (instances starting together agree). Throws, naming how many, when a key is missing.
 */
/** Every sealed column: the TOTP keys and the Open Badges issuer's private keys (key-1, key-2 ...). */
const SEALED = [
  { table: 'accountSecondFactors', id: 'accountId', column: 'secret' },
  { table: 'issuerKeys', id: 'number', column: 'secretKey' },
] as const;

type SealedRow = { id: number | boolean; sealed: string };

/** One sealed column's values (not) like a prefix, and a way to replace one if it is still the value read. */
function sealedColumn(db: Db, { table, id, column }: (typeof SEALED)[number]) {
  return {
    matching: async (like: string, not = true) =>
      (
        await sql<SealedRow>`select ${sql.ref(id)} as id, ${sql.ref(column)} as sealed from ${sql.table(table)}
          where ${sql.ref(column)} ${not ? sql`not like` : sql`like`} ${like}`.execute(db)
      ).rows,
    replace: async (row: SealedRow, sealed: string) => {
      const done = await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sealed}
        where ${sql.ref(id)} = ${row.id} and ${sql.ref(column)} = ${row.sealed}`.execute(db);
      return Number(done.numAffectedRows ?? 0);
    },
  };
}

export async function resealSecrets(db: Db, keys: SecretKeys): Promise<number> {
  if (!keys.SECRETS_KEY) return 0;
  const current = `v2.${keyId(keys.SECRETS_KEY)}.`;
  let resealed = 0;
  let unreadable = 0;
  let v1Left = false;
  for (const place of SEALED) {
    const col = sealedColumn(db, place);
    for (const row of await col.matching(`${current}%`)) {
      const plain = await openSecret(db, keys, row.sealed).catch(() => null);
      if (plain === null) unreadable++;
      else resealed += await col.replace(row, await sealSecret(db, keys, plain));
    }
    if ((await col.matching('v1.%', false)).length) v1Left = true;
  }
  if (unreadable)
    throw new Error(
      `${unreadable} sealed secret(s) (second-factor or badge issuer keys) are sealed under a key that is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS: ` +
        'set SECRETS_KEY_PREVIOUS to the key they were sealed with (or reset those accounts’ two-factor sign-in)',
    );
  if (!v1Left) {
    await db.deleteFrom('appSecrets').where('name', '=', DB_KEY_NAME).execute();
    forgetCachedSecrets();
  }
  return resealed;
}
