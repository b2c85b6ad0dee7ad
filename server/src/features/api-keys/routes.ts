import { API_KEY_SCOPES_NOT_HELD, contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { fieldError, notFound } from '../../errors.js';
import { refuse } from '../../services/auth/refusal.js';
import { checkChaptersHeld } from '../../services/auth/access-changes.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import { generateApiKey } from '../../services/auth/api-keys.js';
import { keyScopes, knownScopes, scopeAreas, scopesNotHeld } from '../../services/auth/api-key-scopes.js';
import * as repo from './repo.js';

export const apiKeyRoutes = s.router(contract.apiKeys, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listApiKeys(request.server.db, query) }),

  export: async ({ query, request, reply }) =>
    csvAttachment(reply, 'api-keys', repo.exportApiKeys(request.server.db, query)),

  scopes: async () => ({ status: 200, body: { items: scopeAreas() } }),

  get: async ({ params, request }) => {
    const key = await repo.getApiKey(request.server.db, params.id);
    if (!key) throw notFound('API key');
    return { status: 200, body: key };
  },

  // The whole key is in this answer only: the table keeps its lookup id and SHA-256.
  create: async ({ body, request }) => {
    const unknown = body.scopes.find((scope) => !keyScopes.has(scope));
    if (unknown)
      throw fieldError(
        'scopes',
        knownScopes.has(unknown)
          ? `An API key cannot be given ${unknown}: no key may make its calls`
          : `There is no scope ${unknown}`,
      );
    const notHeld = scopesNotHeld(request.scopes, body.scopes);
    if (notHeld.length)
      await refuse(request, `${API_KEY_SCOPES_NOT_HELD}: ${notHeld.join(', ')}`, { entity: 'api_keys', notHeld });
    await checkChaptersHeld(request, [], body.chapterIds, { entity: 'api_keys' });
    const { key, lookupId, secretHash } = generateApiKey();
    const { db } = request.server;
    const id = await repo.insertApiKey(db, {
      name: body.name,
      scopes: [...new Set(body.scopes)].sort(),
      chapterIds: [...new Set(body.chapterIds)],
      lookupId,
      secretHash,
      createdBy: request.account!.id,
    });
    return { status: 201, body: { ...(await repo.getApiKey(db, id))!, key } };
  },

  revoke: async ({ params, request }) => {
    const { db } = request.server;
    if (!(await repo.revokeApiKey(db, params.id, request.account!.id))) throw notFound('API key');
    return { status: 200, body: (await repo.getApiKey(db, params.id))! };
  },
});
