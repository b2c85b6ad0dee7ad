import { apiRouter, AuditLogListQuery, auditLogContract } from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ auditLog: auditLogContract });

/** The audit log (issue 27), read only: the screen's list and export, and each record's History panel. */
export const auditLogArea = createArea(
  'audit-log',
  { list: tsr.auditLog.list },
  { listQuery: AuditLogListQuery, exportRoute: apiRouter({ auditLog: auditLogContract }).auditLog.export },
);

/** The actors, entities and actions the log's filters offer. */
export const useAuditFacets = () =>
  tsr.auditLog.facets.useQuery({ queryKey: ['audit-log', 'facets'], staleTime: 60_000 });
