import type { Db } from '../db/database.js';
import { generateApiKey } from '../services/auth/api-keys.js';

/**
 * A live API key made straight in the table, with any scopes of the vocabulary: also those a person can no
 * longer give a key (`apiKeys:write`), as a key made before that rule would hold. Answers the whole key.
 */
export async function insertApiKey(db: Db, createdBy: number, scopes: string[], name = scopes.join(' ')) {
  const { key, lookupId, secretHash } = generateApiKey();
  await db.insertInto('apiKeys').values({ name, scopes, lookupId, secretHash, createdBy }).execute();
  return key;
}
