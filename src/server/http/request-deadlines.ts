import type { IncomingHttpHeaders, ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { answerTimedOut } from './client-error-handler.js';

export interface RequestTimeouts {
  /** Headers, and then the body, must each arrive within this. */
  requestTimeoutMs: number;
  /** A connection silent both ways this long is closed. */
  connectionTimeoutMs: number;
  /** Both of the above for an import, whose upload may be large and slow. */
  importTimeoutMs: number;
}

/** The uploads allowed the long timeouts: imports, and attachments (up to ATTACHMENT_LIMIT). */
const LONG_UPLOADS = new Set(['/api/import', '/api/attachments']);

/** Node looks for late requests on a timer; a quarter of the limit keeps the overshoot small. */
const LONGEST_CHECK_INTERVAL_MS = 5_000;

/**
 * Fastify's server options for the timeouts. Node applies one request timeout to a whole
 * server, so it gets the import's, the longest; the shorter one for every other body is
 * `registerRequestDeadlines`'s. Headers are short for every route, the import's included.
 */
export function serverTimeoutOptions(timeouts: RequestTimeouts): {
  connectionTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  return {
    connectionTimeout: timeouts.connectionTimeoutMs,
    requestTimeout: timeouts.importTimeoutMs,
    http: {
      headersTimeout: timeouts.requestTimeoutMs,
      requestTimeout: timeouts.importTimeoutMs,
      connectionsCheckingInterval: Math.min(
        LONGEST_CHECK_INTERVAL_MS,
        Math.ceil(timeouts.requestTimeoutMs / 4),
      ),
    },
  };
}

function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * A client that sends a body slowly cannot hold a connection past REQUEST_TIMEOUT: its body
 * must arrive within that time of its headers, or it gets 408 and the connection is closed.
 * `POST /api/import` and `POST /api/attachments` get IMPORT_TIMEOUT instead, both for their
 * body and for silence.
 */
export function registerRequestDeadlines(app: FastifyInstance, timeouts: RequestTimeouts): void {
  // A plain callback hook: it runs on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    if (request.method === 'POST' && LONG_UPLOADS.has(request.routeOptions.url ?? '')) {
      raw.socket.setTimeout(timeouts.importTimeoutMs);
    } else if (!raw.complete && hasBody(raw.headers)) {
      const timer = setTimeout(() => {
        if (!raw.complete) answerTimedOut(raw.socket);
      }, timeouts.requestTimeoutMs);
      raw.once('close', () => clearTimeout(timer));
    }
    done();
  });
}
