import { z } from 'zod';
import { listQuery } from '../common/list.js';

// The imports list's query and the enumerations it filters on, apart from the area's routes: see ./README.md.

/** What an import brings in (issue 24): one kind per file. */
export const IMPORT_KINDS = ['institutions', 'chapters', 'accounts'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** Queued until a worker takes it, Running while it reads and writes, then Done or Failed (with its reason). */
export const IMPORT_STATUSES = ['Queued', 'Running', 'Done', 'Failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const ImportListQuery = listQuery({
  sortable: ['createdAt', 'kind', 'status', 'id'] as const,
  defaultSort: 'createdAt:desc',
  filters: {
    kind: z.enum(IMPORT_KINDS).optional(),
    status: z.enum(IMPORT_STATUSES).optional(),
  },
});
export type ImportListQuery = z.input<typeof ImportListQuery>;
