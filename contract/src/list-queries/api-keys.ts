import { z } from 'zod';
import { listQuery } from '../common/list.js';

// The API keys list's query, apart from the area's routes: see ./README.md.

export const API_KEY_STATES = ['active', 'revoked'] as const;

export const ApiKeyListQuery = listQuery({
  sortable: ['name', 'createdAt', 'lastUsedAt', 'id'] as const,
  defaultSort: 'createdAt:desc',
  filters: { state: z.enum(API_KEY_STATES).optional() },
});
export type ApiKeyListQuery = z.input<typeof ApiKeyListQuery>;
