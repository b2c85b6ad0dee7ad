import { AuditLogListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The audit log screen's URL state: the contract's list query. */
export const auditLogSearch = listSearchSchema(AuditLogListQuery);
