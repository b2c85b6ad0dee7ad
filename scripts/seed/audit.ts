import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../server/src/db/database.js';

const DEMO_LOOKUP = 'demoJoinSite';

/**
 * A demo API key (its secret thrown away: it authenticates nothing) and a short history on the first
 * institution, so the API keys and audit log screens and the History panels show rows. Idempotent.
 */
export async function seedAudit(db: Db): Promise<number> {
  if (await db.selectFrom('apiKeys').select('id').where('lookupId', '=', DEMO_LOOKUP).executeTakeFirst()) return 0;
  const staff = await db.selectFrom('accounts').select('id').where('admin', '=', true).orderBy('id').executeTakeFirst();
  const { id: apiKeyId } = await db
    .insertInto('apiKeys')
    .values({
      name: 'Demo join site',
      lookupId: DEMO_LOOKUP,
      secretHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      scopes: ['invitees:read', 'invitees:write', 'accounts:read'],
      createdBy: staff?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its audit rows below show it acting: it was last used then (the latest, a minute ago), not "Never".
  const lastUsedAt = new Date(Date.now() - 60_000);
  await db.updateTable('apiKeys').set({ lastUsedAt }).where('id', '=', apiKeyId).execute();
  const institution = await db
    .selectFrom('institutions')
    .select(['id', 'name', 'population'])
    .orderBy('id')
    .executeTakeFirst();
  if (!institution) return 1;
  const actor = { accountId: staff?.id ?? null, apiKeyId: staff ? null : apiKeyId, address: '203.0.113.7' };
  const entityId = String(institution.id);
  await db
    .insertInto('auditLog')
    .values([
      { ...actor, action: 'create', entity: 'institutions', entityId, at: new Date(Date.now() - 3 * 86_400_000) },
      {
        ...actor,
        action: 'update',
        entity: 'institutions',
        entityId,
        at: new Date(Date.now() - 86_400_000),
        changes: JSON.stringify({
          population: { old: '12000', new: institution.population },
          website: { old: null, new: 'https://example.edu' },
        }),
      },
      {
        ...actor,
        action: 'export',
        entity: 'members',
        at: new Date(Date.now() - 3_600_000),
        detail: JSON.stringify({ file: 'members.csv', filters: { search: 'smith' } }),
      },
      {
        accountId: null,
        apiKeyId,
        address: '198.51.100.20',
        action: 'update',
        entity: 'invitees',
        entityId: '1',
        at: lastUsedAt,
        changes: JSON.stringify({ legacyPledgeAt: { old: null, new: new Date().toISOString() } }),
      },
    ])
    .execute();
  return 5;
}
