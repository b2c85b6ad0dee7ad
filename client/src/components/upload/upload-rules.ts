import type { FileRejection } from '@mantine/dropzone';
import {
  FILE_KINDS,
  UPLOAD_DESTINATIONS,
  sizeInMb,
  tooManyFilesMessage,
  uploadMessages,
  type FileKind,
  type UploadPath,
} from '@app/contract';

export const UPLOAD_SUCCESS = 'Upload successfully.';

/** Spec 01 §8: one failed file is named, several are counted. */
export function uploadFailedMessage(failedNames: string[]): string {
  return failedNames.length === 1
    ? `There was an error uploading the file: ${failedNames[0]}.`
    : `Failed to upload ${failedNames.length} files`;
}

/** A drop with more files than the zone takes: none of it is uploaded. */
export const isTooMany = (rejections: FileRejection[]) => rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'));

/** Spec 01 §5: too many files gives one message; otherwise each refused file is named. */
export function rejectionMessages(rejections: FileRejection[], maxFiles: number): string[] {
  if (isTooMany(rejections)) return [tooManyFilesMessage(maxFiles)];
  return rejections.map((r) => uploadMessages.rejected(r.file.name, r.file.type));
}

export type DropRules = { maxSize: number; maxFiles: number; kinds: FileKind[]; public: boolean };

/** The destination's rules, narrowed (never widened: the server enforces the destination's) by a zone's own. */
export function dropRules(path: UploadPath, narrow: { maxSize?: number; maxFiles?: number } = {}): DropRules {
  const destination = UPLOAD_DESTINATIONS[path];
  return {
    maxSize: Math.min(narrow.maxSize ?? Infinity, destination.maxSize),
    maxFiles: Math.max(1, Math.min(narrow.maxFiles ?? Infinity, destination.maxFiles)),
    kinds: destination.kinds.map((name): FileKind => FILE_KINDS[name]),
    public: destination.public,
  };
}

/** The drop zone's `accept`: each kind's content type with its file endings. */
export function acceptOf(rules: DropRules): Record<string, string[]> {
  return Object.fromEntries(rules.kinds.map((kind) => [kind.mime, [...kind.extensions]]));
}

/** 'PNG, JPEG, GIF or WEBP, up to 10 MB' */
export function rulesHint(rules: DropRules): string {
  const labels = rules.kinds.map((k) => k.label);
  const kinds = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
  const count = rules.maxFiles > 1 ? `, ${rules.maxFiles} files at most` : '';
  return `${kinds}, up to ${sizeInMb(rules.maxSize)} MB${count}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${sizeInMb(bytes)} MB`;
}
