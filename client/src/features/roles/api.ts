import { z } from 'zod';
import { MAX_PAGE_SIZE, rolesContract } from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ roles: rolesContract });

export const ROLE_SAVED = 'Role saved successfully.';
export const ROLE_DELETED = 'Role deleted.';

/** The list kit's URL state for the roles list (page, size, sort); the call itself takes none: every role, by name. */
export const RoleListQuery = z.object({
  page: z.number().default(1),
  pageSize: z.number().default(MAX_PAGE_SIZE),
  sort: z.string().optional(),
});

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
  { savedMessage: ROLE_SAVED, removeMeta: { successMessage: ROLE_DELETED } },
);

/** The roles list for the list kit, as one page of every role (the kit's query is not sent: the call takes none). */
export const rolesList = {
  listQuery: RoleListQuery,
  useList: () => {
    const result = rolesArea.useList({} as never);
    const items = result.data?.status === 200 ? result.data.body.items : undefined;
    const n = items?.length ?? 0;
    const pagination = {
      currentPage: 1,
      hasPreviousPage: false,
      hasNextPage: false,
      perPage: Math.max(n, 1),
      totalItems: n,
      totalPages: 1,
    };
    return { ...result, data: items && { body: { items, pagination } } };
  },
};

/** Every permission by admin area, with the calls each covers (changes only with the contract). */
export const usePermissionAreas = () =>
  tsr.roles.permissions.useQuery({ queryKey: ['roles', 'permissions'], staleTime: Infinity });
