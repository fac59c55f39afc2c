import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  CreateNoteRequest,
  type NoteListResponse,
  NoteSchema,
  UpdateNoteRequest,
} from '../../shared/note.js';
import { requireSession } from '../accounts/require-session.js';
import { nowInSeconds } from '../clock.js';
import type { Db } from '../db/database.js';
import { invalidInput, notFound } from '../domain-errors.js';
import type { LiveBus } from '../live/live-bus.js';
import { deleteNote, insertNote, listNotes, updateNoteBody } from './note-repository.js';

export interface NoteRoutesOptions {
  db: Db;
  bus: LiveBus;
}

const NoteIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** A body must survive storage exactly; a lone UTF-16 surrogate would not. */
function checkBody(body: string): string {
  if (!body.isWellFormed()) throw invalidInput('Note body is not well-formed Unicode text');
  return body;
}

/** The notes API of spec §7: every call acts on the caller's own notes only. */
export function registerNoteRoutes(app: FastifyInstance, options: NoteRoutesOptions): void {
  const { db, bus } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  // No response schema here: `toNote` already fixes each note's shape, and for long lists
  // JSON.stringify is about twice as fast as the schema serializer.
  api.get('/api/notes', async (request): Promise<NoteListResponse> => {
    const { userId } = await requireSession(db, request);
    return { results: await listNotes(db, userId) };
  });

  api.post(
    '/api/notes',
    { schema: { body: CreateNoteRequest, response: { 201: NoteSchema } } },
    async (request, reply) => {
      const { userId } = await requireSession(db, request);
      const note = await insertNote(db, userId, checkBody(request.body.body), nowInSeconds());
      await bus.publish({ userId, event: 'update', note });
      return reply.code(201).send(note);
    },
  );

  api.put(
    '/api/notes',
    { schema: { body: UpdateNoteRequest, response: { 200: NoteSchema } } },
    async (request) => {
      const { userId } = await requireSession(db, request);
      const { id, body } = request.body;
      const note = await updateNoteBody(db, userId, id, checkBody(body), nowInSeconds());
      if (!note) throw notFound('No such note');
      await bus.publish({ userId, event: 'update', note });
      return note;
    },
  );

  api.delete('/api/notes/:id', { schema: { params: NoteIdParams } }, async (request, reply) => {
    const { userId } = await requireSession(db, request);
    const { id } = request.params;
    if (!(await deleteNote(db, userId, id))) throw notFound('No such note');
    await bus.publish({ userId, event: 'delete', noteId: id });
    return reply.code(204).send();
  });
}
