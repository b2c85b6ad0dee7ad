import { createPublicKey } from 'node:crypto';
import { sql } from 'kysely';
import { emptyAddress, type Address, type SocietySettings, type SocietySettingsInput } from '@app/contract';
import type { Db } from '../../db/database.js';
import { toUploadedFile } from '../../services/files.js';
import { issuerKeyId, issuerKeyName, issuerPublicKeys } from '../../services/badges/issuer.js';
import { liveBadgesOf } from '../../services/badges/rotate.js';

/** The printed address (receipts, certificates): its lines, empty parts left out. */
export function addressLines(a: Address): string {
  const cityLine = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.street1, a.street2, cityLine, a.country].filter(Boolean).join('\n');
}

/** The settings screen's view of the one society_settings row; `base` is PUBLIC_URL (the key id). */
export async function getSettings(db: Db, base: string): Promise<SocietySettings> {
  const row = await db
    .selectFrom('societySettings as s')
    .leftJoin('files as f', 'f.id', 's.logoFileId')
    .select(['s.name', 's.address', 's.postalAddress', 's.updatedAt'])
    .select(['f.id as fileId', 'f.fileName', 'f.contentType', 'f.sizeInBytes'])
    .executeTakeFirstOrThrow();
  const keys = await issuerPublicKeys(db);
  const current = keys.at(-1);
  const live = await Promise.all(
    keys.map(async (k) =>
      Number(
        (
          await liveBadgesOf(db, k.number)
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );
  return {
    name: row.name,
    // Before the first save the address is only its printed lines: they show as the first street line.
    address: row.postalAddress ?? { ...emptyAddress, street1: row.address.split('\n').join(', ') || null },
    logo:
      row.fileId && row.fileName
        ? toUploadedFile({
            id: row.fileId,
            fileName: row.fileName,
            contentType: row.contentType!,
            sizeInBytes: row.sizeInBytes!,
          })
        : null,
    issuerKey: current
      ? {
          kid: issuerKeyId(base, current.number),
          jwk: current.publicJwk,
          pem: createPublicKey({ key: current.publicJwk, format: 'jwk' })
            .export({ type: 'spki', format: 'pem' })
            .toString(),
        }
      : null,
    issuerKeys: keys.map((k, i) => ({
      name: issuerKeyName(k.number),
      kid: issuerKeyId(base, k.number),
      createdAt: k.createdAt.toISOString(),
      current: k === current,
      withdrawnAt: k.withdrawnAt ? new Date(k.withdrawnAt).toISOString() : null,
      liveBadges: live[i]!,
    })),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export async function updateSettings(db: Db, input: SocietySettingsInput & { address: Address }): Promise<void> {
  await db
    .updateTable('societySettings')
    .set({
      name: input.name,
      address: addressLines(input.address),
      postalAddress: JSON.stringify(input.address),
      logoFileId: input.logoId ?? null,
      updatedAt: sql<Date>`now()`,
    })
    .execute();
}
