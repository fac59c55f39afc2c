import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { DIAGRAM_FRAME_PATH } from '../../shared/diagram-frame.js';
import { SHARE_PATH_PREFIX } from '../../shared/shares.js';

/**
 * The headers helmet sets, worked out once: with these options they are the same on every
 * answer, and running its chain of middleware per request was a measurable share of a save's
 * CPU (bench/RESULTS.md).
 */
function headersOf(setHeaders: ReturnType<typeof helmet>): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failed: unknown;
  setHeaders({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return [...headers];
}

/**
 * A year, and no `includeSubDomains`: Quire's host says nothing about other services under it,
 * which may well be reached over plain HTTP on a home network.
 */
const HSTS = 'max-age=31536000';

/** The app's policy: everything from Quire's own origin, no inline scripts or styles. */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/**
 * The diagram page's policy: the same scripts, inline styles for Mermaid's drawings, framed by
 * Quire's own pages only, and no requests of its own. What it draws leaves it as a picture.
 */
const DIAGRAM_FRAME_DIRECTIVES = {
  ...DIRECTIVES,
  styleSrc: ["'self'", "'unsafe-inline'"],
  connectSrc: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'self'"],
};

/**
 * A share page's policy, for readers who have no account: its own scripts and styles, its
 * note's pictures, the diagram page Mermaid draws in, and nothing it could send a form to,
 * put a worker in or be framed by.
 */
const SHARE_DIRECTIVES = {
  ...DIRECTIVES,
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  frameSrc: ["'self'"],
  workerSrc: ["'none'"],
  formAction: ["'none'"],
};

const headersFor = (directives: typeof DIRECTIVES & { frameSrc?: string[] }) =>
  headersOf(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      // Set below, per request: only an https request says https works for this host.
      strictTransportSecurity: false,
    }),
  );

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * Security headers with a strict Content-Security-Policy: everything, the spell-check
 * dictionaries included, comes from Quire's own origin. Strict-Transport-Security only on
 * answers to requests that came over https (directly, or by a trusted proxy's
 * X-Forwarded-Proto): the same server is often reached over plain HTTP as well.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  const headers = headersFor(DIRECTIVES);
  const frameHeaders = headersFor(DIAGRAM_FRAME_DIRECTIVES);
  const shareHeaders = headersFor(SHARE_DIRECTIVES);
  app.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request.url);
    const chosen =
      path === DIAGRAM_FRAME_PATH
        ? frameHeaders
        : path.startsWith(SHARE_PATH_PREFIX)
          ? shareHeaders
          : headers;
    for (const [name, value] of chosen) reply.raw.setHeader(name, value);
    if (options.hsts && request.protocol === 'https') {
      reply.raw.setHeader('strict-transport-security', HSTS);
    }
    done();
  });
}
