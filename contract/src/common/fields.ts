import { z } from 'zod';

/** The largest PostgreSQL `integer`: every id and stored whole number fits in it. */
export const MAX_INT = 2_147_483_647;
export const MIN_INT = -2_147_483_648;

/**
 * Text PostgreSQL can store as sent: no NUL character (text columns refuse it) and no lone UTF-16
 * surrogate (it would silently turn into U+FFFD). Used as `.regex(...)` so a schema stays a ZodString.
 */
export const STORABLE_TEXT =
  /^(?![\s\S]*?(?:\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]))/;
const invalidChar = (label: string) => `${label} contains an invalid character`;

/** An enum whose every failure (missing, null, empty, unknown value) reads as the field's own text. */
export function requiredEnum<T extends [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { errorMap: () => ({ message }) });
}

/** A required text with the spec's 'X is required' message for missing, null or blank. */
export function requiredText(
  message: string,
  max = 255,
  maxMessage = `Must be ${max} characters or less`,
  invalidMessage = invalidChar(message.replace(/ is required$/, '')),
) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, maxMessage)
    .regex(STORABLE_TEXT, invalidMessage);
}

/** A required email address: 'Email is required' when missing or blank, 254 characters at most, else 'Email is not valid'. */
export const requiredEmail = () =>
  z
    .string({ required_error: 'Email is required', invalid_type_error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be 254 characters or less')
    .email('Email is not valid');

/** An optional text where blank means null. */
export function nullableText(max = 255, label = 'Text') {
  return z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or less`)
    .regex(STORABLE_TEXT, invalidChar(label))
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A nullable whole number that fits a PostgreSQL `integer`; blank text means null. */
export function nullableInt(label: string) {
  return z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ invalid_type_error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(MIN_INT, `${label} must be ${MIN_INT} or more`)
      .max(MAX_INT, `${label} must be ${MAX_INT} or less`)
      .nullable(),
  );
}

/**
 * A record's id in a path or query: a positive whole number no larger than an `integer` column holds.
 * @example z.object({ id: idNumber('id') }) // '12' -> 12; '0', '1e21', 'abc' -> 400 with a clear message
 */
export function idNumber(label: string) {
  return z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(MAX_INT, `${label} must be ${MAX_INT} or less`);
}

/**
 * A reference to another record in a JSON body: a positive id that fits an `integer` column.
 * @example institutionId: refId('Institution is required')
 */
export function refId(message: string, tooLargeMessage = message) {
  return z
    .number({ required_error: message, invalid_type_error: message })
    .int(message)
    .positive(message)
    .max(MAX_INT, tooLargeMessage);
}

/** A path id: a positive whole number. */
export const IdParam = z.object({ id: idNumber('id') });
