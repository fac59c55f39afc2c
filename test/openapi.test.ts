import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../src/shared/api-tokens.js';
import { call } from './helpers/api-client.js';
import { apiRoutes } from './helpers/api-routes.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
// biome-ignore lint/suspicious/noExplicitAny: the test walks whatever document came back
let document: any;
beforeAll(async () => {
  server = await startTestServer();
  const answer = await call(server.url, 'GET', '/api/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.json;
});
afterAll(async () => server.close());

interface Operation {
  route: string;
  // biome-ignore lint/suspicious/noExplicitAny: an OpenAPI operation object
  operation: any;
}

/** Every operation of the document, as `METHOD /path/:param` (the router's spelling). */
function operations(): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as object).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      operation,
    })),
  );
}

/** The routes anyone may call: signing in, and what the log-in screen and monitors read. */
const PUBLIC = new Set([
  'POST /api/signup',
  'POST /api/login',
  'POST /api/login/unlock',
  // A single-use code from single sign-on or a CLI sign-in link, spent for a session.
  'POST /api/login/code',
  'GET /api/config',
  'GET /api/health',
  // Clearing the attachments' cookie is harmless and must work after the session ended.
  'DELETE /api/attachments/access',
]);

/** Calls that act on what their path names and take no body. */
const NO_BODY = new Set([
  'POST /api/logout',
  'POST /api/attachments/access',
  'POST /api/trash/:id/restore',
]);

const ACCESS = new Set<string>([...TOKEN_SCOPES, 'session', 'any']);

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3, public, kept by no cache, under the same security headers', async () => {
    const answer = await call(server.url, 'GET', '/api/openapi.json');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Quire');
  });

  it('describes both ways of sending a token', () => {
    expect(document.components.securitySchemes).toEqual({
      tokenHeader: { type: 'apiKey', in: 'header', name: 'token' },
      bearer: { type: 'http', scheme: 'bearer' },
    });
  });

  it('serves no browsable UI', async () => {
    for (const path of ['/api/docs', '/documentation', '/api/openapi.yaml']) {
      expect((await call(server.url, 'GET', path)).status).toBe(404);
    }
  });
});

describe('every /api route', () => {
  it('is in the document, and the document holds no route the server lacks', () => {
    const described = new Set(operations().map((entry) => entry.route));
    const served = apiRoutes(server.app).filter((route) => route !== 'GET /api/openapi.json');
    // HEAD comes with every GET; the document lists it only where a route declares its own.
    for (const route of served.filter((route) => !route.startsWith('HEAD '))) {
      expect(described, route).toContain(route);
    }
    for (const route of described) expect(served, route).toContain(route);
    expect(described.size).toBeGreaterThan(40);
  });

  it('declares its successful answers: a schema for a body, or 204 for none', () => {
    for (const { route, operation } of operations()) {
      const successes = Object.entries(operation.responses).filter(([status]) =>
        /^2\d\d$/.test(status),
      );
      expect(successes.length, route).toBeGreaterThan(0);
      for (const [status, response] of successes as [string, { content?: object }][]) {
        if (status === '204') {
          expect(response.content, `${route} ${status}`).toBeUndefined();
          continue;
        }
        const media = Object.values(response.content ?? {}) as { schema?: object }[];
        expect(media.length, `${route} ${status}`).toBeGreaterThan(0);
        for (const { schema } of media) {
          expect(Object.keys(schema ?? {}).length, `${route} ${status}`).toBeGreaterThan(0);
        }
      }
      expect(operation.responses['4XX'].content['application/json'].schema.required).toEqual([
        'error',
        'code',
      ]);
    }
  });

  it('declares its path parameters, each bounded', () => {
    for (const { route, operation } of operations()) {
      const names = [...route.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? []).filter(
        (parameter: { in: string }) => parameter.in === 'path',
      );
      expect(declared.map((parameter: { name: string }) => parameter.name).sort(), route).toEqual(
        names.sort(),
      );
      for (const { schema } of declared) {
        // A parameter no schema declares is described by the bare `{type: 'string'}`.
        expect(schema.maxLength ?? schema.pattern, route).toBeDefined();
      }
    }
  });

  it('declares the body of every call that takes one', () => {
    for (const { route, operation } of operations()) {
      if (!/^(POST|PUT|PATCH) /.test(route) || NO_BODY.has(route)) continue;
      const media = Object.values(operation.requestBody?.content ?? {}) as { schema: object }[];
      expect(media.length, route).toBeGreaterThan(0);
    }
  });

  it('says what it lets in, or is one of the few public ones', () => {
    for (const { route, operation } of operations()) {
      if (PUBLIC.has(route)) {
        expect(operation['x-quire-access'], route).toBeUndefined();
        expect(operation.security, route).toBeUndefined();
        continue;
      }
      expect(ACCESS, route).toContain(operation['x-quire-access']);
      expect(operation.security, route).toEqual([{ tokenHeader: [] }, { bearer: [] }]);
    }
    // Managing the account is for a signed-in session only.
    const access = new Map(
      operations().map((entry) => [entry.route, entry.operation['x-quire-access']]),
    );
    for (const route of [
      'POST /api/account/password',
      'DELETE /api/account',
      'POST /api/account/totp',
      'GET /api/sessions',
      'POST /api/tokens',
      'DELETE /api/tokens/:id',
    ]) {
      expect(access.get(route), route).toBe('session');
    }
    expect(access.get('GET /api/notes')).toBe('notes:read');
    expect(access.get('PUT /api/notes')).toBe('notes:write');
  });
});
