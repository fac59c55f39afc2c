import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ImportSummary } from '../../shared/note-transfer.js';
import type { Authenticated } from '../accounts/require-session.js';
import type { AttachmentStore } from '../attachments/attachment-store.js';
import { ImportSummary as ImportSummarySchema } from '../http/schemas/note-transfer.js';
import type { NoteService } from '../notes/note-service.js';
import { unreadableImport } from './import/import-error.js';
import { readImportOffThread } from './import/read-off-thread.js';
import { ImportAdmission } from './import-admission.js';
import { storeImportedFiles } from './store-imported-files.js';

export interface ImportRouteOptions {
  notes: NoteService;
  authenticated: Authenticated;
  /** IMPORT_LIMIT: the largest file taken, apart from BODY_LIMIT. */
  importLimit: number;
  /** The largest note a save stores (`maxNoteBytes` of `GET /api/config`); imports keep to it. */
  maxNoteBytes: number;
  /** How long reading one file may take; tests shorten it. */
  readTimeoutMs?: number;
  /** Imports running at once in this process (one per account). */
  importsAtOnce?: number;
  /** Where the files notes refer to go; without it (ATTACHMENTS=false) they are listed as failed. */
  attachments?: AttachmentStore;
}

/** A zip may unpack to this many times IMPORT_LIMIT; text compresses about 3–5 times. */
const UNPACK_FACTOR = 8;
const MAX_ZIP_ENTRIES = 200_000;
const READ_TIMEOUT_MS = 30_000;
const IMPORTS_AT_ONCE = 2;
const MIB = 1024 * 1024;

/**
 * The reading worker's heap: room for the file as text, what it parses into, and the notes
 * read from it, which take a few times the file's size.
 */
export const readerHeapMb = (importLimit: number) => 256 + 8 * Math.ceil(importLimit / MIB);

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
  const { notes, authenticated, importLimit, maxNoteBytes } = options;
  const admission = new ImportAdmission(options.importsAtOnce ?? IMPORTS_AT_ONCE);
  const readLimits = {
    timeoutMs: options.readTimeoutMs ?? READ_TIMEOUT_MS,
    heapMb: readerHeapMb(importLimit),
  };
  // Ends when the answer is sent or the client goes: the place is given back, the reading stops.
  const answered = new WeakMap<FastifyRequest, AbortSignal>();
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
        schema: {
          querystring: ImportQuery,
          rawBody: { description: 'The file to import, of any type: recognized from its content' },
          response: { 200: ImportSummarySchema },
        },
        // Checked before the body is read: a refused upload is never held in memory.
        onRequest: [
          authenticated('import-export'),
          async (request, reply) => {
            const release = admission.admit(request.session.userId);
            const ended = new AbortController();
            reply.raw.once('close', () => {
              release();
              ended.abort();
            });
            answered.set(request, ended.signal);
          },
        ],
      },
      async (request): Promise<ImportSummary> => {
        const name = request.query.name ?? 'the file';
        const data = request.body as Buffer | undefined;
        if (!data || data.length === 0) throw unreadableImport(name, 'the file is empty');
        const limits = { maxUnpacked: importLimit * UNPACK_FACTOR, maxEntries: MAX_ZIP_ENTRIES };
        const parsed = await readImportOffThread(
          { name, data, limits, maxNoteBytes },
          {
            ...readLimits,
            signal: answered.get(request),
            onFault: (error) => request.log.error({ err: error }, 'reading an import failed'),
          },
        );
        const withFiles = await storeImportedFiles(
          options.attachments,
          request.session.userId,
          parsed,
        );
        const stored = await notes.importNotes(request.session, withFiles.notes);
        const { failed, changed } = withFiles;
        return { ...stored, failed, ...(changed && changed.length > 0 ? { changed } : {}) };
      },
    );
  });
}
