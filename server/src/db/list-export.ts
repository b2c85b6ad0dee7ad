import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { SortTerm } from '@app/contract';
import { copyCsv, type CsvColumn } from './copy-csv.js';
import type { DB } from './database.js';
import { orderBy, type AnySelect, type SortMap } from './list-sort.js';

/**
 * Streams the same filtered select, unpaged and in the list's order, as CSV through PostgreSQL's
 * COPY (see `copyCsv`): the database writes the CSV, memory stays constant whatever the row count.
 * `columns` replace the select's own list; text columns neutralised with `csvText`.
 * @example streamCsv(db, filtered, query.sort, sortMap, [{ header: 'name', value: csvText('i.name') }], 'i.id')
 */
export function streamCsv<O>(
  db: Kysely<DB>,
  qb: AnySelect<O>,
  sort: SortTerm[],
  map: SortMap,
  columns: CsvColumn[],
  tieBreaker = 'id',
): Promise<Readable> {
  return copyCsv(db, orderBy(qb, sort, map, tieBreaker), columns);
}
