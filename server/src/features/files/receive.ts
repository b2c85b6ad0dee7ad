import type { Readable } from 'node:stream';
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
import { cleanFileName, identifyFile } from './rules.js';

export type ReceivedFile = { fileName: string; kind: FileKind; bytes: Buffer };
export type ReceivedUpload = { path: UploadPath; destination: UploadDestination; public: boolean; commit: boolean; files: ReceivedFile[] };

const destinations: UploadDestination[] = Object.values(UPLOAD_DESTINATIONS);
const LARGEST = Math.max(...destinations.map((d) => d.maxSize));
const MOST = Math.max(...destinations.map((d) => d.maxFiles));

/** Reads a file part to its end; null when it went over `max` bytes (the rest is read and dropped). */
async function readLimited(file: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) chunks.length = 0;
    else chunks.push(chunk);
  }
  return size > max ? null : Buffer.concat(chunks);
}

// A refused part is still read to the end: answering before the body is in makes browsers report a
// dropped connection instead of our message.
async function drain(file: Readable): Promise<void> {
  for await (const _chunk of file) void _chunk;
}

function flag(value: string | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  throw badRequest(`${name} must be true or false`);
}

/**
 * Reads POST /api/shared/file: the `path`, `public` and `commit` fields and each `file` part, checking
 * while it streams that the destination exists, that no file is larger or more numerous than it
 * allows, and that each file is what its name says (from its bytes). Nothing is stored here.
 */
export async function receiveUploads(request: FastifyRequest): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError(415, 'Upload must be multipart/form-data');
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  let destination: UploadDestination | undefined;
  let failure: AppError | undefined;

  try {
    const parts = request.parts({ limits: { fileSize: LARGEST + 1, files: MOST + 1, fields: 20, fieldSize: 1024 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] ??= String(part.value);
        continue;
      }
      if (failure) {
        await drain(part.file);
        continue;
      }
      destination ??= uploadDestination(fields.path ?? '');
      const name = cleanFileName(part.filename);
      if (!destination) failure = badRequest(uploadMessages.unknownDestination);
      else if (files.length >= destination.maxFiles) failure = badRequest(tooManyFilesMessage(destination.maxFiles));
      if (failure || !destination) {
        await drain(part.file);
        continue;
      }
      const bytes = await readLimited(part.file, destination.maxSize);
      if (!bytes) failure = new AppError(413, uploadMessages.tooLarge(name, destination.maxSize));
      else if (!bytes.length) failure = badRequest(uploadMessages.empty(name));
      else {
        const kind = await identifyFile(destination, name, part.mimetype, bytes);
        if (kind) files.push({ fileName: name, kind, bytes });
        else failure = badRequest(uploadMessages.rejected(name, part.mimetype));
      }
    }
  } catch (err) {
    if (failure) throw failure;
    throw parseError(err, destination);
  }
  if (failure) throw failure;

  const path = fields.path ?? '';
  destination = uploadDestination(path);
  if (!destination) throw badRequest(uploadMessages.unknownDestination);
  if (!files.length) throw badRequest(uploadMessages.fileRequired);
  const isPublic = flag(fields.public, 'public', destination.public);
  if (isPublic !== destination.public) throw badRequest(`Files in ${path} are ${destination.public ? 'public' : 'private'}`);
  return { path: path as UploadPath, destination, public: isPublic, commit: flag(fields.commit, 'commit', true), files };
}

/** The multipart parser's own refusals, in our words; a malformed body is the sender's fault. */
function parseError(err: unknown, destination: UploadDestination | undefined): AppError {
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return badRequest(tooManyFilesMessage(destination?.maxFiles ?? MOST));
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, `A file is larger than ${LARGEST / (1024 * 1024)} MB`);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest('Too many form fields');
  const status = (err as { statusCode?: number }).statusCode;
  if (err instanceof AppError) return err;
  return badRequest('Malformed upload', status && status < 500 ? (err as Error).message : undefined);
}
