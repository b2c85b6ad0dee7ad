import type { z } from 'zod';

/**
 * Every field of an input type present, and any may be blank (null) while the form is filled in; the
 * schema's own check turns blanks into its messages. A preprocessed field (e.g. `nullableInt`)
 * declares no input type: the form holds a number or blank.
 *
 * @example type Leader = BlankableFields<{ name?: string | null; email?: string }>; // { name: string | null; email: string | null }
 */
export type BlankableFields<T> = {
  [K in keyof T]-?: unknown extends T[K] ? number | null : Exclude<T[K], undefined> | null;
};

/**
 * What a form edits for a contract input schema (see `BlankableFields`).
 *
 * @example type InstitutionFormValues = FormValuesOf<typeof InstitutionInput> & { logo: UploadedFile | null };
 */
export type FormValuesOf<S extends z.ZodTypeAny> = BlankableFields<z.input<S>>;
