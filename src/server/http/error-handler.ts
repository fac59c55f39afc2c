import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorResponse } from '../../shared/account.js';
import { DomainError } from '../domain-errors.js';

const STATUS_OF: Record<DomainError['kind'], number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
};

/** Friendlier words for Fastify's own client errors. */
const MESSAGE_OF_CODE: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
};

/**
 * The one place errors become HTTP answers: domain errors by kind, client errors as 4xx with a
 * clear `{error}`, and anything else as a logged 500 that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    let status = 500;
    let message = 'Something went wrong on the server';
    if (error instanceof DomainError) {
      status = STATUS_OF[error.kind];
      message = error.message;
    } else if (error.validation) {
      status = 400;
      message = `Invalid request: ${error.message}`;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      message = MESSAGE_OF_CODE[error.code] ?? error.message;
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const body: ErrorResponse = { error: message };
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorResponse = { error: `Not found: ${request.method} ${request.url}` };
    return reply.code(404).send(body);
  });
}
