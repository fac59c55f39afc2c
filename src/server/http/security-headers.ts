import type { FastifyInstance } from 'fastify';
import { DIAGRAM_FRAME_PATH } from '../../shared/diagram-frame.js';
import { SHARE_PATH_PREFIX } from '../../shared/shares.js';

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

type Directives = typeof DIRECTIVES & { frameSrc?: string[] };

/** `defaultSrc: ["'self'"]` becomes `default-src 'self'`, directives joined by `;` in order. */
function contentSecurityPolicyOf(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => {
      const directive = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      return [directive, ...sources].join(' ');
    })
    .join(';');
}

/**
 * The same on every answer, whatever its policy: no other origin may open, embed or read
 * Quire's pages, no referrer leaves them, and types are never sniffed. `x-xss-protection: 0`
 * turns off the old browsers' XSS filter, which could itself be abused to hide parts of a page.
 */
const COMMON_HEADERS: [string, string][] = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/** Worked out once, not per request: under one policy the headers never change. */
const headersFor = (directives: Directives): [string, string][] => [
  ['content-security-policy', contentSecurityPolicyOf(directives)],
  ...COMMON_HEADERS,
];

/** Each policy's headers, which the tests pin word for word. */
export const APP_HEADERS = headersFor(DIRECTIVES);
export const DIAGRAM_FRAME_HEADERS = headersFor(DIAGRAM_FRAME_DIRECTIVES);
export const SHARE_HEADERS = headersFor(SHARE_DIRECTIVES);

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
  app.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request.url);
    const chosen =
      path === DIAGRAM_FRAME_PATH
        ? DIAGRAM_FRAME_HEADERS
        : path.startsWith(SHARE_PATH_PREFIX)
          ? SHARE_HEADERS
          : APP_HEADERS;
    for (const [name, value] of chosen) reply.raw.setHeader(name, value);
    if (options.hsts && request.protocol === 'https') {
      reply.raw.setHeader('strict-transport-security', HSTS);
    }
    done();
  });
}
