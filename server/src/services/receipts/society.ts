import type { Db } from '../../db/database.js';

/** The society's name and address as printed on receipts and certificates (the one society_settings row). */
export async function societySettings(db: Db): Promise<{ name: string; address: string }> {
  const row = await db.selectFrom('societySettings').select(['name', 'address']).executeTakeFirst();
  return { name: row?.name ?? 'Honor Society', address: row?.address ?? '' };
}

/** The society's logo (a stored PNG or JPEG, set on the settings screen), or null. */
export async function societyLogoId(db: Db): Promise<number | null> {
  const row = await db.selectFrom('societySettings').select('logoFileId').executeTakeFirst();
  return row?.logoFileId ?? null;
}
