import type { ImportKind, ImportPreview } from '@app/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Storage } from '../../plugins/storage.js';
import {
  localCopy,
  readSheetFile,
  SpreadsheetError,
  type FoundHeader,
  type IgnoredHeaders,
} from '../spreadsheet/index.js';
import { IMPORT_FILE_GONE, importColumns, missingColumns } from './columns.js';
import { IMPORT_LIMITS } from './limits.js';
import { recognised } from './run.js';

/**
 * The columns a stored file's header names for an import of `kind`, and the header cells it ignores, read up to its
 * first row (the same reader, sniffing and limits as the import): what the screen shows before anything runs. A file
 * the import could not read answers its problem.
 */
export async function previewImport(
  ctx: { db: Kysely<DB>; storage: Storage },
  kind: ImportKind,
  fileId: number,
): Promise<ImportPreview | { problem: string }> {
  let copy: Awaited<ReturnType<typeof localCopy>> | undefined;
  try {
    copy = await localCopy(ctx.db, ctx.storage, fileId, IMPORT_FILE_GONE);
    let header: FoundHeader<string> = [];
    let ignored: IgnoredHeaders = [];
    for await (const _ of readSheetFile(copy.file, copy.fileName, importColumns(kind), {
      limits: IMPORT_LIMITS,
      onHeader: (h, i) => ([header, ignored] = [h, i]),
    }))
      break;
    return {
      columns: recognised(kind, header),
      ignored,
      missing: missingColumns(
        kind,
        header.map((h) => h.column),
      ),
    };
  } catch (err) {
    if (err instanceof SpreadsheetError) return { problem: err.message };
    throw err;
  } finally {
    await copy?.done();
  }
}
