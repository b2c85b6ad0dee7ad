import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody } from './common/error.js';
import { UploadedFile } from './common/file.js';
import { IdParam } from './common/fields.js';

export const MB = 1024 * 1024;

/** Spec 01 §7/§9: uploads may take up to 5 minutes (every other call: 30 s). */
export const UPLOAD_TIMEOUT_MS = 300_000;

/** Spec 01 §9: a drop zone without its own rules takes 1 file up to 2MB; a form's file field up to 5MB. */
export const UPLOAD_DEFAULTS = { maxSize: 2 * MB, maxFiles: 1, formMaxSize: 5 * MB } as const;

export type FileKind = {
  label: string;
  /** The content type the file is stored and served with. */
  mime: string;
  /** Lower-case file name endings, with the dot. */
  extensions: readonly string[];
  /** Other content types browsers send for it (e.g. Windows calls a .csv `application/vnd.ms-excel`). */
  aliases?: readonly string[];
  /** What the bytes sniff as, when that differs from `mime` (.xls is an OLE compound file). */
  sniffed?: string;
  /** A text format: the bytes have no signature, so the server checks the ending and that they are not binary. */
  text?: boolean;
};

/** Every kind of file an upload destination may accept. SVG is refused everywhere: it can carry script. */
export const FILE_KINDS = {
  png: { label: 'PNG', mime: 'image/png', extensions: ['.png'] },
  jpeg: { label: 'JPEG', mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'], aliases: ['image/jpg', 'image/pjpeg'] },
  gif: { label: 'GIF', mime: 'image/gif', extensions: ['.gif'] },
  webp: { label: 'WEBP', mime: 'image/webp', extensions: ['.webp'] },
  pdf: { label: 'PDF', mime: 'application/pdf', extensions: ['.pdf'] },
  csv: {
    label: 'CSV',
    mime: 'text/csv',
    extensions: ['.csv'],
    aliases: ['application/vnd.ms-excel', 'text/plain', 'application/csv', 'text/x-csv', 'text/comma-separated-values'],
    text: true,
  },
  xls: { label: 'XLS', mime: 'application/vnd.ms-excel', extensions: ['.xls'], sniffed: 'application/x-cfb' },
  xlsx: {
    label: 'XLSX',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['.xlsx'],
  },
  zip: {
    label: 'ZIP',
    mime: 'application/zip',
    extensions: ['.zip'],
    aliases: ['application/x-zip-compressed', 'application/x-zip'],
  },
} as const satisfies Record<string, FileKind>;
export type FileKindName = keyof typeof FILE_KINDS;

export type UploadDestination = {
  /** Public files are served to anyone with the link; private ones only to signed-in admins. */
  public: boolean;
  /** Largest accepted file, in bytes. */
  maxSize: number;
  /** Most files one upload may carry. */
  maxFiles: number;
  kinds: readonly FileKindName[];
};

const IMAGES = ['png', 'jpeg', 'gif', 'webp'] as const;
const image = { public: true, maxSize: 10 * MB, maxFiles: 1, kinds: IMAGES } as const;

/**
 * The one table of upload destinations (spec 01 §7 folders, §9 limits; spec 02 §9 and spec 03 §9 for
 * the later areas). The server accepts exactly these `path` values and enforces these rules; the
 * client's drop zones read the same rules.
 * @example UPLOAD_DESTINATIONS['public/institutions/logos'].maxSize // 10 MB
 */
export const UPLOAD_DESTINATIONS = {
  'public/institutions/logos': image,
  'public/chapters/logos': image,
  'public/chapters/leaders-signatures': image,
  'public/chapters/scla-page': image,
  /** The society's logo on receipts and certificates (issue 38 §7): PNG or JPEG, what the PDFs can draw. */
  'public/society/logo': { ...image, kinds: ['png', 'jpeg'] },
  /** Images and PDFs inside learning content and email templates (editor uploads: 20MB). */
  'public/learning/content': { public: true, maxSize: 20 * MB, maxFiles: 1, kinds: [...IMAGES, 'pdf'] },
  /** Invitee databases (spec 02: one file, xlsx, csv or xls, up to 10 MB). */
  'private/invitations/databases': { public: false, maxSize: 10 * MB, maxFiles: 1, kinds: ['csv', 'xls', 'xlsx'] },
  /** Import files of institutions, chapters and accounts (issue 24: one csv, xlsx or xls, up to 50 MB). */
  'private/imports': { public: false, maxSize: 50 * MB, maxFiles: 1, kinds: ['csv', 'xls', 'xlsx'] },
  /** Postal mailing files (spec 02: one zip, up to 100 MB). */
  'private/invitations/postal-mails': { public: false, maxSize: 100 * MB, maxFiles: 1, kinds: ['zip'] },
} as const satisfies Record<string, UploadDestination>;
export type UploadPath = keyof typeof UPLOAD_DESTINATIONS;
export const UPLOAD_PATHS = Object.keys(UPLOAD_DESTINATIONS) as UploadPath[];

/** The destination named by `path`, or undefined for anything else (no prefixes, no `..`). */
export function uploadDestination(path: string): UploadDestination | undefined {
  return Object.hasOwn(UPLOAD_DESTINATIONS, path) ? UPLOAD_DESTINATIONS[path as UploadPath] : undefined;
}

/** Whole megabytes for messages: 10485760 -> '10'. */
export const sizeInMb = (bytes: number) => String(Math.round((bytes / MB) * 10) / 10);

/** Texts shared by the server's refusals and the drop zone (spec 01 §5). */
export const uploadMessages = {
  oneAtATime: 'Cannot upload more than 1 file at a time',
  tooMany: (n: number) => `Cannot upload more than ${n} files`,
  rejected: (name: string, type: string) => `File ${name} (${type || 'unknown type'}) was rejected`,
  tooLarge: (name: string, maxSize: number) => `File ${name} is larger than ${sizeInMb(maxSize)} MB`,
  empty: (name: string) => `File ${name} is empty`,
  unknownDestination: 'Unknown upload destination',
  fileRequired: 'File is required',
};

/** The too-many-files text: a single-file zone says 'at a time'. */
export const tooManyFilesMessage = (maxFiles: number) =>
  maxFiles <= 1 ? uploadMessages.oneAtATime : uploadMessages.tooMany(maxFiles);

/** The multipart fields of POST /api/shared/file, read from the stream by the server (not by ts-rest). */
export type UploadForm = {
  /** One of `UPLOAD_PATHS`; sent before the files. */
  path: UploadPath;
  /** 'true' or 'false'; must agree with the destination (public/* folders are public). */
  public?: 'true' | 'false';
  /** 'false' marks the files as temporary until the record that uses them is saved. */
  commit?: 'true' | 'false';
  file: Blob | Blob[];
};

export const filesContract = c.router({
  upload: {
    method: 'POST',
    path: '/shared/file',
    contentType: 'multipart/form-data',
    body: c.type<UploadForm>(),
    responses: { 201: z.array(UploadedFile), 413: ErrorBody, 415: ErrorBody },
    metadata: meta.area('files'),
    summary: 'Upload files to one of the destination folders',
    description:
      'multipart/form-data with the fields `path` (a destination folder: ' +
      UPLOAD_PATHS.join(', ') +
      '), `public` (true or false, must agree with the folder), optional `commit` (false keeps the files temporary), ' +
      'then one or more `file` parts. Each destination limits the size, the count and the kinds of file; the kind is ' +
      'read from the bytes, and a file whose bytes do not match its name or content type is refused.',
  },
  download: {
    method: 'GET',
    path: '/files/:id/:fileName',
    pathParams: IdParam.extend({ fileName: z.string() }),
    responses: {
      200: c.otherResponse({ contentType: 'application/octet-stream', body: z.string().describe('The file bytes') }),
    },
    metadata: meta.public,
    summary: 'Download a stored file (public files to anyone, private files to signed-in admins)',
  },
});
