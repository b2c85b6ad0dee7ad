import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { writeAuditRow } from '../audit/write-audit-row.js';

/**
 * Refuses a staff call with 403 `message`, after an audit row `forbidden` naming the operation (issue 35 §4:
 * every refusal is audited). The row is written outside the call's transaction, so it stays when the call
 * is rolled back.
 */
export async function refuse(
  request: FastifyRequest,
  message: string,
  detail: { entity: string; entityId?: number | null } & Record<string, unknown>,
): Promise<never> {
  const { entity, entityId = null, ...rest } = detail;
  const operation = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  await writeAuditRow(
    request.server.db,
    { action: 'forbidden', entity, entityId, detail: { operation, message, ...rest } },
    {
      accountId: request.apiKeyId ? null : (request.account?.id ?? null),
      apiKeyId: request.apiKeyId,
      address: request.ip,
    },
  );
  throw new AppError(403, message);
}
