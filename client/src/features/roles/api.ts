import { z } from 'zod';
import { rolesContract } from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ roles: rolesContract });

export const ROLE_SAVED = 'Role saved successfully.';
export const ROLE_DELETED = 'Role deleted.';

/** The roles list has no filters or pages: every role, by name. */
export const RoleListQuery = z.object({});

/**
 * Staff roles (issue 35 §2): list, one role, create, update, delete (refused by the server while an account
 * holds it; its message is shown).
 */
export const rolesArea = createArea(
  'roles',
  {
    list: tsr.roles.list,
    detail: tsr.roles.get,
    create: tsr.roles.create,
    update: tsr.roles.update,
    remove: tsr.roles.remove,
  },
  { savedMessage: ROLE_SAVED, removeMeta: { successMessage: ROLE_DELETED }, listQuery: RoleListQuery },
);

/** Every permission by admin area, with the calls each covers (changes only with the contract). */
export const usePermissionAreas = () =>
  tsr.roles.permissions.useQuery({ queryKey: ['roles', 'permissions'], staleTime: Infinity });
