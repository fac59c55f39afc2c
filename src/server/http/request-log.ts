import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** A request as its log lines show it: the path without its query, which holds search terms. */
function loggedRequest(request: FastifyRequest) {
  const query = request.url.indexOf('?');
  return {
    method: request.method,
    url: query === -1 ? request.url : request.url.slice(0, query),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fastify's logger setting with requests logged without their query strings: what a user
 * searched for, or the name of a file they imported, stays out of the logs.
 */
export function withPrivateRequestLog(
  logger: FastifyServerOptions['logger'],
  level: string,
): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const options = typeof logger === 'object' && logger !== null ? logger : { level };
  return { ...options, serializers: { ...options.serializers, req: loggedRequest } };
}
