import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import {
  CHAPTERS_NOT_HELD,
  LAST_ADMIN,
  ROLE_ADMIN,
  ROLE_USER,
  ROLES_NOT_HELD,
  UNKNOWN_ROLE,
  forbiddenMessage,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError, fieldError } from '../../errors.js';
import { expandPermissions, roleNamed } from './role-table.js';
import { scopesNotHeld } from './api-key-scopes.js';
import { refuse } from './refusal.js';
import { changesStaffAccess, MEMBER_ACCESS, STAFF_PERMISSION, type StaffAccess } from './staff-access-rule.js';

export { STAFF_PERMISSION, type StaffAccess };

const added = <T>(from: readonly T[], to: readonly T[]) => to.filter((x) => !from.includes(x));

/**
 * Whether the caller reaches only some chapters (issue 35 §3): a key limited to chapters, or an account whose
 * every role is chapter-scoped; then those are the chapters it may give.
 */
export function callerChapters(request: FastifyRequest, keyChapterIds: readonly number[] = []): number[] | null {
  const account = request.account!;
  if (keyChapterIds.length) return [...keyChapterIds];
  const granting = account.roles.filter((r) => r !== ROLE_USER);
  const bounded = granting.length > 0 && granting.every((r) => roleNamed(r)?.chapterScoped);
  return bounded ? account.chapterIds : null;
}

/** Refuses 403 (audited) when the caller would give chapters it does not reach itself. */
export async function checkChaptersHeld(
  request: FastifyRequest,
  from: readonly number[],
  to: readonly number[],
  entity: { entity: string; entityId?: number | null },
  keyChapterIds: readonly number[] = [],
): Promise<void> {
  const mine = callerChapters(request, keyChapterIds);
  const notHeld = mine ? added(from, to).filter((id) => !mine.includes(id)) : [];
  if (notHeld.length) await refuse(request, `${CHAPTERS_NOT_HELD}: ${notHeld.join(', ')}`, { ...entity, notHeld });
}

/**
 * Checks a change of an account's staff access before it is written (issue 35 §4), inside the writing
 * transaction: making or unmaking staff, (de)activating staff, or changing roles or chapters needs
 * roles:write; every role added or removed must exist and grant only permissions the
 * caller holds; chapters only those the caller reaches; and the last active staff account holding
 * ROLE_ADMIN keeps it. `from` is null for a new account. Refusals are 403 (audited) or 409.
 */
export async function checkAccessChange(
  trx: Db,
  request: FastifyRequest,
  accountId: number | null,
  from: StaffAccess | null,
  to: StaffAccess,
): Promise<void> {
  const before = from ?? MEMBER_ACCESS;
  if (!changesStaffAccess(before, to)) return checkLastAdmin(trx, accountId, from, to);
  const entity = { entity: 'accounts', entityId: accountId };
  if (!request.scopes?.has(STAFF_PERMISSION)) await refuse(request, forbiddenMessage(STAFF_PERMISSION), entity);

  const changedRoles = [...added(before.roles, to.roles), ...added(to.roles, before.roles)];
  const rows = changedRoles.length
    ? await trx.selectFrom('roles').select(['name', 'permissions']).where('name', 'in', changedRoles).execute()
    : [];
  const unknown = added(
    rows.map((r) => r.name),
    added(before.roles, to.roles),
  ).filter((r) => r !== ROLE_USER);
  if (unknown.length) throw fieldError('roles', `${UNKNOWN_ROLE}: ${unknown.join(', ')}`);
  const notHeld = rows.filter((r) => scopesNotHeld(request.scopes, expandPermissions(r.permissions)).length > 0);
  if (notHeld.length)
    await refuse(request, `${ROLES_NOT_HELD}: ${notHeld.map((r) => r.name).join(', ')}`, {
      ...entity,
      roles: notHeld.map((r) => r.name),
    });
  await checkChaptersHeld(request, before.chapterIds, to.chapterIds, entity);
  await checkLastAdmin(trx, accountId, from, to);
}

const holdsAdmin = (a: StaffAccess | null) => !!a && a.admin && a.active && a.roles.includes(ROLE_ADMIN);

/** 409 when the change would leave no active staff account holding ROLE_ADMIN (others' rows locked meanwhile). */
async function checkLastAdmin(
  trx: Db,
  accountId: number | null,
  from: StaffAccess | null,
  to: StaffAccess,
): Promise<void> {
  if (!holdsAdmin(from) || holdsAdmin(to)) return;
  const others = await trx
    .selectFrom('accounts')
    .select('id')
    .where('admin', '=', true)
    .where('active', '=', true)
    .where(sql<boolean>`roles @> array[${ROLE_ADMIN}]::text[]`)
    .where('id', '!=', accountId!)
    .forUpdate()
    .execute();
  if (others.length === 0) throw new AppError(409, LAST_ADMIN);
}
