import type { ZodIssue } from 'zod';

type Primitive = string | number | boolean | bigint | symbol | null | undefined | Date;

/**
 * Every dotted path into a form's values: `'name' | 'address' | 'address.city' | ...`.
 *
 * @example const p: FormPath<{ address: { city: string | null } }> = 'address.city';
 */
export type FormPath<T> = T extends Primitive | readonly unknown[]
  ? never
  : { [K in keyof T & string]: NonNullable<T[K]> extends Primitive | readonly unknown[] ? K : K | `${K}.${FormPath<NonNullable<T[K]>>}` }[keyof T & string];

/**
 * The value type at a dotted path.
 *
 * @example type City = PathValue<{ address: { city: string | null } }, 'address.city'>; // string | null
 */
export type PathValue<T, P extends string> = P extends `${infer K}.${infer Rest}`
  ? K extends keyof T
    ? PathValue<NonNullable<T[K]>, Rest>
    : unknown
  : P extends keyof T
    ? T[P]
    : unknown;

/**
 * Reads a dotted path.
 *
 * @example getPath({ address: { city: 'Ames' } }, 'address.city') // 'Ames'
 */
export function getPath(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((obj, key) => (obj == null ? undefined : (obj as Record<string, unknown>)[key]), values);
}

/**
 * Writes a dotted path immutably (copies each object on the way, creates missing ones).
 *
 * @example setPath({ address: { city: null } }, 'address.city', 'Ames') // { address: { city: 'Ames' } }
 */
export function setPath<T>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  const obj = (values ?? {}) as Record<string, unknown>;
  return { ...obj, [key!]: rest.length ? setPath(obj[key!], rest.join('.'), value) : value } as T;
}

/**
 * Field errors from zod issues, keyed by dotted path; the first message per field wins. The same shape
 * `fieldErrors(error)` gives for a server 400, so both land on the same fields.
 *
 * @example issuesToErrors(Schema.safeParse(values).error.issues) // { name: 'Name is required', 'address.city': '...' }
 */
export function issuesToErrors(issues: readonly Pick<ZodIssue, 'path' | 'message'>[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
