import { z } from 'zod';

/**
 * Dates a client may send: ISO 8601 days and instants with a four-digit year from 1000 to 9999.
 * JavaScript's `Date` reads far more (`99999-01-01`, `+275760-09-13`, `2024-02-30` as 1 March, RFC
 * 2822 texts) than PostgreSQL or a person means, so every date is checked here, strictly, instead.
 */
/** The months' names in English, January first: day labels in emails and the screens. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const MIN_YEAR = 1000;
export const MAX_YEAR = 9999;

const DATE_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * What is wrong with a date text, or undefined when it is a real day or instant in range.
 * @example dateProblem('2024-02-30', 'Start') // 'Start must be a date'
 * @example dateProblem('99999-01-01', 'Start') // 'Start must be a date' (five-digit years are not dates here)
 */
export function dateProblem(text: string, label: string): string | undefined {
  const m = DATE_RE.exec(text.trim());
  if (!m) return `${label} must be a date`;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((v) => Number(v ?? 0)) as number[];
  const offset = m[7] && m[7].toUpperCase() !== 'Z' ? m[7] : undefined;
  const offsetOk = !offset || (Number(offset.slice(1, 3)) <= 14 && Number(offset.slice(-2)) < 60);
  if (
    month! < 1 ||
    month! > 12 ||
    day! < 1 ||
    day! > daysIn(year!, month!) ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    !offsetOk
  ) {
    return `${label} must be a date`;
  }
  if (year! < MIN_YEAR || year! > MAX_YEAR) return `${label} must be between the years ${MIN_YEAR} and ${MAX_YEAR}`;
  return undefined;
}

/** True for a real ISO day or instant with a year from 1000 to 9999. */
export const isSaneDate = (text: string) => dateProblem(text, 'Date') === undefined;

/** A zod refinement that reports `dateProblem`'s text on the field. */
export function checkDate(label: string) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = dateProblem(value, label);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/**
 * A required date field: `'{label} is required'` when missing or blank, `dateProblem`'s text when not a
 * real date, else `then` maps the checked text (it may add its own issue and answer `z.NEVER`).
 * @example deadline: requiredDate('Deadline', (v) => v.slice(0, 10))
 */
export function requiredDate<T>(label: string, then: (text: string, ctx: z.RefinementCtx) => T) {
  return z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be a date` })
    .trim()
    .min(1, `${label} is required`)
    .transform((v, ctx) => {
      const problem = dateProblem(v, label);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return then(v, ctx);
    });
}
