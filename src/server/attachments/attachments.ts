import type { FastifyInstance } from 'fastify';
import type { Authenticated } from '../accounts/require-session.js';
import type { AttachmentConfig } from '../config.js';
import type { Database } from '../storage/database.js';
import { accessCookieToken, registerAccessCookieRoutes } from './access-cookie.js';
import type { AttachmentBlobs } from './attachment-blobs.js';
import { AttachmentStore } from './attachment-store.js';
import { DatabaseBlobs } from './database-blobs.js';
import { DiskBlobs } from './disk-blobs.js';
import { registerDownloadRoute } from './download-route.js';
import { ReferencesRead } from './references-read.js';
import { removeUnreferencedFiles } from './unreferenced-files.js';
import { registerUploadRoute } from './upload-route.js';
import { registerUsageRoute } from './usage-route.js';

/** An upload not yet saved into a note is kept this long (an offline draft may refer to it). */
export const GRACE_SECONDS = 7 * 24 * 60 * 60;

export function openBlobs(database: Database, settings: AttachmentConfig): AttachmentBlobs {
  return settings.storage === 'disk' ? new DiskBlobs(settings.dir) : new DatabaseBlobs(database.db);
}

export interface AttachmentOptions {
  database: Database;
  settings: AttachmentConfig;
  authenticated: Authenticated;
  clock: () => number;
  /** How often unreferenced files are looked for; and how old they must be to go. */
  housekeepingMs: number;
  graceSeconds?: number;
  /** How long a file once referred to stays after it last was: as long as history may show it. */
  keepSeconds: number;
  log: FastifyInstance['log'];
}

/**
 * Every attachment route, and the housekeeping that removes files no note refers to. Returns
 * the store (imports add files too) and what must run when an account is deleted.
 */
export async function registerAttachments(
  app: FastifyInstance,
  options: AttachmentOptions,
): Promise<{ store: AttachmentStore; afterAccountDeleted: (userId: string) => Promise<void> }> {
  const { database, settings, authenticated } = options;
  const db = database.db;
  const blobs = openBlobs(database, settings);
  const store = new AttachmentStore(db, blobs, settings, options.clock);
  registerAccessCookieRoutes(app, authenticated);
  registerUsageRoute(app, { db, settings, authenticated });
  await registerUploadRoute(app, { store, authenticated });
  registerDownloadRoute(app, {
    db,
    blobs,
    reader: authenticated('attachments', accessCookieToken),
  });

  const known = new ReferencesRead();
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    removeUnreferencedFiles(db, blobs, {
      now: options.clock(),
      graceSeconds: options.graceSeconds ?? GRACE_SECONDS,
      keepSeconds: options.keepSeconds,
      known,
    })
      .then((done) => {
        if (done.removed + done.accountsGone > 0) options.log.info(done, 'attachment housekeeping');
      })
      .catch((error: unknown) => options.log.warn({ err: error }, 'attachment housekeeping failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, options.housekeepingMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return { store, afterAccountDeleted: (userId) => blobs.removeAccount(userId) };
}
