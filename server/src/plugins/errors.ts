import type { FastifyError, FastifyInstance } from 'fastify';
import { RequestValidationError } from '@ts-rest/fastify';
import { GENERIC_ERROR, type ErrorBody } from '@app/contract';
import type { ZodError } from 'zod';
import { AppError, databaseError } from '../errors.js';

type Issue = NonNullable<ErrorBody['issues']>[number];

function zodIssues(error: ZodError | null | undefined, prefix: string): Issue[] {
  return (error?.issues ?? []).map((i) => ({ path: [prefix, ...i.path], message: i.message }));
}

/** ts-rest's request validation failure -> 400 whose message is the first rule's own text. */
export function validationErrorBody(err: RequestValidationError): ErrorBody {
  const issues = [
    ...zodIssues(err.pathParams, 'params'),
    ...zodIssues(err.headers, 'headers'),
    ...zodIssues(err.query, 'query'),
    ...zodIssues(err.body, 'body'),
  ];
  return { message: issues[0]?.message ?? 'Invalid request', issues };
}

/** One error handler for the whole app: JSON `{message, detail?, issues?}` always, 5xx internals hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof RequestValidationError) return reply.status(400).send(validationErrorBody(error));
    if (error instanceof AppError) {
      const body: ErrorBody = {
        message: error.message,
        ...(error.detail ? { detail: error.detail } : {}),
        ...(error.issues ? { issues: error.issues } : {}),
      };
      return reply.status(error.status).send(body);
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, body too large, unsupported media type, ...
      return reply.status(status).send({ message: clientMessage(error as FastifyError) } satisfies ErrorBody);
    }
    // PostgreSQL refused the input (a duplicate, a missing reference, a value out of range): the client's
    // mistake, answered as such. Logged, since it also means the contract let the value through.
    const refused = databaseError(error);
    if (refused) {
      request.log.warn({ err: error, url: request.url, method: request.method }, 'database refused input');
      return reply.status(refused.status).send({ message: refused.message } satisfies ErrorBody);
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    return reply.status(500).send({ message: GENERIC_ERROR } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` } satisfies ErrorBody);
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message || 'Bad request';
  }
}
