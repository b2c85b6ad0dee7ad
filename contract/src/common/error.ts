import { z } from 'zod';

/** The one error body every `/api` call answers with on a 4xx or 5xx. */
export const ErrorBody = z.object({
  message: z.string(),
  detail: z.string().optional(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const GENERIC_ERROR = 'Something went wrong, please try again later.';

/** Error responses shared by every route (documented once, merged into each route). */
export const commonErrors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
} as const;

/** A 409 beside the common errors: the request conflicts with the record's state (taken, started, still used). */
export const conflict = { 409: ErrorBody } as const;
