import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_STATUS, type ErrorCode, type ErrorResponse } from '../../shared/api-error.js';
import { DomainError, RateLimitedError } from '../domain-errors.js';
import { lingerAfterRefusedBody } from './lingering-close.js';

/** Fastify's own client errors, in Quire's words and codes. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'too_large', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_input', message: 'Request body is empty' },
};

/** A code for any other 4xx Fastify or a plugin raises. */
function codeOfStatus(status: number): ErrorCode {
  const found = Object.entries(ERROR_STATUS).find(([, known]) => known === status);
  return (found?.[0] as ErrorCode | undefined) ?? 'invalid_input';
}

/** An error answer; the one shape every 4xx and 5xx of the API has. */
export function errorBody(code: ErrorCode, message: string): ErrorResponse {
  return { error: message, code };
}

/**
 * The one place errors become HTTP answers: domain errors by code, client errors as 4xx with a
 * clear `{error, code}`, and anything else as a logged 500 that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    let status: number = ERROR_STATUS.server_error;
    let body = errorBody('server_error', 'Something went wrong on the server');
    if (error instanceof DomainError) {
      status = ERROR_STATUS[error.code];
      if (error instanceof RateLimitedError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      body = errorBody(error.code, error.message);
    } else if (error.validation) {
      status = 400;
      body = errorBody('invalid_input', `Invalid request: ${error.message}`);
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const known = FASTIFY_ERRORS[error.code];
      body = known
        ? errorBody(known.code, known.message)
        : errorBody(codeOfStatus(status), error.message);
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (status === 413) lingerAfterRefusedBody(request, reply);
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody('not_found', `Not found: ${request.method} ${request.url}`)),
  );
}
