import type { IncomingMessage } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Authenticated } from '../accounts/require-session.js';
import { Attachment } from '../http/schemas/attachment.js';
import type { AttachmentStore } from './attachment-store.js';

const UploadQuery = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) },
  { additionalProperties: false },
);

async function* nothing(): AsyncGenerator<Uint8Array> {}

/**
 * `POST /api/attachments?name=FILE` — the file itself is the body, of any content type. The
 * session, the size the client declares and the quota are checked before the body is read;
 * the body then streams to storage and is checked again as it arrives.
 */
export async function registerUploadRoute(
  app: FastifyInstance,
  options: { store: AttachmentStore; authenticated: Authenticated },
) {
  const { store, authenticated } = options;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body stays a stream: the handler reads it as it arrives.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/attachments',
      {
        schema: {
          querystring: UploadQuery,
          rawBody: { description: 'The file itself, of any type' },
          response: { 201: Attachment },
        },
        compress: false,
        decompress: false,
        onRequest: [
          authenticated('attachments'),
          async (request) => {
            const declared = Number(request.headers['content-length'] ?? Number.NaN);
            await store.checkDeclaredSize(request.session.userId, declared);
          },
        ],
      },
      async (request, reply) => {
        const body = (request.body as IncomingMessage | undefined) ?? nothing();
        const declared = Number(request.headers['content-length'] ?? Number.NaN);
        const attachment = await store.store(
          request.session.userId,
          request.query.name ?? '',
          body,
          declared,
        );
        return reply.code(201).send(attachment);
      },
    );
  });
}
