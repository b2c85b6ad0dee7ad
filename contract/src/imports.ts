import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { listRoute } from './common/area-routes.js';
import { CsvBody } from './common/list.js';
import { IdParam, refId } from './common/fields.js';
import { IMPORT_KINDS, IMPORT_STATUSES, ImportListQuery } from './list-queries/imports.js';

export * from './list-queries/imports.js';

// Imports of institutions, chapters and accounts keyed by their legacy ids (issue 24): a file is
// uploaded to `private/imports`, checked by a dry run, then imported; both run as a job.

export const IMPORT_MESSAGES = {
  kindRequired: 'Kind is required',
  fileRequired: 'File is required',
  fileNotFound: 'File not found',
  started: 'Import started.',
  dryRunStarted: 'Dry run started.',
};

const count = z.number().int();

/** One import as lists and the detail show it. */
export const Import = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  dryRun: z.boolean(),
  status: z.enum(IMPORT_STATUSES),
  /** Why a Failed import failed (a file that cannot be used, or the error of its last attempt). */
  statusReason: z.string().nullable(),
  file: z.object({ id: z.number().int(), fileName: z.string() }).nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  countRows: count,
  countProcessed: count,
  countCreated: count,
  countUpdated: count,
  countUnchanged: count,
  countRejected: count,
});
export type Import = z.infer<typeof Import>;

/** A rejected row: its number in the file, the reason, and its recognised cells under the file's headers. */
export const RejectedRow = z.object({ rowNumber: z.number().int(), reason: z.string(), values: z.record(z.string()) });
export type RejectedRow = z.infer<typeof RejectedRow>;

/** A header the file has: the field it feeds (its label), or null when the import does not read it. */
export const RecognisedColumn = z.object({
  header: z.string(),
  field: z.string().nullable(),
  label: z.string().nullable(),
});
export type RecognisedColumn = z.infer<typeof RecognisedColumn>;

export const ImportDetail = Import.extend({
  /** The file's headers as the import reads them. */
  columns: z.array(RecognisedColumn),
  /** The first rejected rows (the whole list is the rejected CSV). */
  firstRejected: z.array(RejectedRow),
});
export type ImportDetail = z.infer<typeof ImportDetail>;

const kind = z.enum(IMPORT_KINDS, { errorMap: () => ({ message: IMPORT_MESSAGES.kindRequired }) });
const fileId = refId(IMPORT_MESSAGES.fileRequired, IMPORT_MESSAGES.fileNotFound);

export const ImportInput = z.object({
  kind,
  fileId,
  dryRun: z.boolean({ invalid_type_error: 'Dry Run must be true or false' }).default(true),
});
export type ImportInput = z.input<typeof ImportInput>;

export const ImportPreviewInput = z.object({ kind, fileId });
export type ImportPreviewInput = z.input<typeof ImportPreviewInput>;

export const ImportPreview = z.object({
  columns: z.array(RecognisedColumn),
  /** The header's other cells, in file order (unknown names, or a second name of a field): their values are not imported. */
  ignored: z.array(z.string()),
  /** Fields the kind needs that no header names (the import would fail). */
  missing: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const importsContract = c.router(
  {
    list: listRoute(
      '/admin/imports',
      ImportListQuery,
      Import,
      'List imports (newest first; filter by kind and status)',
    ),
    preview: {
      method: 'POST',
      path: '/admin/imports/preview',
      body: ImportPreviewInput,
      responses: { 200: ImportPreview },
      summary:
        "The columns an uploaded file's header names, as an import of that kind would read them (nothing is written)",
    },
    create: {
      method: 'POST',
      path: '/admin/imports',
      body: ImportInput,
      responses: { 201: z.object({ id: z.number().int() }) },
      summary: 'Start an import of an uploaded csv, xlsx or xls file (a dry run checks every row and writes nothing)',
    },
    get: {
      method: 'GET',
      path: '/admin/imports/:id',
      pathParams: IdParam,
      responses: { 200: ImportDetail },
      summary: 'One import: status, counts, recognised columns and the first rejected rows',
    },
    rejected: {
      method: 'GET',
      path: '/admin/imports/:id/rejected',
      pathParams: IdParam,
      responses: { 200: c.otherResponse({ contentType: 'text/csv', body: CsvBody }) },
      summary: "An import's rejected rows as CSV: the row number, the recognised columns and a reason column",
    },
  },
  { metadata: meta.area('imports') },
);
