import type { Generated } from 'kysely';
import type { CreatedAt, DefaultedTimestamp } from './types.js';

/** Migration 0035a: a staff role, a named set of permissions (`*` and `*:read` are wildcards). */
export interface RoleTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  permissions: Generated<string[]>;
  chapterScoped: Generated<boolean>;
  builtIn: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}
