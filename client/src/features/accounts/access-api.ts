import { chaptersContract, institutionsContract, rolesContract } from '@app/contract';
import { pickerSource } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ chapters: chaptersContract, institutions: institutionsContract, roles: rolesContract });

/** The account panel's pickers (issue 35 §3): institution and chapter, 20 at a time by name. */
export const accountInstitutionOptions = pickerSource('institutions', tsr.institutions.list);
export const accountChapterOptions = pickerSource('chapters', tsr.chapters.list);

/** Every role (GET /api/admin/tech/roles), for the account's Roles field; asked only by those who may read roles. */
export const useRoleOptions = (enabled: boolean) =>
  tsr.roles.list.useQuery({ queryKey: ['roles', 'list', {}], queryData: {}, enabled, staleTime: 60_000 });

/** The roles route the Roles field needs (`roles:read`). */
export const rolesListRoute = rolesContract.list;
