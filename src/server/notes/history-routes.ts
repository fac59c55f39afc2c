import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Authenticated } from '../accounts/require-session.js';
import type { Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import { NoteSchema } from '../http/schemas/note.js';
import { RestoreVersionRequest, VersionListResponse } from '../http/schemas/note-history.js';
import { findStoredNote } from './note-repository.js';
import { NoteIdParams } from './note-routes.js';
import type { NoteService } from './note-service.js';
import { findVersionBody, listVersions, versionAsNote } from './version-repository.js';

export interface HistoryRoutesOptions {
  db: Db;
  notes: NoteService;
  authenticated: Authenticated;
}

const VersionParams = Type.Object({
  id: NoteIdParams.properties.id,
  // Path segments are text; the pattern keeps anything but a revision number out.
  revision: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }),
});

/** A note's past versions: list, read one, restore one. Notes in the trash have history too. */
export function registerHistoryRoutes(app: FastifyInstance, options: HistoryRoutesOptions): void {
  const { db, notes, authenticated } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  const ownNote = async (userId: string, id: string) => {
    const stored = await findStoredNote(db, userId, id);
    if (!stored) throw notFound('No such note');
    return stored.note;
  };

  api.get(
    '/api/notes/:id/versions',
    {
      schema: { params: NoteIdParams, response: { 200: VersionListResponse } },
      preHandler: authenticated('notes:read'),
    },
    async (request) => {
      const note = await ownNote(request.session.userId, request.params.id);
      return { results: await listVersions(db, note) };
    },
  );

  api.get(
    '/api/notes/:id/versions/:revision',
    {
      schema: { params: VersionParams, response: { 200: NoteSchema } },
      preHandler: authenticated('notes:read'),
    },
    async (request) => {
      const note = await ownNote(request.session.userId, request.params.id);
      const revision = Number(request.params.revision);
      if (revision === note.revision) return note;
      const version = await findVersionBody(db, note, revision);
      if (!version) throw notFound(`This note has no version ${revision}`);
      return versionAsNote(note, revision, version);
    },
  );

  api.post(
    '/api/notes/:id/restore',
    {
      schema: { params: NoteIdParams, body: RestoreVersionRequest, response: { 200: NoteSchema } },
      preHandler: authenticated('notes:write'),
    },
    async (request) =>
      notes.restoreVersion(request.session, request.params.id, request.body.revision),
  );
}
