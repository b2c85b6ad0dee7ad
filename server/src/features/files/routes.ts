import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { notFound } from '../../errors.js';
import { toUploadedFile } from '../../services/files.js';
import { receiveUploads } from './receive.js';
import { contentDisposition } from './rules.js';
import * as repo from './repo.js';

// ts-rest stamps the contract's generic binary type on the answer; onSend puts the file's own back.
const servedTypes = new WeakMap<object, string>();

export const fileRoutes = s.router(contract.files, {
  upload: async ({ request, reply }) => {
    const { db, storage } = request.server;
    // The files are in storage once this returns; they are removed again if recording them fails.
    const upload = await receiveUploads(request, reply, storage);
    try {
      const rows = await repo.insertFiles(
        db,
        upload.files.map((file) => ({
          storageKey: file.key,
          folder: upload.path,
          fileName: file.fileName,
          contentType: file.kind.mime,
          sizeInBytes: file.size,
          public: upload.public,
          committed: upload.commit,
          uploadedBy: request.account?.id ?? null,
        })),
      );
      return { status: 201, body: rows.map(toUploadedFile) };
    } catch (err) {
      await Promise.allSettled(upload.files.map((file) => storage.delete(file.key)));
      throw err;
    }
  },

  download: {
    hooks: {
      onSend: async (_request, reply, payload) => {
        const type = servedTypes.get(reply);
        if (type) reply.header('content-type', type);
        return payload;
      },
    },
    // A private file is as missing as an unknown one to anyone but an admin: its existence never leaks.
    handler: async ({ params, request, reply }) => {
      const file = await repo.findFile(request.server.db, params.id);
      if (!file || file.fileName !== params.fileName || (!file.public && !request.account?.admin))
        throw notFound('File');
      const stream = await request.server.storage.get(file.storageKey);
      if (!stream) throw notFound('File');
      servedTypes.set(reply, file.contentType);
      reply.header('content-length', file.sizeInBytes);
      reply.header('content-disposition', contentDisposition(file.fileName, file.contentType));
      reply.header('x-content-type-options', 'nosniff');
      // Stored bytes never change under an id, so public copies may be cached for good.
      reply.header('cache-control', file.public ? 'public, max-age=31536000, immutable' : 'private, no-store');
      return { status: 200, body: stream as unknown as string };
    },
  },
});
