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
export const isTooMany = (rejections: FileRejection[]) =>
  rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'));

/** A refusal as the drop zone shows it: the spec's text, and why when the spec's text does not say. */
export type Refusal = { title?: string; message: string };

/** 'PNG, JPEG or GIF' */
const kindList = (rules: DropRules) => {
  const labels = rules.kinds.map((k) => k.label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
};

/** Why a file was refused, from the drop zone's error codes and the destination's rules. */
function why(rejection: FileRejection, rules: DropRules): string {
  const codes = rejection.errors.map((e) => e.code);
  if (codes.includes('file-invalid-type')) return `Only ${kindList(rules)} files are accepted here.`;
  if (codes.includes('file-too-large'))
    return `It is larger than ${sizeInMb(rules.maxSize)} MB, the most this upload takes.`;
  return rejection.errors[0]?.message ?? 'It cannot be uploaded here.';
}

/**
 * Spec 01 §5: too many files gives one message ('Cannot upload more than 1 file at a time'); otherwise
 * each refused file is named ('File x (type) was rejected') with why: the wrong kind (the kinds taken)
 * or too large (the limit).
 */
export function rejectionMessages(rejections: FileRejection[], rules: DropRules): Refusal[] {
  if (isTooMany(rejections)) return [{ message: tooManyFilesMessage(rules.maxFiles) }];
  return rejections.map((r) => ({ title: uploadMessages.rejected(r.file.name, r.file.type), message: why(r, rules) }));
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
  const kinds = kindList(rules);
  const count = rules.maxFiles > 1 ? `, ${rules.maxFiles} files at most` : '';
  return `${kinds}, up to ${sizeInMb(rules.maxSize)} MB${count}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${sizeInMb(bytes)} MB`;
}
