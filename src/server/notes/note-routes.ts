import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_VERSION_HEADER, LIST_CURSOR_HEADER } from '../../shared/api-headers.js';
import { fromBase64, fromBase64Url } from '../../shared/base64.js';
import { updateText } from '../../shared/note-document.js';
import type { Authenticated } from '../accounts/require-session.js';
import { invalidInput } from '../domain-errors.js';
import { notModified } from '../http/not-modified.js';
import { NoContent } from '../http/schemas/no-content.js';
import {
  CreateNoteRequest,
  NoteDocumentQuery,
  NoteDocumentResponse,
  NoteSchema,
  SyncedNoteResponse,
  UpdateNoteRequest,
} from '../http/schemas/note.js';
import { NoteChangesQuery, NoteListResponse } from '../http/schemas/note-changes.js';
import type { Database } from '../storage/database.js';
import { callerOf } from './caller-of.js';
import { changesSince } from './note-changes.js';
import { NoteListCache } from './note-list-cache.js';
import type { NoteService } from './note-service.js';

export interface NoteRoutesOptions {
  database: Database;
  notes: NoteService;
  authenticated: Authenticated;
}

export const NoteIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** A client sends the one tag it holds; each checked costs a query. */
const MAX_TAGS_CHECKED = 4;

/** The entity tags an `If-None-Match` names, without quotes (weak or strong alike). */
function entityTags(ifNoneMatch: string | undefined): string[] {
  if (!ifNoneMatch) return [];
  const tags = [...ifNoneMatch.matchAll(/(?:W\/)?"([^"]*)"/g)].map((match) => match[1] as string);
  return tags.slice(0, MAX_TAGS_CHECKED);
}

/** Base64 text as bytes; text that is not base64 is the request's fault. */
function bytesOf(text: string, decode: (text: string) => Uint8Array = fromBase64): Uint8Array {
  try {
    return decode(text);
  } catch {
    throw invalidInput('Expected base64 bytes');
  }
}

/** The notes API (docs/api.md#routes): every call acts on the caller's own notes only. */
export function registerNoteRoutes(app: FastifyInstance, options: NoteRoutesOptions): void {
  const { database, notes, authenticated } = options;
  const { db } = database;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const clock = database.changes;
  const lists = new NoteListCache(database.readList, db, clock);

  // The whole list is sent as the bytes kept until the user's next change (the response schema
  // serializes only the answer to `since`). Its entity tag holds its cursor, so any instance
  // answers 304 while nothing changed, without reading the list. With `since`, only what changed.
  api.get(
    '/api/notes',
    {
      schema: {
        querystring: NoteChangesQuery,
        response: { 200: NoteListResponse },
      },
      preHandler: authenticated('notes:read'),
    },
    async (request, reply) => {
      const { userId } = request.session;
      if (request.query.since !== undefined) {
        return changesSince(db, clock, userId, request.query.since);
      }
      void reply.header('cache-control', 'private, no-cache');
      for (const tag of entityTags(request.headers['if-none-match'])) {
        const cursor = await lists.unchangedCursor(userId, tag);
        if (cursor === undefined) continue;
        void reply.header('etag', `"${tag}"`).header(LIST_CURSOR_HEADER, cursor);
        return notModified(reply);
      }
      const list = await lists.read(userId);
      void reply.header('etag', list.etag).header(LIST_CURSOR_HEADER, list.cursor);
      // The bytes go out as they are: they are the list's JSON already.
      return reply.type('application/json; charset=utf-8').send(list.body as never);
    },
  );

  api.post(
    '/api/notes',
    {
      schema: { body: CreateNoteRequest, response: { 200: NoteSchema, 201: NoteSchema } },
      preHandler: authenticated('notes:write'),
    },
    async (request, reply) => {
      const { body, id } = request.body;
      const { note, wrote } = await notes.createOnce(callerOf(request), body, id);
      return reply.code(wrote ? 201 : 200).send(note);
    },
  );

  // The whole note, saved (docs/api.md#routes); a client that keeps the note's document sends its
  // updates beside it and is answered what it lacks (docs/sync.md).
  api.put(
    '/api/notes',
    {
      schema: { body: UpdateNoteRequest, response: { 200: SyncedNoteResponse } },
      preHandler: authenticated('notes:write'),
    },
    async (request, reply) => {
      const { id, body, revision, sync } = request.body;
      const saved = await notes.update(callerOf(request), id, {
        body,
        base: revision,
        sync: sync && {
          update: bytesOf(sync.update),
          vector: sync.vector === undefined ? undefined : bytesOf(sync.vector),
        },
      });
      if (saved.conflictRevision !== undefined) {
        void reply.header(CONFLICT_VERSION_HEADER, String(saved.conflictRevision));
      }
      if (!saved.missing) return saved.note;
      return { ...saved.note, sync: { update: updateText(saved.missing) } };
    },
  );

  api.get(
    '/api/notes/:id/document',
    {
      schema: {
        params: NoteIdParams,
        querystring: NoteDocumentQuery,
        response: { 200: NoteDocumentResponse },
      },
      preHandler: authenticated('notes:read'),
    },
    async (request) => {
      const { since, at, vector } = request.query;
      const found = await notes.document(callerOf(request), request.params.id, {
        since: since === undefined ? undefined : Number(since),
        at: at === undefined ? undefined : Number(at),
        vector: vector === undefined ? undefined : bytesOf(vector, fromBase64Url),
      });
      return {
        revision: found.revision,
        update: updateText(found.update),
        base: found.base && updateText(found.base),
      };
    },
  );

  // Deleting moves the note to the trash; the live `delete` goes out (docs/api.md#the-live-socket).
  api.delete(
    '/api/notes/:id',
    {
      schema: { params: NoteIdParams, response: { 204: NoContent } },
      preHandler: authenticated('notes:write'),
    },
    async (request, reply) => {
      await notes.trash(callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
