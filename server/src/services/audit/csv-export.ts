import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { writeAuditRow } from './write-audit-row.js';

// Structural: ts-rest hands handlers a reply typed with Fastify 4's parameters (see STACK.md).
type ExportReply = {
  header: (name: string, value: string) => unknown;
  request: Pick<FastifyRequest, 'server' | 'query'>;
};

/**
 * A CSV export answer: the stream goes out as is (constant memory), named for download. The stream
 * may still be starting (a COPY being accepted): a query that fails to start answers an error
 * status instead of a cut-off 200. The contract types CSV bodies as text; a stream is what Fastify
 * sends for it. Every export is audited (issue 27: who exported what, with which filters): the list
 * it came from is the row's entity (`invitation-12-invitees` is `invitation_invitees`, id 12).
 */
export async function csvAttachment(reply: ExportReply, baseName: string, stream: Readable | Promise<Readable>) {
  const body = await stream;
  const stamp = new Date().toISOString().slice(0, 10);
  const fileName = `${baseName}-${stamp}.csv`;
  const entityId = /-(\d+)(?:-|$)/.exec(baseName)?.[1] ?? null;
  const entity = baseName.replace(/-\d+(?=-|$)/g, '').replace(/-/g, '_');
  try {
    await writeAuditRow(reply.request.server.db, {
      action: 'export',
      entity,
      entityId,
      detail: { file: fileName, filters: reply.request.query },
    });
  } catch (err) {
    body.destroy(); // hands the COPY's connection back
    throw err;
  }
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  return { status: 200 as const, body: body as unknown as string };
}
