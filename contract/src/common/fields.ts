import { z } from 'zod';

/** An enum whose every failure (missing, null, empty, unknown value) reads as the field's own text. */
export function requiredEnum<T extends [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { errorMap: () => ({ message }) });
}

/** A required text with the spec's 'X is required' message for missing, null or blank. */
export function requiredText(message: string, max = 255, maxMessage = `Must be ${max} characters or less`) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, maxMessage);
}

/** An optional text where blank means null. */
export function nullableText(max = 255, label = 'Text') {
  return z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or less`)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A nullable whole number; blank text means null. */
export function nullableInt(label: string) {
  return z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ invalid_type_error: `${label} must be a number` }).int(`${label} must be a whole number`).nullable(),
  );
}

/** A path id: a positive whole number. */
export const IdParam = z.object({ id: z.coerce.number({ message: 'id must be a number' }).int().positive('id must be a positive number') });
