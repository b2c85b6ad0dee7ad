import type { Readable } from 'node:stream';

type HeaderReply = { header: (name: string, value: string) => unknown };

/**
 * A CSV export answer: the stream goes out as is (constant memory), named for download. The stream
 * may still be starting (a COPY being accepted): a query that fails to start answers an error
 * status instead of a cut-off 200. The contract types CSV bodies as text; a stream is what Fastify
 * sends for it.
 */
export async function csvAttachment(reply: HeaderReply, baseName: string, stream: Readable | Promise<Readable>) {
  const body = await stream;
  const stamp = new Date().toISOString().slice(0, 10);
  reply.header('content-disposition', `attachment; filename="${baseName}-${stamp}.csv"`);
  return { status: 200 as const, body: body as unknown as string };
}
