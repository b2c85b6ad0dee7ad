import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  UPLOAD_DESTINATIONS,
  tooManyFilesMessage,
  uploadDestination,
  uploadMessages,
  type FileKind,
  type UploadDestination,
  type UploadPath,
} from '@app/contract';
import { AppError, badRequest } from '../../errors.js';
import type { Storage } from '../../plugins/storage.js';
import { cleanFileName, identifyFile } from './rules.js';

export type StoredUpload = { fileName: string; kind: FileKind; key: string; size: number };
export type ReceivedUpload = {
  path: UploadPath;
  destination: UploadDestination;
  public: boolean;
  commit: boolean;
  files: StoredUpload[];
};

const destinations: UploadDestination[] = Object.values(UPLOAD_DESTINATIONS);
/** The largest file any destination takes: the multipart parser's own limit (app.ts) is this. */
export const LARGEST_UPLOAD = Math.max(...destinations.map((d) => d.maxSize));
const MOST = Math.max(...destinations.map((d) => d.maxFiles));

/**
 * How much of a file's start is held to learn its kind. file-type needs ~4,100 bytes for most
 * formats; an .xlsx is a zip whose telling entries come after the first, so allow more.
 */
const HEAD_BYTES = 256 * 1024;

/** Reads up to `max` bytes of the start of a stream (fewer when it ends sooner). */
async function readHead(iterator: AsyncIterator<Buffer>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < max) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    size += next.value.length;
  }
  return Buffer.concat(chunks);
}

// A part refused for its kind or count is still read to the end (dropped as it arrives): answering
// before the body is in makes browsers report a dropped connection instead of our message. Only a
// file over its limit stops the reading at once (it could be any size).
async function drain(iterator: AsyncIterator<unknown>): Promise<void> {
  while (!(await iterator.next()).done);
}

function flag(value: string | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  throw badRequest(`${name} must be true or false`);
}

type FilePart = { file: Readable; filename: string; mimetype: string };

/**
 * Stores one file part while it streams: its start decides its kind (and is refused before anything
 * is stored), then every byte is counted on its way to storage and the file is stopped the moment it
 * passes the destination's limit (storage removes what it had written). Memory per upload: the
 * start of the file and the stream's own buffers, whatever the file's size.
 */
async function storePart(
  part: FilePart,
  path: string,
  destination: UploadDestination,
  storage: Storage,
): Promise<StoredUpload | AppError> {
  const name = cleanFileName(part.filename);
  const tooLarge = () => new AppError(413, uploadMessages.tooLarge(name, destination.maxSize));
  const rejected = () => badRequest(uploadMessages.rejected(name, part.mimetype));
  const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head = await readHead(iterator, HEAD_BYTES);
  if (head.length > destination.maxSize) return tooLarge();
  if (!head.length) return badRequest(uploadMessages.empty(name));
  const kind = await identifyFile(destination, name, part.mimetype, head);
  if (!kind) {
    await drain(iterator);
    return rejected();
  }

  const key = `${path}/${randomUUID()}${kind.extensions[0]}`;
  let size = 0;
  let refusal: AppError | undefined;
  async function* counted() {
    for (let chunk: Buffer | undefined = head; chunk;) {
      size += chunk.length;
      if (size > destination.maxSize) throw (refusal = tooLarge());
      // A text kind (CSV) is refused for a NUL byte anywhere, not only in its start.
      if (kind!.text && chunk.includes(0)) throw (refusal = rejected());
      yield chunk;
      const next = await iterator.next();
      chunk = next.done ? undefined : next.value;
    }
  }
  try {
    await storage.put(key, Readable.from(counted(), { objectMode: false }), kind.mime);
  } catch (err) {
    if (refusal) return refusal;
    throw err;
  }
  return { fileName: name, kind, key, size };
}

/**
 * Reads POST /api/shared/file: the `path`, `public` and `commit` fields and each `file` part,
 * storing each file as it streams (see `storePart`) and checking that the destination exists, that
 * no file is larger or more numerous than it allows, and that each file is what its name says (from
 * its bytes). When anything is refused, every file this request stored is deleted again.
 */
export async function receiveUploads(
  request: FastifyRequest,
  reply: { header: (name: string, value: string) => unknown },
  storage: Storage,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError(415, 'Upload must be multipart/form-data');
  const fields: Record<string, string> = {};
  const files: StoredUpload[] = [];
  let destination: UploadDestination | undefined;
  let failure: AppError | undefined;

  try {
    // One byte over the largest limit, so our own count (with the file's name) trips before the parser's.
    const parts = request.parts({
      limits: { fileSize: LARGEST_UPLOAD + 1, files: MOST + 1, fields: 20, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] ??= String(part.value);
        continue;
      }
      if (failure) {
        await drain(part.file[Symbol.asyncIterator]());
        continue;
      }
      destination ??= uploadDestination(fields.path ?? '');
      if (!destination) failure = badRequest(uploadMessages.unknownDestination);
      else if (files.length >= destination.maxFiles) failure = badRequest(tooManyFilesMessage(destination.maxFiles));
      if (failure || !destination) {
        await drain(part.file[Symbol.asyncIterator]());
        continue;
      }
      const stored = await storePart(part, fields.path!, destination, storage);
      if (stored instanceof AppError) failure = stored;
      else files.push(stored);
      if (failure?.status === 413) {
        // The rest of the body is not read: the connection cannot serve another request after this answer.
        reply.header('connection', 'close');
        break;
      }
    }
    if (failure) throw failure;

    const path = fields.path ?? '';
    destination = uploadDestination(path);
    if (!destination) throw badRequest(uploadMessages.unknownDestination);
    if (!files.length) throw badRequest(uploadMessages.fileRequired);
    const isPublic = flag(fields.public, 'public', destination.public);
    if (isPublic !== destination.public)
      throw badRequest(`Files in ${path} are ${destination.public ? 'public' : 'private'}`);
    return {
      path: path as UploadPath,
      destination,
      public: isPublic,
      commit: flag(fields.commit, 'commit', true),
      files,
    };
  } catch (err) {
    await Promise.allSettled(files.map((file) => storage.delete(file.key)));
    if (failure) throw failure;
    throw parseError(err, destination);
  }
}

/** The multipart parser's own refusals, in our words; a malformed body is the sender's fault. */
function parseError(err: unknown, destination: UploadDestination | undefined): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return badRequest(tooManyFilesMessage(destination?.maxFiles ?? MOST));
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(413, `A file is larger than ${LARGEST_UPLOAD / (1024 * 1024)} MB`);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest('Too many form fields');
  const status = (err as { statusCode?: number }).statusCode;
  return badRequest('Malformed upload', status && status < 500 ? (err as Error).message : undefined);
}
