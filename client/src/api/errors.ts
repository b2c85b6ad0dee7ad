import { GENERIC_ERROR, type ErrorBody } from '@app/contract';

/** The generic rule (spec 01 §8): the server's `message`, else its `detail`, else the generic text. */
export function errorMessage(error: unknown): string {
  const body = (error as { body?: Partial<ErrorBody> } | null)?.body;
  if (body && typeof body === 'object') {
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.detail === 'string' && body.detail) return body.detail;
  }
  return GENERIC_ERROR;
}

/** The HTTP status of a failed contract call, if it got an answer. */
export function errorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Field issues of a 400, as `{ 'address.city': 'message' }`, for forms to show beside their fields. */
export function fieldErrors(error: unknown): Record<string, string> {
  const issues = (error as { body?: Partial<ErrorBody> } | null)?.body?.issues ?? [];
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path[0] === 'body' ? issue.path.slice(1) : issue.path;
    const key = path.join('.');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}
