import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { ErrorResponse } from './schemas/api-error.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A request body read as raw bytes (an upload, an import), which Fastify must not validate:
     * the OpenAPI document alone describes it.
     */
    rawBody?: { description: string };
  }
}

/** Where the document is served: public, as it holds no data (docs/api.md). */
export const OPENAPI_PATH = '/api/openapi.json';

const DESCRIPTION = [
  "Quire's HTTP API, made from the schemas the server checks requests and answers with.",
  'Send a session token or a personal API token in the `token` header or as',
  '`Authorization: Bearer …`. `x-quire-access` names what each call lets in: a token scope',
  '(`notes:read`, `notes:write`, `import-export`, `attachments`), `session` (a signed-in session',
  'only: managing the account) or `any`. Every error is `{error, code}`.',
].join(' ');

const ERROR = { ...ErrorResponse, description: 'Refused or failed: `{error, code}`' };

/** Each answer's description: its own, or its status's name. */
function described(responses: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, schema]) => [
      status,
      { description: STATUS_CODES[status] ?? status, ...(schema as object) },
    ]),
  );
}

/**
 * Describes every route as OpenAPI 3 from the routes' own schemas (`@fastify/swagger`), and
 * serves the document at `GET /api/openapi.json`. It must be registered before the routes it
 * describes. No browsable UI is served: the JSON alone, for tools and people's own viewers.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      // The API's own version: extensions add fields and routes, never change an answer.
      info: { title: 'Quire', version: '1', description: DESCRIPTION },
      components: {
        securitySchemes: {
          tokenHeader: { type: 'apiKey', in: 'header', name: 'token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: ({ schema, url }) => {
      // The API is what lives under /api: the live socket and the dictionaries are described
      // in docs/api.md.
      if (!url.startsWith('/api/') || !schema) return { schema: { ...schema, hide: true }, url };
      if (schema.hide) return { schema, url };
      // Every 4xx and 5xx has the one error shape; the routes do not repeat it.
      const response = { ...(schema.response as object), '4XX': ERROR, '5XX': ERROR };
      const { rawBody, ...rest } = schema;
      const body = rawBody && { type: 'string', format: 'binary', ...rawBody };
      return {
        schema: {
          ...rest,
          response: described(response),
          ...(body && { body, consumes: ['*/*'] }),
        },
        url,
      };
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(app.swagger()),
  );
}
