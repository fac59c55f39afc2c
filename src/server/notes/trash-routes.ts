import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Authenticated } from '../accounts/require-session.js';
import type { Db } from '../db/schema.js';
import { NoContent } from '../http/schemas/no-content.js';
import { NoteSchema } from '../http/schemas/note.js';
import { TrashListResponse } from '../http/schemas/note-history.js';
import { listTrash } from './note-repository.js';
import { NoteIdParams } from './note-routes.js';
import type { NoteService } from './note-service.js';

export interface TrashRoutesOptions {
  db: Db;
  notes: NoteService;
  authenticated: Authenticated;
}

/** The trash: deleted notes wait here, can come back, and go for good after TRASH_DAYS. */
export function registerTrashRoutes(app: FastifyInstance, options: TrashRoutesOptions): void {
  const { db, notes, authenticated } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/trash',
    { schema: { response: { 200: TrashListResponse } }, preHandler: authenticated('notes:read') },
    async (request) => ({ results: await listTrash(db, request.session.userId) }),
  );

  api.post(
    '/api/trash/:id/restore',
    {
      schema: { params: NoteIdParams, response: { 200: NoteSchema } },
      preHandler: authenticated('notes:write'),
    },
    async (request) => notes.restoreFromTrash(request.session, request.params.id),
  );

  api.delete(
    '/api/trash/:id',
    {
      schema: { params: NoteIdParams, response: { 204: NoContent } },
      preHandler: authenticated('notes:write'),
    },
    async (request, reply) => {
      await notes.purge(request.session, request.params.id);
      return reply.code(204).send(null);
    },
  );

  api.delete(
    '/api/trash',
    { schema: { response: { 204: NoContent } }, preHandler: authenticated('notes:write') },
    async (request, reply) => {
      await notes.emptyTrash(request.session);
      return reply.code(204).send(null);
    },
  );
}
