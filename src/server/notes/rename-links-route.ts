import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Authenticated } from '../accounts/require-session.js';
import type { Db } from '../db/schema.js';
import { RenameLinksRequest, RenameLinksResponse } from '../http/schemas/rename-links.js';
import { NoteIdParams } from './note-routes.js';
import type { NoteService } from './note-service.js';
import { renameLinks } from './rename-links.js';

export interface RenameLinksRouteOptions {
  db: Db;
  notes: NoteService;
  authenticated: Authenticated;
}

/** `POST /api/notes/{id}/rename-links`: links to a note's old title follow it to the new one. */
export function registerRenameLinksRoute(
  app: FastifyInstance,
  options: RenameLinksRouteOptions,
): void {
  const { db, notes, authenticated } = options;
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/notes/:id/rename-links',
    {
      schema: {
        params: NoteIdParams,
        body: RenameLinksRequest,
        response: { 200: RenameLinksResponse },
      },
      preHandler: authenticated('notes:write'),
    },
    async (request) => {
      // Every window hears each change live, the asking one too: it did not edit these notes.
      const changed = await renameLinks(
        db,
        notes,
        request.session,
        request.params.id,
        request.body,
      );
      return { count: changed.length, results: changed };
    },
  );
}
