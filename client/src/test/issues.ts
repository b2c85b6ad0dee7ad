import type { z } from 'zod';

/**
 * What a schema refuses in `value`, as `[path, message]` pairs in order (empty when it accepts it), to
 * check a form's rules and texts without rendering it.
 *
 * @example expect(issuesOf(ReminderFormSchema, { templateId: null })).toEqual([['templateId', 'Template is required']]);
 */
export function issuesOf(schema: z.ZodTypeAny, value: unknown): Array<[string, string]> {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
}
