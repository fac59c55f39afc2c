import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { CreateNoteRequest, NoteSchema, UpdateNoteRequest } from '../../shared/note.js';
import { LIST_CURSOR_HEADER, NoteChangesQuery } from '../../shared/note-changes.js';
import { CONFLICT_VERSION_HEADER } from '../../shared/note-history.js';
import type { Db } from '../db/database.js';
import { callerOf } from './caller-of.js';
import { changesSince, parseCursor } from './note-changes.js';
import { NoteListCache } from './note-list-cache.js';
import type { NoteService } from './note-service.js';
import type { DatabaseKind } from './serialized-list.js';

export interface NoteRoutesOptions {
  db: Db;
  kind: DatabaseKind;
  notes: NoteService;
  authenticated: preHandlerAsyncHookHandler;
}

export const NoteIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** True when the client's `If-None-Match` names this entity tag (weak or strong). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The notes API of spec §7: every call acts on the caller's own notes only. */
export function registerNoteRoutes(app: FastifyInstance, options: NoteRoutesOptions): void {
  const { db, notes, authenticated } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const lists = new NoteListCache(options.kind, db);

  // The whole list is sent as the bytes kept until the user's next change (no response schema:
  // the bytes already have the shape of NoteListResponse). With `since`, only what changed.
  api.get(
    '/api/notes',
    { schema: { querystring: NoteChangesQuery }, preHandler: authenticated },
    async (request, reply) => {
      const { userId } = request.session;
      if (request.query.since !== undefined) {
        return changesSince(db, userId, parseCursor(request.query.since));
      }
      const list = await lists.read(userId);
      void reply
        .header('etag', list.etag)
        .header('cache-control', 'private, no-cache')
        .header(LIST_CURSOR_HEADER, String(list.changeSeq));
      if (matches(request.headers['if-none-match'], list.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(list.body);
    },
  );

  api.post(
    '/api/notes',
    {
      schema: { body: CreateNoteRequest, response: { 200: NoteSchema, 201: NoteSchema } },
      preHandler: authenticated,
    },
    async (request, reply) => {
      const { body, id } = request.body;
      const { note, created } = await notes.createOnce(callerOf(request), body, id);
      return reply.code(created ? 201 : 200).send(note);
    },
  );

  api.put(
    '/api/notes',
    {
      schema: { body: UpdateNoteRequest, response: { 200: NoteSchema } },
      preHandler: authenticated,
    },
    async (request, reply) => {
      const { id, body, revision } = request.body;
      const saved = await notes.update(callerOf(request), id, body, revision);
      if (saved.conflictRevision !== undefined) {
        void reply.header(CONFLICT_VERSION_HEADER, String(saved.conflictRevision));
      }
      return saved.note;
    },
  );

  // Deleting moves the note to the trash; the live `delete` goes out as spec §4.4 says.
  api.delete(
    '/api/notes/:id',
    { schema: { params: NoteIdParams }, preHandler: authenticated },
    async (request, reply) => {
      await notes.trash(callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
