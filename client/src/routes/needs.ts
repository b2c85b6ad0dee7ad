import type { Contract, PermissionKind } from '@app/contract';
import type { StaticDataRouteOption } from '@tanstack/react-router';
import { holds, ForbiddenError } from '../api/permissions';
import { AdminError } from '../components/shell/admin-fallbacks';

/** A permission of the contract's vocabulary (`<area>:read|write|export`), its area a key of the contract router. */
export type AdminPermission = `${Extract<keyof Contract, string>}:${PermissionKind}`;

type GuardArgs = { context: { account?: { permissions: string[] } } };

/**
 * An /admin screen's guard, spread into its `createRoute` options: the permission is kept in `staticData`
 * (the nav shows the screen's entry only to those holding it) and checked in `beforeLoad`, before any loader
 * or query, so a deep link to a forbidden screen makes no API call and shows "You do not have access to this
 * page" inside the shell. The permission is the one of the contract route the screen loads its data from.
 * @example createRoute({ getParentRoute: () => adminRoute, path: '/institutions', ...needs('institutions:read'), ... })
 */
export function needs(permission: AdminPermission, staticData: StaticDataRouteOption = {}) {
  return {
    staticData: { ...staticData, permission },
    beforeLoad: ({ context }: GuardArgs) => {
      if (!holds(context.account, permission)) throw new ForbiddenError(permission);
    },
    errorComponent: AdminError,
  };
}
