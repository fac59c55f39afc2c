import type { IncomingMessage } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { Attachment } from '../../shared/attachment.js';
import type { AttachmentConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { invalidInput } from '../domain-errors.js';
import type { AttachmentBlobs } from './attachment-blobs.js';
import { newAttachmentId } from './attachment-id.js';
import {
  beginUpload,
  bytesUsed,
  completeUpload,
  deleteAttachmentRow,
} from './attachment-repository.js';
import { quotaExceeded, receiveUpload, tooLargeAttachment } from './receive-upload.js';

export interface UploadRouteOptions {
  db: Db;
  blobs: AttachmentBlobs;
  settings: AttachmentConfig;
  authenticated: preHandlerAsyncHookHandler;
  clock: () => number;
}

const UploadQuery = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) },
  { additionalProperties: false },
);

/** The last part of a name a client gave, without folders or control characters. */
function fileName(name: string | undefined): string {
  const last = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = last.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return clean === '' ? 'file' : clean;
}

async function* nothing(): AsyncGenerator<Uint8Array> {}

/**
 * `POST /api/attachments?name=FILE` — the file itself is the body, of any content type. The
 * session, the size the client declares and the quota are checked before the body is read;
 * the body then streams to storage and is checked again as it arrives.
 */
export async function registerUploadRoute(app: FastifyInstance, options: UploadRouteOptions) {
  const { db, blobs, settings, authenticated } = options;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body stays a stream: the handler reads it as it arrives.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/attachments',
      {
        schema: { querystring: UploadQuery, response: { 201: Attachment } },
        compress: false,
        decompress: false,
        async onRequest(request, reply) {
          await authenticated.call(this, request, reply);
          const declared = Number(request.headers['content-length'] ?? Number.NaN);
          if (declared > settings.limit) throw tooLargeAttachment(settings.limit);
          if (declared > settings.quota - (await bytesUsed(db, request.session.userId))) {
            throw quotaExceeded();
          }
        },
      },
      async (request, reply) => {
        const { userId } = request.session;
        const body = (request.body as IncomingMessage | undefined) ?? nothing();
        const id = newAttachmentId();
        const name = fileName(request.query.name);
        const quotaLeft = settings.quota - (await bytesUsed(db, userId));
        await beginUpload(db, { id, userId, name, now: options.clock() });
        try {
          const file = await receiveUpload(
            body,
            { maxBytes: settings.limit, quotaLeft, stripExif: settings.stripExif },
            (bytes) => blobs.write(userId, id, bytes),
          );
          if (file.size === 0) throw invalidInput('The file is empty');
          // Uploads that arrived together may pass the quota between them: the last one to finish
          // is refused.
          if ((await bytesUsed(db, userId)) + file.size > settings.quota) throw quotaExceeded();
          const { attachment, duplicate } = await completeUpload(db, userId, id, file);
          if (duplicate) await forget(userId, id);
          const { sha256: _digest, ...answer } = attachment;
          return reply.code(201).send(answer);
        } catch (error) {
          await forget(userId, id);
          throw error;
        }
      },
    );
  });

  async function forget(userId: string, id: string): Promise<void> {
    await blobs.remove(userId, id);
    await deleteAttachmentRow(db, userId, id);
  }
}
