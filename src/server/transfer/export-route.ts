import type { FastifyInstance } from 'fastify';
import type { Authenticated } from '../accounts/require-session.js';
import type { AttachmentBlobs } from '../attachments/attachment-blobs.js';
import type { Db } from '../db/schema.js';
import { fileAnswer } from '../http/schemas/file-answer.js';
import { exportZip } from './export-zip.js';

export interface ExportRouteOptions {
  db: Db;
  authenticated: Authenticated;
  /** Where attachments are kept; without it (ATTACHMENTS=false) the zip holds notes alone. */
  blobs?: AttachmentBlobs;
}

/** The name a download gets: the day it was made, so backups sort by date. */
export function exportFileName(now = new Date()): string {
  return `quire-notes-${now.toISOString().slice(0, 10)}.zip`;
}

/** `GET /api/export` — every note in the list as a zip, streamed as it is made. */
export function registerExportRoute(app: FastifyInstance, options: ExportRouteOptions): void {
  const { db, authenticated } = options;
  const schema = {
    response: { 200: fileAnswer('Every note in the list, as a zip', 'application/zip') },
  };
  app.get(
    '/api/export',
    { schema, preHandler: authenticated('import-export') },
    async (request, reply) => {
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(exportZip(db, request.session.userId, options.blobs));
    },
  );
}
