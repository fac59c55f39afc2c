import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { ImportSummary } from '../../shared/note-transfer.js';
import type { NoteService } from '../notes/note-service.js';
import { unreadableImport } from './import/import-error.js';
import { readImportFile } from './import/read-import-file.js';

export interface ImportRouteOptions {
  notes: NoteService;
  authenticated: preHandlerAsyncHookHandler;
  /** IMPORT_LIMIT: the largest file taken, apart from BODY_LIMIT. */
  importLimit: number;
}

/** A zip may unpack to this many times IMPORT_LIMIT; text compresses about 3–5 times. */
const UNPACK_FACTOR = 8;
const MAX_ZIP_ENTRIES = 200_000;

const ImportQuery = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) },
  { additionalProperties: false },
);

/**
 * `POST /api/import?name=FILE` — the file itself is the body, of any content type; its kind
 * is recognized from its content. The session is checked before the body is read, so only a
 * signed-in user can make the server hold an upload.
 */
export async function registerImportRoute(app: FastifyInstance, options: ImportRouteOptions) {
  const { notes, authenticated, importLimit } = options;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: importLimit },
      (_r, body, done) => done(null, body),
    );
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/import',
      {
        bodyLimit: importLimit,
        schema: { querystring: ImportQuery, response: { 200: ImportSummary } },
        async onRequest(request, reply) {
          await authenticated.call(this, request, reply);
        },
      },
      async (request): Promise<ImportSummary> => {
        const name = request.query.name ?? 'the file';
        const data = request.body as Buffer | undefined;
        if (!data || data.length === 0) throw unreadableImport(name, 'the file is empty');
        const limits = { maxUnpacked: importLimit * UNPACK_FACTOR, maxEntries: MAX_ZIP_ENTRIES };
        const parsed = await readImportFile(name, data, limits);
        // A lone UTF-16 surrogate from a JSON escape could not be stored exactly; it stays out.
        const failed = [...parsed.failed];
        const wellFormed = parsed.notes.filter((note) => {
          const ok = note.body.isWellFormed();
          if (!ok)
            failed.push({
              name: `${name} (${note.sourceKey})`,
              error: 'text that is not well-formed Unicode',
            });
          return ok;
        });
        const stored = await notes.importNotes(request.session, wellFormed);
        return { ...stored, failed };
      },
    );
  });
}
