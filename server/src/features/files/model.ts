import type { Selectable } from 'kysely';
import type { UploadedFile } from '@app/contract';
import type { FileTable } from '../../db/database.js';

export type FileRow = Pick<Selectable<FileTable>, 'id' | 'fileName' | 'contentType' | 'sizeInBytes'>;

/** Where a stored file is served: public ones to anyone, private ones to staff only. */
export function fileUrl(file: Pick<FileRow, 'id' | 'fileName'>): string {
  return `/api/files/${file.id}/${encodeURIComponent(file.fileName)}`;
}

export function toUploadedFile(file: FileRow): UploadedFile {
  return { id: file.id, fileName: file.fileName, url: fileUrl(file), sizeInBytes: file.sizeInBytes, contentType: file.contentType };
}
