import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  PERMISSIONS_NOT_HELD,
  ROLE_ADMIN,
  ROLE_ADMIN_FIXED,
  ROLE_BUILT_IN,
  ROLE_IN_USE,
  contract,
  type RoleInput,
} from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import { knownScopes, scopeAreas, scopesNotHeld } from '../../services/auth/api-key-scopes.js';
import { callerChapters } from '../../services/auth/access-changes.js';
import { expandPermissions, forgetRoles } from '../../services/auth/role-table.js';
import { refuse } from '../../services/auth/refusal.js';
import * as repo from './repo.js';

type Input = z.output<typeof RoleInput>;

/**
 * The permissions a role is saved with, refused when one does not exist (400) or the caller would give one it
 * does not hold (403, audited; only those added count, so a role can be re-saved by someone holding less).
 * A caller limited to chapters cannot make a role that reaches every chapter.
 */
async function checkRoleInput(request: FastifyRequest, input: Input, before: readonly string[], id: number | null) {
  const unknown = input.permissions.find((p) => !knownScopes.has(p));
  if (unknown) throw fieldError('permissions', `There is no permission ${unknown}`);
  const permissions = [...new Set(input.permissions)].sort();
  const notHeld = scopesNotHeld(
    request.scopes,
    permissions.filter((p) => !before.includes(p)),
  );
  const entity = { entity: 'roles', entityId: id };
  if (notHeld.length) await refuse(request, `${PERMISSIONS_NOT_HELD}: ${notHeld.join(', ')}`, { ...entity, notHeld });
  if (!input.chapterScoped && callerChapters(request))
    await refuse(request, 'You can only make chapter-scoped roles', entity);
  return permissions;
}

export const roleRoutes = s.router(contract.roles, {
  list: async ({ request }) => ({ status: 200, body: { items: await repo.listRoles(request.server.db) } }),

  permissions: async () => ({ status: 200, body: { items: scopeAreas(false) } }),

  get: async ({ params, request }) => {
    const role = await repo.getRole(request.server.db, params.id);
    if (!role) throw notFound('Role');
    return { status: 200, body: role };
  },

  create: async ({ body, request }) => {
    const { db } = request.server;
    const permissions = await checkRoleInput(request, body, [], null);
    const id = await repo.insertRole(db, { ...body, permissions });
    forgetRoles();
    return { status: 201, body: (await repo.getRole(db, id))! };
  },

  update: async ({ params, body, request }) => {
    const { db } = request.server;
    await db.transaction().execute(async (trx) => {
      const role = await repo.lockRole(trx, params.id);
      if (!role) throw notFound('Role');
      if (role.builtIn && body.name !== role.name) throw new AppError(409, 'A built-in role keeps its name');
      const before = [...expandPermissions(role.permissions)];
      let permissions = await checkRoleInput(request, body, before, params.id);
      if (role.name === ROLE_ADMIN) {
        // ROLE_ADMIN is everything, including what later areas add: it stays `*`.
        if (permissions.length !== knownScopes.size || body.chapterScoped) throw new AppError(409, ROLE_ADMIN_FIXED);
        permissions = ['*'];
      }
      await repo.updateRole(trx, params.id, role.name, body, permissions);
    });
    forgetRoles();
    return { status: 200, body: (await repo.getRole(db, params.id))! };
  },

  remove: async ({ params, request }) => {
    const { db } = request.server;
    await db.transaction().execute(async (trx) => {
      const role = await repo.lockRole(trx, params.id);
      if (!role) throw notFound('Role');
      if (role.builtIn) throw new AppError(409, ROLE_BUILT_IN);
      const holder = await trx
        .selectFrom('accounts')
        .select('id')
        .where(sql<boolean>`roles @> array[${role.name}]::text[]`)
        .limit(1)
        .executeTakeFirst();
      if (holder) throw new AppError(409, ROLE_IN_USE);
      await repo.deleteRole(trx, params.id);
    });
    forgetRoles();
    return { status: 204, body: undefined };
  },
});
