import type { Readable } from 'node:stream';

type HeaderReply = { header: (name: string, value: string) => unknown };

/**
 * A CSV export answer: the stream goes out as is (constant memory), named for download.
 * The contract types CSV bodies as text; a stream is what Fastify sends for it.
 */
export function csvAttachment(reply: HeaderReply, baseName: string, stream: Readable) {
  const stamp = new Date().toISOString().slice(0, 10);
  reply.header('content-disposition', `attachment; filename="${baseName}-${stamp}.csv"`);
  return { status: 200 as const, body: stream as unknown as string };
}
