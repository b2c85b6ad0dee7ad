import type { ZodIssue } from 'zod';

type Primitive = string | number | boolean | bigint | symbol | null | undefined | Date;

/**
 * Every dotted path into a form's values: `'name' | 'address' | 'address.city' | ...`.
 *
 * @example const p: FormPath<{ address: { city: string | null } }> = 'address.city';
 */
export type FormPath<T> = T extends Primitive | readonly unknown[]
  ? never
  : {
      [K in keyof T & string]: NonNullable<T[K]> extends Primitive | readonly unknown[]
        ? K
        : K | `${K}.${FormPath<NonNullable<T[K]>>}`;
    }[keyof T & string];

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
  return path
    .split('.')
    .reduce<unknown>((obj, key) => (obj == null ? undefined : (obj as Record<string, unknown>)[key]), values);
}

/**
 * Writes a dotted path immutably (copies each object or array on the way; a missing one is created as an
 * array when its key is an index, else an object).
 *
 * @example setPath({ address: { city: null } }, 'address.city', 'Ames') // { address: { city: 'Ames' } }
 * @example setPath({ answers: [{ answer: '' }] }, 'answers.0.answer', 'Yes') // { answers: [{ answer: 'Yes' }] }
 */
export function setPath<T>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  const index = /^\d+$/.test(key!);
  const child = (current: unknown) => (rest.length ? setPath(current, rest.join('.'), value) : value);
  if (Array.isArray(values) || (values == null && index)) {
    const copy = Array.isArray(values) ? [...values] : [];
    copy[Number(key)] = child(copy[Number(key)]);
    return copy as T;
  }
  const obj = (values ?? {}) as Record<string, unknown>;
  return { ...obj, [key!]: child(obj[key!]) } as T;
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
