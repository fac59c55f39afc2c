import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { backlinkOf } from '../../shared/backlinks.js';
import type { Authenticated } from '../accounts/require-session.js';
import type { Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import { BacklinksResponse } from '../http/schemas/backlinks.js';
import { findStoredNote } from '../notes/note-repository.js';
import { NoteIdParams } from '../notes/note-routes.js';
import { notesLinkingTo } from './link-index.js';

export interface BacklinkRoutesOptions {
  db: Db;
  authenticated: Authenticated;
}

/** The notes that link to one of the caller's notes (docs/links.md). */
export function registerBacklinkRoutes(app: FastifyInstance, options: BacklinkRoutesOptions): void {
  const { db, authenticated } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/notes/:id/backlinks',
    {
      schema: { params: NoteIdParams, response: { 200: BacklinksResponse } },
      preHandler: authenticated('notes:read'),
    },
    async (request) => {
      const { userId } = request.session;
      // A note in the trash is the caller's too: nothing links to it.
      if (!(await findStoredNote(db, userId, request.params.id))) throw notFound('No such note');
      const { notes, names } = await notesLinkingTo(db, userId, request.params.id);
      return { results: notes.map((note) => backlinkOf(note, names)) };
    },
  );
}
